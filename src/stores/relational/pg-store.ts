import pg from 'pg';
import type { RelationalStore } from './port.js';
import { assertChannelName, newSessionName, PooledStore, typeParsers } from './pooled-store.js';

export interface PgStoreOptions {
  url: string;
  schema: string;
  poolMax: number;
  /** Name every connection reports to PostgreSQL (pg_stat_activity; the store's `sessionName`); a new one by default. */
  applicationName?: string;
  /** PostgreSQL's limit on one statement (0 or absent: none). */
  statementTimeoutMs?: number;
  /** How long the client waits for an answer, also when the network is silently gone (0 or absent: forever). */
  queryTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** TCP keepalive after this much silence (0: off). */
  keepAliveMs?: number;
}

/** A long statement's client-side wait beyond its server-side limit, so the server's error comes first. */
const LONG_QUERY_MARGIN_MS = 2_000;

/** PostgreSQL through a pool of `pg` connections (DATABASE_URL). */
export class PgStore extends PooledStore<pg.Pool> {
  readonly engine = 'postgres' as const;
  readonly sessionName: string;

  /** LISTEN needs a connection of its own, outside the pool: one per store, for every channel (and it stays open). */
  private readonly listener: Listener;
  /** Pools whose connections carry a longer limit (withStatementTimeout), by that limit; opened when first used. */
  private readonly longPools = new Map<number, pg.Pool>();

  constructor(private readonly options: PgStoreOptions) {
    const sessionName = options.applicationName ?? newSessionName();
    super(openPool({ ...options, applicationName: sessionName }));
    this.sessionName = sessionName;
    this.listener = new Listener(options.url, sessionName);
  }

  /**
   * A view of this store over a second, smaller pool (half of DATABASE_POOL_MAX, at least one)
   * whose connections carry the longer limits: no statement of a request ever waits longer
   * than its own limits, and a long one pays nothing per statement for its limit.
   */
  override withStatementTimeout(ms: number): RelationalStore {
    let pool = this.longPools.get(ms);
    if (!pool) {
      pool = openPool({
        ...this.options,
        applicationName: this.sessionName,
        poolMax: Math.max(1, Math.ceil(this.options.poolMax / 2)),
        statementTimeoutMs: ms,
        queryTimeoutMs: ms + LONG_QUERY_MARGIN_MS,
      });
      this.longPools.set(ms, pool);
    }
    // The same store over the long pool: everything else is this one's.
    const view = Object.create(this) as this;
    Object.defineProperty(view, 'pool', { value: pool });
    return view;
  }

  poolUse(): { inUse: number; idle: number; waiting: number } {
    const { totalCount, idleCount, waitingCount } = this.pool;
    return { inUse: totalCount - idleCount, idle: idleCount, waiting: waitingCount };
  }

  listen(channel: string, onNotify: (payload: string) => void, onResync: () => void): Promise<() => Promise<void>> {
    assertChannelName(channel);
    return this.listener.add(channel, { onNotify, onResync });
  }

  async close(): Promise<void> {
    await this.listener.stop();
    await Promise.all([this.pool, ...this.longPools.values()].map((pool) => pool.end()));
  }
}

function openPool(options: PgStoreOptions): pg.Pool {
  const statementTimeout = options.statementTimeoutMs ? ` -c statement_timeout=${options.statementTimeoutMs}` : '';
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    application_name: options.applicationName ?? 'cqks',
    // Every connection works in the configured schema, so one database can host several deployments.
    options: `-c search_path=${options.schema},public${statementTimeout}`,
    types: typeParsers,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    ...(options.queryTimeoutMs ? { query_timeout: options.queryTimeoutMs } : {}),
    keepAlive: (options.keepAliveMs ?? 10_000) > 0,
    keepAliveInitialDelayMillis: options.keepAliveMs ?? 10_000,
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor one that is lent out (pg-pool listens only while a client is idle): PostgreSQL ending a
  // connection inside a transaction (pg_terminate_backend, a failover, an idle-in-transaction
  // timeout) emits 'error' on it. The statement under way fails instead; the broken client is
  // discarded when it is released with that error, and the pool opens a new one.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

interface Subscriber {
  onNotify(payload: string): void;
  onResync(): void;
}

/**
 * One connection that LISTENs to every channel someone follows. When it breaks it is opened
 * again (after a short pause), listens again, and tells every subscriber it may have missed
 * notifications (`onResync`).
 */
class Listener {
  /** Each channel's subscribers, and when its LISTEN took effect. */
  private readonly channels = new Map<string, { subscribers: Set<Subscriber>; listening: Promise<unknown> }>();
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly applicationName: string,
  ) {}

  /** Resolves once `subscriber` hears every notification on `channel` from then on. */
  async add(channel: string, subscriber: Subscriber): Promise<() => Promise<void>> {
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { subscribers: new Set(), listening: this.connected().then((client) => client.query(`LISTEN ${channel}`)) };
      this.channels.set(channel, entry);
    }
    entry.subscribers.add(subscriber);
    try {
      await entry.listening;
    } catch (error) {
      this.remove(channel, subscriber);
      throw error;
    }
    return async () => {
      if (!this.remove(channel, subscriber)) return;
      await this.client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  }

  /** Removes `subscriber`; true when the channel has no subscriber left. */
  private remove(channel: string, subscriber: Subscriber): boolean {
    const subscribers = this.channels.get(channel)?.subscribers;
    if (!subscribers?.delete(subscriber) || subscribers.size > 0) return false;
    this.channels.delete(channel);
    return true;
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    if (this.stopped) throw new Error('the store is closed');
    const client = new pg.Client({ connectionString: this.url, application_name: this.applicationName, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client.on('notification', (message) => {
      for (const subscriber of this.channels.get(message.channel)?.subscribers ?? []) subscriber.onNotify(message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
      if (this.stopped) throw new Error('the store is closed');
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  /** The connection broke (events of clients given up on before are ignored). */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.retryLater();
  }

  private retryLater(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connected().then(
        () => this.channels.forEach(({ subscribers }) => subscribers.forEach((s) => s.onResync())),
        () => this.retryLater(),
      );
    }, 1000);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }
}
