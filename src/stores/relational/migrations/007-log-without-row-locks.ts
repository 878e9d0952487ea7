import type { Migration } from './index.js';

/**
 * Session events, run steps and the run a message belongs to, without foreign keys. Each
 * key's check locks the parent row once per inserted row, and that parent is a row the same
 * statement has just updated or locked (the session's counters number its events and
 * messages; the run changes with its steps and answer), which makes the check cost more than
 * the insert: a run's commit of a few dozen events and steps spent half its time on them. The
 * parents exist by construction: events and messages are inserted from the row of the session
 * update that numbers them, a user message in the statement that queues its run, and steps and
 * answers only under the run's lease (its job was queued with the run). Sessions and runs are
 * never deleted; what deletes one must delete its events, steps and messages' run links.
 */
export const m007LogWithoutRowLocks: Migration = {
  version: 7,
  name: 'log-without-row-locks',
  sql: `
    ALTER TABLE session_events DROP CONSTRAINT session_events_session_id_fkey;
    ALTER TABLE run_steps DROP CONSTRAINT run_steps_run_id_fkey;
    ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_run_id_fkey;
  `,
};
