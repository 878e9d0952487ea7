import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { transactionEnd } from './port.js';
import type { QueryResult, RelationalStore, SqlParam, Transaction } from './port.js';

/**
 * The embedded engine: PostgreSQL compiled to WebAssembly, one connection, data in a
 * directory (or in memory when none is given, as tests do). One process only.
 */
export class PgliteStore implements RelationalStore {
  readonly engine = 'pglite' as const;
  private analyzeTimer?: NodeJS.Timeout;

  private constructor(private readonly db: PGlite) {}

  /**
   * PGlite has no autovacuum, so nothing refreshes the planner's statistics; without them it
   * stops choosing indexes (the nearest-neighbour scans) as tables grow. This runs ANALYZE
   * every `intervalMs` in the background, and once now (the promise is that first run).
   */
  startAnalyzing(intervalMs: number, onError: (error: unknown) => void): Promise<void> {
    const analyze = () => this.db.exec('ANALYZE').then(() => undefined, onError);
    this.analyzeTimer = setInterval(analyze, intervalMs);
    this.analyzeTimer.unref();
    return analyze();
  }

  /**
   * `template` is a dump from `dump()`: starting from it skips creating a cluster, which
   * takes seconds (tests start many stores).
   */
  static async open(options: { dataDir?: string; schema: string; template?: Blob }): Promise<PgliteStore> {
    if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
    const db = await PGlite.create(options.dataDir, {
      extensions: { pg_trgm },
      ...(options.template ? { loadDataDir: options.template } : {}),
    });
    if (options.schema !== 'public') {
      await db.exec(`CREATE SCHEMA IF NOT EXISTS ${options.schema}; SET search_path TO ${options.schema},public`);
    }
    return new PgliteStore(db);
  }

  async query<T>(sql: string, params: readonly SqlParam[] = []): Promise<QueryResult<T>> {
    return toResult(await this.db.query<T>(sql, params as unknown[]));
  }

  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const end = transactionEnd();
    try {
      // PGlite's own transaction() holds its single connection for the callback and rolls back on throw.
      const value = await this.db.transaction(async (inner) =>
        work({
          committed: end.committed,
          async query<R>(sql: string, params: readonly SqlParam[] = []) {
            return toResult(await inner.query<R>(sql, params as unknown[]));
          },
          async exec(sql: string) {
            await inner.exec(sql);
          },
        }),
      );
      end.settle();
      return value;
    } catch (error) {
      end.settle(error ?? new Error('transaction rolled back'));
      throw error;
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    // One process, one connection: notifications arrive when the notifying transaction commits.
    const unlisten = await this.db.listen(channel, onNotify);
    // A closed database has no listeners left to remove (and would throw if asked).
    return async () => {
      if (!this.db.closed) await unlisten();
    };
  }

  /** The whole cluster as a tarball, to start other stores from. */
  async dump(): Promise<Blob> {
    return this.db.dumpDataDir('none');
  }

  async health(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  async close(): Promise<void> {
    clearInterval(this.analyzeTimer);
    if (!this.db.closed) await this.db.close();
  }
}

function toResult<T>(result: { rows: T[]; affectedRows?: number }): QueryResult<T> {
  return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
}
