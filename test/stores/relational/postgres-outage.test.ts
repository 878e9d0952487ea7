import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { isUnavailable } from '../../../src/platform/unavailable.js';
import { openRelationalStore } from '../../../src/stores/relational/index.js';
import { startTestApp } from '../../support/app.js';
import type { TestApp } from '../../support/app.js';
import { dropSchema, testConfig, uniqueName } from '../../support/config.js';
import { auth } from '../../support/runs.js';
import { startTcpProxy } from '../../support/tcp-proxy.js';
import type { TcpProxy } from '../../support/tcp-proxy.js';

/**
 * PostgreSQL misbehaving under the service: a connection ended inside a transaction, and a
 * network that silently drops everything. The process lives, requests end within their
 * settings with 503 and Retry-After, and the pool heals.
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('PostgreSQL outages', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('a connection terminated inside a transaction fails that statement, not the process, and the pool heals', async () => {
    const schema = uniqueName('t');
    const store = await openRelationalStore({ database: { url, schema, poolMax: 2 } });
    cleanups.push(() => dropSchema(testConfig('/tmp', { DATABASE_SCHEMA: schema })), () => store.close());
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end());

    for (let attempt = 0; attempt < 3; attempt++) {
      const failed = await store
        .transaction(async (tx) => {
          const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          await tx.query('SELECT 1');
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failed, `attempt ${attempt}`).toBeDefined();
      expect(isUnavailable(failed)).toBe(true);
    }
    // The process is alive (an unhandled 'error' event would have ended this test's process) and the pool works again.
    for (let i = 0; i < 4; i++) expect((await store.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('a request kept waiting on a lock past DATABASE_STATEMENT_TIMEOUT_MS gets 503 and Retry-After, not 500', async () => {
    const t = await startTestApp({ env: { DATABASE_URL: url, DATABASE_STATEMENT_TIMEOUT_MS: '500', RUN_CONCURRENCY: '0' } });
    cleanups.push(() => t.close());
    const token = await t.token(['user']);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(token) });
    const sessionId = created.json().session_id as string;
    const locker = new pg.Client({ connectionString: url, options: `-c search_path=${t.config.database.schema}` });
    await locker.connect();
    cleanups.push(() => locker.end());
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE chat_sessions IN ACCESS EXCLUSIVE MODE');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/chat/${sessionId}/status`, headers: auth(token) });
    await locker.query('ROLLBACK');
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().type).toBe('urn:cqks:problem:unavailable');
  });

  it('a statement of the long view (migrations, seeding, ingestion writes) may run past the request limit; the store’s own may not', async () => {
    const schema = uniqueName('t');
    // Setting up runs under the long limit, as the service sets it: a busy machine may take longer than 300 ms to migrate.
    const store = await openRelationalStore({ database: { url, schema, poolMax: 2, statementTimeoutMs: 300, queryTimeoutMs: 2000, longStatementTimeoutMs: 60_000 } });
    cleanups.push(() => dropSchema(testConfig('/tmp', { DATABASE_SCHEMA: schema })), () => store.close());
    const refused = await store.query('SELECT pg_sleep(0.6)').then(() => undefined, (error: unknown) => error as { code?: string });
    expect(refused?.code).toBe('57014'); // canceled by statement_timeout
    const long = store.withStatementTimeout(3000);
    await expect(long.query('SELECT pg_sleep(0.6)')).resolves.toBeDefined();
    await expect(long.transaction((tx) => tx.query('SELECT pg_sleep(0.6)'))).resolves.toBeDefined();
    // The view's pool does not lend its limit to the store's own statements.
    const again = await store.query('SELECT pg_sleep(0.6)').then(() => undefined, (error: unknown) => error as { code?: string });
    expect(again?.code).toBe('57014');
  });

  it('with the default request limits (5 s and 7 s), a blackholed PostgreSQL makes readiness unready within 2 s and a request a 503 within a few seconds', async () => {
    const target = new URL(url!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const proxied = new URL(url!);
    proxied.port = String(proxy.port);
    const t = await startTestApp({ env: { DATABASE_URL: proxied.toString(), RUN_CONCURRENCY: '0' } });
    cleanups.push(() => t.close());
    expect(t.config.database).toMatchObject({ statementTimeoutMs: 5000, queryTimeoutMs: 7000 });
    const token = await t.token(['user']);
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);

    proxy.drop();
    const dropped = performance.now();
    const request = (async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/chat/history', headers: auth(token) });
      return { res, waited: performance.now() - dropped };
    })();
    // Probes every 100 ms: each answers at once, and readiness is unready once the check reaches its 2 s limit.
    let unreadyAfter = Infinity;
    while (performance.now() - dropped < 5000) {
      const probeStarted = performance.now();
      const probe = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(performance.now() - probeStarted).toBeLessThan(2500);
      if (probe.statusCode === 503) {
        unreadyAfter = performance.now() - dropped;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(unreadyAfter).toBeLessThan(2300);
    const { res, waited } = await request;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(waited).toBeLessThan(t.config.database.queryTimeoutMs! + 1500);
    proxy.restore();
  }, 20_000);

  describe('through HTTP', () => {
    let t: TestApp;
    let proxy: TcpProxy;
    const QUERY_TIMEOUT_MS = 1500;

    it('a request during a silent outage ends within its setting with 503 and Retry-After; then the service answers again', async () => {
      const target = new URL(url!);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      cleanups.push(() => proxy.close());
      const proxied = new URL(url!);
      proxied.port = String(proxy.port);
      t = await startTestApp({
        env: { DATABASE_URL: proxied.toString(), DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS), DATABASE_CONNECT_TIMEOUT_MS: '1000', RUN_CONCURRENCY: '0' },
      });
      cleanups.push(() => t.close());
      const token = await t.token(['user']);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/chat/history', headers: auth(token) })).statusCode).toBe(200);

      proxy.drop();
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/chat/history', headers: auth(token) });
      const waited = performance.now() - started;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().type).toBe('urn:cqks:problem:unavailable');
      expect(waited).toBeLessThan(QUERY_TIMEOUT_MS + 1500);

      proxy.restore();
      let status = 0;
      for (let i = 0; i < 20 && status !== 200; i++) {
        status = (await t.app.inject({ method: 'GET', url: '/api/v1/chat/history', headers: auth(token) })).statusCode;
      }
      expect(status).toBe(200);
    });
  });
});
