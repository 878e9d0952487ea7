import type { Queryable, RelationalStore, SqlParam } from '../../stores/relational/index.js';
import type { EventKind } from './schemas.js';

/** SQL for session events. Appending also notifies every listener (on commit). */

export const EVENTS_CHANNEL = 'cqks_events';

export interface EventRow {
  session_id: string;
  id: number;
  run_id: string | null;
  kind: EventKind;
  data: Record<string, unknown>;
  created_at: Date;
}

export class EventStore {
  constructor(private readonly db: RelationalStore) {}

  /** Appends under the session's row lock (gapless ids) and notifies `session_id:id` at commit. */
  async append(
    tx: Queryable,
    sessionId: string,
    kind: EventKind,
    data: Record<string, unknown>,
    runId: string | null = null,
  ): Promise<EventRow> {
    const { rows: seq } = await tx.query<{ id: number }>(
      `UPDATE chat_sessions SET last_event_id = last_event_id + 1, last_activity_at = now()
        WHERE id = $1 RETURNING last_event_id AS id`,
      [sessionId],
    );
    const id = seq[0]?.id;
    if (id === undefined) throw new Error(`no session ${sessionId}`);
    const { rows } = await tx.query<EventRow>(
      `INSERT INTO session_events (session_id, id, run_id, kind, data) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [sessionId, id, runId, kind, JSON.stringify(data)],
    );
    await tx.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, `${sessionId}:${id}`]);
    return rows[0]!;
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
