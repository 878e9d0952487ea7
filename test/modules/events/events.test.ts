import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { uniqueName } from '../../support/config.js';
import { openEventStream } from '../../support/event-stream.js';

describe('session events and the live stream', () => {
  let t: TestApp;
  let base: string;
  let owner: string;
  const sub = uniqueName('streamer');
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp({ env: { STREAM_MAX_PER_SUBJECT: '3', STREAM_HEARTBEAT_MS: '1000' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    owner = await t.token(['user'], sub);
  });
  afterAll(() => t.close());

  const newSession = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(owner), payload: { title: 'events' } })).json()
      .session_id as string;

  it('records session_created and lists events, filtered and paginated; others get 404', async () => {
    const id = await newSession();
    for (let i = 0; i < 4; i++) await t.app.services.events.publish(id, 'step_started', { node: `n${i}`, run_id: 'r1' }, 'r1');
    await t.app.services.events.publish(id, 'tool_executed', { tool_name: 'graph_query', success: true }, 'r2');
    const all = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/${id}/events?limit=100`, headers: auth(owner) })).json();
    expect(all.items.map((e: { id: number }) => e.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all.items[0]).toMatchObject({ event: 'session_created', data: { owner: sub, title: 'events' } });
    expect(all.items[0].timestamp).toMatch(/Z$/);
    const tools = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/${id}/events?kind=tool_executed`, headers: auth(owner) })).json();
    expect(tools.items).toEqual([expect.objectContaining({ id: 6, run_id: 'r2', data: { tool_name: 'graph_query', success: true } })]);
    const run1 = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/${id}/events?run_id=r1`, headers: auth(owner) })).json();
    expect(run1.items).toHaveLength(4);
    const page1 = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/${id}/events?limit=4`, headers: auth(owner) })).json();
    const page2 = (
      await t.app.inject({ method: 'GET', url: `/api/v1/chat/${id}/events?limit=4&cursor=${page1.next_cursor}`, headers: auth(owner) })
    ).json();
    expect([...page1.items, ...page2.items].map((e: { id: number }) => e.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(page2.next_cursor).toBeNull();
    const stranger = await t.token(['user'], uniqueName('stranger'));
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/chat/${id}/events`, headers: auth(stranger) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/chat/${id}/events?kind=nope`, headers: auth(owner) })).statusCode).toBe(400);
  });

  it('SSE: replays, then continues live with no gap and no duplicate while events are published concurrently', async () => {
    const id = await newSession();
    for (let i = 0; i < 3; i++) await t.app.services.events.publish(id, 'step_started', { node: `before${i}`, run_id: 'r' }, 'r');
    const stream = await openEventStream(`${base}/api/v1/chat/${id}/stream`, auth(owner));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    // Publishing races the replay: 30 events from 3 concurrent publishers.
    await Promise.all(
      [0, 1, 2].map(async (p) => {
        for (let i = 0; i < 10; i++) await t.app.services.events.publish(id, 'step_completed', { node: `p${p}-${i}`, query_type: 'none' });
      }),
    );
    const events = await stream.waitFor(34);
    expect(events.map((e) => e.id)).toEqual(Array.from({ length: 34 }, (_, i) => i + 1));
    expect(events[0]!.event).toBe('session_created');
    expect(events[33]!.data).toMatchObject({ id: 34, event: 'step_completed' });
    stream.close();

    // Resume from Last-Event-ID: only what came after.
    await t.app.services.events.publish(id, 'answer_ready', { text: 'done' });
    const resumed = await openEventStream(`${base}/api/v1/chat/${id}/stream`, { ...auth(owner), 'last-event-id': '33' });
    const again = await resumed.waitFor(2);
    expect(again.map((e) => e.id)).toEqual([34, 35]);
    resumed.close();
    const viaQuery = await openEventStream(`${base}/api/v1/chat/${id}/stream?after=34`, auth(owner));
    expect((await viaQuery.waitFor(1)).map((e) => e.id)).toEqual([35]);
    viaQuery.close();
  });

  it('NDJSON when asked, with heartbeats', async () => {
    const id = await newSession();
    const stream = await openEventStream(`${base}/api/v1/chat/${id}/stream`, auth(owner), 'ndjson');
    expect(stream.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    await t.app.services.events.publish(id, 'tool_executed', { tool_name: 'x', success: false });
    const events = await stream.waitFor(2);
    expect(events.map((e) => e.event)).toEqual(['session_created', 'tool_executed']);
    expect(events[1]!.data).toMatchObject({ id: 2, data: { tool_name: 'x', success: false } });
    // An empty line every STREAM_HEARTBEAT_MS (1 s here) keeps proxies from closing an idle stream.
    await stream.waitForHeartbeats(1);
    stream.close();
  });

  it('SSE heartbeats are comments between events, not events', async () => {
    const id = await newSession();
    const stream = await openEventStream(`${base}/api/v1/chat/${id}/stream`, auth(owner));
    await stream.waitFor(1);
    await stream.waitForHeartbeats(2);
    await t.app.services.events.publish(id, 'step_started', { node: 'n', run_id: 'r' }, 'r');
    const events = await stream.waitFor(2);
    expect(events.map((e) => [e.id, e.event])).toEqual([
      [1, 'session_created'],
      [2, 'step_started'],
    ]);
    expect(stream.heartbeats).toBeGreaterThanOrEqual(2);
    stream.close();
  });

  it('refuses a bad Last-Event-ID, someone else’s session, and more streams than the limit', async () => {
    const id = await newSession();
    const bad = await fetch(`${base}/api/v1/chat/${id}/stream`, { headers: { ...auth(owner), 'last-event-id': 'abc' } });
    expect(bad.status).toBe(400);
    const stranger = await t.token(['user'], uniqueName('other'));
    expect((await fetch(`${base}/api/v1/chat/${id}/stream`, { headers: auth(stranger) })).status).toBe(404);
    const limited = await t.token(['user'], uniqueName('limited'));
    const theirs = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(limited) })).json().session_id;
    const open = await Promise.all([0, 1, 2].map(() => openEventStream(`${base}/api/v1/chat/${theirs}/stream`, auth(limited))));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await fetch(`${base}/api/v1/chat/${theirs}/stream`, { headers: auth(limited) });
    expect(fourth.status).toBe(429);
    open.forEach((s) => s.close());
  });

  it.skipIf(!process.env.DATABASE_URL)('a stream on one process sees events published by another (LISTEN/NOTIFY)', async () => {
    const secondDir = await mkdtemp(path.join(tmpdir(), 'cqks-events-b-'));
    await cp(path.join(t.dataDir, 'keys'), path.join(secondDir, 'keys'), { recursive: true });
    const b = await startTestApp({ env: { DATA_DIR: secondDir, DATABASE_SCHEMA: t.config.database.schema, GRAPH_EMBEDDED_SHARED_DATABASE: 'true' } });
    try {
      await b.app.listen({ host: '127.0.0.1', port: 0 });
      const baseB = `http://127.0.0.1:${(b.app.server.address() as { port: number }).port}`;
      const id = await newSession();
      const stream = await openEventStream(`${baseB}/api/v1/chat/${id}/stream`, auth(owner));
      await stream.waitFor(1);
      for (let i = 0; i < 5; i++) await t.app.services.events.publish(id, 'step_started', { node: `a${i}`, run_id: 'ra' }, 'ra');
      const events = await stream.waitFor(6);
      expect(events.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6]);
      stream.close();
    } finally {
      await b.app.close();
      await rm(b.dataDir, { recursive: true, force: true });
      await rm(secondDir, { recursive: true, force: true });
    }
  });

  it('open streams end when the service shuts down', async () => {
    const other = await startTestApp();
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(other.app.server.address() as { port: number }).port}`;
    const token = await other.token(['user']);
    const id = (await other.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(token) })).json().session_id;
    const stream = await openEventStream(`${url}/api/v1/chat/${id}/stream`, auth(token));
    await stream.waitFor(1);
    await other.close();
    await stream.ended;
    expect(stream.events).toHaveLength(1);
  });
});
