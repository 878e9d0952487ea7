import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../../src/config.js';
import { MEMORIES_CHANNEL, MemoryStore } from '../../../src/modules/memories/store.js';
import type { MemoryKind } from '../../../src/modules/memories/store.js';
import type { RelationalStore } from '../../../src/stores/relational/index.js';
import { dropSchema, testConfig } from '../../support/config.js';
import { openTestRelationalStore } from '../../support/relational.js';

/**
 * A session's memories are recalled every turn; they are kept in memory, revised by this
 * process's own saves once they commit, and forgotten when another process's save is
 * announced. On PGlite (and PostgreSQL with DATABASE_URL), where "another process" is SQL
 * that does not go through the memory store.
 */
describe('session memories kept in memory', () => {
  let db: RelationalStore;
  let config: Config;
  let dataDir: string;
  let memories: MemoryStore;
  let stopFollowing: () => Promise<void>;
  let stopListening: () => Promise<void>;
  let schema: string;
  /** Notices on the memories channel as this test hears them (after the memory store, which listened first). */
  const notices: string[] = [];
  let waiter: { payload: string; resolve: () => void } | undefined;
  const heard = (payload: string) =>
    notices.includes(payload) ? Promise.resolve() : new Promise<void>((resolve) => (waiter = { payload, resolve }));

  let sessionId: string;
  let reads: { mock: { calls: unknown[][] }; mockRestore(): void };
  /** How many times the store read a session's memories from the database. */
  const recallReads = () => reads.mock.calls.filter(([sql]) => String(sql).startsWith('SELECT * FROM session_memories')).length;
  const recalled = async (id = sessionId) => (await memories.recall(id)).map((m) => `${m.kind}:${m.key}=${String(m.value.v)}`);
  const save = (kind: MemoryKind, key: string, v: string, id = sessionId) => memories.save(id, { kind, key, value: { v }, source: {} });
  const newSession = async () => {
    const id = randomUUID();
    await db.query(`INSERT INTO chat_sessions (id, owner) VALUES ($1, 'someone')`, [id]);
    return id;
  };
  /** What another process does: the same row and notice, by SQL that does not go through this store. */
  const savedElsewhere = async (key: string, v: string) => {
    await db.query(
      `INSERT INTO session_memories (id, session_id, kind, key, value, source) VALUES ($1, $2, 'focus', $3, $4, '{}')
       ON CONFLICT (session_id, kind, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [randomUUID(), sessionId, key, JSON.stringify({ v })],
    );
    const payload = `${schema}:${sessionId}:cqks another-host:1:abcdef12`;
    await db.query('SELECT pg_notify($1, $2)', [MEMORIES_CHANNEL, payload]);
    await heard(payload);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-memories-'));
    config = testConfig(dataDir);
    db = await openTestRelationalStore(config);
    schema = (await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
    memories = new MemoryStore({ db });
    stopFollowing = await memories.followMemoryChanges();
    stopListening = await db.listen(
      MEMORIES_CHANNEL,
      (payload) => {
        notices.push(payload);
        if (waiter?.payload === payload) waiter.resolve();
      },
      () => undefined,
    );
  });
  afterAll(async () => {
    await stopListening?.();
    await stopFollowing?.();
    await db?.close();
    await dropSchema(config);
    await rm(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    sessionId = await newSession();
    await save('focus', 'first', '1');
    reads = vi.spyOn(db, 'query');
  });
  afterEach(() => reads.mockRestore());

  it('reads a session’s memories once, then answers from memory; this process’s saves revise them', async () => {
    expect(await recalled()).toEqual(['focus:first=1']);
    expect(await recalled()).toEqual(['focus:first=1']);
    await save('correction', 'How many?', 'MATCH (n) RETURN count(n)');
    await save('focus', 'first', '2');
    // Newest first, a newer memory of the same kind and key in place of the older.
    expect(await recalled()).toEqual(['focus:first=2', 'correction:How many?=MATCH (n) RETURN count(n)']);
    expect(recallReads()).toBe(1);
    // What the database holds is the same.
    reads.mockRestore();
    const stored = new MemoryStore({ db });
    expect((await stored.recall(sessionId)).map((m) => `${m.kind}:${m.key}=${String(m.value.v)}`)).toEqual(await recalled());
  });

  it('a save in a transaction is kept once it commits; one rolled back changes nothing', async () => {
    expect(await recalled()).toEqual(['focus:first=1']);
    await expect(
      db.transaction(async (tx) => {
        await memories.save(sessionId, { kind: 'comment', key: 'c', value: { v: 'dropped' }, source: {} }, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await recalled()).toEqual(['focus:first=1']);
    await db.transaction((tx) => memories.save(sessionId, { kind: 'comment', key: 'c', value: { v: 'kept' }, source: {} }, tx));
    expect(await recalled()).toEqual(['comment:c=kept', 'focus:first=1']);
  });

  it('another process’s save is seen once its notice arrives; its session alone is read again', async () => {
    const other = await newSession();
    await save('focus', 'theirs', 'x', other);
    expect(await recalled()).toEqual(['focus:first=1']);
    expect(await recalled(other)).toEqual(['focus:theirs=x']);
    const before = recallReads();
    await savedElsewhere('second', '2');
    expect(await recalled()).toEqual(['focus:second=2', 'focus:first=1']);
    expect(await recalled(other)).toEqual(['focus:theirs=x']);
    expect(recallReads()).toBe(before + 1);
  });

  it('notices of this process’s own saves and of another schema forget nothing', async () => {
    expect(await recalled()).toEqual(['focus:first=1']);
    await save('focus', 'second', '2');
    await db.query('SELECT pg_notify($1, $2)', [MEMORIES_CHANNEL, `some_other_schema:${sessionId}:cqks elsewhere:1:x`]);
    await heard(`some_other_schema:${sessionId}:cqks elsewhere:1:x`);
    // Notices arrive in commit order: the save's own notice came before this one.
    expect(notices).toContain(`${schema}:${sessionId}:${db.sessionName}`);
    expect(await recalled()).toEqual(['focus:second=2', 'focus:first=1']);
    expect(recallReads()).toBe(1);
  });

  it('MEMORY_CACHE_SESSIONS=0 reads them every turn', async () => {
    const uncached = new MemoryStore({ db, cacheSessions: 0 });
    const stop = await uncached.followMemoryChanges();
    try {
      await uncached.recall(sessionId);
      await uncached.recall(sessionId);
      expect(recallReads()).toBe(2);
    } finally {
      await stop();
    }
  });
});
