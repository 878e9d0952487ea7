import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { dropSchema, testConfig, uniqueName } from './config.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';

/**
 * One deployment of the real service on the real PostgreSQL (a schema of its own) and Redis,
 * whose processes a test starts and kills; `db` is the test's own connection to its schema,
 * for holding locks that stop a process at a chosen statement. Needs DATABASE_URL.
 */
export interface KillableDeployment {
  dataDir: string;
  db: pg.Client;
  /** Starts a process of the service (the previous one must have been killed or stopped). */
  start(): Promise<ServiceProcess>;
  /** Resolves once a statement of the service waits for a lock the test's `db` holds. */
  untilBlocked(): Promise<void>;
  close(): Promise<void>;
}

export async function openKillableDeployment(env: Record<string, string>): Promise<KillableDeployment> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('a killable deployment needs DATABASE_URL');
  const schema = uniqueName('t');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-killable-'));
  const db = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await db.connect();
  let current: ServiceProcess | undefined;
  return {
    dataDir,
    db,
    async start() {
      current = await startServiceProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        DATABASE_SCHEMA: schema,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_KEY_PREFIX: `${schema}:`,
        NEO4J_URI: undefined,
        ...env,
      });
      return current;
    },
    untilBlocked: () => untilBlocked(db),
    async close() {
      await current?.kill();
      await db.end();
      await dropSchema(testConfig(dataDir, { DATABASE_SCHEMA: schema }));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves once `count` statements of other connections wait for a lock `db` holds (checked every
 * 50 ms: PostgreSQL announces no such moment), failing after `maxWaitMs`.
 */
export async function untilBlocked(db: pg.Client, count = 1, maxWaitMs = 15_000): Promise<void> {
  const blocked = async () =>
    Number((await db.query('SELECT count(*) AS n FROM pg_stat_activity WHERE pg_blocking_pids(pid) @> ARRAY[pg_backend_pid()]')).rows[0].n);
  for (let tries = 0; (await blocked()) < count; tries++) {
    expect(tries, `fewer than ${count} statements ever waited for the lock`).toBeLessThan(maxWaitMs / 50);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
