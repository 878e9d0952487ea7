import { access, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Creating an embedded PostgreSQL cluster (PGlite's initdb) takes seconds of CPU, and the first
 * start cannot serve before it is done. Two things keep it off the first start's path:
 *
 * - `npm install` leaves a freshly created cluster of the installed PGlite version in
 *   node_modules/.cache (scripts/pglite-template.ts): a first start unpacks it (about a second)
 *   instead of creating one (four to six on a busy two-core machine).
 * - Whichever it does runs in a worker thread, overlapping the loading of the service's modules
 *   and the start of the graph engine; the main thread then opens the finished cluster.
 */

// Plain JavaScript, so the worker runs the same under tsx, vitest and the compiled service.
const CLUSTER_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const { readFile, rm, mkdir } = require('node:fs/promises');
async function create(PGlite) {
  if (workerData.template) {
    try {
      const dump = new Blob([await readFile(workerData.template)]);
      const db = await PGlite.create(workerData.dir, { loadDataDir: dump });
      await db.close();
      return;
    } catch {
      // An unreadable or foreign template: start again from an empty directory (it was empty).
      await rm(workerData.dir, { recursive: true, force: true });
      await mkdir(workerData.dir, { recursive: true });
    }
  }
  const db = await PGlite.create(workerData.dir);
  await db.close();
}
create(require(workerData.pglite).PGlite)
  .then(() => parentPort.postMessage('done'))
  .catch((error) => parentPort.postMessage({ error: error instanceof Error ? error.stack ?? error.message : String(error) }));
`;

/** PGlite's entry for require(): a worker evaluated from a string loads it as CommonJS. */
const PGLITE_ENTRY = createRequire(import.meta.url).resolve('@electric-sql/pglite');

const creating = new Map<string, Promise<void>>();

/** PGlite (as PostgreSQL) keeps its version in PG_VERSION once a cluster exists. */
async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function isEmptyDirectory(dir: string): Promise<boolean> {
  return readdir(dir).then(
    (entries) => entries.length === 0,
    () => true,
  );
}

/** The installed PGlite's root folder and version: a template is valid for that version only. */
async function installedPglite(): Promise<{ root: string; version: string }> {
  let dir = path.dirname(PGLITE_ENTRY);
  while (!(await exists(path.join(dir, 'package.json')))) dir = path.dirname(dir);
  const { version } = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  return { root: dir, version };
}

/** Where `npm install` leaves the template cluster: node_modules/.cache/cqks/. */
export async function pgliteTemplateFile(): Promise<string> {
  const { root, version } = await installedPglite();
  const nodeModules = root.slice(0, root.lastIndexOf(`${path.sep}node_modules${path.sep}`) + `${path.sep}node_modules`.length);
  return path.join(nodeModules, '.cache', 'cqks', `pglite-${version}-cluster.tar.gz`);
}

/** Creates the template cluster (in memory) and writes it where a first start finds it. */
export async function writePgliteTemplate(file?: string): Promise<{ file: string; bytes: number }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  try {
    const dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    const target = file ?? (await pgliteTemplateFile());
    await mkdir(path.dirname(target), { recursive: true });
    // Written whole, then renamed: a start never reads half a template.
    await writeFile(`${target}.partial`, dump);
    await rename(`${target}.partial`, target);
    return { file: target, bytes: dump.length };
  } finally {
    await db.close();
  }
}

function createInWorker(dir: string, template: string | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(CLUSTER_WORKER, {
      eval: true,
      // Without the parent's flags: a TypeScript loader (tsx) there would load PGlite through it, slowly.
      execArgv: [],
      workerData: { dir, template, pglite: PGLITE_ENTRY },
    });
    let settled = false;
    worker.once('message', (message: 'done' | { error: string }) => {
      settled = true;
      if (message === 'done') resolve();
      else reject(new Error(`creating the embedded database in ${dir} failed: ${message.error}`));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`creating the embedded database in ${dir} stopped (exit code ${code})`));
    });
  });
}

/**
 * Makes sure `dir` holds a cluster: creates it in a worker thread when it does not (from the
 * install's template when there is one and the directory is empty; `template` names another
 * file, or `false` for none). Call it as early as possible for a head start; calls for the same
 * directory share one creation.
 */
export function ensurePgliteCluster(dir: string, options: { template?: string | false } = {}): Promise<void> {
  const key = path.resolve(dir);
  let pending = creating.get(key);
  if (!pending) {
    pending = (async () => {
      if (await exists(path.join(key, 'PG_VERSION'))) return;
      const empty = await isEmptyDirectory(key);
      await mkdir(key, { recursive: true });
      const template = options.template === undefined ? await pgliteTemplateFile().catch(() => undefined) : options.template || undefined;
      await createInWorker(key, empty && template && (await exists(template)) ? template : undefined);
    })();
    creating.set(key, pending);
    // A failure is reported to whoever waits; the next call tries again.
    pending.catch(() => creating.delete(key));
  }
  return pending;
}

/** Where PGlite keeps its files under DATA_DIR (undefined: in memory). */
export function pgliteDir(dataDir: string | undefined): string | undefined {
  return dataDir ? path.join(dataDir, 'pglite') : undefined;
}

/**
 * A head start for opening the relational store, called before the rest of the service loads:
 * on a first start of the embedded engine, its cluster is created meanwhile in a worker thread.
 */
export function prepareRelationalStore(options: { databaseUrl?: string; dataDir?: string }): void {
  const dir = options.databaseUrl ? undefined : pgliteDir(options.dataDir);
  // A failure surfaces (and is reported) when the store is opened and waits for the same creation.
  if (dir) ensurePgliteCluster(dir).catch(() => undefined);
}
