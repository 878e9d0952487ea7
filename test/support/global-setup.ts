import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openRelationalStore } from '../../src/stores/relational/index.js';
import type { PgliteStore } from '../../src/stores/relational/pglite-store.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated PGlite cluster that tests start their stores from ('' on PostgreSQL). */
    pgliteTemplatePath: string;
  }
}

/**
 * Runs once before the suite: creating a PGlite cluster takes seconds, so one migrated
 * cluster is made here and every test store starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplatePath', '');
    return;
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
    await rm(dir, { recursive: true, force: true });
  };
}
