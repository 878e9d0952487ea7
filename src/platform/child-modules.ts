import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Esbuild from 'esbuild';

/**
 * The modules that run in a process or a thread of their own, as paths under `src/` without
 * their extension. Their parents start them through `childModule`.
 */
export const CHILD_MODULES: readonly string[] = [
  'stores/graph/grafeo-worker',
  'stores/graph/neo4j-read-worker',
  'ingest/child/parser-entry',
  'ingest/child/parser-worker',
];

const SOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = path.resolve(SOURCES, '..', 'node_modules');
/** Each bundle has a `node_modules` link to the project's, so that its imports of packages resolve as the sources' do. */
const BUNDLES = path.join(tmpdir(), `cqks-child-modules-${process.getuid?.() ?? 'user'}`);
/** Bundles of other sources are removed once unused this long. */
const STALE_MS = 24 * 60 * 60 * 1000;

let bundled: string | undefined;

/**
 * The file to start a child process or a worker thread on, for the module `name` beside the
 * caller (`importMetaUrl` is the caller's `import.meta.url`): the compiled file as it is. From
 * TypeScript sources (tests, `npm start`, `npm run dev`) it is the same module in a bundle of CHILD_MODULES
 * that esbuild makes once per process (our sources bundled, packages left as imports), so a
 * child starts as a compiled one does: without a TypeScript loader, which cost every graph
 * engine and parser process a third of a second of start-up (and its transforms) in the tests.
 */
export function childModule(importMetaUrl: string, name: string): string {
  const here = fileURLToPath(importMetaUrl);
  const ext = path.extname(here);
  const file = path.join(path.dirname(here), `${name}${ext}`);
  if (ext !== '.ts') return file;
  const module = path.relative(SOURCES, file).slice(0, -ext.length).split(path.sep).join('/');
  if (!CHILD_MODULES.includes(module)) throw new Error(`${module} is not listed in CHILD_MODULES (src/platform/child-modules.ts)`);
  // A long-running process checks that the folder is still there (a cleaner of the temporary folder may have been
  // by), and marks it used: other processes remove only bundles unused for a day.
  if (!bundled || !markUsed(bundled)) bundled = bundleChildModules();
  return path.join(bundled, `${module}.js`);
}

/**
 * Bundles CHILD_MODULES into a folder named by a hash of the output and of where the packages
 * are: the same sources of the same checkout give the same folder, so processes at once share
 * it, and a folder once complete never changes (it is written aside and renamed into place).
 */
function bundleChildModules(): string {
  // Loaded only here: a compiled service never bundles.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  const outdir = path.join(BUNDLES, 'out');
  const { outputFiles } = esbuild.buildSync({
    entryPoints: CHILD_MODULES.map((module) => path.join(SOURCES, `${module}.ts`)),
    outbase: SOURCES,
    outdir,
    bundle: true,
    // What a module imports when it needs it (a parser for one format) stays a chunk of its own, loaded then.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  // The link names this project's packages: another checkout of the same sources gets a folder of its own.
  const hash = createHash('sha256').update(PACKAGES).update('\0');
  for (const output of outputFiles) hash.update(path.relative(outdir, output.path)).update('\0').update(output.contents);
  const target = path.join(BUNDLES, hash.digest('hex').slice(0, 16));
  if (markUsed(target)) return target;
  const aside = `${target}.${process.pid}.${Date.now()}`;
  for (const output of outputFiles) {
    const destination = path.join(aside, path.relative(outdir, output.path));
    mkdirSync(path.dirname(destination), { recursive: true });
    writeFileSync(destination, output.contents);
  }
  // A junction on Windows (no privilege needed); a plain link elsewhere.
  symlinkSync(PACKAGES, path.join(aside, 'node_modules'), 'junction');
  try {
    renameSync(aside, target);
    removeStale(target);
  } catch (error) {
    // Another process put the same bundle in place first (rmSync removes the link, not what it points to).
    rmSync(aside, { recursive: true, force: true });
    if (!markUsed(target)) throw error;
  }
  return target;
}

/** False when `dir` is not there (any more). */
function markUsed(dir: string): boolean {
  try {
    const now = new Date();
    utimesSync(dir, now, now);
    return true;
  } catch {
    return false;
  }
}

/** Bundles of other sources, left by earlier runs, once unused for a day. */
function removeStale(current: string): void {
  const now = Date.now();
  for (const entry of readdirSync(BUNDLES)) {
    const dir = path.join(BUNDLES, entry);
    if (dir === current) continue;
    try {
      if (now - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}
