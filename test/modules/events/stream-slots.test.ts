import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { StreamSlots } from '../../../src/modules/events/stream-slots.js';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { uniqueName } from '../../support/config.js';

/**
 * STREAM_MAX_PER_SUBJECT holds however many opens race: in one process, and with Redis across
 * processes (the real Redis of REDIS_URL), where a dead process's slots free themselves.
 */
const redisUrl = process.env.REDIS_URL;
const silent = { warn: () => undefined };

describe('stream slots', () => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('in one process: exactly the limit of 1,000 racing takes, and a given-back slot can be taken again', async () => {
    const slots = new StreamSlots({ limit: 10, keyPrefix: 'x:', leaseMs: 1000, logger: silent });
    const taken = await Promise.all(Array.from({ length: 1000 }, () => slots.take('ada')));
    const granted = taken.filter((r) => r !== undefined);
    expect(granted).toHaveLength(10);
    expect(await slots.take('ada')).toBeUndefined();
    expect(await slots.take('grace')).toBeDefined();
    granted[0]!();
    granted[0]!(); // giving back twice frees one slot only
    expect(await slots.take('ada')).toBeDefined();
    expect(await slots.take('ada')).toBeUndefined();
  });

  describe.skipIf(!redisUrl)('with Redis', () => {
    const connect = () => {
      const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
      cleanups.push(() => redis.quit());
      return redis;
    };

    it('across processes: exactly the limit of 1,000 racing takes on two, and a dead one’s slots free themselves after the lease', async () => {
      const keyPrefix = `${uniqueName('slots')}:`;
      const one = new StreamSlots({ limit: 10, redis: connect(), keyPrefix, leaseMs: 400, logger: silent });
      const two = new StreamSlots({ limit: 10, redis: connect(), keyPrefix, leaseMs: 400, logger: silent });
      cleanups.push(() => one.close(), () => two.close());
      const taken = await Promise.all(Array.from({ length: 1000 }, (_, i) => (i % 2 ? one : two).take('ada')));
      const granted = taken.filter((r) => r !== undefined);
      expect(granted).toHaveLength(10);

      // Held past several leases: renewed while the process lives.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await one.take('ada')).toBeUndefined();
      granted[0]!();
      await new Promise((resolve) => setTimeout(resolve, 50)); // the ZREM is not awaited by the caller
      expect(await two.take('ada')).toBeDefined();

      // A process that dies without giving its slots back (it stops renewing): they are free after the lease.
      const dying = new StreamSlots({ limit: 10, redis: connect(), keyPrefix, leaseMs: 400, logger: silent });
      expect(await dying.take('grace')).toBeDefined();
      dying.close();
      const started = performance.now();
      let again: (() => void) | undefined;
      const survivor = new StreamSlots({ limit: 1, redis: connect(), keyPrefix, leaseMs: 400, logger: silent });
      cleanups.push(() => survivor.close());
      while (!(again = await survivor.take('grace')) && performance.now() - started < 3000) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(again).toBeDefined();
      expect(performance.now() - started).toBeGreaterThan(250);
    });

    it('through HTTP on two services sharing Redis: 300 concurrent stream opens of one subject open exactly STREAM_MAX_PER_SUBJECT', async () => {
      const prefix = `${uniqueName('streams')}:`;
      const apps: TestApp[] = [];
      // Warnings say why, should more than the limit open (a Redis error counts in one process alone).
      const warnings: string[] = [];
      const logStream = { write: (line: string) => void warnings.push(line) };
      for (let i = 0; i < 2; i++) {
        const t = await startTestApp({
          logStream,
          env: { LOG_LEVEL: 'warn', REDIS_KEY_PREFIX: prefix, STREAM_MAX_PER_SUBJECT: '10', RATE_LIMIT_DEFAULT_PER_MINUTE: '100000' },
        });
        cleanups.push(() => t.close());
        await t.app.listen({ host: '127.0.0.1', port: 0 });
        apps.push(t);
      }
      const sub = uniqueName('streamer');
      const targets = await Promise.all(
        apps.map(async (t) => {
          const token = await t.token(['user'], sub);
          const headers = { authorization: `Bearer ${token}` };
          const session = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers, payload: { title: 'slots' } })).json().session_id as string;
          return { url: `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/v1/chat/${session}/stream`, headers };
        }),
      );
      const controllers: AbortController[] = [];
      // Every response is kept until the end: fetch closes the connection of a response collected
      // unread, which would end its stream and give its slot to a later open.
      const responses: Response[] = [];
      const statuses = await Promise.all(
        Array.from({ length: 300 }, async (_, i) => {
          const target = targets[i % 2]!;
          const controller = new AbortController();
          controllers.push(controller);
          const res = await fetch(target.url, { headers: target.headers, signal: controller.signal });
          responses.push(res);
          if (res.status !== 200) await res.text();
          return res.status;
        }),
      );
      expect(statuses.filter((s) => s === 200), warnings.join('')).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(290);
      controllers.forEach((c) => c.abort());
      expect(responses).toHaveLength(300);
    }, 60_000);
  });
});
