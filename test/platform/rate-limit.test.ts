import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rateLimitPresets } from '../../src/platform/rate-limit.js';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';
import { uniqueName } from '../support/config.js';

describe(`rate limits (${process.env.REDIS_URL ? 'redis' : 'in process'})`, () => {
  const apps: TestApp[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    await Promise.all(cleanups.splice(0).map((c) => c()));
  });

  const start = async (env: Record<string, string> = {}) => {
    const t = await startTestApp({
      env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '3', RATE_LIMIT_CHAT_CREATE_PER_MINUTE: '2', ...env },
      routes: (app) => {
        app.get('/api/v1/test/limited', async () => ({ ok: true }));
        app.post(
          '/api/v1/test/create',
          { config: { rateLimit: rateLimitPresets(app.config.limits).chatCreate } },
          async () => ({ ok: true }),
        );
      },
    });
    apps.push(t);
    return t;
  };

  it('counts per subject, sends the x-ratelimit headers, and answers 429 with Retry-After', async () => {
    const t = await start();
    const alice = await t.token(['user'], uniqueName('alice'));
    const bob = await t.token(['user'], uniqueName('bob'));
    const call = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/test/limited', headers: { authorization: `Bearer ${token}` } });
    const first = await call(alice);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    await call(alice);
    await call(alice);
    const limited = await call(alice);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/problem\+json/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect((await call(bob)).statusCode).toBe(200);
  });

  it('applies a named preset to its route', async () => {
    const t = await start();
    const headers = { authorization: `Bearer ${await t.token()}` };
    const create = () => t.app.inject({ method: 'POST', url: '/api/v1/test/create', headers });
    expect((await create()).headers['x-ratelimit-limit']).toBe('2');
    expect((await create()).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(429);
  });

  it('limits requests that fail authentication per address, and only them', async () => {
    const t = await start({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '5', RATE_LIMIT_DEFAULT_PER_MINUTE: '1000' });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/v1/test/limited', headers: { authorization: 'Bearer not-a-token' } })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/test/limited' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.headers['content-type']).toContain('application/problem+json');
    // The same address, past its limit: another user's valid token and the public routes are never refused
    // (before, everything from the address was a 429 for the rest of the minute, probes included).
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/test/limited', headers: { authorization: `Bearer ${await t.token()}` } })).statusCode).toBe(200);
    for (const url of ['/health', '/health/ready', '/auth/config']) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    // Probes of public routes never count.
    const fresh = await start({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '2' });
    for (let i = 0; i < 5; i++) expect((await fresh.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('a message refused because the session is busy (409) does not use up the message limit', async () => {
    const t = await start({ RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '2', RATE_LIMIT_DEFAULT_PER_MINUTE: '100', RUN_CONCURRENCY: '0' });
    const token = await t.token(['user']);
    const headers = { authorization: `Bearer ${token}` };
    const session = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers })).json().session_id;
    // No worker: the first message's run stays queued, so the session stays busy.
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/chat/${session}/message`, headers, payload: { content: 'How many companies are there?' } })).statusCode).toBe(202);
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/chat/${session}/message`, headers, payload: { content: 'And now?' } })).statusCode).toBe(409);
    }
    // The limit of 2 still has room for a message in another session.
    const other = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers })).json().session_id;
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/chat/${other}/message`, headers, payload: { content: 'How many cities are there?' } })).statusCode).toBe(202);
  });

  it('does not limit the health probes', async () => {
    const t = await start();
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it.skipIf(!process.env.REDIS_URL)('shares counters between processes through Redis', async () => {
    const prefix = `${uniqueName('shared')}:`;
    const one = await start({ REDIS_KEY_PREFIX: prefix });
    // A second process: its own data directory, the same signing key (as behind an identity provider).
    const secondDir = await mkdtemp(path.join(tmpdir(), 'cqks-second-'));
    await cp(path.join(one.dataDir, 'keys'), path.join(secondDir, 'keys'), { recursive: true });
    const two = await start({ REDIS_KEY_PREFIX: prefix, DATA_DIR: secondDir });
    cleanups.push(() => rm(secondDir, { recursive: true, force: true }));
    const sub = uniqueName('carol');
    const token = await one.token(['user'], sub);
    const call = (t: TestApp) =>
      t.app.inject({ method: 'GET', url: '/api/v1/test/limited', headers: { authorization: `Bearer ${token}` } });
    expect((await call(one)).statusCode).toBe(200);
    expect((await call(two)).statusCode).toBe(200);
    expect((await call(one)).statusCode).toBe(200);
    expect((await call(two)).statusCode).toBe(429);
  });
});
