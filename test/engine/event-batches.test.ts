import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { EventStore } from '../../src/engine/runs/event-store.js';
import type { EventKind } from '../../src/engine/contracts/event-kinds.js';
import { SessionStore } from '../../src/modules/chat/store.js';
import { m017EventBatches } from '../../src/stores/relational/migrations/017-event-batches.js';
import type { RelationalStore } from '../../src/stores/relational/index.js';
import { dropSchema, testConfig, uniqueName } from '../support/config.js';
import { openTestRelationalStore } from '../support/relational.js';

/**
 * Session events are stored in the batches they are appended in (one row per commit and run),
 * and read back one per event: ids gapless and in order, filters by kind and run, a cursor or a
 * page ending inside a batch. On PGlite, and on the real PostgreSQL when DATABASE_URL is set.
 */
describe(`session events in batches (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: RelationalStore;
  let config: Config;
  let dataDir: string;
  let events: EventStore;
  let sessions: SessionStore;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-event-batches-'));
    config = testConfig(dataDir);
    db = await openTestRelationalStore(config);
    events = new EventStore({ db });
    sessions = new SessionStore({ db });
  });
  afterAll(async () => {
    await db?.close();
    await dropSchema(config);
    await rm(dataDir, { recursive: true, force: true });
  });

  const newSession = async () => (await sessions.create(db, uniqueName('owner'), 'batches', {})).id;
  const append = (sessionId: string, items: [EventKind, string | null, Record<string, unknown>?][]) =>
    db.transaction((tx) => events.appendMany(tx, sessionId, items.map(([kind, runId, data]) => ({ kind, runId, data: data ?? {} }))));
  const brief = (rows: { id: number; kind: string; run_id: string | null }[]) => rows.map((r) => `${Number(r.id)} ${r.kind} ${r.run_id ?? '-'}`);

  it('appends consecutive events of one run as one batch, and reads them back one per event, in order', async () => {
    const sessionId = await newSession();
    const appended = await append(sessionId, [
      ['message_received', null, { content: 'hi' }],
      ['run_queued', 'r1'],
      ['run_started', 'r1'],
      ['step_started', 'r2', { node: 'a' }],
    ]);
    expect(brief(appended)).toEqual(['1 message_received -', '2 run_queued r1', '3 run_started r1', '4 step_started r2']);
    const batches = await db.query<{ first_id: number; last_id: number; run_id: string | null }>(
      'SELECT first_id, last_id, run_id FROM session_event_batches WHERE session_id = $1 ORDER BY last_id',
      [sessionId],
    );
    expect(batches.rows.map((b) => `${Number(b.first_id)}-${Number(b.last_id)} ${b.run_id ?? '-'}`)).toEqual(['1-1 -', '2-3 r1', '4-4 r2']);

    const read = await events.list(sessionId, { after: 0 }, 100);
    expect(brief(read)).toEqual(brief(appended));
    expect(read.map((r) => r.data)).toEqual(appended.map((r) => r.data));
    // What this process was handed is what the store holds, times included.
    expect(read.map((r) => r.created_at.getTime())).toEqual(appended.map((r) => r.created_at.getTime()));
    // The view of one row per event, for reading by hand, agrees.
    const view = await db.query<{ id: number; kind: string; run_id: string | null }>('SELECT id, kind, run_id FROM session_events WHERE session_id = $1 ORDER BY id', [sessionId]);
    expect(brief(view.rows)).toEqual(brief(appended));
  });

  it('a cursor or a page may end inside a batch; kind and run filters read the events they name', async () => {
    const sessionId = await newSession();
    await append(sessionId, [['session_created', null]]);
    await append(sessionId, [
      ['run_started', 'r1'],
      ['step_started', 'r1', { node: 'a' }],
      ['tool_executed', 'r1', { node: 'a' }],
      ['step_completed', 'r1', { node: 'a' }],
    ]);
    await append(sessionId, [
      ['step_started', 'r1', { node: 'b' }],
      ['answer_ready', 'r1', { node: 'b' }],
    ]);
    await append(sessionId, [['run_started', 'r2'], ['step_started', 'r2', { node: 'a' }]]);

    expect(brief(await events.list(sessionId, { after: 3 }, 3))).toEqual(['4 tool_executed r1', '5 step_completed r1', '6 step_started r1']);
    expect(brief(await events.list(sessionId, { after: 6 }, 100))).toEqual(['7 answer_ready r1', '8 run_started r2', '9 step_started r2']);
    expect(brief(await events.list(sessionId, { after: 0, kind: 'step_started' }, 2))).toEqual(['3 step_started r1', '6 step_started r1']);
    expect(brief(await events.list(sessionId, { after: 3, kind: 'step_started', runId: 'r1' }, 10))).toEqual(['6 step_started r1']);
    expect(brief(await events.list(sessionId, { after: 0, runId: 'r2' }, 10))).toEqual(['8 run_started r2', '9 step_started r2']);
    expect(await events.list(sessionId, { after: 9 }, 10)).toEqual([]);
    expect(await events.publishedByRun(sessionId, 'r1', ['step_started', 'answer_ready'])).toEqual(new Set(['step_started:a', 'step_started:b', 'answer_ready:b']));
  });

  it('migration 17 moves events stored one per row into batches of one, ids, times and data kept', async () => {
    const schema = `m17_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    try {
      await db.transaction(async (tx) => {
        await tx.query(`CREATE SCHEMA ${schema}`);
        await tx.query(`SET LOCAL search_path TO ${schema}, public`);
        // session_events as migrations 4, 7 and 8 left it.
        await tx.query(`CREATE TABLE session_events (
          session_id uuid NOT NULL, id bigint NOT NULL, run_id text, kind text NOT NULL, data jsonb NOT NULL,
          created_at timestamptz NOT NULL DEFAULT clock_timestamp(), PRIMARY KEY (session_id, id))`);
        await tx.query(`CREATE INDEX session_events_run ON session_events (session_id, run_id, id) WHERE run_id IS NOT NULL`);
        const session = randomUUID();
        await tx.query(
          `INSERT INTO session_events (session_id, id, run_id, kind, data, created_at) VALUES
             ($1, 1, NULL, 'session_created', '{"owner":"o"}', '2026-01-01T00:00:00Z'),
             ($1, 2, 'r1', 'run_queued', '{"workflow":"ask"}', '2026-01-01T00:00:01Z'),
             ($1, 3, 'r1', 'answer_ready', '{"node":"answer","text":"42"}', '2026-01-01T00:00:02Z')`,
          [session],
        );
        await tx.exec(m017EventBatches.sql);
        const moved = await tx.query<{ first_id: number; last_id: number; run_id: string | null; events: unknown; created_at: Date }>(
          'SELECT first_id, last_id, run_id, events, created_at FROM session_event_batches ORDER BY last_id',
        );
        expect(moved.rows.map((b) => [Number(b.first_id), Number(b.last_id), b.run_id, b.events, b.created_at.toISOString()])).toEqual([
          [1, 1, null, [{ kind: 'session_created', data: { owner: 'o' } }], '2026-01-01T00:00:00.000Z'],
          [2, 2, 'r1', [{ kind: 'run_queued', data: { workflow: 'ask' } }], '2026-01-01T00:00:01.000Z'],
          [3, 3, 'r1', [{ kind: 'answer_ready', data: { node: 'answer', text: '42' } }], '2026-01-01T00:00:02.000Z'],
        ]);
        const view = await tx.query<{ id: number; kind: string; data: unknown }>('SELECT id, kind, data FROM session_events ORDER BY id');
        expect(view.rows.map((r) => [Number(r.id), r.kind, r.data])).toEqual([
          [1, 'session_created', { owner: 'o' }],
          [2, 'run_queued', { workflow: 'ask' }],
          [3, 'answer_ready', { node: 'answer', text: '42' }],
        ]);
        throw new Error('rolled back on purpose');
      });
    } catch (error) {
      if ((error as Error).message !== 'rolled back on purpose') throw error;
    }
  });
});
