import type { Migration } from './index.js';

/**
 * Deployment synonyms: words a deployment's users say for the graph's labels, relationship
 * types and property keys ("vessel" for `Ship`, "employ" for `WORKS_AT`), kept by curators.
 * A notice on `cqks_synonyms` (payload: the schema) on every change, so every process reads
 * them again, whichever made the change.
 */
export const m014Synonyms: Migration = {
  version: 14,
  name: 'synonyms',
  sql: `
    CREATE TABLE synonyms (
      id bigserial PRIMARY KEY,
      word text NOT NULL,
      stands_for text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('label', 'relationship', 'property')),
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (word, stands_for, kind)
    );

    CREATE FUNCTION notify_synonym_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('cqks_synonyms', TG_TABLE_SCHEMA);
      RETURN NULL;
    END;
    $$;

    CREATE TRIGGER synonyms_changed AFTER INSERT OR UPDATE OR DELETE ON synonyms
      FOR EACH STATEMENT EXECUTE FUNCTION notify_synonym_change();
  `,
};
