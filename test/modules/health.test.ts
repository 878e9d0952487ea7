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

  it('answers 503 while shutting down and ends open streams', async () => {
    t = await startTestApp();
    const app = t.app;
    let ended = false;
    app.streams.add({ end: () => void (ended = true) });
    let readyDuringClose: number | undefined;
    app.addHook('onClose', async () => undefined);
    const closing = app.close();
    // preClose has run synchronously up to its first await; a request now is turned away.
    const res = await app.inject({ method: 'GET', url: '/health/ready' }).catch(() => undefined);
    readyDuringClose = res?.statusCode;
    await closing;
    expect(ended).toBe(true);
    if (readyDuringClose !== undefined) expect(readyDuringClose).toBe(503);
  });
});
