import type { Statement } from '../../stores/relational/index.js';
import type { EventKind } from '../contracts/event-kinds.js';

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

/** What the store adds to appended events: each batch's first id and time. */
export interface EventStamp {
  first_id: number;
  created_at: string;
}

/**
 * The statement part that appends `events` to the log of `session` (a sessionLogPart, which
 * counted them): ids follow its `event_base` in the given order, and one notification
 * (`session_id:last id`) goes out at commit. The events are stored in batches (migration 17),
 * one per run of consecutive events of the same run. Its one row has `stamps`, each batch's
 * first id and time in order (no row when `session` has none: nothing was appended).
 */
export function appendEventsPart(st: Statement, session: string, events: readonly NewEvent[]): string {
  const batches: { start: number; run_id: string | null; events: { kind: EventKind; data: Record<string, unknown> }[] }[] = [];
  events.forEach((e, i) => {
    const last = batches.at(-1);
    if (last && last.run_id === e.runId) last.events.push({ kind: e.kind, data: e.data });
    else batches.push({ start: i, run_id: e.runId, events: [{ kind: e.kind, data: e.data }] });
  });
  st.with(
    'appended_events',
    `INSERT INTO session_event_batches (session_id, first_id, last_id, run_id, events)
     SELECT s.id, s.event_base + x.start + 1, s.event_base + x.start + jsonb_array_length(x.events), x.run_id, x.events
       FROM ${session} s, jsonb_to_recordset(${st.param(JSON.stringify(batches), 'jsonb')}) AS x(start integer, run_id text, events jsonb)
     RETURNING session_id, first_id, last_id, created_at`,
  );
  return st.with(
    'event_stamps',
    `SELECT json_agg(json_build_object('first_id', first_id, 'created_at', created_at) ORDER BY first_id) AS stamps,
            pg_notify(${st.param(EVENTS_CHANNEL)}, max(session_id::text) || ':' || max(last_id)) AS notified
       FROM appended_events HAVING count(*) > 0`,
  );
}

/** The appended events as rows, from what was given and the stamps of their batches. */
export function eventRows(sessionId: string, events: readonly NewEvent[], stamps: readonly EventStamp[]): EventRow[] {
  if (events.length > 0 && stamps.length === 0) throw new Error(`${events.length} events were given but none appended`);
  const first = Number(stamps[0]?.first_id);
  let batch = 0;
  return events.map((e, i) => {
    const id = first + i;
    while (batch + 1 < stamps.length && Number(stamps[batch + 1]!.first_id) <= id) batch++;
    return { session_id: sessionId, id, run_id: e.runId, kind: e.kind, data: e.data, created_at: new Date(stamps[batch]!.created_at) };
  });
}
