import type { Migration } from './index.js';

/**
 * What a session logs (its events, its messages, its runs, their steps) without foreign keys
 * to the rows that number and own them. A key's check locks the parent row for each inserted
 * row, and the parent is a row the same statement has just updated (the session's counters
 * number its events and messages, its state moves with its runs; a run changes with its steps
 * and answer): such a lock costs more than the insert, and a run's commit of a few dozen
 * events and steps spent half its time on them. The parents exist by construction: runs,
 * events and messages are inserted only from the row of the session update that numbers
 * them (a user message in the statement that queues its run), and steps and answers only
 * under the run's lease (its job was queued with the run). Sessions and runs are never
 * deleted; what deletes one must delete what it logged. Review items and memories keep theirs.
 */
export const m007LogWithoutRowLocks: Migration = {
  version: 7,
  name: 'log-without-row-locks',
  sql: `
    ALTER TABLE session_events DROP CONSTRAINT session_events_session_id_fkey;
    ALTER TABLE run_steps DROP CONSTRAINT run_steps_run_id_fkey;
    ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_run_id_fkey;
    ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_session_id_fkey;
    ALTER TABLE runs DROP CONSTRAINT runs_session_id_fkey;
  `,
};
