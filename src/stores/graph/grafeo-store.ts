import { DEFAULT_VALIDATION_CACHE_ENTRIES, ValidatedStatements } from './validated-statements.js';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isNameKey, searchTerms } from './bookkeeping.js';
import { assertReadOnly, type GuardOptions } from '../../cypher/guard.js';
import { engineFailure, graphUnavailable, queryFailed, queryOverMemory, queryTimeout, resultTooLarge } from './errors.js';
import { invalidCypher, notReadOnly } from '../../cypher/errors.js';
import { EngineCallError, GrafeoSupervisor, type CallOptions } from './grafeo-supervisor.js';
import type { OperationName, Operations } from './grafeo-protocol.js';
import { isGraphNode } from './port.js';
import { NameSearches, type NameSearchCacheOptions } from './name-searches.js';
import type {
  FindNodesOptions,
  GraphLogger,
  GraphSchema,
  GraphStore,
  NodeMatch,
  QueryParams,
  ReadOptions,
  ReadResult,
  UpsertBatch,
  WriteCounts,
} from './port.js';
import { checkParams, resolveFindOptions, resolveLimits, type Limits } from './read-options.js';
import { withRowLimit } from './row-limit.js';
import { checkProvenance, prepareBatch } from './upsert-batch.js';

/**
 * The embedded adapter: Grafeo, run in a child process by GrafeoSupervisor so that the
 * time limit can stop a runaway query for real (see grafeo-supervisor.ts).
 *
 * The database always lives in a file, because restarting the process after a timeout
 * reopens it: with `dataDir` it is `<dataDir>/graph/knowledge.grafeo` and persists; without,
 * it goes to a private temporary directory removed by `close()` (what tests use) — the data
 * then lives as long as the store, restarts included, like an in-memory database would.
 */

export interface GrafeoStoreOptions extends NameSearchCacheOptions {
  dataDir?: string;
  queryTimeoutMs: number;
  maxRows: number;
  allowedProcedures: readonly string[];
  /** Deadline of the store's own operations (writes, introspection, search); default max(30 s, 10 x queryTimeoutMs). */
  operationTimeoutMs?: number;
  /** Statements remembered as validated; 0 remembers none. Default 1000. */
  validationCacheEntries?: number;
  /** Largest result of a read, in bytes of its JSON (0 or absent: no limit). */
  maxResultBytes?: number;
  /** Resident memory the engine process may use, in MB (0 or absent: no cap). */
  maxMemoryMb?: number;
  logger?: GraphLogger;
}

export class GrafeoGraphStore implements GraphStore {
  readonly engine = 'grafeo' as const;
  private readonly guard: GuardOptions;
  private readonly validated: ValidatedStatements;
  private readonly names: NameSearches;
  private readonly limits: Limits;
  private readonly operationTimeoutMs: number;
  private readonly maxResultBytes: number;
  private readonly logger: GraphLogger | undefined;

  private constructor(
    private readonly supervisor: GrafeoSupervisor,
    options: GrafeoStoreOptions,
    /** The database file the engine process opens. */
    readonly databaseFile: string,
    private readonly temporaryDir: string | null,
  ) {
    this.guard = { allowedProcedures: options.allowedProcedures };
    this.validated = new ValidatedStatements(options.validationCacheEntries ?? DEFAULT_VALIDATION_CACHE_ENTRIES);
    this.names = new NameSearches(options);
    this.limits = { timeoutMs: options.queryTimeoutMs, maxRows: options.maxRows };
    this.operationTimeoutMs = options.operationTimeoutMs ?? Math.max(30_000, options.queryTimeoutMs * 10);
    this.maxResultBytes = options.maxResultBytes ?? 0;
    this.logger = options.logger;
  }

  static async open(options: GrafeoStoreOptions): Promise<GrafeoGraphStore> {
    const dir = options.dataDir ? path.join(options.dataDir, 'graph') : await mkdtemp(path.join(os.tmpdir(), 'cqks-graph-'));
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'knowledge.grafeo');
    const supervisor = new GrafeoSupervisor({ file, logger: options.logger, maxMemoryMb: options.maxMemoryMb });
    const store = new GrafeoGraphStore(supervisor, options, file, options.dataDir ? null : dir);
    try {
      await supervisor.start();
    } catch (error) {
      await store.close();
      // At start the reason is for the operator (a locked file, a missing binary): said in full.
      throw graphUnavailable(`the embedded graph engine failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return store;
  }

  /** How many times the engine process was replaced (each timeout costs one). */
  get restartCount(): number {
    return this.supervisor.restartCount;
  }

  /** The engine process's pid (for tests and diagnostics). */
  get enginePid(): number | undefined {
    return this.supervisor.pid;
  }

  async runReadOnly(cypher: string, params?: QueryParams, opts?: ReadOptions): Promise<ReadResult> {
    const statement = assertReadOnly(cypher, this.guard);
    const checked = checkParams(params);
    const { timeoutMs, maxRows } = resolveLimits(opts, this.limits);
    const started = performance.now();
    const answer = await this.call(
      'read',
      { statement, run: withRowLimit(statement, maxRows + 1), params: checked, maxRows, maxBytes: this.maxResultBytes },
      { kind: 'read', timeoutMs, onTimeout: () => queryTimeout(timeoutMs) },
    );
    return {
      columns: answer.columns,
      rows: answer.rows,
      rowCount: answer.rows.length,
      truncated: answer.truncated,
      elapsedMs: Math.round(performance.now() - started),
      queryType: 'r',
    };
  }

  async validate(cypher: string, params?: QueryParams): Promise<{ queryType: 'r' }> {
    const statement = assertReadOnly(cypher, this.guard);
    const checked = checkParams(params);
    if (this.validated.has(statement, checked)) return { queryType: 'r' };
    const timeoutMs = this.limits.timeoutMs;
    await this.call('validate', { statement, params: checked }, { kind: 'read', timeoutMs, onTimeout: () => queryTimeout(timeoutMs) });
    this.validated.add(statement, checked);
    return { queryType: 'r' };
  }

  introspect(): Promise<GraphSchema> {
    return this.call('introspect', {}, this.operation('read', 'introspection'));
  }

  async findNodesByName(text: string, opts?: FindNodesOptions): Promise<NodeMatch[]> {
    const { labels, limit } = resolveFindOptions(opts);
    const terms = typeof text === 'string' ? searchTerms(text) : [];
    if (terms.length === 0) return [];
    return this.names.find(terms, labels, limit, async () => {
      const answer = await this.call('search', { terms, labels, limit }, this.operation('read', 'search'));
      return answer.matches.flatMap((m) => (isGraphNode(m.node) ? [{ node: m.node, score: m.score }] : []));
    });
  }

  /** `_search` holds the name-like keys of what was written; the other naming properties get text indexes of their own. */
  async keepNameIndexes(names: ReadonlyMap<string, readonly string[]>): Promise<void> {
    const pairs = [...names].flatMap(([label, keys]) => keys.filter((k) => !isNameKey(k)).map((k): [string, string] => [label, k]));
    try {
      const { changed } = await this.call('indexNames', { names: pairs }, this.operation('read', 'name indexing'));
      if (changed) this.names.forget();
    } catch (error) {
      this.logger?.warn({ err: error }, 'the name indexes over naming properties could not be kept; searching written names only');
    }
  }

  async upsert(batch: UpsertBatch, provenance: string): Promise<WriteCounts> {
    const prepared = prepareBatch(batch);
    return this.call('upsert', { batch: prepared, provenance: checkProvenance(provenance) }, this.operation('write', 'upsert'));
  }

  deleteByProvenance(provenance: string): Promise<WriteCounts> {
    return this.call('delete', { provenance: checkProvenance(provenance) }, this.operation('write', 'deletion'));
  }

  deleteNodes(keys: readonly string[]): Promise<WriteCounts> {
    return this.call('deleteNodes', { keys: [...keys] }, this.operation('write', 'deletion'));
  }

  /** Committed node and relationship counts (for tests and diagnostics). */
  stats(): Promise<{ nodes: number; relationships: number }> {
    return this.call('stats', {}, this.operation('read', 'stats'));
  }

  async health(): Promise<void> {
    await this.call('ping', {}, { kind: 'read', timeoutMs: 5_000, onTimeout: () => graphUnavailable('the graph engine did not answer within 5000 ms') });
  }

  async close(): Promise<void> {
    await this.supervisor.close();
    if (this.temporaryDir) await rm(this.temporaryDir, { recursive: true, force: true });
  }

  private operation(kind: CallOptions['kind'], what: string): CallOptions {
    const timeoutMs = this.operationTimeoutMs;
    return { kind, timeoutMs, onTimeout: () => graphUnavailable(`the graph ${what} did not finish within ${timeoutMs} ms`) };
  }

  private async call<K extends OperationName>(op: K, args: Operations[K]['args'], options: CallOptions): Promise<Operations[K]['answer']> {
    const call = async () => {
      try {
        return await this.supervisor.call(op, args, options);
      } catch (error) {
        throw mapEngineError(error);
      }
    };
    return options.kind === 'write' ? this.names.writing(call) : call();
  }
}

function mapEngineError(error: unknown): unknown {
  if (!(error instanceof EngineCallError)) return error;
  switch (error.kind) {
    case 'invalid':
      return invalidCypher(error.message);
    case 'not-read-only':
      return notReadOnly(error.message);
    case 'failed':
      return queryFailed(error.message);
    case 'too-large':
      return resultTooLarge(Number(/\d+/.exec(error.message)?.[0] ?? 0));
    case 'memory':
      return queryOverMemory(error.message);
    case 'panic':
    case 'crashed':
      return engineFailure();
    case 'unavailable':
      return graphUnavailable('the embedded graph engine is restarting; try again shortly');
    default:
      return graphUnavailable('the embedded graph engine failed; try again shortly');
  }
}
