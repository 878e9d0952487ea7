import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDependencies } from '../../src/app/dependencies.js';
import type { App } from '../../src/app.js';
import { DEMO_TEMPLATES } from '../../src/demo/templates.js';
import { signDevToken } from '../../src/platform/auth/dev-keys.js';
import type { GraphStore } from '../../src/stores/graph/port.js';
import { createLogger } from '../../src/platform/logger.js';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';
import { testConfig } from '../support/config.js';
import { openTestRelationalStore } from '../support/relational.js';
import { auth } from '../support/runs.js';

/**
 * Demo data in a deployment of several processes: each may start on an empty graph of its own,
 * but they share the relational store, so the demo templates are loaded once, and loading them
 * is not a reuse.
 */
describe('demo data across processes', () => {
  let first: TestApp;
  let second: App;
  let secondDir: string;

  beforeAll(async () => {
    first = await startTestApp({ env: { DEMO_DATA: 'true' } });
    // A second process of the same deployment: the same relational store, a graph of its own (empty).
    secondDir = await mkdtemp(path.join(tmpdir(), 'cqks-second-'));
    const config = testConfig(secondDir, { DEMO_DATA: 'true', DATABASE_SCHEMA: first.config.database.schema, GRAPH_EMBEDDED_SHARED_DATABASE: 'true' });
    const logger = createLogger(config);
    second = await buildApp(config, await openDependencies(config, { relational: first.app.deps.relational }, logger), { logger });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await rm(secondDir, { recursive: true, force: true });
    await first?.close();
  });

  it('loads the graph in each empty graph, the templates once, and counts no reuse', async () => {
    const { rows } = await second.deps.graph.runReadOnly('MATCH (n) RETURN count(n) AS n');
    expect(Number(rows[0]!.n)).toBeGreaterThan(100);
    const curator = await first.token(['curator']);
    const templates = (await first.app.inject({ method: 'GET', url: '/api/v1/aim/queries/approved?limit=100', headers: auth(curator) })).json().items as {
      template: { reuse_count: number; reuse_sessions: number };
    }[];
    expect(templates).toHaveLength(DEMO_TEMPLATES.length);
    for (const t of templates) expect(t.template).toMatchObject({ reuse_count: 0, reuse_sessions: 0 });
    const stats = (await first.app.inject({ method: 'GET', url: '/api/v1/aim/queries/stats', headers: auth(curator) })).json();
    expect(stats.counts).toMatchObject({ pending: 0, approved: DEMO_TEMPLATES.length });
  });

  it('gives a new deployment on a graph that already holds the demo the demo templates, once; a graph of other data gets none', async () => {
    // A relational store started afresh (a schema of its own) on the first deployment's graph.
    const templatesOf = async (t: TestApp) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/aim/queries/approved?limit=100', headers: auth(await t.token(['curator'])) })).json().items as unknown[];
    // Another deployment's graph, which closing this app must leave open.
    const borrowed = (graph: GraphStore): GraphStore =>
      new Proxy(graph, { get: (target, prop) => (prop === 'close' ? async () => undefined : Reflect.get(target, prop, target)) });
    const onDemoGraph = async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'cqks-fresh-'));
      const config = testConfig(dir, { DEMO_DATA: 'true' });
      const logger = createLogger(config);
      const relational = await openTestRelationalStore(config);
      const app = await buildApp(config, await openDependencies(config, { relational, graph: borrowed(first.app.deps.graph) }, logger), { logger });
      await app.ready();
      return { app, dir, close: async () => { await app.close(); await rm(dir, { recursive: true, force: true }); } };
    };
    const fresh = await onDemoGraph();
    try {
      const curator = await signDevToken({ dataDir: fresh.dir, audience: 'cqks-api', sub: 'curator', roles: ['curator'] });
      const approved = (await fresh.app.inject({ method: 'GET', url: '/api/v1/aim/queries/approved?limit=100', headers: auth(curator) })).json().items as unknown[];
      expect(approved).toHaveLength(DEMO_TEMPLATES.length);
    } finally {
      await fresh.close();
    }
    expect(await templatesOf(first)).toHaveLength(DEMO_TEMPLATES.length);

    const other = await startTestApp({ env: { DEMO_DATA: 'false' } });
    try {
      await other.app.deps.graph.upsert({ nodes: [{ key: 'thing:one', labels: ['Thing'], properties: { name: 'One' } }], relationships: [] }, 'someone');
      const dir = await mkdtemp(path.join(tmpdir(), 'cqks-other-'));
      const config = testConfig(dir, { DEMO_DATA: 'true' });
      const logger = createLogger(config);
      const app = await buildApp(config, await openDependencies(config, { relational: await openTestRelationalStore(config), graph: borrowed(other.app.deps.graph) }, logger), { logger });
      await app.ready();
      const { rows } = await app.deps.graph.runReadOnly('MATCH (n) RETURN count(n) AS n');
      expect(Number(rows[0]!.n)).toBe(1);
      const approved = (await app.inject({ method: 'GET', url: '/api/v1/aim/queries/approved?limit=100', headers: auth(await signDevToken({ dataDir: dir, audience: 'cqks-api', sub: 'curator', roles: ['curator'] })) })).json().items as unknown[];
      expect(approved).toHaveLength(0);
      await app.close();
      await rm(dir, { recursive: true, force: true });
    } finally {
      await other.close();
    }
  });
});
