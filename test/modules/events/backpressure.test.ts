import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventHub } from '../../../src/modules/events/hub.js';
import { EventStore } from '../../../src/engine/runs/event-store.js';
import { openStream } from '../../../src/modules/events/stream.js';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';

/** A client that does not read must not make the process buffer without bound. */
describe('stream backpressure', () => {
  let t: TestApp;
  let hub: EventHub;
  beforeAll(async () => {
    t = await startTestApp();
    hub = new EventHub();
    await hub.start(t.app.deps.relational);
  });
  afterAll(async () => {
    await hub.close();
    await t.close();
  });

  it('stops reading events while the sink is full, and resumes in order when it drains', async () => {
    const token = await t.token(['user']);
    const id = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: { authorization: `Bearer ${token}` } })).json()
      .session_id as string;
    const payload = 'x'.repeat(4096);
    for (let i = 0; i < 300; i++) await t.app.services.events.publish(id, 'step_completed', { node: `n${i}`, query_type: 'none', payload });

    const highWaterMark = 16 * 1024;
    const sink = new PassThrough({ highWaterMark });
    const stream = openStream(sink, {
      sessionId: id,
      after: 0,
      format: 'ndjson',
      heartbeatMs: 60_000,
      hub,
      store: new EventStore({ db: t.app.deps.relational }),
      onError: (error) => {
        throw error;
      },
    });
    // Nobody reads: once the sink is full the pump waits for 'drain'.
    const full = new Promise<void>((resolve) => {
      const check = () => (sink.writableLength >= highWaterMark ? resolve() : setImmediate(check));
      check();
    });
    await full;
    await new Promise((resolve) => setImmediate(resolve));
    const frame = JSON.stringify({ payload }).length + 300;
    // Bounded: at most what was written before write() said "full", plus one frame.
    expect(sink.writableLength + sink.readableLength).toBeLessThanOrEqual(2 * highWaterMark + frame);

    // Now read everything: all 301 events arrive, in order, exactly once.
    const lines: string[] = [];
    let rest = '';
    sink.on('data', (chunk: Buffer) => {
      rest += chunk.toString('utf8');
      const parts = rest.split('\n');
      rest = parts.pop()!;
      lines.push(...parts.filter(Boolean));
    });
    await new Promise<void>((resolve) => {
      const check = () => (lines.length >= 301 ? resolve() : setTimeout(check, 5));
      check();
    });
    expect(lines.map((l) => (JSON.parse(l) as { id: number }).id)).toEqual(Array.from({ length: 301 }, (_, i) => i + 1));
    stream.end();
    await stream.done;
  });
});
