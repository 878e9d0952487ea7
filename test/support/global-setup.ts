import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEMO_PROVENANCE, demoGraph } from '../../src/demo/graph.js';
import { DEFAULT_ALLOWED_PROCEDURES } from '../../src/cypher/guard.js';
import { openGraphStore } from '../../src/stores/graph/index.js';
import { openRelationalStore } from '../../src/stores/relational/index.js';
import type { PgliteStore } from '../../src/stores/relational/pglite-store.js';
import { buildNeo4jLauncher, neo4jUnavailableReason, startNeo4j } from '../../scripts/neo4j-launcher.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated PGlite cluster that tests start their stores from ('' on PostgreSQL). */
    pgliteTemplatePath: string;
    /**
     * A real Neo4j server for the graph store's contract (test/stores/graph/neo4j-store.integration.test.ts,
     * its only user, which wipes it): NEO4J_URI, or one started here ('' when none can run).
     */
    neo4jUri: string;
    /**
     * A second one holding the demo graph, loaded here once, for the tests that read it through the
     * service (question corpus, curation); they run at once, so none of them loads or writes the graph.
     */
    neo4jCorpusUri: string;
  }
}

/**
 * Runs once before the suite: creating a PGlite cluster takes seconds, so one migrated
 * cluster is made here and every test store starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  const stopNeo4j = await provideNeo4j(project);
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplatePath', '');
    return stopNeo4j;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'cqks-template-'));
  const file = path.join(dir, 'pglite.tar');
  const store = await openRelationalStore({ database: { schema: 'public', poolMax: 1 } });
  try {
    const dump = await (store as PgliteStore).dump();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await store.close();
  }
  project.provide('pgliteTemplatePath', file);
  return async () => {
    await stopNeo4j();
    await rm(dir, { recursive: true, force: true });
  };
}

/**
 * The Neo4j servers the Neo4j tests run against: two local ones started here (neo4j/launcher) on
 * temporary directories, or NEO4J_URI for the store contract alone. Without Java the Neo4j tests
 * are skipped with one line saying why; in CI (CI=true) that is an error, so no graph test is
 * skipped there.
 */
async function provideNeo4j(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.NEO4J_URI) {
    // A server the contract may wipe; the demo-graph tests need one started here for them alone.
    console.warn('NEO4J_URI set: the graph store contract runs there (and wipes it); the demo-graph tests on Neo4j are skipped.');
    project.provide('neo4jUri', process.env.NEO4J_URI);
    project.provide('neo4jCorpusUri', '');
    return async () => undefined;
  }
  const reason = neo4jUnavailableReason();
  if (reason) {
    if (process.env.CI === 'true') throw new Error(`CI runs every graph test on Neo4j too, but ${reason}`);
    console.warn(`Neo4j tests skipped: ${reason}.`);
    project.provide('neo4jUri', '');
    project.provide('neo4jCorpusUri', '');
    return async () => undefined;
  }
  const dirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(tmpdir(), 'cqks-neo4j-'))));
  buildNeo4jLauncher(); // once, before two starts at the same time
  const [shared, corpus] = await Promise.all(dirs.map((dataDir) => startNeo4j({ dataDir })));
  const stop = async () => {
    await Promise.all([shared!.stop(), corpus!.stop()]);
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  };
  try {
    await loadDemoGraph(corpus!.uri);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('neo4jUri', shared!.uri);
  project.provide('neo4jCorpusUri', corpus!.uri);
  return stop;
}

/** The demo graph, written once before the tests that share the corpus server start. */
async function loadDemoGraph(uri: string): Promise<void> {
  const graph = await openGraphStore({
    neo4j: { uri, user: 'neo4j', password: '', database: 'neo4j' },
    queryTimeoutMs: 30_000,
    maxRows: 10,
    allowedProcedures: [...DEFAULT_ALLOWED_PROCEDURES],
  });
  try {
    await graph.upsert(demoGraph(), DEMO_PROVENANCE);
  } finally {
    await graph.close();
  }
}
