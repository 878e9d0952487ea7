import { randomUUID } from 'node:crypto';
import type { Queryable, RelationalStore } from '../../stores/relational/index.js';

/** SQL for what a session remembers between turns. One memory per (kind, key): a newer one replaces it. */

export const MEMORY_KINDS = ['disambiguation', 'correction', 'comment', 'focus'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

export interface MemoryRow {
  id: string;
  session_id: string;
  kind: MemoryKind;
  key: string;
  value: Record<string, unknown>;
  source: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export class MemoryStore {
  constructor(private readonly deps: { db: RelationalStore }) {}

  async save(
    sessionId: string,
    memory: { kind: MemoryKind; key: string; value: Record<string, unknown>; source: Record<string, unknown> },
    tx: Queryable = this.deps.db,
  ): Promise<MemoryRow> {
    const { rows } = await tx.query<MemoryRow>(
      `INSERT INTO session_memories (id, session_id, kind, key, value, source) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (session_id, kind, key) DO UPDATE SET value = EXCLUDED.value, source = EXCLUDED.source, updated_at = now()
       RETURNING *`,
      [randomUUID(), sessionId, memory.kind, memory.key.slice(0, 500), JSON.stringify(memory.value), JSON.stringify(memory.source)],
    );
    return rows[0]!;
  }

  /** Newest first; keyset after (updated_at, id). */
  async list(sessionId: string, limit: number, after?: { at: string; id: string }): Promise<(MemoryRow & { sort_key: string })[]> {
    const { rows } = await this.deps.db.query<MemoryRow & { sort_key: string }>(
      `SELECT *, updated_at::text AS sort_key FROM session_memories
        WHERE session_id = $1 AND ($2::timestamptz IS NULL OR (updated_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY updated_at DESC, id DESC LIMIT $4`,
      [sessionId, after?.at ?? null, after?.id ?? null, limit],
    );
    return rows;
  }

  /** Everything a session remembers, for the next turn (bounded). */
  async recall(sessionId: string, max = 200): Promise<MemoryRow[]> {
    const { rows } = await this.deps.db.query<MemoryRow>(
      'SELECT * FROM session_memories WHERE session_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2',
      [sessionId, max],
    );
    return rows;
  }
}
