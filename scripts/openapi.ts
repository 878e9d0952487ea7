import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { openDependencies } from '../src/app/dependencies.js';
import { loadConfig } from '../src/config.js';
import { openRelationalStore } from '../src/stores/relational/index.js';

/**
 * Writes openapi/openapi.json from the routes' schemas (`npm run openapi`), or with
 * `--check` fails when the checked-in file differs from what the code generates (CI).
 * The document is built from the defaults only, never from this shell's environment.
 */
const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi', 'openapi.json');

export async function generateOpenApi(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const relational = await openRelationalStore({ database: config.database });
    const app = await buildApp(config, await openDependencies(config, { relational }));
    try {
      await app.ready();
      return `${JSON.stringify(app.swagger(), null, 2)}\n`;
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const generated = await generateOpenApi();
  if (process.argv.includes('--check')) {
    const current = await readFile(target, 'utf8').catch(() => '');
    if (current !== generated) {
      process.stderr.write('openapi/openapi.json is stale: run `npm run openapi` and commit the result.\n');
      process.exit(1);
    }
    process.stdout.write('openapi/openapi.json is current.\n');
    return;
  }
  await writeFile(target, generated);
  process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
