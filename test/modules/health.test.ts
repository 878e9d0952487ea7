import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';

describe('health', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('GET /health answers without a token', async () => {
    t = await startTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /health/ready reports each component', async () => {
    t = await startTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ready');
    expect(body.components.relational).toMatchObject({ status: 'up', engine: t.app.deps.relational.engine });
    expect(body.components.graph).toMatchObject({ status: 'up', engine: t.app.deps.graph.engine });
    if (process.env.REDIS_URL) expect(body.components.redis).toMatchObject({ status: 'up', engine: 'redis' });
    else expect(body.components.redis).toBeUndefined();
  });

  it('GET /health/ready answers 503 naming what is down', async () => {
    t = await startTestApp();
    await t.app.deps.relational.close();
    const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    const body = res.json();
    expect(body.detail).toContain('relational');
    expect(body.components.relational.status).toBe('down');
    expect(body.components.graph.status).toBe('up');
  });

  it('logs readiness once per change of state, at warn, without a stack', async () => {
    const lines: Record<string, unknown>[] = [];
    const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    t = await startTestApp({ logStream, env: { LOG_LEVEL: 'info' } });
    await t.app.deps.relational.close();
    for (let i = 0; i < 20; i++) expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);
    const about = lines.filter((l) => String(l.msg).startsWith('readiness') || (l.level as number) >= 50);
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({ level: 40, msg: 'readiness: down: relational' });
    expect(JSON.stringify(about[0])).not.toContain('stack');
  });

  it.skipIf(!process.env.REDIS_URL)('GET /health/ready answers 503 when Redis is down', async () => {
    t = await startTestApp();
    await t.app.deps.redis!.quit();
    const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().components.redis.status).toBe('down');
    expect(res.json().detail).toBe('Down: redis');
  });

  it('from the shutdown signal on, readiness answers 503 while liveness and requests go on', async () => {
    t = await startTestApp();
    t.app.startDraining();
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().type).toBe('urn:cqks:problem:shutting-down');
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('on close: finishes in-flight requests and ends open streams', async () => {
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    t = await startTestApp({
      routes: (app) => {
        app.get('/api/v1/test/slow', async () => {
          entered();
          await released;
          return { finished: true };
        });
      },
    });
    const app = t.app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    let streamEnded!: () => void;
    const ended = new Promise<void>((resolve) => (streamEnded = resolve));
    app.streams.add({ end: () => streamEnded() });

    const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/test/slow`, {
      headers: { authorization: `Bearer ${await t.token()}` },
    });
    await inHandler;
    const closing = app.close();
    await ended;
    release();
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(await finished.json()).toEqual({ finished: true });
    await closing;
    expect(app.streams.size).toBe(0);
  });
});
