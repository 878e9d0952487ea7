import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../src/config.js';
import { EVENTS_CHANNEL } from '../../../src/engine/runs/event-log.js';
import type { EventRow } from '../../../src/engine/runs/event-log.js';
import type { EventKind } from '../../../src/engine/contracts/event-kinds.js';
import { EventHub } from '../../../src/modules/events/hub.js';
import type { RelationalStore } from '../../../src/stores/relational/index.js';
import { dropSchema, testConfig } from '../../support/config.js';
import { openTestRelationalStore } from '../../support/relational.js';

/**
 * The hub knows which sessions with an open stream here had their last run end, as far as
 * this process has seen: a message to them need not read whether a run is under way.
 */
describe('sessions whose last run ended (EventHub.runEnded)', () => {
  let db: RelationalStore;
  let config: Config;
  let dataDir: string;
  let hub: EventHub;
  let stopListening: () => Promise<void>;
  let waiter: ((payload: string) => void) | undefined;
  /** Announces events of the session up to `upTo`, as a process does; resolves once the hub has heard it (it listened first). */
  const announce = async (sessionId: string, upTo: number) => {
    const marker = `${randomUUID()}:0`;
    const heard = new Promise<void>((resolve) => (waiter = (payload) => payload === marker && resolve()));
    await db.query('SELECT pg_notify($1, $2), pg_notify($1, $3)', [EVENTS_CHANNEL, `${sessionId}:${upTo}`, marker]);
    await heard;
  };
  const rows = (sessionId: string, ...events: [number, EventKind][]): EventRow[] =>
    events.map(([id, kind]) => ({ session_id: sessionId, id, run_id: 'r', kind, data: {}, created_at: new Date() }));
  const listener = { wake: () => undefined, offer: () => undefined };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-run-ended-'));
    config = testConfig(dataDir);
    db = await openTestRelationalStore(config);
    hub = new EventHub();
    await hub.start(db);
    stopListening = await db.listen(EVENTS_CHANNEL, (payload) => waiter?.(payload), () => undefined);
  });
  afterAll(async () => {
    await stopListening?.();
    await hub?.close();
    await db?.close();
    await dropSchema(config);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is known after this process committed a run’s end, until a later event is committed or announced', async () => {
    const session = randomUUID();
    const unsubscribe = hub.subscribe(session, listener);
    hub.offer(session, rows(session, [4, 'step_completed'], [5, 'run_completed']));
    expect(hub.runEnded(session)).toBe(true);
    // Its own notice (and older ones) change nothing.
    await announce(session, 5);
    await announce(session, 3);
    expect(hub.runEnded(session)).toBe(true);
    // Another process's later event.
    await announce(session, 6);
    expect(hub.runEnded(session)).toBe(false);

    hub.offer(session, rows(session, [7, 'run_failed']));
    expect(hub.runEnded(session)).toBe(true);
    hub.offer(session, rows(session, [8, 'message_received'], [9, 'run_queued']));
    expect(hub.runEnded(session)).toBe(false);
    hub.offer(session, rows(session, [10, 'run_cancelled']));
    unsubscribe();
    expect(hub.runEnded(session)).toBe(false);
  });

  it('is known after a stream here read a run’s end from the store that no later event had passed (a notice may wake it before the commit is offered)', async () => {
    const session = randomUUID();
    const unsubscribe = hub.subscribe(session, listener);
    // The notice of this process's own commit came first; the stream read the rows it announced.
    await announce(session, 3);
    expect(hub.runEnded(session)).toBe(false);
    hub.read(session, rows(session, [2, 'step_completed'], [3, 'run_completed']));
    expect(hub.runEnded(session)).toBe(true);
    // The same rows offered afterwards change nothing.
    hub.offer(session, rows(session, [2, 'step_completed'], [3, 'run_completed']));
    expect(hub.runEnded(session)).toBe(true);
    // A read that began before a later event and ends below it is old news, as is an older offer.
    await announce(session, 5);
    hub.read(session, rows(session, [4, 'run_completed']));
    hub.offer(session, rows(session, [4, 'run_cancelled']));
    expect(hub.runEnded(session)).toBe(false);
    hub.read(session, rows(session, [5, 'run_failed']));
    expect(hub.runEnded(session)).toBe(true);
    // A notice whose id cannot be read may be of something later.
    await announce(session, Number.NaN);
    expect(hub.runEnded(session)).toBe(false);
    unsubscribe();
  });

  it('is not kept for a session without an open stream here', async () => {
    const session = randomUUID();
    hub.offer(session, rows(session, [2, 'run_completed']));
    hub.read(session, rows(session, [2, 'run_completed']));
    expect(hub.runEnded(session)).toBe(false);
  });
});
