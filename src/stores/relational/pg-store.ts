import pg from 'pg';
import { assertChannelName, PooledStore, typeParsers } from './pooled-store.js';

export interface PgStoreOptions {
  url: string;
  schema: string;
  poolMax: number;
  /** Name reported to PostgreSQL (pg_stat_activity). */
  applicationName?: string;
}

/** PostgreSQL through a pool of `pg` connections (DATABASE_URL). */
export class PgStore extends PooledStore<pg.Pool> {
  readonly engine = 'postgres' as const;

  constructor(private readonly options: PgStoreOptions) {
    super(openPool(options));
  }

  /**
   * LISTEN needs a connection of its own, outside the pool. When it breaks it is opened
   * again (after a short pause) and `onResync` tells the listener it may have missed some.
   */
  async listen(channel: string, onNotify: (payload: string) => void, onResync: () => void): Promise<() => Promise<void>> {
    assertChannelName(channel);
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

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function openPool(options: PgStoreOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    application_name: options.applicationName ?? 'cqks',
    // Every connection works in the configured schema, so one database can host several deployments.
    options: `-c search_path=${options.schema},public`,
    types: typeParsers,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}
