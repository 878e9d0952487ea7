import { DEFAULT_VALIDATION_CACHE_ENTRIES, ValidatedStatements } from './validated-statements.js';
import neo4j from 'neo4j-driver';
import { performance } from 'node:perf_hooks';
import { DomainError } from '../../platform/domain-error.js';
import { ENTITY_LABEL, KEY_PROPERTY, NEO4J_KEY_CONSTRAINT, NEO4J_SEARCH_INDEX, SEARCH_PROPERTY, searchTerms } from './bookkeeping.js';
import { assertReadOnly, type GuardOptions } from '../../cypher/guard.js';
import {
  deleteByProvenanceStatements,
  deleteNodesStatement,
  nameFieldsStatement,
  searchRows,
  setSearchStatement,
  upsertNodesStatement,
  mergeFromEnd,
  upsertRelationshipsStatement,
} from './cypher-statements.js';
import { graphUnavailable, queryNotEvaluated, queryRefusedAtRun, queryOverMemory, queryTimeout, resultTooLarge } from './errors.js';
import { invalidCypher, notReadOnly } from '../../cypher/errors.js';
import { mapNeo4jValue } from './neo4j-mapping.js';
import { ReadRefusal, toNeo4jParams } from './neo4j-read.js';
import type { ReadAnswer, ReadDriver, ReadRequest } from './neo4j-read.js';
import { InProcessReader, ProcessReader } from './neo4j-reader.js';
import type { Neo4jReader } from './neo4j-reader.js';
import { NameSearches, type NameSearchCacheOptions } from './name-searches.js';
import { keepNeo4jNameIndex, NAME_INDEX_WAIT_S, nameIndexPhrase, nameIndexQuery } from './neo4j-name-index.js';
import { createSchemaRule, moveLegacyBookkeeping } from './neo4j-schema-rules.js';
import { mergeByRank } from './search-ranks.js';
import { isGraphNode } from './port.js';
import type {
  FindNodesOptions,
  GraphLogger,
  GraphNode,
  GraphSchema,
  GraphStore,
  JsonValue,
  NodeMatch,
  QueryParams,
  ReadOptions,
  ReadResult,
  UpsertBatch,
  WriteCounts,
} from './port.js';
import { checkParams, resolveFindOptions, resolveLimits, type Limits } from './read-options.js';
import { assembleSchema, type RawSchema } from './schema-assembly.js';
import { checkProvenance, prepareBatch, quoteName } from './upsert-batch.js';

/**
 * The Neo4j adapter. A read passes the parser guard before the driver is touched, then runs
 * in the read process (neo4j-reader.ts: a driver and a heap of its own, so no result is decoded
 * on the service's thread) in a READ access-mode session and transaction (with the driver's
 * transaction timeout) after an EXPLAIN in the same transaction whose query type must be `r`
 * (once per statement: a statement Neo4j classified as read-only is remembered); its rows are
 * cut while streaming (neo4j-read.ts), and the transaction is rolled back, never committed. Writes (upsert, delete) use WRITE sessions and the driver's
 * managed transactions, retried whole on transient errors.
 *
 * The adapter only needs the small driver surface below, which the real `neo4j-driver`
 * objects satisfy; tests of the gating and mapping inject a stand-in for it.
 */

export interface Neo4jRecordLike {
  keys: PropertyKey[];
  get(key: PropertyKey): unknown;
}

export interface Neo4jSummaryLike {
  queryType?: string;
  counters?: { updates(): { [name: string]: number } };
}

export interface Neo4jResultLike extends AsyncIterable<Neo4jRecordLike> {
  keys(): Promise<PropertyKey[]>;
  summary(): Promise<Neo4jSummaryLike>;
}

export interface Neo4jTransactionLike {
  run(query: string, parameters?: Record<string, unknown>): Neo4jResultLike;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  isOpen(): boolean;
}

/** A transaction the driver commits, and retries whole on transient errors (deadlocks, leader changes). */
export interface Neo4jManagedTransactionLike {
  run(query: string, parameters?: Record<string, unknown>): Neo4jResultLike;
}

export interface Neo4jTransactionConfig {
  timeout?: number;
  metadata?: Record<string, unknown>;
}

export interface Neo4jSessionLike {
  beginTransaction(config?: Neo4jTransactionConfig): Neo4jTransactionLike;
  executeWrite<T>(work: (tx: Neo4jManagedTransactionLike) => Promise<T>, config?: Neo4jTransactionConfig): Promise<T>;
  run(query: string, parameters?: Record<string, unknown>): Neo4jResultLike;
  close(): Promise<void>;
}

export interface Neo4jDriverLike {
  session(config: { defaultAccessMode: 'READ' | 'WRITE'; database?: string; fetchSize?: number }): Neo4jSessionLike;
  verifyConnectivity(config?: { database?: string }): Promise<unknown>;
  close(): Promise<void>;
}

export interface Neo4jConnection {
  uri: string;
  user: string;
  password: string;
  database: string;
  /** How long a schema read waits for a new name index to come online (NEO4J_NAME_INDEX_WAIT_S; default 2). */
  nameIndexWaitS?: number;
}

export interface Neo4jStoreOptions extends NameSearchCacheOptions {
  database?: string;
  queryTimeoutMs: number;
  maxRows: number;
  /** Largest result of a read, in bytes of its JSON (0 or absent: no limit). */
  maxResultBytes?: number;
  allowedProcedures: readonly string[];
  /** Deadline of the store's own operations (writes, introspection, search); default max(30 s, 10 x queryTimeoutMs). */
  operationTimeoutMs?: number;
  /** Statements remembered as validated; 0 remembers none. Default 1000. */
  validationCacheEntries?: number;
  /** How long past the server-side timeout the client waits before giving up on its own (default 2 s). */
  clientGraceMs?: number;
  /** See Neo4jConnection.nameIndexWaitS. */
  nameIndexWaitS?: number;
  /** Heap of the process that reads query results, MB (openNeo4jStore; default 512). */
  readMaxMemoryMb?: number;
  logger?: GraphLogger;
}

const MAX_FETCH = 1_000;

const paramsOf = (params: Record<string, JsonValue>) => toNeo4jParams(params) as Record<string, unknown>;

/** Neo4j's codes for a query over its memory limits: TransactionOutOfMemoryError, MemoryPoolOutOfMemoryError, OutOfMemoryError. */
const NEO4J_MEMORY_REFUSAL = /^Neo\.(ClientError|TransientError)\.General\.(Transaction|MemoryPool)?OutOfMemoryError$/;

/** The GQL status of a Neo4j error (`50N00`), or `unknown` from a server that sends none. */
const gqlStatusOf = (error: unknown) => {
  const status = (error as { gqlStatus?: unknown } | undefined)?.gqlStatus;
  return typeof status === 'string' && /^[0-9A-Z]{5}$/.test(status) ? status : 'unknown';
};

/**
 * A client error of a statement in our words: its kind from the code's last part (`ArithmeticError`
 * → "an arithmetic error"), the GQL status, and the position where the server gives one.
 */
function clientFaultOf(code: string, error: unknown, message: string) {
  const words = code.slice(code.lastIndexOf('.') + 1).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const position = /\(line (\d+), column (\d+)/.exec(message);
  return {
    fault: `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}`,
    status: gqlStatusOf(error),
    ...(position ? { line: Number(position[1]), column: Number(position[2]) } : {}),
  };
}

/** Maps a driver or server error to the store's errors; anything unknown is rethrown (a 500). */
export function mapNeo4jError(error: unknown, timeoutMs: number): unknown {
  if (error instanceof DomainError) return error;
  const code = String((error as { code?: unknown } | undefined)?.code ?? '');
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 500);
  if (/^Neo\.ClientError\.Transaction\.TransactionTimedOut/.test(code)) return queryTimeout(timeoutMs);
  // The server refused the query for its own memory limits (a transaction's, a pool's, the heap): the
  // query's doing, not the server's state, so a 422 that is not retried; the server's text stays in its log.
  if (NEO4J_MEMORY_REFUSAL.test(code)) return queryOverMemory('the Neo4j server refused it for its memory limits', "the server's db.memory.transaction.max and heap");
  if (code === 'Neo.ClientError.Statement.AccessMode' || code === 'Neo.ClientError.General.ForbiddenOnReadOnlyDatabase') {
    return notReadOnly('the database refused a write in a read-only transaction');
  }
  if (
    /^Neo\.ClientError\.Statement\.(SyntaxError|SemanticError|ParameterMissing|ParameterNotProvided|NotSystemDatabaseError|UnsupportedAdministrationCommand)/.test(code) ||
    code.startsWith('Neo.ClientError.Procedure.ProcedureNotFound') ||
    code.startsWith('Neo.ClientError.Statement.FeatureDeprecationWarning')
  ) {
    return invalidCypher(message);
  }
  if (code.startsWith('Neo.ClientError.Statement.') || code.startsWith('Neo.ClientError.Procedure.')) return queryRefusedAtRun(clientFaultOf(code, error, message));
  // A statement that failed on its values ("substring" with a negative index, shortestPath from a node to
  // itself, date.truncate with an unknown unit): Neo4j 5 sends these as a database error of the statement
  // (GQL status 50N00, 51N23, ...), not a client error; the same query fails again, so a 422 that is not
  // retried, counted as failed, in our words with the GQL status (no server text).
  if (code === 'Neo.DatabaseError.Statement.ExecutionFailed') return queryNotEvaluated(gqlStatusOf(error));
  if (code === 'ServiceUnavailable' || code === 'SessionExpired' || code.startsWith('Neo.TransientError.') || code.startsWith('Neo.ClientError.Security.') || code.startsWith('Neo.DatabaseError.')) {
    return graphUnavailable(`Neo4j: ${message}`);
  }
  return error;
}

/** Races `work` against a client-side deadline; `onTimeout` also releases what `work` holds. */
async function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Promise<unknown>, error: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void onTimeout().catch(() => undefined);
      reject(error());
    }, ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export class Neo4jGraphStore implements GraphStore {
  readonly engine = 'neo4j' as const;
  private readonly guard: GuardOptions;
  private readonly validated: ValidatedStatements;
  private readonly names: NameSearches;
  private readonly limits: Limits;
  private readonly maxResultBytes: number;
  private readonly database: string | undefined;
  private readonly operationTimeoutMs: number;
  /** The online index over the graph's own naming properties (neo4j-name-index.ts), once there is one. */
  private nameIndex: string | undefined;
  /** Said once: a user without the right to create indexes would otherwise be told at every schema read. */
  private nameIndexWarned = false;

  /** Where read-only queries run: a process of their own with the real driver (openNeo4jStore), this one with a stand-in. */
  private readonly reader: Neo4jReader;

  constructor(
    private readonly driver: Neo4jDriverLike,
    private readonly options: Neo4jStoreOptions,
    reader?: Neo4jReader,
  ) {
    this.reader = reader ?? new InProcessReader(driver as unknown as ReadDriver, options.database, options.clientGraceMs ?? 2_000);
    this.guard = { allowedProcedures: options.allowedProcedures };
    this.validated = new ValidatedStatements(options.validationCacheEntries ?? DEFAULT_VALIDATION_CACHE_ENTRIES);
    this.names = new NameSearches(options);
    this.limits = { timeoutMs: options.queryTimeoutMs, maxRows: options.maxRows };
    this.maxResultBytes = options.maxResultBytes ?? 0;
    this.database = options.database;
    this.operationTimeoutMs = options.operationTimeoutMs ?? Math.max(30_000, options.queryTimeoutMs * 10);
  }

  /**
   * Creates the key constraint and the full-text index if they are missing; idempotent, safe from
   * many processes: processes starting at once can deadlock on the schema lock, which the
   * driver's managed transactions retry, or find the rule another created meanwhile.
   */
  async ensureIndexes(): Promise<void> {
    const session = this.driver.session({ defaultAccessMode: 'WRITE', database: this.database });
    try {
      const entity = quoteName(ENTITY_LABEL);
      const schemaStatements = [
        `CREATE CONSTRAINT ${NEO4J_KEY_CONSTRAINT} IF NOT EXISTS FOR (n:${entity}) REQUIRE n.${quoteName(KEY_PROPERTY)} IS UNIQUE`,
        `CREATE FULLTEXT INDEX ${NEO4J_SEARCH_INDEX} IF NOT EXISTS FOR (n:${entity}) ON EACH [n.${quoteName(SEARCH_PROPERTY)}] ` +
          "OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words' } }",
      ];
      for (const statement of schemaStatements) await createSchemaRule(session, statement);
      await moveLegacyBookkeeping(session);
      await session.run('CALL db.awaitIndexes($seconds)', { seconds: neo4j.int(Math.ceil(this.operationTimeoutMs / 1000)) }).summary();
    } catch (error) {
      throw mapNeo4jError(error, this.operationTimeoutMs);
    } finally {
      await session.close();
    }
  }

  async runReadOnly(cypher: string, params?: QueryParams, opts?: ReadOptions): Promise<ReadResult> {
    const statement = assertReadOnly(cypher, this.guard); // before anything reaches the driver
    const checked = checkParams(params);
    const { timeoutMs, maxRows } = resolveLimits(opts, this.limits);
    const started = performance.now();
    // A statement Neo4j has classified as read-only is not planned again (a round trip saved);
    // only statements that passed that check are remembered, and the READ transaction still refuses writes.
    const checkPlan = !this.validated.has(statement, checked);
    const answer = await this.read({ statement, params: checked, timeoutMs, maxRows, maxBytes: this.maxResultBytes, checkPlan });
    if (checkPlan) this.validated.add(statement, checked);
    return { ...answer, rowCount: answer.rows.length, elapsedMs: Math.round(performance.now() - started), queryType: 'r' };
  }

  async validate(cypher: string, params?: QueryParams): Promise<{ queryType: 'r' }> {
    const statement = assertReadOnly(cypher, this.guard);
    const checked = checkParams(params);
    if (this.validated.has(statement, checked)) return { queryType: 'r' };
    await this.read({ statement, params: checked, timeoutMs: this.limits.timeoutMs, maxRows: 1, maxBytes: 0, checkPlan: true, planOnly: true });
    this.validated.add(statement, checked);
    return { queryType: 'r' };
  }

  /** A read through the reader, its refusals and the server's errors as the store's. */
  private async read(request: ReadRequest): Promise<ReadAnswer> {
    try {
      return await this.reader.read(request);
    } catch (error) {
      if (!(error instanceof ReadRefusal)) throw mapNeo4jError(error, request.timeoutMs);
      if (error.reason === 'not-read-only') throw notReadOnly(error.message);
      if (error.reason === 'timed-out') throw queryTimeout(request.timeoutMs);
      if (error.reason === 'out-of-memory') throw queryOverMemory('its result did not fit in the memory of the process that reads results', 'GRAPH_READ_MAX_MEMORY_MB');
      throw resultTooLarge(this.maxResultBytes);
    }
  }

  introspect(): Promise<GraphSchema> {
    return this.inReadTransaction(this.operationTimeoutMs, MAX_FETCH, async (tx) => {
      const all = async (query: string) => {
        const records: Neo4jRecordLike[] = [];
        for await (const record of tx.run(query)) records.push(record);
        return records;
      };
      const count = async (query: string) => Number(mapNeo4jValue((await all(query))[0]?.get('c')) ?? 0);
      const labelCounts = new Map<string, number>();
      for (const r of await all('CALL db.labels() YIELD label RETURN label')) {
        const label = String(r.get('label'));
        labelCounts.set(label, await count(`MATCH (n:${quoteName(label)}) RETURN count(n) AS c`));
      }
      const relationshipCounts = new Map<string, number>();
      for (const r of await all('CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType')) {
        const type = String(r.get('relationshipType'));
        relationshipCounts.set(type, await count(`MATCH ()-[r:${quoteName(type)}]->() RETURN count(r) AS c`));
      }
      // db.schema.visualization() pairs every label that has a type outgoing with every label that has it incoming
      // (Company -LOCATED_IN-> Country, when only cities are in countries): its pairs are candidates, each checked.
      const patterns: RawSchema['patterns'] = [];
      for (const r of await all('CALL db.schema.visualization() YIELD nodes, relationships RETURN nodes, relationships')) {
        const names = new Map<string, string>();
        for (const node of r.get('nodes') as { elementId: string; properties: { name?: unknown } }[]) names.set(node.elementId, String(node.properties.name));
        for (const rel of r.get('relationships') as { type: string; startNodeElementId: string; endNodeElementId: string }[]) {
          const [from, to] = [names.get(rel.startNodeElementId) ?? '', names.get(rel.endNodeElementId) ?? ''];
          if (!from || !to) continue;
          const exists = await all(`MATCH (:${quoteName(from)})-[:${quoteName(rel.type)}]->(:${quoteName(to)}) RETURN 1 AS c LIMIT 1`);
          if (exists.length > 0) patterns.push({ type: rel.type, from: [from], to: [to] });
        }
      }
      const labelProperties = (await all('CALL db.schema.nodeTypeProperties() YIELD nodeLabels, propertyName RETURN nodeLabels, propertyName')).flatMap(
        (r) => ((r.get('nodeLabels') as string[] | null) ?? []).map((label) => ({ label, key: String(r.get('propertyName') ?? '') })),
      );
      const relationshipProperties = (await all('CALL db.schema.relTypeProperties() YIELD relType, propertyName RETURN relType, propertyName')).map((r) => ({
        // relType reads like ":`KNOWS`"
        type: String(r.get('relType')).replace(/^:`?|`?$/g, '').replace(/``/g, '`'),
        key: String(r.get('propertyName') ?? ''),
      }));
      return assembleSchema({
        labelCounts,
        relationshipCounts,
        patterns,
        labelProperties: labelProperties.filter((p) => p.key),
        relationshipProperties: relationshipProperties.filter((p) => p.key),
      });
    });
  }

  /**
   * Nodes whose names hold the terms: those written through `upsert` by their `_search` text,
   * and those of the graph's own naming properties (a graph the service did not write), also by
   * the text as one phrase; each once, the searches merged by rank (search-ranks.ts).
   */
  async findNodesByName(text: string, opts?: FindNodesOptions): Promise<NodeMatch[]> {
    const { labels, limit } = resolveFindOptions(opts);
    const terms = typeof text === 'string' ? searchTerms(text) : [];
    if (terms.length === 0) return [];
    const nameIndex = this.nameIndex;
    const phrase = nameIndexPhrase(text);
    const query =
      'CALL db.index.fulltext.queryNodes($index, $query) YIELD node, score ' +
      'WHERE size($labels) = 0 OR any(l IN labels(node) WHERE l IN $labels) ' +
      'RETURN elementId(node) AS id, node, score ORDER BY score DESC LIMIT $limit';
    const search = () =>
      this.inReadTransaction(this.operationTimeoutMs, limit, async (tx) => {
        const nodes = new Map<string, GraphNode>();
        const lists: [string, number][][] = [];
        const searches = [{ index: NEO4J_SEARCH_INDEX, query: terms.join(' ') }];
        if (nameIndex) searches.push({ index: nameIndex, query: nameIndexQuery(terms) }, ...(phrase ? [{ index: nameIndex, query: phrase }] : []));
        for (const each of searches) {
          const hits: [string, number][] = [];
          for await (const record of tx.run(query, { ...each, labels, limit: neo4j.int(limit) })) {
            const id = String(record.get('id'));
            const node = mapNeo4jValue(record.get('node'));
            if (!isGraphNode(node)) continue;
            nodes.set(id, node);
            hits.push([id, Number(record.get('score'))]);
          }
          lists.push(hits);
        }
        return mergeByRank(lists, limit).map(([id, score]) => ({ node: nodes.get(id)!, score }));
      });
    // The phrase is searched too: "7.2" and "7 2" are two searches.
    return this.names.find(phrase ? [...terms, phrase] : terms, labels, limit, search);
  }

  /** See `keepNeo4jNameIndex`; the index it settles on is what name search reads. */
  async keepNameIndexes(names: ReadonlyMap<string, readonly string[]>): Promise<void> {
    const session = this.driver.session({ defaultAccessMode: 'WRITE', database: this.database });
    try {
      const current = await keepNeo4jNameIndex(session, names, this.options.nameIndexWaitS ?? NAME_INDEX_WAIT_S);
      if (current !== this.nameIndex) this.names.forget();
      this.nameIndex = current;
    } catch (error) {
      if (!this.nameIndexWarned) this.options.logger?.warn({ err: error }, 'the name index over the graph’s own naming properties could not be kept; searching written names only');
      this.nameIndexWarned = true;
    } finally {
      await session.close().catch(() => undefined);
    }
  }

  async upsert(batch: UpsertBatch, provenance: string): Promise<WriteCounts> {
    const prepared = prepareBatch(batch);
    const prov = checkProvenance(provenance);
    return this.inWriteTransaction(async (tx) => {
      for (const group of prepared.nodeGroups) {
        await tx.run(upsertNodesStatement(group.labels, group.typed), paramsOf({ rows: group.rows, provenance: prov })).summary();
      }
      if (prepared.renamedKeys.length > 0) {
        const names: Record<string, unknown>[] = [];
        for await (const record of tx.run(nameFieldsStatement, { keys: prepared.renamedKeys })) {
          names.push(Object.fromEntries(record.keys.map((k) => [String(k), mapNeo4jValue(record.get(k))])));
        }
        await tx.run(setSearchStatement, { rows: searchRows(names) }).summary();
      }
      let relationships = 0;
      for (const group of prepared.relationshipGroups) {
        for await (const record of tx.run(upsertRelationshipsStatement(group.type, { fromEnd: mergeFromEnd(group.rows), typed: group.typed }), paramsOf({ rows: group.rows, provenance: prov }))) {
          relationships += Number(mapNeo4jValue(record.get('written')));
        }
      }
      return { nodes: prepared.nodeCount, relationships };
    });
  }

  async deleteByProvenance(provenance: string): Promise<WriteCounts> {
    const prov = checkProvenance(provenance);
    return this.inWriteTransaction(async (tx) => {
      const counts = { nodes: 0, relationships: 0 };
      for (const statement of deleteByProvenanceStatements) {
        const updates = (await tx.run(statement, { provenance: prov }).summary()).counters?.updates() ?? {};
        counts.nodes += updates.nodesDeleted ?? 0;
        counts.relationships += updates.relationshipsDeleted ?? 0;
      }
      return counts;
    });
  }

  async deleteNodes(keys: readonly string[]): Promise<WriteCounts> {
    return this.inWriteTransaction(async (tx) => {
      const updates = (await tx.run(deleteNodesStatement, { keys: [...keys] }).summary()).counters?.updates() ?? {};
      return { nodes: updates.nodesDeleted ?? 0, relationships: updates.relationshipsDeleted ?? 0 };
    });
  }

  async health(): Promise<void> {
    try {
      await withDeadline(
        this.driver.verifyConnectivity({ database: this.database }),
        5_000,
        async () => undefined,
        () => graphUnavailable('Neo4j did not answer within 5000 ms'),
      );
    } catch (error) {
      const mapped = mapNeo4jError(error, 5_000);
      throw mapped instanceof DomainError ? mapped : graphUnavailable(`Neo4j: ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.reader.close(), this.driver.close()]);
  }

  /** A READ session and transaction, rolled back at the end whatever happens. */
  private async inReadTransaction<T>(timeoutMs: number, fetchSize: number, work: (tx: Neo4jTransactionLike) => Promise<T>): Promise<T> {
    const session = this.driver.session({ defaultAccessMode: 'READ', database: this.database, fetchSize });
    const run = async () => {
      const tx = session.beginTransaction({ timeout: timeoutMs, metadata: { app: 'cqks', access: 'read-only' } });
      try {
        return await work(tx);
      } finally {
        if (tx.isOpen()) await tx.rollback().catch(() => undefined);
      }
    };
    try {
      return await withDeadline(run(), timeoutMs + (this.options.clientGraceMs ?? 2_000), () => session.close(), () => queryTimeout(timeoutMs));
    } catch (error) {
      throw mapNeo4jError(error, timeoutMs);
    } finally {
      await session.close().catch(() => undefined);
    }
  }

  /** Every write: name searches from before it are not used after it. */
  private inWriteTransaction<T>(work: (tx: Neo4jManagedTransactionLike) => Promise<T>): Promise<T> {
    return this.names.writing(() => this.writeTransaction(work));
  }

  /** A managed WRITE transaction: processes writing the same nodes at once can deadlock, and the driver retries. */
  private async writeTransaction<T>(work: (tx: Neo4jManagedTransactionLike) => Promise<T>): Promise<T> {
    const timeoutMs = this.operationTimeoutMs;
    const session = this.driver.session({ defaultAccessMode: 'WRITE', database: this.database });
    try {
      return await session.executeWrite(work, { timeout: timeoutMs, metadata: { app: 'cqks', access: 'write' } });
    } catch (error) {
      const mapped = mapNeo4jError(error, timeoutMs);
      // A write that times out is the store's problem, not the caller's query.
      throw mapped instanceof DomainError && mapped.kind === 'query-timeout' ? graphUnavailable(`the graph write did not finish within ${timeoutMs} ms`) : mapped;
    } finally {
      await session.close().catch(() => undefined);
    }
  }
}

/** Connects with the real driver, checks the server answers, and creates the store's indexes. */
export async function openNeo4jStore(connection: Neo4jConnection, options: Omit<Neo4jStoreOptions, 'database'>): Promise<Neo4jGraphStore> {
  const driver = neo4j.driver(connection.uri, neo4j.auth.basic(connection.user, connection.password), {
    userAgent: 'cqks',
    connectionAcquisitionTimeout: 10_000,
    connectionTimeout: 10_000,
  });
  const driverLike: Neo4jDriverLike = driver;
  const reader = new ProcessReader({
    connection: { uri: connection.uri, user: connection.user, password: connection.password, database: connection.database },
    maxMemoryMb: options.readMaxMemoryMb ?? 512,
    graceMs: options.clientGraceMs ?? 2_000,
    logger: options.logger,
  });
  reader.start();
  const store = new Neo4jGraphStore(driverLike, { ...options, database: connection.database, nameIndexWaitS: connection.nameIndexWaitS }, reader);
  try {
    await store.health();
    await store.ensureIndexes();
    return store;
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
}
