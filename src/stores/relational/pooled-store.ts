import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { isUnavailable } from '../../platform/unavailable.js';
import { transactionEnd } from './port.js';
import type { QueryResult, RelationalStore, SqlParam, Transaction } from './port.js';

/**
 * What both engines share: node-postgres over a pool, with prepared statements, the same
 * type parsing and the same transactions. PostgreSQL's pool holds network connections;
 * PGlite's holds its one connection, through PGlite's own node-postgres adapter. So a
 * statement reads and writes the same values on either engine, and runs as a prepared
 * statement on either (on PGlite that halves the cost of a statement: it is parsed and
 * planned once, not on every call).
 */

const INT8_OID = 20;

/**
 * A store's `sessionName`: host, process and a random part, within PostgreSQL's 63 bytes for an
 * application_name and in characters it keeps as they are.
 */
export function newSessionName(): string {
  const host = hostname().replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 30);
  return `cqks ${host}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** int8 (counts, ids) as a JS number when it fits; never silently wrong. */
function parseInt8(value: string): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

export const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Parameterized statements are prepared once per connection, named by a hash of their text:
 * the engine then skips parsing and planning on every later call. Statement texts come from
 * our code, so the set is bounded; a statement without parameters (a script, DDL) is sent as
 * it is.
 */
const statementNames = new Map<string, string>();
const STATEMENT_NAME_CACHE_MAX = 2000;

function prepared(sql: string, params: readonly SqlParam[]): pg.QueryConfig {
  if (params.length === 0) return { text: sql };
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `cqks_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    if (statementNames.size < STATEMENT_NAME_CACHE_MAX) statementNames.set(sql, name);
  }
  return { name, text: sql, values: params as unknown[] };
}

/** A connection lent for a transaction; `release(error)` discards one that broke. */
export interface LentConnection {
  query(config: pg.QueryConfig | string): Promise<pg.QueryResult>;
  release(error?: Error): void;
}

/** Where statements run: a `pg.Pool`, or PGlite's single connection lent to one caller at a time. */
export interface Connections {
  query(config: pg.QueryConfig | string): Promise<pg.QueryResult>;
  connect(): Promise<LentConnection>;
}

export abstract class PooledStore<C extends Connections = Connections> implements RelationalStore {
  abstract readonly engine: 'postgres' | 'pglite';
  abstract readonly sessionName: string;

  protected constructor(protected readonly pool: C) {}

  async query<T>(sql: string, params: readonly SqlParam[] = []): Promise<QueryResult<T>> {
    const result = await this.pool.query(prepared(sql, params));
    return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  /** The embedded engine has no limits on statements: itself. */
  withStatementTimeout(_ms: number): RelationalStore {
    return this;
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const end = transactionEnd();
    const tx: Transaction = {
      committed: end.committed,
      async query<R>(sql: string, params: readonly SqlParam[] = []): Promise<QueryResult<R>> {
        const result = await client.query(prepared(sql, params));
        return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
      },
      async exec(sql: string): Promise<void> {
        await client.query(sql);
      },
    };
    try {
      await client.query('BEGIN');
      const value = await work(tx);
      await client.query('COMMIT');
      client.release();
      end.settle();
      return value;
    } catch (error) {
      end.settle(error ?? new Error('transaction rolled back'));
      await client.query('ROLLBACK').catch(() => undefined);
      // A client whose connection broke is discarded rather than returned to the pool.
      client.release(error instanceof Error && isUnavailable(error) ? error : undefined);
      throw error;
    }
  }

  abstract listen(channel: string, onNotify: (payload: string) => void, onResync: () => void): Promise<() => Promise<void>>;

  async health(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  abstract close(): Promise<void>;
}

/** LISTEN takes an identifier, not a parameter: only plain lower-case names are accepted. */
export function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
}
