import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Loads every module of a definitions folder and returns their default exports, in file
 * name order. Adding a workflow or a tool is writing one file in its folder; nothing else
 * has to list it. Works from the TypeScript sources (tsx, vitest) and the compiled output.
 */
export async function loadDefinitions<T>(folder: URL, isDefinition: (value: unknown) => value is T): Promise<T[]> {
  const dir = fileURLToPath(folder);
  const files = (await readdir(dir))
    .filter((f) => /\.(ts|js|mjs)$/.test(f) && !/\.d\.ts$/.test(f) && !/\.(test|spec)\./.test(f))
    .sort();
  const found: T[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: unknown };
    if (!isDefinition(module.default)) {
      throw new Error(`${path.join(dir, file)}: the default export is not a definition of the expected kind`);
    }
    found.push(module.default);
  }
  return found;
}
