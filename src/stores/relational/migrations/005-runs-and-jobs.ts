import type { Migration } from './index.js';

/**
 * Durable work and workflow runs.
 *
 * `jobs` is the queue every kind of background work shares (a workflow run now, an ingestion
 * later): a worker claims rows with `FOR UPDATE SKIP LOCKED` and holds them under a lease it
 * renews. `lease_token` changes on every claim and fences every write a worker makes, so a
 * worker whose lease ran out (paused, partitioned, or killed) can no longer finish anything.
 *
 * `runs` and `run_steps` hold a workflow run and the outputs of its completed steps (what a
 * resumed run starts from); `run_files` and `run_file_chunks` hold the files its steps wrote,
 * bytes in chunks, so every process can serve them.
 */
export const m005RunsAndJobs: Migration = {
  version: 5,
  name: 'runs-and-jobs',
  sql: `
    CREATE TABLE jobs (
      id               uuid PRIMARY KEY,
      kind             text NOT NULL,
      ref_id           uuid NOT NULL,
      status           text NOT NULL CHECK (status IN ('ready', 'leased', 'waiting', 'done')),
      attempts         integer NOT NULL DEFAULT 0,
      lease_owner      text,
      lease_token      uuid,
      lease_expires_at timestamptz,
      run_after        timestamptz NOT NULL DEFAULT now(),
      last_error       text,
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now()
    );
    -- What a worker looks for: ready rows that are due, and leases that ran out.
    CREATE INDEX jobs_ready ON jobs (run_after) WHERE status = 'ready';
    CREATE INDEX jobs_expired ON jobs (lease_expires_at) WHERE status = 'leased';
    CREATE UNIQUE INDEX jobs_ref ON jobs (kind, ref_id);

    CREATE TABLE runs (
      id               uuid PRIMARY KEY,
      session_id       uuid NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
      owner            text NOT NULL,
      workflow         text NOT NULL,
      workflow_version text NOT NULL,
      input            jsonb NOT NULL,
      status           text NOT NULL DEFAULT 'queued'
                       CHECK (status IN ('queued', 'running', 'awaiting_input', 'succeeded', 'failed', 'cancelled')),
      waiting_for      jsonb,
      output           jsonb,
      error            jsonb,
      attempts         integer NOT NULL DEFAULT 0,
      created_at       timestamptz NOT NULL DEFAULT now(),
      started_at       timestamptz,
      finished_at      timestamptz,
      updated_at       timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX runs_session ON runs (session_id, created_at DESC, id DESC);
    CREATE INDEX runs_session_active ON runs (session_id, created_at DESC)
      WHERE status IN ('queued', 'running', 'awaiting_input');
    CREATE INDEX runs_owner ON runs (owner, created_at DESC, id DESC);

    CREATE TABLE run_steps (
      run_id      uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
      position    integer NOT NULL,
      node        text NOT NULL,
      status      text NOT NULL CHECK (status IN ('running', 'awaiting_input', 'succeeded', 'failed', 'cancelled')),
      attempts    integer NOT NULL DEFAULT 1,
      query_type  text,
      output      jsonb,
      error       text,
      answers     jsonb NOT NULL DEFAULT '[]'::jsonb,
      started_at  timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      PRIMARY KEY (run_id, position)
    );

    CREATE TABLE run_files (
      run_id       uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
      path         text NOT NULL,
      name         text NOT NULL,
      content_type text NOT NULL,
      size         bigint NOT NULL,
      sha256       text NOT NULL,
      node         text,
      created_at   timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (run_id, path)
    );

    CREATE TABLE run_file_chunks (
      run_id   uuid NOT NULL,
      path     text NOT NULL,
      seq      integer NOT NULL,
      data     bytea NOT NULL,
      PRIMARY KEY (run_id, path, seq),
      FOREIGN KEY (run_id, path) REFERENCES run_files (run_id, path) ON DELETE CASCADE
    );
  `,
};
