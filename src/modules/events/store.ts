import { whenCommitted } from '../../stores/relational/index.js';
import type { Queryable, RelationalStore, SqlParam } from '../../stores/relational/index.js';
import type { EventKind } from './schemas.js';

/**
 * SQL for session events. Appending also notifies every listener (on commit), and hands the
 * rows to this process's open streams (`deliverLocally`), which then need not read them back.
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

/** Receives the rows this process appended, once they are committed. */
export type LocalDelivery = (sessionId: string, rows: readonly EventRow[]) => void;

export class EventStore {
  private local: LocalDelivery | undefined;

  constructor(private readonly db: RelationalStore) {}

  deliverLocally(delivery: LocalDelivery): void {
    this.local = delivery;
  }

  private afterCommit(tx: Queryable, sessionId: string, rows: readonly EventRow[]): void {
    const local = this.local;
    if (local) whenCommitted(tx).then(() => local(sessionId, rows), () => undefined);
  }

  /** Appends under the session's row lock (gapless ids) and notifies `session_id:id` at commit. */
  async append(
    tx: Queryable,
    sessionId: string,
    kind: EventKind,
    data: Record<string, unknown>,
    runId: string | null = null,
  ): Promise<EventRow> {
    // One round trip: take the next id under the session's row lock, insert, and notify at commit.
    const { rows } = await tx.query<EventRow>(
      `WITH next AS (
         UPDATE chat_sessions SET last_event_id = last_event_id + 1, last_activity_at = now()
          WHERE id = $1 RETURNING id AS session_id, last_event_id AS id
       ), inserted AS (
         INSERT INTO session_events (session_id, id, run_id, kind, data)
         SELECT session_id, id, $2::text, $3::text, $4::jsonb FROM next RETURNING *
       )
       SELECT inserted.session_id, inserted.id, inserted.run_id, inserted.kind, inserted.data, inserted.created_at,
              pg_notify($5, inserted.session_id || ':' || inserted.id) AS notified
         FROM inserted`,
      [sessionId, runId, kind, JSON.stringify(data), EVENTS_CHANNEL],
    );
    if (!rows[0]) throw new Error(`no session ${sessionId}`);
    this.afterCommit(tx, sessionId, rows);
    return rows[0]!;
  }

  /**
   * Appends several events of one session in one statement (ids in the given order), and
   * notifies once, with the last id: a stream reads everything after what it has sent. Only
   * the ids and times come back; the rest is what was given.
   */
  async appendMany(
    tx: Queryable,
    sessionId: string,
    events: readonly { kind: EventKind; data: Record<string, unknown>; runId: string | null }[],
  ): Promise<EventRow[]> {
    if (events.length === 0) return [];
    const { rows: stored } = await tx.query<{ id: number; created_at: Date }>(
      `WITH next AS (
         UPDATE chat_sessions SET last_event_id = last_event_id + $2, last_activity_at = now()
          WHERE id = $1 RETURNING id AS session_id, last_event_id - $2 AS base
       ), items AS (
         SELECT * FROM ROWS FROM (jsonb_to_recordset($3::jsonb) AS (kind text, run_id text, data jsonb)) WITH ORDINALITY AS x(kind, run_id, data, ord)
       ), inserted AS (
         INSERT INTO session_events (session_id, id, run_id, kind, data)
         SELECT next.session_id, next.base + items.ord, items.run_id, items.kind, items.data FROM next, items
         RETURNING *
       ), notified AS (
         SELECT pg_notify($4, max(inserted.session_id::text) || ':' || max(inserted.id)) FROM inserted
       )
       SELECT inserted.id, inserted.created_at FROM inserted, notified ORDER BY inserted.id`,
      [sessionId, events.length, JSON.stringify(events.map((e) => ({ kind: e.kind, run_id: e.runId, data: e.data }))), EVENTS_CHANNEL],
    );
    if (stored.length !== events.length) throw new Error(`no session ${sessionId}`);
    const rows = events.map((e, i): EventRow => ({
      session_id: sessionId,
      id: Number(stored[i]!.id),
      run_id: e.runId,
      kind: e.kind,
      data: e.data,
      created_at: stored[i]!.created_at,
    }));
    this.afterCommit(tx, sessionId, rows);
    return rows;
  }

  async list(
    sessionId: string,
    filter: { after: number; kind?: EventKind; runId?: string },
    limit: number,
  ): Promise<EventRow[]> {
    const params: SqlParam[] = [sessionId, filter.after];
    let where = 'session_id = $1 AND id > $2';
    if (filter.kind) {
      params.push(filter.kind);
      where += ` AND kind = $${params.length}`;
    }
    if (filter.runId) {
      params.push(filter.runId);
      where += ` AND run_id = $${params.length}`;
    }
    params.push(limit);
    const { rows } = await this.db.query<EventRow>(
      `SELECT * FROM session_events WHERE ${where} ORDER BY id LIMIT $${params.length}`,
      params,
    );
    return rows;
  }
}
