import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../../src/config.js';
import { migrate } from '../../../src/stores/relational/migrate.js';
import { migrations } from '../../../src/stores/relational/migrations/index.js';
import type { PgliteStore } from '../../../src/stores/relational/pglite-store.js';
import type { RelationalStore } from '../../../src/stores/relational/index.js';
import { openRelationalStore } from '../../../src/stores/relational/index.js';
import { dropSchema, testConfig } from '../../support/config.js';
import { openTestRelationalStore } from '../../support/relational.js';

/** Runs on PGlite always, and on the real PostgreSQL too when DATABASE_URL is set. */
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`relational store (${engine})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  async function open(config?: Config): Promise<{ store: RelationalStore; config: Config }> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-rel-'));
    const cfg = config ?? testConfig(dataDir);
    const store = await openTestRelationalStore(cfg);
    cleanups.push(async () => {
      await store.close();
      await dropSchema(cfg);
      await rm(dataDir, { recursive: true, force: true });
    });
    return { store, config: cfg };
  }

  it('reports which engine runs', async () => {
    const { store } = await open();
    expect(store.engine).toBe(engine);
  });

  it('applies every migration at open, and a second run changes nothing', async () => {
    const { store } = await open();
    const before = await store.query<{ version: number; applied_at: Date }>(
      'SELECT version, applied_at FROM schema_migrations ORDER BY version',
    );
    expect(before.rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
    const report = await migrate(store);
    expect(report.applied).toEqual([]);
    expect(report.alreadyApplied).toEqual(migrations.map((m) => m.version));
    const after = await store.query('SELECT version, applied_at FROM schema_migrations ORDER BY version');
    expect(after.rows).toEqual(before.rows);
  });

  it('refuses a migration whose text changed after it was applied', async () => {
    const { store } = await open();
    const changed = migrations.map((m, i) => (i === 0 ? { ...m, sql: `${m.sql} -- edited` } : m));
    await expect(migrate(store, changed)).rejects.toThrow(/changed after it was applied/);
  });

  it('applies concurrently started migrations exactly once', async () => {
    const { store, config } = await open();
    // Back to an empty schema, so every migration has work to do again.
    const schema = config.database.schema;
    await store.exec(`DROP SCHEMA ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    // On PostgreSQL: separate pools, as separate processes would have. On PGlite: one connection.
    const others = engine === 'postgres' ? await Promise.all([1, 2, 3].map(() => openRawPgStore(config))) : [store, store, store];
    const reports = await Promise.all(others.map((s) => migrate(s)));
    if (engine === 'postgres') await Promise.all(others.map((s) => s.close()));
    expect(reports.flatMap((r) => r.applied)).toEqual(migrations.map((m) => m.version));
    const rows = await store.query<{ count: number }>('SELECT count(*)::int AS count FROM schema_migrations');
    expect(rows.rows[0]?.count).toBe(migrations.length);
  });

  it.runIf(engine === 'postgres')('schemas of one new database migrate at once without racing to create its extensions', async () => {
    const { store: requests, config } = await open();
    // Creating and dropping a database copies and removes files: on a busy machine that takes longer
    // than a request's 5 s, so these run with the long limit, as the migrations do.
    const store = requests.withStatementTimeout(config.database.longStatementTimeoutMs);
    const database = `cqks_race_${process.pid}_${Date.now()}`;
    await store.exec(`CREATE DATABASE ${database}`);
    try {
      const url = new URL(config.database.url!);
      url.pathname = `/${database}`;
      // Separate pools with a schema each, as deployments sharing one database would have; pg_trgm is not there yet.
      const stores = await Promise.all(
        [1, 2, 3, 4].map(async (i) => {
          const s = await openRawPgStore({ ...config, database: { ...config.database, url: url.toString(), schema: `race_${i}` } });
          await s.exec(`CREATE SCHEMA IF NOT EXISTS race_${i}`);
          return s;
        }),
      );
      try {
        const reports = await Promise.all(stores.map((s) => migrate(s)));
        for (const report of reports) expect(report.applied).toEqual(migrations.map((m) => m.version));
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    } finally {
      await store.exec(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const { store } = await open();
    await store.transaction(async (tx) => {
      await tx.query(`INSERT INTO service_meta (key, value) VALUES ($1, $2)`, ['kept', JSON.stringify({ a: 1 })]);
    });
    await expect(
      store.transaction(async (tx) => {
        await tx.query(`INSERT INTO service_meta (key, value) VALUES ($1, $2)`, ['dropped', JSON.stringify(1)]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await store.query<{ key: string; value: unknown }>(
      `SELECT key, value FROM service_meta WHERE key IN ('kept', 'dropped')`,
    );
    expect(rows).toEqual([{ key: 'kept', value: { a: 1 } }]);
  });

  it('returns int8 counts as numbers and jsonb as values, the same on both engines', async () => {
    const { store } = await open();
    const { rows } = await store.query<{ n: number; j: unknown; t: Date }>(
      `SELECT count(*) AS n, '{"x":[1,2]}'::jsonb AS j, now() AS t FROM service_meta`,
    );
    expect(rows[0]).toMatchObject({ n: 1, j: { x: [1, 2] } });
    expect(rows[0]?.t).toBeInstanceOf(Date);
  });

  it('keeps working after a failed statement, in and out of transactions', async () => {
    const { store } = await open();
    await expect(store.query('SELECT 1 / $1::int AS x', [0])).rejects.toMatchObject({ code: '22012' });
    await expect(store.query(`INSERT INTO service_meta (key, value) VALUES ($1, $2), ($1, $2)`, ['twice', '1'])).rejects.toMatchObject({ code: '23505' });
    await expect(
      store.transaction(async (tx) => {
        await tx.query(`INSERT INTO service_meta (key, value) VALUES ($1, $2)`, ['in-tx', '1']);
        await tx.query('SELECT 1 / $1::int AS x', [0]);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    // The same prepared statement runs again, and the failed transaction left nothing.
    expect((await store.query<{ x: number }>('SELECT 4 / $1::int AS x', [2])).rows).toEqual([{ x: 2 }]);
    expect((await store.query(`SELECT 1 FROM service_meta WHERE key IN ('twice', 'in-tx')`)).rows).toEqual([]);
  });

  it('runs a statement outside a transaction only after the transaction ends, never inside it', async () => {
    const { store } = await open();
    let outside: Promise<{ rows: { n: number }[] }> | undefined;
    const tx = store.transaction(async (q) => {
      await q.query(`INSERT INTO service_meta (key, value) VALUES ($1, $2)`, ['pending', '1']);
      outside = store.query<{ n: number }>(`SELECT count(*) AS n FROM service_meta WHERE key = 'pending'`);
      // The transaction's own statement, issued after the other one: were they on one queue, the other ran first, inside.
      await q.query('SELECT 1');
      throw new Error('rolled back');
    });
    await expect(tx).rejects.toThrow('rolled back');
    expect((await outside!).rows).toEqual([{ n: 0 }]);
  });

  it('delivers a notification to its listeners at commit, and none after they stop', async () => {
    const { store } = await open();
    const heard: string[] = [];
    let waiting: { count: number; resolve: () => void } | undefined;
    const hear = (name: string) => (payload: string) => {
      heard.push(`${name}:${payload}`);
      if (waiting && heard.length >= waiting.count) waiting.resolve();
    };
    const heardAll = (count: number) =>
      heard.length >= count ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { count, resolve }));
    const stopA = await store.listen('cqks_store_test', hear('a'), () => undefined);
    const stopB = await store.listen('cqks_store_test', hear('b'), () => undefined);
    await store.transaction(async (tx) => {
      await tx.query('SELECT pg_notify($1, $2)', ['cqks_store_test', 'one']);
      expect(heard).toEqual([]);
    });
    await heardAll(2);
    expect([...heard].sort()).toEqual(['a:one', 'b:one']);
    await stopA();
    await store.query('SELECT pg_notify($1, $2)', ['cqks_store_test', 'two']);
    await heardAll(3);
    expect(heard.at(-1)).toBe('b:two');
    await stopB();
    // Nobody listens any more: the channel is unlistened.
    await store.query('SELECT pg_notify($1, $2)', ['cqks_store_test', 'three']);
    await store.health();
    expect(heard).toHaveLength(3);
  });

  it('listeners added at the same time both hear a notification sent as soon as they are added', async () => {
    const { store } = await open();
    const heard: string[] = [];
    let all = () => {};
    const both = new Promise<void>((resolve) => (all = resolve));
    const hear = (name: string) => (payload: string) => heard.push(`${name}:${payload}`) === 2 && all();
    await Promise.all([store.listen('cqks_together', hear('a'), () => undefined), store.listen('cqks_together', hear('b'), () => undefined)]);
    await store.query('SELECT pg_notify($1, $2)', ['cqks_together', 'now']);
    await both;
    expect(heard.sort()).toEqual(['a:now', 'b:now']);
  });

  it.skipIf(engine !== 'postgres')('listens to every channel on one connection, and listens again after it broke, telling each listener', async () => {
    const { store } = await open();
    const suffix = Math.random().toString(36).slice(2, 10);
    const channels = [`cqks_one_${suffix}`, `cqks_two_${suffix}`];
    /** Values pushed, and a promise of the first `count` of them. */
    const collect = (count: number) => {
      const values: string[] = [];
      let resolve = () => {};
      const full = new Promise<void>((r) => (resolve = r));
      return { values, full, push: (v: string) => values.push(v) === count && resolve() };
    };
    const heard = collect(2);
    const resynced = collect(2);
    for (const channel of channels) await store.listen(channel, (payload) => heard.push(`${channel}:${payload}`), () => resynced.push(channel));

    // The listening connection's last statement LISTENed to the second channel; no other connection did.
    const { rows } = await store.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE query IN ($1, $2)`, channels.map((c) => `LISTEN ${c}`));
    expect(rows).toHaveLength(1);
    await store.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);

    await resynced.full;
    expect(resynced.values.sort()).toEqual([...channels].sort());
    for (const channel of channels) await store.query('SELECT pg_notify($1, $2)', [channel, 'after']);
    await heard.full;
    expect(heard.values.sort()).toEqual(channels.map((c) => `${c}:after`).sort());
  });

  it.skipIf(engine !== 'pglite')('refreshes planner statistics itself (PGlite has no autovacuum)', async () => {
    const { store } = await open();
    await store.query(`INSERT INTO service_meta (key, value) SELECT 'k' || i, to_jsonb(i) FROM generate_series(1, 500) AS i`);
    const errors: unknown[] = [];
    await (store as PgliteStore).startAnalyzing(60_000, (error) => errors.push(error));
    const { rows } = await store.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'service_meta'`);
    expect(errors).toEqual([]);
    expect(rows[0]?.reltuples).toBe(501);
  });

  it.skipIf(engine !== 'pglite')('keeps data in DATA_DIR across a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-persist-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const config = testConfig(dataDir);
    const first = await openRelationalStore({ database: config.database, dataDir });
    await first.query(`INSERT INTO service_meta (key, value) VALUES ('survives', '"yes"')`);
    await first.close();
    const second = await openRelationalStore({ database: config.database, dataDir });
    const { rows } = await second.query<{ value: string }>(`SELECT value FROM service_meta WHERE key = 'survives'`);
    await second.close();
    expect(rows).toEqual([{ value: 'yes' }]);
  });
});

async function openRawPgStore(config: Config): Promise<RelationalStore> {
  const { PgStore } = await import('../../../src/stores/relational/pg-store.js');
  const store = new PgStore({ url: config.database.url!, schema: config.database.schema, poolMax: 2 });
  return store;
}
