import type { Config } from '../../config.js';
import { migrate } from './migrate.js';
import { PgStore } from './pg-store.js';
import { pgliteDir } from './pglite-cluster.js';
import { PgliteStore } from './pglite-store.js';
import type { RelationalStore } from './port.js';

export { currentSchema, whenCommitted } from './port.js';
export type { Queryable, QueryResult, RelationalStore, SqlParam, Transaction } from './port.js';
export { Statement } from './statement.js';

export interface OpenRelationalOptions {
  database: Pick<Config['database'], 'url' | 'schema' | 'poolMax' | 'statementTimeoutMs' | 'queryTimeoutMs' | 'connectTimeoutMs' | 'keepAliveMs'> &
    Partial<Pick<Config['database'], 'longStatementTimeoutMs'>>;
  /** Where PGlite keeps its files when no DATABASE_URL is set; undefined means in memory. */
  dataDir?: string;
  /** PGlite only: start from this dump (see PgliteStore.dump) instead of an empty cluster. */
  pgliteTemplate?: Blob;
}

/** Opens the configured engine and applies pending migrations before anything uses it. */
export async function openRelationalStore(options: OpenRelationalOptions): Promise<RelationalStore> {
  const store: RelationalStore = options.database.url
    ? new PgStore({
        url: options.database.url,
        schema: options.database.schema,
        poolMax: options.database.poolMax,
        statementTimeoutMs: options.database.statementTimeoutMs,
        queryTimeoutMs: options.database.queryTimeoutMs,
        connectTimeoutMs: options.database.connectTimeoutMs,
        keepAliveMs: options.database.keepAliveMs,
      })
    : await PgliteStore.open({
        dataDir: pgliteDir(options.dataDir),
        schema: options.database.schema,
        template: options.pgliteTemplate,
      });
  try {
    // Setting up may build indexes on big tables, or wait for another process doing the same:
    // it runs under the long statement limit, not a request's.
    const long = options.database.longStatementTimeoutMs;
    const setup = long ? store.withStatementTimeout(long) : store;
    if (store.engine === 'postgres' && options.database.schema !== 'public') {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${options.database.schema}`).catch(async (error: unknown) => {
        // Two processes creating the schema at once: the loser sees a duplicate; the schema exists either way.
        if ((error as { code?: string }).code !== '23505') throw error;
      });
    }
    await migrate(setup);
    return store;
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
}
