import type { Migration } from './index.js';

/**
 * Names a document version mentions once, in no relation, and that named nothing in the graph
 * when it was ingested: kept out of the graph as noise, and kept here, so that a document that
 * later makes the thing counts this one among its sources, as it would had it come first.
 */
export const m015DocumentMentions: Migration = {
  version: 15,
  name: 'document mentions',
  sql: `
    CREATE TABLE document_mentions (
      doc_id   uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      version  integer NOT NULL,
      label    text NOT NULL,
      name     text NOT NULL,
      evidence jsonb NOT NULL DEFAULT '[]'::jsonb,
      PRIMARY KEY (doc_id, version, label, name)
    );
    CREATE INDEX document_mentions_skeleton ON document_mentions (regexp_replace(lower(name), '[[:space:][:punct:]]+', '', 'g'));
  `,
};
