import type { Migration } from './index.js';

/**
 * Session events without their index on `kind`. Every run appends a few dozen events in the
 * commits its answer waits for, and keeping that index cost a sixth of such a commit; what it
 * served is rarer: listing one kind of a whole session (`GET …/events?kind=`), which now reads
 * the session's events in id order, from the cursor, until the page is full. With `run_id` the
 * run's index serves the same filter as before.
 */
export const m008EventsWithoutKindIndex: Migration = {
  version: 8,
  name: 'events-without-kind-index',
  sql: `
    DROP INDEX session_events_kind;
  `,
};
