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

export interface RelationalStore extends Queryable {
  readonly engine: 'postgres' | 'pglite';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (from any process on
   * PostgreSQL; from this process on PGlite), and `onResync` after a lost connection came
   * back (notifications may have been missed: re-read what matters). Resolves to a stop function.
   */
  listen(channel: string, onNotify: (payload: string) => void, onResync: () => void): Promise<() => Promise<void>>;
  /** Cheap round trip; throws when the store cannot answer. */
  health(): Promise<void>;
  close(): Promise<void>;
}
