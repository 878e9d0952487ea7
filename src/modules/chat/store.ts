import { randomUUID } from 'node:crypto';
import type { Queryable, RelationalStore, SqlParam } from '../../stores/relational/index.js';
import type { SESSION_STATES } from './schemas.js';

/** SQL for chat sessions. Rules (who may see what) are in service.ts. */

export interface SessionRow {
  id: string;
  owner: string;
  title: string | null;
  metadata: Record<string, unknown>;
  state: (typeof SESSION_STATES)[number];
  message_count: number;
  created_at: Date;
  last_activity_at: Date;
}

export class SessionStore {
  constructor(private readonly deps: { db: RelationalStore }) {}

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.deps.db.transaction(work);
  }

  async create(tx: Queryable, owner: string, title: string | null, metadata: Record<string, unknown>, id: string = randomUUID()): Promise<SessionRow> {
    const { rows } = await tx.query<SessionRow>(
      `INSERT INTO chat_sessions (id, owner, title, metadata) VALUES ($1, $2, $3, $4) RETURNING *`,
      [id, owner, title, JSON.stringify(metadata)],
    );
    return rows[0]!;
  }

  /** The session; with `forUpdate`, locked for the rest of `tx` (what orders a session's messages and runs). */
  async get(id: string, tx: Queryable = this.deps.db, forUpdate = false): Promise<SessionRow | undefined> {
    const { rows } = await tx.query<SessionRow>(`SELECT * FROM chat_sessions WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0];
  }

  /** Newest activity first, ties by id; keyset after (last_activity_at, id). */
  async list(
    filter: { owner?: string; state?: string },
    limit: number,
    after: { at: string; id: string } | undefined,
  ): Promise<(SessionRow & { sort_key: string })[]> {
    const params: SqlParam[] = [];
    const where: string[] = [];
    if (filter.owner !== undefined) {
      params.push(filter.owner);
      where.push(`owner = $${params.length}`);
    }
    if (filter.state !== undefined) {
      params.push(filter.state);
      where.push(`state = $${params.length}`);
    }
    if (after) {
      params.push(after.at, after.id);
      where.push(`(last_activity_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(limit + 1);
    const { rows } = await this.deps.db.query<SessionRow & { sort_key: string }>(
      `SELECT *, last_activity_at::text AS sort_key FROM chat_sessions
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY last_activity_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    return rows;
  }
}
