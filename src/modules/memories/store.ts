import { randomUUID } from 'node:crypto';
import type { MEMORY_KINDS } from '../../engine/tools/contracts/memories.js';
import { ReadCache } from '../../platform/read-cache.js';
import { currentSchema, whenCommitted } from '../../stores/relational/index.js';
import type { Queryable, RelationalStore } from '../../stores/relational/index.js';

/** SQL for what a session remembers between turns. One memory per (kind, key): a newer one replaces it. */

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

/** Where a saved memory is announced to every process (payload: `schema:session id:writer's session name`). */
export const MEMORIES_CHANNEL = 'cqks_memories';
export const DEFAULT_MEMORY_CACHE_SESSIONS = 1000;
/** Most memories a turn recalls (the newest). */
export const RECALL_MAX = 200;

/** The memories of `kept` once `row` was saved: it replaces its kind and key, and is the newest. */
const withSaved = (kept: MemoryRow[], row: MemoryRow): MemoryRow[] =>
  [row, ...kept.filter((r) => r.kind !== row.kind || r.key !== row.key)].slice(0, RECALL_MAX);

export class MemoryStore {
  /**
   * Each session's recalled memories, kept while changes are followed (every question of a
   * session recalls them, and this process writes most of them itself): a save by this
   * process revises them once it commits; another process's save, announced on
   * MEMORIES_CHANNEL, forgets that session's; a lost notice connection forgets all.
   */
  private recalled: ReadCache<MemoryRow[]> | undefined;

  constructor(private readonly deps: { db: RelationalStore; cacheSessions?: number }) {}

  /** Keeps recalled memories from now on, following other processes' saves; resolves to a stop function. */
  async followMemoryChanges(): Promise<() => Promise<void>> {
    const prefix = `${await currentSchema(this.deps.db)}:`;
    const own = `:${this.deps.db.sessionName}`;
    const recalled = new ReadCache<MemoryRow[]>({ entries: this.deps.cacheSessions ?? DEFAULT_MEMORY_CACHE_SESSIONS });
    const stop = await this.deps.db.listen(
      MEMORIES_CHANNEL,
      (payload) => {
        // Other schemas of the same database notify on the same channel; this process's own saves revised what it keeps.
        if (!payload.startsWith(prefix) || payload.endsWith(own)) return;
        recalled.forgetKey(payload.slice(prefix.length, prefix.length + 36));
      },
      () => recalled.forget(),
    );
    this.recalled = recalled;
    return async () => {
      if (this.recalled === recalled) this.recalled = undefined;
      await stop();
    };
  }

  async save(
    sessionId: string,
    memory: { kind: MemoryKind; key: string; value: Record<string, unknown>; source: Record<string, unknown> },
    tx: Queryable = this.deps.db,
  ): Promise<MemoryRow> {
    const { rows } = await tx.query<MemoryRow>(
      `WITH saved AS (
         INSERT INTO session_memories (id, session_id, kind, key, value, source) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (session_id, kind, key) DO UPDATE SET value = EXCLUDED.value, source = EXCLUDED.source, updated_at = now()
         RETURNING *)
       SELECT saved.* FROM saved CROSS JOIN LATERAL (SELECT pg_notify($7, current_schema() || ':' || saved.session_id || ':' || $8)) AS notified`,
      [
        randomUUID(),
        sessionId,
        memory.kind,
        memory.key.slice(0, 500),
        JSON.stringify(memory.value),
        JSON.stringify(memory.source),
        MEMORIES_CHANNEL,
        this.deps.db.sessionName,
      ],
    );
    const row = rows[0]!;
    const recalled = this.recalled;
    whenCommitted(tx).then(() => recalled?.revise(sessionId, (kept) => withSaved(kept, row)), () => undefined);
    return row;
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

  /** Everything a session remembers, for the next turn: the newest RECALL_MAX. Shared rows: callers must not change them. */
  async recall(sessionId: string): Promise<MemoryRow[]> {
    const load = async () =>
      (
        await this.deps.db.query<MemoryRow>('SELECT * FROM session_memories WHERE session_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2', [
          sessionId,
          RECALL_MAX,
        ])
      ).rows;
    return this.recalled ? this.recalled.read(sessionId, load) : load();
  }
}
