import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimEmbeddedGraph, EmbeddedGraphSharedError } from '../../../src/stores/graph/embedded-claim.js';
import { GraphInUseError, openGraphStore } from '../../../src/stores/graph/index.js';
import { startTestApp } from '../../support/app.js';
import { dropSchema, testConfig, uniqueName } from '../../support/config.js';
import { startServiceProcess } from '../../support/service-process.js';

/**
 * The embedded graph serves one process: a second process on the same DATA_DIR is told so
 * plainly, and a second worker of the same deployment (PostgreSQL schema) with an embedded
 * graph of its own refuses to start, since answers would depend on which process ran them.
 */
describe('the embedded graph and several processes', () => {
  const dirs: string[] = [];
  const newDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cqks-one-graph-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('a second opening of the same DATA_DIR says plainly what to do', async () => {
    const dataDir = await newDir();
    const options = { dataDir, queryTimeoutMs: 5000, maxRows: 10, allowedProcedures: [] };
    const first = await openGraphStore(options);
    try {
      const second = openGraphStore(options);
      await expect(second).rejects.toBeInstanceOf(GraphInUseError);
      await expect(second).rejects.toThrow(/the embedded graph serves one process\. Set NEO4J_URI to run several processes/);
    } finally {
      await first.close();
    }
  });

  describe.skipIf(!process.env.DATABASE_URL)('on a shared PostgreSQL', () => {
    const url = process.env.DATABASE_URL!;

    it('one claim per deployment schema, released with its connection', async () => {
      const schema = uniqueName('t');
      const held = await claimEmbeddedGraph({ databaseUrl: url, schema });
      await expect(claimEmbeddedGraph({ databaseUrl: url, schema })).rejects.toBeInstanceOf(EmbeddedGraphSharedError);
      const elsewhere = await claimEmbeddedGraph({ databaseUrl: url, schema: uniqueName('t') });
      await elsewhere.release();
      await held.release();
      await (await claimEmbeddedGraph({ databaseUrl: url, schema })).release();
    });

    it('a second worker refuses to start while the first runs, and starts once the first was killed with -9', async () => {
      const schema = uniqueName('t');
      const env = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_SCHEMA: schema, DEMO_DATA: 'false' });
      const first = await startServiceProcess(env(await newDir()));
      try {
        await expect(startTestApp({ env: env(await newDir()) })).rejects.toThrow(/runs with an embedded graph of its own.*Set NEO4J_URI/);
        // Explicitly allowed, or without a worker, it starts.
        const allowed = await startTestApp({ env: { ...env(await newDir()), GRAPH_EMBEDDED_SHARED_DATABASE: 'true' } });
        await allowed.app.close();
        const apiOnly = await startTestApp({ env: { ...env(await newDir()), RUN_CONCURRENCY: '0' } });
        await apiOnly.app.close();
      } finally {
        await first.kill();
      }
      const next = await startTestApp({ env: env(await newDir()) });
      await next.close();
      await dropSchema(testConfig(await newDir(), { DATABASE_SCHEMA: schema }));
    }, 120_000);
  });
});
