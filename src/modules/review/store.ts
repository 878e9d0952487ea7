import { randomUUID } from 'node:crypto';
import type { Queryable, RelationalStore, SqlParam } from '../../stores/relational/index.js';

/** SQL for review items: what a run waits on before its query runs. */

export interface ReviewRow {
  id: string;
  session_id: string;
  run_id: string;
  node: string;
  subject: 'query' | 'answer';
  question: string;
  cypher: string;
  parameters: Record<string, unknown>;
  owner_may_decide: boolean;
  status: 'pending' | 'approved' | 'rejected';
  decided_by: string | null;
  decided_as: 'reviewer' | 'owner' | null;
  decided_at: Date | null;
  comment: string | null;
  edited_cypher: string | null;
  created_at: Date;
}

export interface ReviewHistoryFilter {
  sessionId?: string;
  reviewer?: string;
  decision?: 'approved' | 'rejected';
  since?: string;
  until?: string;
}

export class ReviewStore {
  constructor(private readonly deps: { db: RelationalStore }) {}

  /** Opens the item of a run's step, or returns the one it already opened (a step that runs again). */
  async open(item: {
    sessionId: string;
    runId: string;
    node: string;
    subject: 'query' | 'answer';
    question: string;
    cypher: string;
    parameters: Record<string, unknown>;
    ownerMayDecide: boolean;
  }): Promise<ReviewRow> {
    const { rows } = await this.deps.db.query<ReviewRow>(
      `INSERT INTO review_items (id, session_id, run_id, node, subject, question, cypher, parameters, owner_may_decide)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (run_id, node) DO UPDATE SET run_id = EXCLUDED.run_id
       RETURNING *`,
      [
        randomUUID(),
        item.sessionId,
        item.runId,
        item.node,
        item.subject,
        item.question,
        item.cypher,
        JSON.stringify(item.parameters),
        item.ownerMayDecide,
      ],
    );
    return rows[0]!;
  }

  async get(id: string, tx: Queryable = this.deps.db): Promise<ReviewRow | undefined> {
    const { rows } = await tx.query<ReviewRow>('SELECT * FROM review_items WHERE id = $1', [id]);
    return rows[0];
  }

  async getForUpdate(tx: Queryable, id: string): Promise<ReviewRow | undefined> {
    const { rows } = await tx.query<ReviewRow>('SELECT * FROM review_items WHERE id = $1 FOR UPDATE', [id]);
    return rows[0];
  }

  async decide(
    tx: Queryable,
    id: string,
    decision: { status: 'approved' | 'rejected'; by: string; as: 'reviewer' | 'owner'; comment?: string; editedCypher?: string },
  ): Promise<ReviewRow> {
    const { rows } = await tx.query<ReviewRow>(
      `UPDATE review_items SET status = $2, decided_by = $3, decided_as = $4, decided_at = now(), comment = $5, edited_cypher = $6
        WHERE id = $1 RETURNING *`,
      [id, decision.status, decision.by, decision.as, decision.comment ?? null, decision.editedCypher ?? null],
    );
    return rows[0]!;
  }

  async pending(sessionId: string, limit: number, after?: { at: string; id: string }): Promise<(ReviewRow & { sort_key: string })[]> {
    const { rows } = await this.deps.db.query<ReviewRow & { sort_key: string }>(
      `SELECT *, created_at::text AS sort_key FROM review_items
        WHERE session_id = $1 AND status = 'pending' AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::uuid))
        ORDER BY created_at, id LIMIT $4`,
      [sessionId, after?.at ?? null, after?.id ?? null, limit],
    );
    return rows;
  }

  /** Decisions, newest first; keyset after (decided_at, id). */
  async history(filter: ReviewHistoryFilter, limit: number, after?: { at: string; id: string }): Promise<(ReviewRow & { sort_key: string })[]> {
    const params: SqlParam[] = [];
    const where = [`status <> 'pending'`];
    const add = (sql: string, value: SqlParam) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.sessionId) add('session_id = ?::uuid', filter.sessionId);
    if (filter.reviewer) add('decided_by = ?', filter.reviewer);
    if (filter.decision) add('status = ?', filter.decision);
    if (filter.since) add('decided_at >= ?::timestamptz', filter.since);
    if (filter.until) add('decided_at < ?::timestamptz', filter.until);
    if (after) {
      params.push(after.at, after.id);
      where.push(`(decided_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(limit);
    const { rows } = await this.deps.db.query<ReviewRow & { sort_key: string }>(
      `SELECT *, decided_at::text AS sort_key FROM review_items WHERE ${where.join(' AND ')}
        ORDER BY decided_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    return rows;
  }
}
