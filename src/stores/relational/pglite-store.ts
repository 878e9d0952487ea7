import { mkdir } from 'node:fs/promises';
import { Mutex, PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { batchingEngine } from './pglite-batches.js';
import { ensurePgliteCluster } from './pglite-cluster.js';
import { assertChannelName, newSessionName, PooledStore, typeParsers } from './pooled-store.js';
import type { Connections, LentConnection } from './pooled-store.js';

/**
 * The embedded engine: PostgreSQL compiled to WebAssembly, one connection, data in a
 * directory (or in memory when none is given, as tests do). One process only.
 *
 * Statements reach it through node-postgres (PGlite's own adapter, given each statement's
 * messages at once: pglite-batches.ts), as on PostgreSQL, so they are prepared once and keep
 * their plan: parsing and planning cost as much as running the small statements this service
 * makes, and PGlite does both on the event loop's thread.
 */
export class PgliteStore extends PooledStore<OneConnection> {
  readonly engine = 'pglite' as const;
  readonly sessionName = newSessionName();
  private analyzeTimer?: NodeJS.Timeout;
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(
    private readonly db: PGlite,
    connection: OneConnection,
  ) {
    super(connection);
    connection.client.on('notification', (message) => {
      connection.afterStatement(() => {
        for (const listener of this.listeners.get(message.channel) ?? []) listener(message.payload ?? '');
      });
    });
  }

  /**
   * PGlite has no autovacuum, so nothing refreshes the planner's statistics; without them it
   * stops choosing indexes (the nearest-neighbour scans) as tables grow. This runs ANALYZE
   * every `intervalMs` in the background, and once now (the promise is that first run).
   */
  startAnalyzing(intervalMs: number, onError: (error: unknown) => void): Promise<void> {
    const analyze = () => this.exec('ANALYZE').then(() => undefined, onError);
    this.analyzeTimer = setInterval(analyze, intervalMs);
    this.analyzeTimer.unref();
    return analyze();
  }

  /**
   * `template` is a dump from `dump()`: starting from it skips creating a cluster, which
   * takes seconds (tests start many stores).
   */
  static async open(options: { dataDir?: string; schema: string; template?: Blob }): Promise<PgliteStore> {
    if (options.dataDir && !options.template) await ensurePgliteCluster(options.dataDir);
    else if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
    const db = await PGlite.create(options.dataDir, {
      extensions: { pg_trgm },
      ...(options.template ? { loadDataDir: options.template } : {}),
    });
    try {
      if (options.schema !== 'public') {
        await db.exec(`CREATE SCHEMA IF NOT EXISTS ${options.schema}; SET search_path TO ${options.schema},public`);
      }
      // The adapter uses only `waitReady` and `execProtocolStream` of what it is given.
      const client = new pg.Client({ ...createPgConfig(batchingEngine(db) as PGlite), types: typeParsers } as pg.ClientConfig);
      await client.connect();
      const store = new PgliteStore(db, new OneConnection(client));
      // newSessionName's characters need no quoting.
      await client.query(`SET application_name = '${store.sessionName}'`);
      return store;
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    assertChannelName(channel);
    // One process, one connection: notifications arrive when the notifying transaction commits.
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(channel, listeners);
      await this.exec(`LISTEN ${channel}`);
    }
    listeners.add(onNotify);
    return async () => {
      listeners.delete(onNotify);
      if (listeners.size > 0 || this.listeners.get(channel) !== listeners) return;
      this.listeners.delete(channel);
      // A closed database has no listeners left to remove.
      if (!this.db.closed) await this.exec(`UNLISTEN ${channel}`);
    };
  }

  /** The whole cluster as a tarball, to start other stores from. */
  async dump(): Promise<Blob> {
    return this.pool.exclusive(() => this.db.dumpDataDir('none'));
  }

  async close(): Promise<void> {
    clearInterval(this.analyzeTimer);
    if (this.db.closed) return;
    await this.pool.exclusive(() => this.pool.client.end());
    await this.db.close();
  }
}

/**
 * PGlite's one connection as the store uses it: lent whole to one transaction at a time,
 * other statements waiting their turn (a pool of one that never drops its connection:
 * `pg.Pool` would discard it after any failed statement).
 */
class OneConnection implements Connections {
  private readonly lock = new Mutex();
  private running = false;
  private held: (() => void)[] = [];

  constructor(readonly client: pg.Client) {}

  query(config: pg.QueryConfig | string): Promise<pg.QueryResult> {
    return this.lock.runExclusive(() => this.afterATurn(config));
  }

  async connect(): Promise<LentConnection> {
    const release = await this.lock.acquire();
    return { query: (config) => this.afterATurn(config), release: () => release() };
  }

  /**
   * PGlite runs a statement on this thread and its result settles as a microtask, so a series
   * of statements (an ingestion's thousands of inserts) would run back to back without the
   * event loop ever reading a socket: every request, readiness included, waited for the whole
   * series. One turn of the loop before each statement lets them in between.
   */
  private async afterATurn(config: pg.QueryConfig | string): Promise<pg.QueryResult> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.running = true;
    try {
      return await this.client.query(config);
    } finally {
      this.running = false;
      if (this.held.length > 0) {
        const held = this.held;
        this.held = [];
        setImmediate(() => held.forEach((deliver) => deliver()));
      }
    }
  }

  /**
   * Runs `deliver` (a notification) a turn after the statement now running has returned to its
   * caller, at once when none runs. PGlite hands a commit's notification over before the
   * commit's own result, so without this a listener hears of rows before the code that wrote
   * them has them: an event stream then reads back from the store what the writer was about to
   * hand it directly (EventStore.deliverLocally), a statement on the one connection per commit.
   */
  afterStatement(deliver: () => void): void {
    if (this.running) this.held.push(deliver);
    else deliver();
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.lock.runExclusive(work);
  }
}
