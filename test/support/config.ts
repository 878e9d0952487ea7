import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Config } from '../../src/config.js';
import { loadConfig } from '../../src/config.js';

/**
 * Configuration for one isolated test: the real PostgreSQL (in a schema of its own) and
 * Redis (under a key prefix of its own) when DATABASE_URL / REDIS_URL are set.
 */
export const uniqueName = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;

export function testConfig(dataDir: string, env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    DATABASE_SCHEMA: process.env.DATABASE_URL ? uniqueName('t') : 'public',
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: `${uniqueName('t')}:`,
    // The graph is embedded unless a test names its Neo4j (env: { NEO4J_URI }): a NEO4J_URI of the
    // shell is the store contract's, which wipes it.
    NEO4J_URI: undefined,
    // Tests load the demo graph only when they ask for it (DEMO_DATA: 'true').
    DEMO_DATA: 'false',
    ...env,
  });
}

/** Drops a test schema from the real PostgreSQL; nothing to do on PGlite. */
export async function dropSchema(config: Config): Promise<void> {
  if (!config.database.url || config.database.schema === 'public') return;
  const client = new pg.Client({ connectionString: config.database.url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${config.database.schema} CASCADE`);
  } finally {
    await client.end();
  }
}

