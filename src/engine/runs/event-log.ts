import type { Statement } from '../../stores/relational/index.js';
import type { EventKind } from './event-kinds.js';

/**
 * How a run's events enter its session's log: the rows, the statement part that appends them
 * (EventStore writes and reads them; the events module serves and streams them).
 */

export const EVENTS_CHANNEL = 'cqks_events';

export interface EventRow {
  session_id: string;
  id: number;
  run_id: string | null;
  kind: EventKind;
  data: Record<string, unknown>;
  created_at: Date;
}

/** An event to append; its id and time come from the store. */
export interface NewEvent {
  kind: EventKind;
  data: Record<string, unknown>;
  runId: string | null;
}

/** What the store adds to an appended event. */
export interface EventStamp {
  id: number;
  created_at: string;
}

/**
 * The statement part that appends `events` to the log of `session` (a sessionLogPart, which
 * counted them): ids follow its `event_base` in the given order, and one notification
 * (`session_id:last id`) goes out at commit. Its one row has `stamps`, each event's id and
 * time in order (no row when `session` has none: nothing was appended).
 */
export function appendEventsPart(st: Statement, session: string, events: readonly NewEvent[]): string {
  const items = JSON.stringify(events.map((e) => ({ kind: e.kind, run_id: e.runId, data: e.data })));
  st.with(
    'appended_events',
    `INSERT INTO session_events (session_id, id, run_id, kind, data)
     SELECT s.id, s.event_base + x.ord, x.run_id, x.kind, x.data
       FROM ${session} s,
            ROWS FROM (jsonb_to_recordset(${st.param(items, 'jsonb')}) AS (kind text, run_id text, data jsonb)) WITH ORDINALITY AS x(kind, run_id, data, ord)
     RETURNING session_id, id, created_at`,
  );
  return st.with(
    'event_stamps',
    `SELECT json_agg(json_build_object('id', id, 'created_at', created_at) ORDER BY id) AS stamps,
            pg_notify(${st.param(EVENTS_CHANNEL)}, max(session_id::text) || ':' || max(id)) AS notified
       FROM appended_events HAVING count(*) > 0`,
  );
}

/** The appended events as rows, from what was given and the stamps the statement returned. */
export function eventRows(sessionId: string, events: readonly NewEvent[], stamps: readonly EventStamp[]): EventRow[] {
  if (stamps.length !== events.length) throw new Error(`${events.length} events were given but ${stamps.length} appended`);
  return events.map((e, i) => ({
    session_id: sessionId,
    id: Number(stamps[i]!.id),
    run_id: e.runId,
    kind: e.kind,
    data: e.data,
    created_at: new Date(stamps[i]!.created_at),
  }));
}
