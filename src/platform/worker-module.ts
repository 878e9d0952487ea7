import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * How to start a worker thread on the module `name` beside `importMetaUrl` (the caller's
 * `import.meta.url`): the compiled file as it is, or, from TypeScript sources, a module that
 * registers tsx in the thread first (Node 20 does not pass module hooks on to workers). tsx's
 * API is found through its manifest: `import.meta.resolve` is missing under vitest.
 */
export function workerModule(importMetaUrl: string, name: string): { target: string; eval: boolean } {
  const here = fileURLToPath(importMetaUrl);
  const ext = path.extname(here);
  const file = path.join(path.dirname(here), `${name}${ext}`);
  if (ext !== '.ts') return { target: file, eval: false };
  const require = createRequire(import.meta.url);
  const manifest = require('tsx/package.json') as { exports: Record<string, { import: { default: string } }> };
  const tsx = pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), manifest.exports['./esm/api']!.import.default)).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(file).href)}); });`;
  return { target: code, eval: true };
}
