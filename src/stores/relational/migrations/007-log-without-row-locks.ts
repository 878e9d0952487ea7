import type { Migration } from './index.js';

/**
 * Session events and run steps without foreign keys. Each key's check locks the parent row
 * once per inserted row, and that parent is the very row the same statement has just
 * updated (the session's counters number the events; the run changes with its steps), so a
 * run's commit of a few dozen events and steps spent half its time on these locks. The
 * parents exist by construction: events are inserted from the row of the session update that
 * numbers them, and steps only under the run's lease (its job was queued with the run).
 * Sessions and runs are never deleted; what deletes one must delete its events and steps.
 */
export const m007LogWithoutRowLocks: Migration = {
  version: 7,
  name: 'log-without-row-locks',
  sql: `
    ALTER TABLE session_events DROP CONSTRAINT session_events_session_id_fkey;
    ALTER TABLE run_steps DROP CONSTRAINT run_steps_run_id_fkey;
  `,
};
