/**
 * The relational store's port: what every module above the store may use. Which engine
 * runs underneath (PostgreSQL through `pg`, or the embedded PGlite) is not visible here.
 */
export type SqlParam = string | number | boolean | null | Date | Uint8Array | unknown[] | Record<string, unknown>;

export interface QueryResult<T> {
  rows: T[];
  /** Rows touched by INSERT/UPDATE/DELETE, or returned by SELECT. */
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** A transaction's queries, and when it ends. */
export interface Transaction extends Queryable {
  /**
   * Resolves once the transaction has committed, rejects when it rolls back: work started
   * inside it that must not write before its rows are visible waits for this.
   */
  readonly committed: Promise<void>;
}

/** When `queryable`'s writes are committed: its transaction's end, or now for a plain (autocommitting) store. */
export const whenCommitted = (queryable: Queryable): Promise<void> =>
  'committed' in queryable ? (queryable as Transaction).committed : Promise.resolve();

/**
 * The schema the store's statements work in: change notices name it, since every schema of one
 * database shares the notice channels.
 */
export const currentSchema = async (queryable: Queryable): Promise<string> =>
  (await queryable.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;

/** The promise of a transaction's end and how to settle it; a rollback nobody waits for is not an unhandled rejection. */
export function transactionEnd(): { committed: Promise<void>; settle(error?: unknown): void } {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  committed.catch(() => undefined);
  return { committed, settle: (error?: unknown) => (error === undefined ? resolve() : reject(error)) };
}

export interface RelationalStore extends Queryable {
  readonly engine: 'postgres' | 'pglite';
  /**
   * The name every connection of this store reports (`application_name`, unique per store): the
   * owner of the jobs this process leases, so a lease's holder is alive exactly while a
   * connection of that name is (`pg_stat_activity`): a killed process's lease is known dead at once.
   */
  readonly sessionName: string;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * The same store, whose statements may each run for `ms` (server and client side) instead of
   * the limits a request has (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS): for
   * migrations, seeding and ingestion writes. On an engine without limits, the store itself.
   */
  withStatementTimeout(ms: number): RelationalStore;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (from any process on
   * PostgreSQL; from this process on PGlite), and `onResync` after a lost connection came
   * back (notifications may have been missed: re-read what matters). Resolves to a stop function.
   */
  listen(channel: string, onNotify: (payload: string) => void, onResync: () => void): Promise<() => Promise<void>>;
  /** The request pool's connections now (for the metrics); undefined on an engine without a pool. */
  poolUse?(): { inUse: number; idle: number; waiting: number };
  /** Cheap round trip; throws when the store cannot answer. */
  health(): Promise<void>;
  close(): Promise<void>;
}
