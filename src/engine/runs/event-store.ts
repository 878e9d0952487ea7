import { Statement, whenCommitted } from '../../stores/relational/index.js';
import type { Queryable, RelationalStore, SqlParam } from '../../stores/relational/index.js';
import { sessionLogPart } from './session-log.js';
import { appendEventsPart, eventRows } from './event-log.js';
import type { EventRow, EventStamp, NewEvent } from './event-log.js';
import type { EventKind } from '../contracts/event-kinds.js';

/**
 * SQL for session events. Appending also notifies every listener (on commit), and hands the
 * rows to this process's open streams (`deliverLocally`), which then need not read them back.
 */

/** Receives the rows this process appended, once they are committed. */
export type LocalDelivery = (sessionId: string, rows: readonly EventRow[]) => void;

export class EventStore {
  private local: LocalDelivery | undefined;

  constructor(private readonly deps: { db: RelationalStore }) {}

  deliverLocally(delivery: LocalDelivery): void {
    this.local = delivery;
  }

  /** Hands `rows` to this process's open streams once `q`'s transaction has committed (at once for a plain store). */
  delivered(q: Queryable, sessionId: string, rows: readonly EventRow[]): void {
    const local = this.local;
    if (local && rows.length > 0) whenCommitted(q).then(() => local(sessionId, rows), () => undefined);
  }

  /** Appends an event under the session's row lock (gapless ids) and notifies `session_id:id` at commit. */
  async append(
    tx: Queryable,
    sessionId: string,
    kind: EventKind,
    data: Record<string, unknown>,
    runId: string | null = null,
  ): Promise<EventRow> {
    const [row] = await this.appendMany(tx, sessionId, [{ kind, data, runId }]);
    return row!;
  }

  /**
   * Appends several events of one session in one statement (ids in the given order), and
   * notifies once, with the last id: a stream reads everything after what it has sent.
   */
  async appendMany(tx: Queryable, sessionId: string, events: readonly NewEvent[]): Promise<EventRow[]> {
    if (events.length === 0) return [];
    const st = new Statement();
    const session = sessionLogPart(st, { sessionId, events: events.length });
    const stamps = appendEventsPart(st, session, events);
    const { rows } = await tx.query<{ stamps: EventStamp[] | null }>(st.text(`SELECT stamps FROM ${stamps}`), st.params);
    if (!rows[0]?.stamps) throw new Error(`no session ${sessionId}`);
    const stored = eventRows(sessionId, events, rows[0].stamps);
    this.delivered(tx, sessionId, stored);
    return stored;
  }

  /**
   * Which of `kinds` a run has published, and from which node (`kind:node`): a step redone
   * after a takeover does not publish them again.
   */
  async publishedByRun(sessionId: string, runId: string, kinds: readonly EventKind[]): Promise<Set<string>> {
    const { rows } = await this.deps.db.query<{ kind: string; node: string | null }>(
      `SELECT DISTINCT e.event->>'kind' AS kind, e.event->'data'->>'node' AS node
         FROM session_event_batches b CROSS JOIN LATERAL jsonb_array_elements(b.events) AS e(event)
        WHERE b.session_id = $1 AND b.run_id = $2 AND e.event->>'kind' = ANY($3::text[])`,
      [sessionId, runId, [...kinds]],
    );
    return new Set(rows.map((row) => `${row.kind}:${row.node}`));
  }

  /** A session's events after `filter.after`, in id order (read from their batches: migration 17). */
  async list(
    sessionId: string,
    filter: { after: number; kind?: EventKind; runId?: string },
    limit: number,
  ): Promise<EventRow[]> {
    const params: SqlParam[] = [sessionId, filter.after];
    // The batches that hold an event after the cursor, then their events after it.
    let where = 'b.session_id = $1 AND b.last_id > $2 AND b.first_id + e.ord - 1 > $2';
    if (filter.kind) {
      params.push(filter.kind);
      where += ` AND e.event->>'kind' = $${params.length}`;
    }
    if (filter.runId) {
      params.push(filter.runId);
      where += ` AND b.run_id = $${params.length}`;
    }
    params.push(limit);
    const { rows } = await this.deps.db.query<EventRow>(
      `SELECT b.session_id, b.first_id + e.ord - 1 AS id, b.run_id, e.event->>'kind' AS kind, e.event->'data' AS data, b.created_at
         FROM session_event_batches b CROSS JOIN LATERAL jsonb_array_elements(b.events) WITH ORDINALITY AS e(event, ord)
        WHERE ${where}
        ORDER BY b.last_id, e.ord LIMIT $${params.length}`,
      params,
    );
    return rows;
  }
}
