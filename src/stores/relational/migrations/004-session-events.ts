import type { Migration } from './index.js';

/**
 * Session events: `id` is a per-session sequence (never a timestamp), handed out under the
 * session's row lock, so ids grow without gaps and are the SSE `id:` a client resumes from.
 */
export const m004SessionEvents: Migration = {
  version: 4,
  name: 'session-events',
  sql: `
    ALTER TABLE chat_sessions ADD COLUMN last_event_id bigint NOT NULL DEFAULT 0;

    CREATE TABLE session_events (
      session_id uuid NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
      id         bigint NOT NULL,
      run_id     text,
      kind       text NOT NULL,
      data       jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (session_id, id)
    );
    CREATE INDEX session_events_kind ON session_events (session_id, kind, id);
    CREATE INDEX session_events_run ON session_events (session_id, run_id, id) WHERE run_id IS NOT NULL;
  `,
};
