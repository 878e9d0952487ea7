import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Config } from '../../src/config.js';
import type { RelationalStore } from '../../src/stores/relational/index.js';
import { openRelationalStore } from '../../src/stores/relational/index.js';

/**
 * Opens the relational store a test runs on: the real PostgreSQL when DATABASE_URL is set,
 * otherwise an in-memory PGlite started from the migrated template the global setup made
 * (a new cluster takes seconds; a copy of the template well under one).
 */
let template: Promise<Blob> | undefined;

export async function openTestRelationalStore(config: Config): Promise<RelationalStore> {
  const templatePath = inject('pgliteTemplatePath');
  if (config.database.url || !templatePath) return openRelationalStore({ database: config.database });
  template ??= readFile(templatePath).then((bytes) => new Blob([bytes]));
  // Migrations still run at open: on the template they find nothing to do.
  return openRelationalStore({ database: config.database, pgliteTemplate: await template });
}
