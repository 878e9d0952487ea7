import type { Migration } from './index.js';

/**
 * Query curation: every query the service writes, its revisions and history, the templates
 * it becomes, their reuse, and status counts kept by a trigger so stats never count rows.
 * Trigram indexes (GiST, which can answer "nearest first") serve similarity; template
 * matching is an exact b-tree lookup of a few candidate keys.
 */
export const m002Queries: Migration = {
  version: 2,
  name: 'queries',
  sql: `
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

    CREATE TABLE queries (
      id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      status              text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'declined')),
      question            text NOT NULL,
      question_normalized text NOT NULL,
      cypher              text NOT NULL,
      parameters          jsonb NOT NULL DEFAULT '{}'::jsonb,
      fingerprint         text NOT NULL,
      cypher_normalized   text NOT NULL,
      session_id          text,
      message_id          text,
      run_id              text,
      created_by          text NOT NULL,
      created_at          timestamptz NOT NULL DEFAULT now(),
      updated_at          timestamptz NOT NULL DEFAULT now(),
      updated_by          text,
      reason              text,
      revision            integer NOT NULL DEFAULT 1,
      template_cypher     text,
      template_parameters jsonb,
      pattern             text,
      match_key           text,
      approved_at         timestamptz,
      approved_by         text,
      reuse_count         bigint NOT NULL DEFAULT 0,
      last_reused_at      timestamptz,
      reuse_sessions      integer NOT NULL DEFAULT 0
    );

    CREATE INDEX queries_status_id ON queries (status, id);
    CREATE INDEX queries_session ON queries (session_id, id);
    CREATE INDEX queries_created_by ON queries (created_by, id);
    CREATE INDEX queries_created_at ON queries (created_at);
    CREATE INDEX queries_fingerprint ON queries (fingerprint);
    -- One template per shape: a second approval of the same fingerprint is a conflict.
    CREATE UNIQUE INDEX queries_template_fingerprint ON queries (fingerprint) WHERE status = 'approved';
    -- Similarity and text search look at the queue and the templates only, so only they are indexed.
    CREATE INDEX queries_question_trgm ON queries USING gist (question_normalized public.gist_trgm_ops)
      WHERE status IN ('approved', 'pending');
    CREATE INDEX queries_cypher_trgm ON queries USING gist (cypher_normalized public.gist_trgm_ops)
      WHERE status IN ('approved', 'pending');
    CREATE INDEX queries_text_search ON queries USING gin ((question || ' ' || cypher) public.gin_trgm_ops)
      WHERE status IN ('approved', 'pending');
    -- Template matching looks up a question's few candidate keys exactly (see match-keys.ts).
    CREATE INDEX queries_template_match_key ON queries (match_key) WHERE status = 'approved';
    CREATE INDEX queries_template_reuse ON queries (reuse_count, id) WHERE status = 'approved';
    CREATE INDEX queries_template_last_reuse ON queries ((COALESCE(last_reused_at, '-infinity'::timestamptz)), id)
      WHERE status = 'approved';
    CREATE INDEX queries_template_created ON queries (created_at, id) WHERE status = 'approved';

    CREATE TABLE query_revisions (
      query_id   bigint NOT NULL REFERENCES queries (id) ON DELETE CASCADE,
      revision   integer NOT NULL,
      question   text NOT NULL,
      cypher     text NOT NULL,
      parameters jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      created_by text NOT NULL,
      PRIMARY KEY (query_id, revision)
    );

    CREATE TABLE query_events (
      id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      query_id bigint NOT NULL REFERENCES queries (id) ON DELETE CASCADE,
      action   text NOT NULL,
      actor    text NOT NULL,
      at       timestamptz NOT NULL DEFAULT now(),
      details  jsonb NOT NULL DEFAULT '{}'::jsonb
    );
    CREATE INDEX query_events_query ON query_events (query_id, id);

    -- Each query's nearest neighbours, found once when its text is written (both directions,
    -- so an older query learns of a newer similar one): the pending list reads them by key
    -- instead of searching the trigram indexes for every row of every page.
    CREATE TABLE query_similarity (
      query_id   bigint NOT NULL REFERENCES queries (id) ON DELETE CASCADE,
      similar_id bigint NOT NULL REFERENCES queries (id) ON DELETE CASCADE,
      kind       text NOT NULL CHECK (kind IN ('same_fingerprint', 'similar_question', 'similar_cypher')),
      score      float8 NOT NULL,
      PRIMARY KEY (query_id, similar_id, kind)
    );
    CREATE INDEX query_similarity_by_score ON query_similarity (query_id, score DESC);
    CREATE INDEX query_similarity_similar ON query_similarity (similar_id);

    CREATE TABLE template_reuse_sessions (
      query_id        bigint NOT NULL REFERENCES queries (id) ON DELETE CASCADE,
      session_id      text NOT NULL,
      first_reused_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (query_id, session_id)
    );

    CREATE TABLE query_status_counts (
      status text PRIMARY KEY,
      count  bigint NOT NULL
    );
    INSERT INTO query_status_counts (status, count)
      VALUES ('pending', 0), ('approved', 0), ('rejected', 0), ('declined', 0);

    -- Statement-level, with transition tables: one grouped update per statement, however many
    -- rows it touched, and no write at all when no status changed (reuse counters, edits).
    CREATE FUNCTION query_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE query_status_counts c SET count = c.count + d.n
          FROM (SELECT status, count(*) AS n FROM new_rows GROUP BY status) d WHERE c.status = d.status;
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE query_status_counts c SET count = c.count - d.n
          FROM (SELECT status, count(*) AS n FROM old_rows GROUP BY status) d WHERE c.status = d.status;
      ELSE
        UPDATE query_status_counts c SET count = c.count + d.n
          FROM (SELECT status, sum(n) AS n
                  FROM (SELECT status, -1 AS n FROM old_rows UNION ALL SELECT status, 1 FROM new_rows) x
                 GROUP BY status HAVING sum(n) <> 0) d
         WHERE c.status = d.status;
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER queries_count_insert AFTER INSERT ON queries
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION query_status_counts_apply();
    CREATE TRIGGER queries_count_delete AFTER DELETE ON queries
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION query_status_counts_apply();
    CREATE TRIGGER queries_count_update AFTER UPDATE ON queries
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION query_status_counts_apply();
  `,
};
