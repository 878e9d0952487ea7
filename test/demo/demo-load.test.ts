import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, openDependencies } from '../../src/app.js';
import type { App } from '../../src/app.js';
import { DEMO_TEMPLATES } from '../../src/demo/templates.js';
import { createLogger } from '../../src/platform/logger.js';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';
import { testConfig } from '../support/config.js';
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
});
