import type { Migration } from './index.js';

/**
 * Session events stored as the batches they are appended in: one row per commit and run (a
 * run's commit of a few dozen events and steps spent most of its time inserting their rows and
 * their index entries), holding the events in order as a JSON array. Ids stay one per event,
 * gapless: a batch holds `first_id` to `last_id`. The events keep one time, the batch's.
 * `session_events` becomes a view of the same rows, one per event, for reading by hand.
 */
export const m017EventBatches: Migration = {
  version: 17,
  name: 'event batches',
  sql: `
    CREATE TABLE session_event_batches (
      session_id uuid NOT NULL,
      first_id   bigint NOT NULL,
      last_id    bigint NOT NULL,
      run_id     text,
      events     jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (session_id, last_id),
      CHECK (last_id >= first_id)
    );
    CREATE INDEX session_event_batches_run ON session_event_batches (session_id, run_id, last_id) WHERE run_id IS NOT NULL;

    INSERT INTO session_event_batches (session_id, first_id, last_id, run_id, events, created_at)
    SELECT session_id, id, id, run_id, jsonb_build_array(jsonb_build_object('kind', kind, 'data', data)), created_at
      FROM session_events;
    DROP TABLE session_events;

    CREATE VIEW session_events AS
    SELECT b.session_id, b.first_id + e.ord - 1 AS id, b.run_id, e.event->>'kind' AS kind, e.event->'data' AS data, b.created_at
      FROM session_event_batches b CROSS JOIN LATERAL jsonb_array_elements(b.events) WITH ORDINALITY AS e(event, ord);
  `,
};
