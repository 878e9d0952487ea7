import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHILD_MODULES, childModule } from '../../src/platform/child-modules.js';

const SRC = path.resolve('src');
const beside = (module: string, ext: string) => pathToFileURL(path.join(SRC, `${path.dirname(module)}/caller${ext}`)).href;

describe('the modules that run in a process or thread of their own', () => {
  it('start from the compiled file as it is', () => {
    expect(childModule(pathToFileURL('/srv/cqks/dist/src/stores/graph/grafeo-supervisor.js').href, 'grafeo-worker')).toBe('/srv/cqks/dist/src/stores/graph/grafeo-worker.js');
  });

  it('start from the TypeScript sources through one bundle of them all, made once, in which each finds its siblings', async () => {
    const files = CHILD_MODULES.map((module) => childModule(beside(module, '.ts'), path.basename(module)));
    const folder = path.dirname(path.dirname(path.dirname(files[0]!)));
    expect(realpathSync(path.join(folder, 'node_modules'))).toBe(realpathSync('node_modules'));
    for (const [i, module] of CHILD_MODULES.entries()) {
      expect(files[i]).toBe(path.join(folder, `${module}.js`));
      expect(existsSync(files[i]!), files[i]).toBe(true);
      expect(existsSync(path.join(SRC, `${module}.ts`))).toBe(true);
    }
    // Our sources are in it; packages stay imports, resolved from the project's node_modules.
    const worker = await readFile(files[0]!, 'utf8');
    expect(worker).toContain('grafeo-worker: run me through the graph store');
    expect(worker).toMatch(/from ["']@grafeo-db\/js["']/);
    // Asked again, the same files.
    expect(childModule(beside(CHILD_MODULES[0]!, '.ts'), path.basename(CHILD_MODULES[0]!))).toBe(files[0]);
  });

  it('are only those listed', () => {
    expect(() => childModule(pathToFileURL(path.join(SRC, 'stores/graph/grafeo-supervisor.ts')).href, 'grafeo-store')).toThrow(/not listed in CHILD_MODULES/);
  });
});
