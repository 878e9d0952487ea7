import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../../src/config.js';
import { SessionStore } from '../../../src/modules/chat/store.js';
import { EventHub } from '../../../src/modules/events/hub.js';
import type { EventKind } from '../../../src/modules/events/schemas.js';
import type { EventRow } from '../../../src/engine/runs/event-log.js';
import { EventStore } from '../../../src/engine/runs/event-store.js';
import { openStream } from '../../../src/modules/events/stream.js';
import type { RelationalStore } from '../../../src/stores/relational/index.js';
import { dropSchema, testConfig, uniqueName } from '../../support/config.js';
import { openTestRelationalStore } from '../../support/relational.js';

/** One NDJSON line of a stream. */
interface Frame {
  id: number;
  timestamp: string;
  event: EventKind;
  run_id: string | null;
  data: Record<string, unknown>;
}

/** How long a test waits for what it expects before it fails with what it got. */
const WAIT_MS = 10_000;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Rows appended by this process reach its open streams directly once committed
 * (EventStore.deliverLocally -> EventHub.offer -> the stream's pump); rows that do not follow
 * on from what a stream sent make it read from the store. Runs on PGlite, and on the real
 * PostgreSQL too when DATABASE_URL is set.
 */
describe(`local delivery of session events (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: RelationalStore;
  let config: Config;
  let dataDir: string;
  let sessions: SessionStore;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-local-delivery-'));
    config = testConfig(dataDir);
    db = await openTestRelationalStore(config);
    sessions = new SessionStore({ db: db });
  });
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  afterAll(async () => {
    await db?.close();
    await dropSchema(config);
    await rm(dataDir, { recursive: true, force: true });
  });

  const newSession = async () => (await sessions.create(db, uniqueName('owner'), 'local delivery', {})).id;

  /**
   * This process: an event store whose committed rows go to a hub (started: it also hears
   * NOTIFY; not started: it hears only what this process offers), and every delivery recorded.
   */
  async function processRig(options: { listen: boolean }) {
    const events = new EventStore({ db: db });
    const hub = new EventHub();
    if (options.listen) await hub.start(db);
    cleanups.push(() => hub.close());
    const deliveries: { sessionId: string; ids: number[] }[] = [];
    events.deliverLocally((sessionId, rows) => {
      deliveries.push({ sessionId, ids: rows.map((r) => Number(r.id)) });
      hub.offer(sessionId, rows);
    });
    const append = (sessionId: string, items: { kind: EventKind; data: Record<string, unknown>; runId?: string | null }[]) =>
      db.transaction((tx) => events.appendMany(tx, sessionId, items.map((e) => ({ kind: e.kind, data: e.data, runId: e.runId ?? null }))));
    return { events, hub, deliveries, append };
  }

  /** Another process: appends to the same tables, and this process hears nothing of it directly. */
  const otherProcess = () => {
    const events = new EventStore({ db: db });
    return (sessionId: string, count: number, kind: EventKind = 'step_started') =>
      db.transaction((tx) =>
        events.appendMany(
          tx,
          sessionId,
          range(1, count).map((i) => ({ kind, data: { node: `other${i}` }, runId: null })),
        ),
      );
  };

  /** Opens a stream into a PassThrough and parses its NDJSON lines as they arrive. */
  function openNdjson(rig: { events: EventStore; hub: EventHub }, sessionId: string, after = 0) {
    const sink = new PassThrough();
    const frames: Frame[] = [];
    const errors: unknown[] = [];
    const waiters = new Set<() => void>();
    let rest = '';
    sink.on('data', (chunk: Buffer) => {
      rest += chunk.toString('utf8');
      const lines = rest.split('\n');
      rest = lines.pop()!;
      for (const line of lines) if (line.trim() !== '') frames.push(JSON.parse(line) as Frame);
      for (const waiter of [...waiters]) waiter();
    });
    const stream = openStream(sink, {
      sessionId,
      after,
      format: 'ndjson',
      heartbeatMs: 60_000,
      hub: rig.hub,
      store: rig.events,
      onError: (error) => errors.push(error),
    });
    cleanups.push(async () => {
      stream.end();
      await stream.done;
    });
    /** Resolves once the frames received satisfy `done`; fails with what came when they do not in time. */
    const until = (done: (frames: Frame[]) => boolean, what: string) =>
      new Promise<Frame[]>((resolve, reject) => {
        const check = () => {
          if (!done(frames)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve([...frames]);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`waited for ${what}; got ids ${JSON.stringify(frames.map((f) => f.id))}, errors ${String(errors)}`));
        }, WAIT_MS);
        waiters.add(check);
        check();
      });
    return {
      frames,
      errors,
      stream,
      ids: () => frames.map((f) => f.id),
      /** Resolves once `count` frames have arrived. */
      waitFor: (count: number) => until((f) => f.length >= count, `${count} frames`),
      /** Resolves once the frame with this id has arrived. */
      waitForId: (id: number) => until((f) => f.some((x) => x.id === id), `id ${id}`),
    };
  }

  /** Resolves when the hub wakes the session's streams for ids up to at least `upTo` (its NOTIFY came in). */
  const notified = (hub: EventHub, sessionId: string, upTo: number) => {
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error(`no notification up to ${upTo}`));
      }, WAIT_MS);
      const unsubscribe = hub.subscribe(sessionId, {
        wake: (id) => {
          if (id !== undefined && id < upTo) return;
          clearTimeout(timer);
          unsubscribe();
          resolve();
        },
        offer: () => undefined,
      });
    });
    // Awaited later: a timeout before then is not an unhandled rejection (awaiting it still throws).
    heard.catch(() => undefined);
    return heard;
  };

  describe('(a) rows committed by this process', () => {
    it('reach the stream only after the commit, in order, once each, also after the NOTIFY for them', async () => {
      const rig = await processRig({ listen: true });
      const session = await newSession();
      const client = openNdjson(rig, session);
      await rig.append(session, [{ kind: 'run_queued', data: { workflow: 'ask' }, runId: 'r1' }]);
      await client.waitFor(1);
      // The NOTIFYs must come after the stream subscribed, so it sees them too.
      const notifiedAll = notified(rig.hub, session, 5);

      const before = rig.deliveries.length;
      let seenInside: { deliveries: number; frames: number } | undefined;
      await db.transaction(async (tx) => {
        await rig.events.appendMany(tx, session, [
          { kind: 'run_started', data: { workflow: 'ask', attempt: 1 }, runId: 'r1' },
          { kind: 'step_started', data: { node: 'plan', run_id: 'r1' }, runId: 'r1' },
          { kind: 'step_completed', data: { node: 'plan', query_type: 'none' }, runId: 'r1' },
        ]);
        await rig.events.append(tx, session, 'answer_ready', { text: 'done', rows: [1, 2, 3] }, 'r1');
        // More round trips in the same transaction: time for anything that would (wrongly) run before the commit.
        await tx.query('SELECT 1');
        await tx.query('SELECT 2');
        seenInside = { deliveries: rig.deliveries.length - before, frames: client.frames.length };
      });
      expect(seenInside).toEqual({ deliveries: 0, frames: 1 });

      const frames = await client.waitFor(5);
      expect(frames.map((f) => [f.id, f.event])).toEqual([
        [1, 'run_queued'],
        [2, 'run_started'],
        [3, 'step_started'],
        [4, 'step_completed'],
        [5, 'answer_ready'],
      ]);
      expect(frames.every((f) => f.run_id === 'r1')).toBe(true);
      expect(frames[4]!.data).toEqual({ text: 'done', rows: [1, 2, 3] });
      // One delivery per statement, in the order they ran.
      expect(rig.deliveries.slice(before)).toEqual([
        { sessionId: session, ids: [2, 3, 4] },
        { sessionId: session, ids: [5] },
      ]);

      // The NOTIFYs for the same ids arrive (before or after the offers): they add nothing.
      await notifiedAll;
      await rig.append(session, [{ kind: 'run_completed', data: { workflow: 'ask', output: {} }, runId: 'r1' }]);
      await client.waitForId(6);
      expect(client.ids()).toEqual(range(1, 6));
      expect(client.errors).toEqual([]);
    });

    it('are written directly: no read back from the store (hub hearing only this process)', async () => {
      const rig = await processRig({ listen: false });
      const session = await newSession();
      const reads = vi.spyOn(rig.events, 'list');
      const client = openNdjson(rig, session);
      // The opening replay reads once (nothing there yet).
      expect(reads).toHaveBeenCalledTimes(1);
      await reads.mock.results[0]!.value;

      for (let i = 1; i <= 5; i++) await rig.append(session, [{ kind: 'step_started', data: { node: `n${i}` } }]);
      await rig.append(session, range(6, 10).map((i) => ({ kind: 'step_completed' as const, data: { node: `n${i}`, query_type: 'none' } })));
      const frames = await client.waitFor(10);
      expect(frames.map((f) => f.id)).toEqual(range(1, 10));
      expect(frames.map((f) => f.data.node)).toEqual(range(1, 10).map((i) => `n${i}`));
      expect(reads).toHaveBeenCalledTimes(1);
      reads.mockRestore();
    });

    it('frames sent directly are the same as the ones read back from the store', async () => {
      const rig = await processRig({ listen: true });
      const session = await newSession();
      const live = openNdjson(rig, session);
      const data = [
        { text: 'Zürich — 東京 ✓', nested: { list: [1, 2.5, -3, null, true], empty: {} }, z: 1, a: 2 },
        { big: 9007199254740991, small: 1e-7, quote: '"\\\n' },
      ];
      await db.transaction(async (tx) => {
        await rig.events.append(tx, session, 'tool_executed', data[0]!, 'r9');
        await rig.events.appendMany(tx, session, [
          { kind: 'query_generated', data: data[1]!, runId: null },
          { kind: 'step_completed', data: {}, runId: 'r9' },
        ]);
      });
      const direct = await live.waitFor(3);
      const replayed = await openNdjson(rig, session).waitFor(3);
      expect(direct).toEqual(replayed);
      expect(direct.map((f) => [f.id, f.event, f.run_id])).toEqual([
        [1, 'tool_executed', 'r9'],
        [2, 'query_generated', null],
        [3, 'step_completed', 'r9'],
      ]);
      expect(direct[0]!.data).toEqual(data[0]);
      expect(direct[1]!.data).toEqual(data[1]);
    });

    it('every stream of the session gets them, whatever it started from', async () => {
      const rig = await processRig({ listen: true });
      const session = await newSession();
      await rig.append(session, range(1, 3).map((i) => ({ kind: 'step_started' as const, data: { node: `n${i}` } })));
      const fromStart = openNdjson(rig, session, 0);
      const fromTwo = openNdjson(rig, session, 2);
      const fromNow = openNdjson(rig, session, 3);
      await Promise.all([fromStart.waitFor(3), fromTwo.waitFor(1)]);
      const otherSession = await newSession();
      const elsewhere = openNdjson(rig, otherSession);

      await rig.append(session, [{ kind: 'step_completed', data: { node: 'n4', query_type: 'none' } }]);
      await rig.append(session, [{ kind: 'answer_ready', data: { text: 'x' } }]);
      await Promise.all([fromStart.waitForId(5), fromTwo.waitForId(5), fromNow.waitForId(5)]);
      expect(fromStart.ids()).toEqual(range(1, 5));
      expect(fromTwo.ids()).toEqual(range(3, 5));
      expect(fromNow.ids()).toEqual([4, 5]);

      // A stream of another session hears none of it: its own first event is its first frame.
      await rig.append(otherSession, [{ kind: 'session_created', data: { owner: 'o', title: null } }]);
      expect((await elsewhere.waitFor(1)).map((f) => [f.id, f.event])).toEqual([[1, 'session_created']]);
      expect(elsewhere.frames).toHaveLength(1);
    });
  });

  describe('(b) rows of a transaction that rolls back', () => {
    it('never reach the stream, and the delivery is not called', async () => {
      const rig = await processRig({ listen: true });
      const session = await newSession();
      const client = openNdjson(rig, session);
      await rig.append(session, [{ kind: 'run_queued', data: { workflow: 'ask' } }]);
      await client.waitFor(1);
      const before = rig.deliveries.length;

      await expect(
        db.transaction(async (tx) => {
          await rig.events.appendMany(tx, session, [
            { kind: 'run_started', data: { doomed: 1 }, runId: 'r' },
            { kind: 'step_started', data: { doomed: 2 }, runId: 'r' },
          ]);
          await rig.events.append(tx, session, 'run_failed', { doomed: 3 }, 'r');
          throw new Error('lease lost');
        }),
      ).rejects.toThrow('lease lost');
      // A transaction the database aborts (a failing statement after the appends).
      await expect(
        db.transaction(async (tx) => {
          await rig.events.append(tx, session, 'run_failed', { doomed: 4 }, 'r');
          await tx.query('SELECT 1 / 0');
        }),
      ).rejects.toThrow();
      expect(rig.deliveries.length).toBe(before);

      // The next committed event takes id 2 (the rolled-back ids were never used); it is what the stream gets.
      const notifiedSentinel = notified(rig.hub, session, 2);
      await rig.append(session, [{ kind: 'run_cancelled', data: { workflow: 'ask', by: 'owner' } }]);
      await notifiedSentinel;
      const frames = await client.waitForId(2);
      expect(frames.map((f) => [f.id, f.event, f.data])).toEqual([
        [1, 'run_queued', { workflow: 'ask' }],
        [2, 'run_cancelled', { workflow: 'ask', by: 'owner' }],
      ]);
      expect(rig.deliveries.slice(before)).toEqual([{ sessionId: session, ids: [2] }]);
      expect(client.frames.some((f) => 'doomed' in f.data)).toBe(false);
      expect(client.errors).toEqual([]);
    });
  });

  describe('(c) offered rows that do not follow on directly', () => {
    it('events committed elsewhere first: the offer after them makes the stream read the gap from the store', async () => {
      const rig = await processRig({ listen: false });
      const other = otherProcess();
      const session = await newSession();
      const reads = vi.spyOn(rig.events, 'list');
      const client = openNdjson(rig, session);
      await rig.append(session, [{ kind: 'run_queued', data: { workflow: 'ask' } }]);
      await client.waitFor(1);

      // Nobody tells this stream about 2..4 (no NOTIFY heard): it still has sent only 1.
      await other(session, 3);
      const readsBefore = reads.mock.calls.length;
      await rig.append(session, [
        { kind: 'step_completed', data: { node: 'mine5', query_type: 'none' } },
        { kind: 'step_completed', data: { node: 'mine6', query_type: 'none' } },
      ]);
      const frames = await client.waitFor(6);
      expect(frames.map((f) => [f.id, f.event, f.data.node ?? null])).toEqual([
        [1, 'run_queued', null],
        [2, 'step_started', 'other1'],
        [3, 'step_started', 'other2'],
        [4, 'step_started', 'other3'],
        [5, 'step_completed', 'mine5'],
        [6, 'step_completed', 'mine6'],
      ]);
      expect(reads.mock.calls.slice(readsBefore).map((call) => call[1].after)).toContain(1);

      // Following on again: directly.
      const readsNow = reads.mock.calls.length;
      await rig.append(session, [{ kind: 'answer_ready', data: { text: 'ok' } }]);
      await client.waitForId(7);
      expect(client.ids()).toEqual(range(1, 7));
      expect(reads.mock.calls.length).toBe(readsNow);
      reads.mockRestore();
    });

    it('rows offered by hand beyond last+1 make the stream read from the store; rows already sent are ignored', async () => {
      const rig = await processRig({ listen: false });
      const other = otherProcess();
      const session = await newSession();
      await other(session, 4);
      const client = openNdjson(rig, session);
      await client.waitFor(4); // the opening replay
      await other(session, 3); // 5..7, unheard of

      const stored = await rig.events.list(session, { after: 0 }, 100);
      expect(stored.map((r) => Number(r.id))).toEqual(range(1, 7));
      // Already sent: nothing happens.
      rig.hub.offer(session, stored.slice(0, 4));
      rig.hub.offer(session, stored.slice(2, 3));
      // A row whose id is beyond last + 1, changed on purpose: the stream reads 5..7 from the store instead.
      const forged: EventRow = { ...stored[6]!, kind: 'run_failed', data: { forged: true } };
      rig.hub.offer(session, [forged]);
      const frames = await client.waitForId(7);
      expect(frames.map((f) => [f.id, f.event, f.data])).toEqual(
        stored.map((r) => [Number(r.id), r.kind, r.data]),
      );

      // Offering the ones just sent again, then one more real event: still no duplicate.
      rig.hub.offer(session, stored.slice(4));
      await rig.append(session, [{ kind: 'answer_ready', data: { text: 'end' } }]);
      await client.waitForId(8);
      expect(client.ids()).toEqual(range(1, 8));
      expect(client.frames.at(-1)).toMatchObject({ id: 8, event: 'answer_ready' });
      expect(client.errors).toEqual([]);
    });

    it('rows offered while the stream is reading are not lost: it reads again after', async () => {
      const rig = await processRig({ listen: false });
      const other = otherProcess();
      const session = await newSession();
      await other(session, 2);
      // The opening read (the real one) answers 1..2, but is handed back only once the offer came in.
      const list = rig.events.list.bind(rig.events);
      let offerCame!: () => void;
      const offered = new Promise<void>((resolve) => (offerCame = resolve));
      // The read has its rows before the next commit (on PostgreSQL its SELECT could otherwise run after it).
      let readDone!: () => void;
      const read = new Promise<void>((resolve) => (readDone = resolve));
      const reads = vi.spyOn(rig.events, 'list').mockImplementationOnce(async (...args) => {
        const rows = await list(...args);
        readDone();
        await offered;
        return rows;
      });
      const client = openNdjson(rig, session);
      expect(reads).toHaveBeenCalledTimes(1);
      const firstRead = reads.mock.results[0]!.value as Promise<EventRow[]>;
      await read;

      await rig.append(session, [
        { kind: 'step_completed', data: { node: 'mine3', query_type: 'none' } },
        { kind: 'answer_ready', data: { text: 'mine4' } },
      ]);
      expect(rig.deliveries.map((d) => d.ids)).toEqual([[3, 4]]);
      offerCame();
      expect((await firstRead).map((r) => Number(r.id))).toEqual([1, 2]);
      const frames = await client.waitFor(4);
      expect(frames.map((f) => [f.id, f.event])).toEqual([
        [1, 'step_started'],
        [2, 'step_started'],
        [3, 'step_completed'],
        [4, 'answer_ready'],
      ]);
      await rig.append(session, [{ kind: 'run_completed', data: { workflow: 'ask', output: {} } }]);
      await client.waitForId(5);
      expect(client.ids()).toEqual(range(1, 5));
      reads.mockRestore();
    });

    it('events committed by another process reach the stream through the NOTIFY alone; local rows then follow on', async () => {
      const rig = await processRig({ listen: true });
      const other = otherProcess();
      const session = await newSession();
      const client = openNdjson(rig, session);
      await rig.append(session, [{ kind: 'run_queued', data: { workflow: 'ask' } }]);
      await client.waitFor(1);
      await other(session, 3);
      await client.waitForId(4);
      await rig.append(session, [{ kind: 'answer_ready', data: { text: 'mine' } }]);
      await client.waitForId(5);
      expect(client.frames.map((f) => [f.id, f.event])).toEqual([
        [1, 'run_queued'],
        [2, 'step_started'],
        [3, 'step_started'],
        [4, 'step_started'],
        [5, 'answer_ready'],
      ]);
      expect(rig.deliveries.map((d) => d.ids)).toEqual([[1], [5]]);
    });

    it('a run’s end a stream read from the store (not offered here) is known to runEnded by the time the client has it', async () => {
      const rig = await processRig({ listen: true });
      const other = otherProcess();
      const session = await newSession();
      const client = openNdjson(rig, session);
      await other(session, 2, 'step_completed');
      await client.waitForId(2);
      expect(rig.hub.runEnded(session)).toBe(false);
      // As when this process's own notice wakes the stream before its commit is offered.
      await other(session, 1, 'run_completed');
      await client.waitForId(3);
      expect(rig.hub.runEnded(session)).toBe(true);
      await other(session, 1, 'message_received');
      await client.waitForId(4);
      expect(rig.hub.runEnded(session)).toBe(false);
      expect(rig.deliveries).toEqual([]);
    });

    it('events appended while the stream is still replaying a backlog: every event once, in id order', async () => {
      const rig = await processRig({ listen: true });
      const other = otherProcess();
      const session = await newSession();
      await other(session, 450); // more than one read's worth (200)
      const client = openNdjson(rig, session);
      const total = 450 + 3 * 6 * 2;
      const notifiedAll = notified(rig.hub, session, total);
      // Three writers of this process race the replay (offers arrive while the stream is reading).
      await Promise.all(
        [0, 1, 2].map(async (w) => {
          for (let i = 0; i < 6; i++) {
            await rig.append(session, [
              { kind: 'step_started', data: { node: `w${w}-${i}` } },
              { kind: 'step_completed', data: { node: `w${w}-${i}`, query_type: 'none' } },
            ]);
          }
        }),
      );
      await client.waitFor(total);
      // After the last NOTIFY, one more event: anything sent twice would come before it.
      await notifiedAll;
      await rig.append(session, [{ kind: 'answer_ready', data: { text: 'last' } }]);
      await client.waitForId(total + 1);
      expect(client.ids()).toEqual(range(1, total + 1));
      // Each writer's pairs in the order it wrote them.
      for (const w of [0, 1, 2]) {
        const mine = client.frames.filter((f) => String(f.data.node ?? '').startsWith(`w${w}-`)).map((f) => `${f.data.node}:${f.event}`);
        expect(mine).toEqual(range(0, 5).flatMap((i) => [`w${w}-${i}:step_started`, `w${w}-${i}:step_completed`]));
      }
      expect(client.errors).toEqual([]);
    });
  });

  describe('(d) a stream opened with `after`', () => {
    it('replays only what comes after, then follows live', async () => {
      const rig = await processRig({ listen: true });
      const session = await newSession();
      await rig.append(session, range(1, 6).map((i) => ({ kind: 'step_started' as const, data: { node: `old${i}` } })));

      const client = openNdjson(rig, session, 4);
      const replayed = await client.waitFor(2);
      expect(replayed.map((f) => [f.id, f.data.node])).toEqual([
        [5, 'old5'],
        [6, 'old6'],
      ]);

      const notifiedAll = notified(rig.hub, session, 9);
      await db.transaction((tx) => rig.events.append(tx, session, 'step_completed', { node: 'new7', query_type: 'none' }));
      await rig.append(session, [
        { kind: 'step_completed', data: { node: 'new8', query_type: 'none' } },
        { kind: 'answer_ready', data: { text: 'new9' } },
      ]);
      await client.waitForId(9);
      await notifiedAll;
      await rig.append(session, [{ kind: 'run_completed', data: { workflow: 'ask', output: {} } }]);
      await client.waitForId(10);
      expect(client.frames.map((f) => [f.id, f.event])).toEqual([
        [5, 'step_started'],
        [6, 'step_started'],
        [7, 'step_completed'],
        [8, 'step_completed'],
        [9, 'answer_ready'],
        [10, 'run_completed'],
      ]);
      expect(client.errors).toEqual([]);
    });

    it('with `after` at the last id, sends nothing old; with rows committed during the opening replay, misses none', async () => {
      const rig = await processRig({ listen: true });
      const session = await newSession();
      await rig.append(session, range(1, 3).map((i) => ({ kind: 'step_started' as const, data: { node: `old${i}` } })));
      const atEnd = openNdjson(rig, session, 3);
      // Committed while the stream's opening read may still be under way.
      const racing = rig.append(session, [{ kind: 'step_completed', data: { node: 'race4', query_type: 'none' } }]);
      const mid = openNdjson(rig, session, 1);
      await racing;
      await rig.append(session, [{ kind: 'answer_ready', data: { text: 'five' } }]);
      await Promise.all([atEnd.waitForId(5), mid.waitForId(5)]);
      expect(atEnd.ids()).toEqual([4, 5]);
      expect(mid.ids()).toEqual([2, 3, 4, 5]);
    });
  });
});
