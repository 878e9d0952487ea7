import type { Migration } from './index.js';

/**
 * Documents and what their ingestion put in the graph.
 *
 * `documents` holds the file's description and lifecycle; its bytes are in `document_chunks`
 * (as run files are), written while the upload streams in, so every process can serve them.
 * A row is `uploading` (seen by nobody) until its last chunk is stored and checked; an edited
 * file uploaded over a document replaces its bytes (`revision` counts them) once whole.
 * `live_version` is the ingestion whose facts the graph holds; `deleting` marks a deletion under
 * way (it can be retried until the row is gone).
 *
 * `document_ingestions` ties each ingestion (a workflow run) to the version it writes, with the
 * stage and progress its worker last reported; the run and its job say whether anyone holds it.
 * `document_staging` holds what one step of an ingestion hands the next (facts, resolutions),
 * in parts, so a resumed run needs no step output of many megabytes.
 * `document_facts` and `document_evidence` are what each version wrote and where the document
 * said so: the knowledge-graph entries, their sources, and what deleting a version may remove.
 * A notice on `cqks_documents` says that which documents have live facts changed.
 */
export const m010Documents: Migration = {
  version: 10,
  name: 'documents',
  sql: `
    CREATE TABLE documents (
      id                uuid PRIMARY KEY,
      owner             text NOT NULL,
      file_name         text NOT NULL,
      format            text,
      content_type      text,
      size              bigint NOT NULL DEFAULT 0,
      sha256            text,
      status            text NOT NULL CHECK (status IN ('uploading', 'uploaded', 'approved', 'rejected')),
      status_reason     text,
      status_changed_by text,
      status_changed_at timestamptz,
      revision          integer NOT NULL DEFAULT 1,
      live_version      integer,
      deleting          boolean NOT NULL DEFAULT false,
      preview           jsonb,
      created_at        timestamptz NOT NULL DEFAULT now(),
      updated_at        timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX documents_owner_sha256 ON documents (owner, sha256) WHERE sha256 IS NOT NULL;
    CREATE INDEX documents_owner_created ON documents (owner, created_at DESC, id DESC);
    CREATE INDEX documents_created ON documents (created_at DESC, id DESC);

    CREATE TABLE document_chunks (
      doc_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      seq    integer NOT NULL,
      data   bytea NOT NULL,
      PRIMARY KEY (doc_id, seq)
    );

    CREATE TABLE document_ingestions (
      run_id       uuid PRIMARY KEY,
      doc_id       uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      version      integer NOT NULL,
      requested_by text NOT NULL,
      stage        text,
      done         bigint,
      total        bigint,
      unit         text,
      warnings     jsonb NOT NULL DEFAULT '[]'::jsonb,
      counts       jsonb,
      failure      jsonb,
      graph_written boolean NOT NULL DEFAULT false,
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now(),
      UNIQUE (doc_id, version)
    );
    CREATE INDEX document_ingestions_doc ON document_ingestions (doc_id, created_at DESC);

    CREATE TABLE document_staging (
      run_id uuid NOT NULL,
      kind   text NOT NULL,
      seq    integer NOT NULL,
      data   jsonb NOT NULL,
      PRIMARY KEY (run_id, kind, seq)
    );

    CREATE TABLE document_facts (
      doc_id     uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      version    integer NOT NULL,
      item_kind  text NOT NULL CHECK (item_kind IN ('node', 'relationship')),
      item_key   text NOT NULL,
      label      text NOT NULL,
      name       text,
      from_key   text,
      to_key     text,
      properties jsonb NOT NULL DEFAULT '{}'::jsonb,
      outcome    text,
      PRIMARY KEY (doc_id, version, item_kind, item_key)
    );
    CREATE INDEX document_facts_item ON document_facts (item_kind, item_key);
    CREATE INDEX document_facts_name ON document_facts (lower(name));

    CREATE TABLE document_evidence (
      doc_id       uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      version      integer NOT NULL,
      item_kind    text NOT NULL,
      item_key     text NOT NULL,
      seq          integer NOT NULL,
      chunk        integer NOT NULL,
      page         integer,
      start_offset integer NOT NULL,
      end_offset   integer NOT NULL,
      snippet      text NOT NULL,
      extractor    text NOT NULL,
      confidence   real NOT NULL,
      PRIMARY KEY (doc_id, version, item_kind, item_key, seq)
    );

    -- Every process keeps whether any document's facts are live (answers look up their sources
    -- only then); a change tells them all (payload: the schema).
    CREATE FUNCTION notify_documents_live_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('cqks_documents', TG_TABLE_SCHEMA);
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER documents_live_updated AFTER UPDATE ON documents
      FOR EACH ROW WHEN ((OLD.live_version, OLD.deleting) IS DISTINCT FROM (NEW.live_version, NEW.deleting))
      EXECUTE FUNCTION notify_documents_live_change();
    CREATE TRIGGER documents_live_deleted AFTER DELETE ON documents
      FOR EACH ROW WHEN (OLD.live_version IS NOT NULL)
      EXECUTE FUNCTION notify_documents_live_change();
  `,
};
