import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../../src/platform/domain-error.js';
import { conflict, unprocessable } from '../../src/platform/problem.js';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';

/** Every kind of failure answers problem+json with the right status and nothing leaked. */
describe('errors', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({
      env: { BODY_LIMIT_BYTES: '2048' },
      routes: (app) => {
        app.post(
          '/api/v1/test/echo',
          { schema: { body: z.object({ name: z.string().min(1), count: z.number().int().max(10) }) } },
          async (request) => request.body,
        );
        app.get('/api/v1/test/curators-only', { config: { roles: ['curator'] } }, async () => ({ ok: true }));
        app.get('/api/v1/test/crash', async () => {
          throw new Error('SELECT secret FROM passwords WHERE user = 1 -- at /srv/app/db.ts:12');
        });
        app.get('/api/v1/test/conflict', async () => {
          throw conflict('The query is approved', { current_status: 'approved' });
        });
        app.get('/api/v1/test/unprocessable', async () => {
          throw unprocessable('cypher-not-read-only', 'Query is not read-only', 'CREATE is a writing clause');
        });
        // What a store throws, in its own terms: the handler gives it a status by its category.
        app.get('/api/v1/test/domain/:category', async (request) => {
          const category = (request.params as { category: 'invalid' | 'refused' | 'unavailable' }).category;
          throw new DomainError(category, `test-${category}`, `Test ${category}`, `the store says ${category}`, { limit_ms: 7 }, category === 'invalid' ? [{ path: 'labels', message: 'must be identifiers' }] : undefined);
        });
      },
    });
    token = await t.token(['user']);
  });
  afterAll(() => t.close());

  const auth = () => ({ authorization: `Bearer ${token}` });

  function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number) {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(body).toMatchObject({ status, type: expect.stringMatching(/^urn:cqks:problem:/), title: expect.any(String) });
    expect(body.instance).toEqual(expect.stringMatching(/^\//));
    expect(body.request_id).toBe(res.headers['x-request-id']);
    expect(res.body).not.toMatch(/\bat .*\.ts:\d+|SELECT|stack/i);
    return body;
  }

  it('400 for a body that fails validation, with one entry per field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/test/echo', headers: auth(), payload: { name: '', count: 99 } });
    const body = expectProblem(res, 400);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.name' }),
        expect.objectContaining({ path: 'body.count' }),
      ]),
    );
  });

  it('400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expectProblem(res, 400);
  });

  it('401 with WWW-Authenticate without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/curators-only' });
    expectProblem(res, 401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('403 when the role is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/curators-only', headers: auth() });
    expectProblem(res, 403);
  });

  it('404 for an unknown route (and 401 for it without a token)', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/nope', headers: auth() }), 404);
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/nope' }), 401);
  });

  it('409 carries the current status', async () => {
    const body = expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/test/conflict', headers: auth() }), 409);
    expect(body.current_status).toBe('approved');
  });

  it('413 for a body over BODY_LIMIT_BYTES', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: auth(),
      payload: { name: 'x'.repeat(4096), count: 1 },
    });
    expectProblem(res, 413);
  });

  it('415 for an unsupported content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { ...auth(), 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expectProblem(res, 415);
  });

  it('422 from a domain refusal', async () => {
    const body = expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/test/unprocessable', headers: auth() }), 422);
    expect(body.type).toBe('urn:cqks:problem:cypher-not-read-only');
  });

  it('a domain error a store throws answers by its category: invalid 400, refused 422, unavailable 503 with Retry-After', async () => {
    for (const [category, status] of [['invalid', 400], ['refused', 422], ['unavailable', 503]] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/test/domain/${category}`, headers: auth() });
      const body = expectProblem(res, status);
      expect(body).toMatchObject({ type: `urn:cqks:problem:test-${category}`, title: `Test ${category}`, detail: `the store says ${category}`, limit_ms: 7 });
      expect(body.errors).toEqual(category === 'invalid' ? [{ path: 'labels', message: 'must be identifiers' }] : undefined);
      expect(res.headers['retry-after']).toBe(category === 'unavailable' ? '5' : undefined);
    }
  });

  it('500 says nothing of its cause', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/crash', headers: auth() });
    const body = expectProblem(res, 500);
    expect(String(body.detail)).toContain(String(body.request_id));
    expect(res.body).not.toContain('passwords');
  });

  it('names every request itself: a client’s x-request-id is never the id (it could be forged or collide)', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const again = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(again.headers['x-request-id']).not.toBe(given.headers['x-request-id']);
    const replaced = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'a\nb {"evil":1}' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('behind a trusted proxy (TRUST_PROXY) the proxy’s id is the request’s id', async () => {
    const proxied = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'edge-42' } });
      expect(res.headers['x-request-id']).toBe('edge-42');
    } finally {
      await proxied.close();
    }
  });
});

describe('logs', () => {
  it('carry the request id, keep the cause of a 500, and never the Authorization header', async () => {
    const lines: Record<string, unknown>[] = [];
    const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const t = await startTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream,
      routes: (app) => {
        app.get('/api/v1/test/crash', async (request) => {
          request.log.info({ headers: request.headers }, 'about to fail');
          throw new Error('database password is hunter2');
        });
      },
    });
    try {
      const token = await t.token();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/test/crash',
        headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-me-1' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('hunter2');
      // The service's own id runs through the request's lines; the client's is logged beside it.
      const id = res.headers['x-request-id'];
      const mine = lines.filter((l) => l.request_id === id);
      expect(mine.length).toBeGreaterThanOrEqual(3);
      expect(mine.find((l) => l.msg === 'request')).toMatchObject({ client_request_id: 'trace-me-1' });
      const failure = mine.find((l) => l.level === 50);
      expect(JSON.stringify(failure)).toContain('hunter2');
      expect(JSON.stringify(lines)).not.toContain(token);
      expect(JSON.stringify(mine)).toContain('[redacted]');
    } finally {
      await t.close();
    }
  });
});
