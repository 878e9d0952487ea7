import { createHash } from 'node:crypto';
import pg from 'pg';
import { transactionEnd } from './port.js';
import type { QueryResult, RelationalStore, SqlParam, Transaction } from './port.js';

const INT8_OID = 20;

/** int8 (counts, ids) as a JS number when it fits, as the embedded engine does; never silently wrong. */
function parseInt8(value: string): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Parameterized statements are prepared once per connection, named by a hash of their text:
 * the server then skips parsing and planning on every later call (measured here: about 1.5x
 * the queries per second on a hot path). Statement texts come from our code, so the set is
 * bounded; a statement without parameters (a script, DDL) is sent as it is.
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

export interface PgStoreOptions {
  url: string;
  schema: string;
  poolMax: number;
  /** Name reported to PostgreSQL (pg_stat_activity). */
  applicationName?: string;
}

export class PgStore implements RelationalStore {
  readonly engine = 'postgres' as const;
  private readonly pool: pg.Pool;

  constructor(private readonly options: PgStoreOptions) {
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax,
      application_name: options.applicationName ?? 'cqks',
      // Every connection works in the configured schema, so one database can host several deployments.
      options: `-c search_path=${options.schema},public`,
      types: typeParsers,
      connectionTimeoutMillis: 10_000,
    });
    // An idle client that loses its connection must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
  }

  async query<T>(sql: string, params: readonly SqlParam[] = []): Promise<QueryResult<T>> {
    const result = await this.pool.query(prepared(sql, params));
    return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
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
      client.release(error instanceof Error && isConnectionError(error) ? error : undefined);
      throw error;
    }
  }

  /**
   * LISTEN needs a connection of its own, outside the pool. When it breaks it is opened
   * again (after a short pause) and `onResync` tells the listener it may have missed some.
   */
  async listen(channel: string, onNotify: (payload: string) => void, onResync: () => void): Promise<() => Promise<void>> {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
    let client: pg.Client | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: this.options.url, application_name: 'cqks-listen' });
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      next.on('error', () => reconnect());
      next.on('end', () => reconnect());
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      client = next;
    };
    const reconnect = () => {
      if (stopped || retry) return;
      client = undefined;
      retry = setTimeout(() => {
        retry = undefined;
        connect().then(onResync, reconnect);
      }, 1000);
      retry.unref();
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  }

  async health(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function isConnectionError(error: Error): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code.startsWith('08') || code === 'ECONNRESET' || code === 'ECONNREFUSED';
}
