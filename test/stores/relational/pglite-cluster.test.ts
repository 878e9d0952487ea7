import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePgliteCluster, pgliteTemplateFile, writePgliteTemplate } from '../../../src/stores/relational/pglite-cluster.js';
import { PgliteStore } from '../../../src/stores/relational/pglite-store.js';
import { migrate } from '../../../src/stores/relational/migrate.js';

// The first start's embedded database: created in a worker thread, from the install's template
// when there is one, and usable by the store as a cluster PGlite created itself.
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cqks-pglite-cluster-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function openAndMigrate(dir: string): Promise<number> {
  const store = await PgliteStore.open({ dataDir: dir, schema: 'public' });
  try {
    const report = await migrate(store);
    const { rows } = await store.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]!.n).toBe(report.applied.length + report.alreadyApplied.length);
    return report.applied.length;
  } finally {
    await store.close();
  }
}

/** Creating a cluster from nothing (PostgreSQL's initdb, as `npm install` does) takes 10 s of CPU or more on a busy two-core machine. */
const CLUSTER_CREATION_MS = 120_000;

describe('the embedded database cluster of a first start', () => {
  it('is unpacked from a template in a worker thread, and the store opens and migrates it', { timeout: CLUSTER_CREATION_MS }, async () => {
    const written = await writePgliteTemplate(path.join(root, 'template.tar.gz'));
    expect(written.bytes).toBeGreaterThan(100_000);
    // A template with a mark of its own (made from the one just written), to see that the cluster comes from it.
    const marked = await PGlite.create({ loadDataDir: new Blob([await readFile(written.file)]) });
    await marked.exec('CREATE TABLE template_mark (id int)');
    const template = path.join(root, 'marked.tar.gz');
    await writeFile(template, Buffer.from(await (await marked.dumpDataDir('gzip')).arrayBuffer()));
    await marked.close();

    const dir = path.join(root, 'from-template', 'pglite');
    await ensurePgliteCluster(dir, { template });
    expect((await readFile(path.join(dir, 'PG_VERSION'), 'utf8')).trim()).toMatch(/^\d+$/);
    expect(await openAndMigrate(dir)).toBeGreaterThan(0);
    const store = await PgliteStore.open({ dataDir: dir, schema: 'public' });
    expect((await store.query(`SELECT to_regclass('template_mark') IS NOT NULL AS marked`)).rows[0]).toEqual({ marked: true });
    await store.close();
    // A second start finds the cluster and its data.
    expect(await openAndMigrate(dir)).toBe(0);
  });

  it('is created from nothing when the template is unreadable, and concurrent callers share one creation', { timeout: CLUSTER_CREATION_MS }, async () => {
    const broken = path.join(root, 'broken.tar.gz');
    await writeFile(broken, 'not a tar archive');
    const dir = path.join(root, 'from-nothing', 'pglite');
    const first = ensurePgliteCluster(dir, { template: broken });
    expect(ensurePgliteCluster(dir, { template: broken })).toBe(first);
    await first;
    expect(await openAndMigrate(dir)).toBeGreaterThan(0);
  });

  it('is looked for in node_modules/.cache, named by the installed PGlite version', async () => {
    const { version } = JSON.parse(await readFile(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    expect(await pgliteTemplateFile()).toBe(path.resolve('node_modules/.cache/cqks', `pglite-${version}-cluster.tar.gz`));
  });
});
