import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchingEngine } from '../../../src/stores/relational/pglite-batches.js';

// node-postgres over PGlite, with a statement's protocol messages kept until the message that
// ends them: a real engine, whose calls are counted on their way in.
let db: PGlite;
let client: pg.Client;
const calls: string[] = [];

beforeAll(async () => {
  db = await PGlite.create();
  const engine = batchingEngine(db);
  const counting = {
    get waitReady() {
      return engine.waitReady;
    },
    execProtocolStream: (message: Uint8Array, options?: Parameters<PGlite['execProtocolStream']>[1]) => {
      calls.push(String.fromCharCode(message[0]!));
      return engine.execProtocolStream(message, options);
    },
  };
  client = new pg.Client({ ...createPgConfig(counting as PGlite) } as pg.ClientConfig);
  await client.connect();
  await client.query('CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL UNIQUE)');
});

afterAll(async () => {
  await client.end();
  await db.close();
});

/** How many times the engine itself ran while `work` did. */
async function engineRuns(work: () => Promise<unknown>): Promise<number> {
  const before = db.execProtocolStream;
  let runs = 0;
  db.execProtocolStream = (...args) => {
    runs++;
    return before.apply(db, args);
  };
  try {
    await work();
  } finally {
    db.execProtocolStream = before;
  }
  return runs;
}

describe('PGlite with batched protocol messages', () => {
  it('runs a prepared statement in one call of the engine, with the same results', async () => {
    const insert = { name: 'insert-item', text: 'INSERT INTO items (name) VALUES ($1) RETURNING id, name' };
    await client.query({ ...insert, values: ['first'] });
    calls.length = 0;
    let result: pg.QueryResult | undefined;
    expect(await engineRuns(async () => (result = await client.query({ ...insert, values: ['second'] })))).toBe(1);
    expect(result!.rows).toEqual([{ id: 2, name: 'second' }]);
    // Bind, Describe, Execute, then Sync: the first three were kept for the fourth.
    expect(calls).toEqual(['B', 'D', 'E', 'S']);
  });

  it('answers an error inside a batch, and the next statement runs', async () => {
    const insert = { name: 'insert-item', text: 'INSERT INTO items (name) VALUES ($1) RETURNING id, name' };
    await expect(client.query({ ...insert, values: ['first'] })).rejects.toThrow(/duplicate key/);
    await expect(client.query({ name: 'bad-number', text: 'SELECT $1::int AS n', values: ['not a number'] })).rejects.toThrow(/invalid input syntax/);
    const { rows } = await client.query({ name: 'count-items', text: 'SELECT count(*)::int AS n FROM items WHERE name <> $1', values: [''] });
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('keeps transactions and simple queries as they were', async () => {
    await client.query('BEGIN');
    await client.query({ name: 'insert-item', text: 'INSERT INTO items (name) VALUES ($1) RETURNING id, name', values: ['rolled back'] });
    await client.query('ROLLBACK');
    const { rows } = await client.query('SELECT name FROM items ORDER BY id');
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['first', 'second']);
  });

  it('delivers notifications', async () => {
    await client.query('LISTEN batch_test');
    const heard = new Promise<string | undefined>((resolve) => client.once('notification', (n) => resolve(n.payload)));
    await client.query({ name: 'notify', text: 'SELECT pg_notify($1, $2)', values: ['batch_test', 'hello'] });
    expect(await heard).toBe('hello');
  });
});
