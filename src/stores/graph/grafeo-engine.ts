import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import grafeo from '@grafeo-db/js';
import { jsonSize } from './json-size.js';
import type { GrafeoDB as GrafeoDatabase, GrafeoError, Transaction } from '@grafeo-db/js';
import { ENTITY_LABEL, GRAFEO_KEY_INDEX, KEY_PROPERTY, LEGACY_ENTITY_LABEL, LEGACY_GRAFEO_KEY_INDEX, SEARCH_PROPERTY } from './bookkeeping.js';
import {
  deleteByProvenanceStatements,
  deleteNodesStatement,
  nameFieldsStatement,
  nodesByIdStatement,
  relabelLegacyStatement,
  searchRows,
  setSearchStatement,
  upsertNodesStatement,
  mergeFromEnd,
  upsertRelationshipsStatement,
} from './cypher-statements.js';
import type { EngineErrorShape, OperationName, Operations, ReadAnswer, SearchAnswer } from './grafeo-protocol.js';
import { isGraphNode } from './port.js';
import type { GraphSchema, JsonValue, QueryParams, WriteCounts } from './port.js';
import { mapGrafeoValue } from './result-mapping.js';
import { assembleSchema } from './schema-assembly.js';
import { mergeByRank } from './search-ranks.js';
import { quoteName, type PreparedBatch } from './upsert-batch.js';

const { GrafeoDB } = grafeo;

/**
 * The naming-property indexes the engine made, listed beside the graph file: the indexes outlive
 * the process (and are kept up to date at every write), so a later process, under another
 * GRAPH_NAME_PROPERTIES, knows which ones to drop. A missing or unreadable list is an empty one.
 */
const nameIndexesFile = (file: string) => `${file}.name-indexes.json`;

function readNameIndexes(file: string): [string, string][] {
  try {
    const listed: unknown = JSON.parse(readFileSync(nameIndexesFile(file), 'utf8'));
    if (!Array.isArray(listed)) return [];
    return listed.filter((p): p is [string, string] => Array.isArray(p) && p.length === 2 && p.every((s) => typeof s === 'string'));
  } catch {
    return [];
  }
}

function writeNameIndexes(file: string, names: [string, string][]): void {
  const target = nameIndexesFile(file);
  writeFileSync(`${target}.tmp`, JSON.stringify(names));
  renameSync(`${target}.tmp`, target);
}

/**
 * The embedded engine's operations, run inside the engine process (grafeo-worker.ts) so
 * that a runaway query can be stopped by killing that process. Every read runs in a
 * transaction that is rolled back whatever happens (layer 2), after an EXPLAIN whose plan
 * must contain no write operator (the counterpart of Neo4j's query type check). Writes
 * are serialized: one transaction at a time, so MERGE on `_key` cannot race itself.
 */

export class EngineError extends Error implements EngineErrorShape {
  constructor(
    readonly kind: EngineErrorShape['kind'],
    message: string,
  ) {
    super(message);
  }
}

/** Grafeo's GQLSTATUS classes: 42 syntax or semantics, 0A unsupported, 22 data. */
export function classifyGrafeoError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const status = (error as GrafeoError | undefined)?.gqlStatus;
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.replace(/^Query error: /, '').slice(0, 500);
  if (status?.startsWith('42') || status?.startsWith('0A')) return new EngineError('invalid', message);
  if (status) return new EngineError('failed', message);
  // A Rust panic in the engine ("task 157 panicked with message …"): the same query fails the same way.
  if (/panicked|assertion failed/i.test(message)) return new EngineError('panic', message);
  return new EngineError('internal', message);
}

/** Plan operators that change the graph or reach outside it; `[after the write]` marks a RETURN after one. */
const WRITE_OPERATOR = /^(Create|Merge|Set|Delete|Detach|Remove|AddLabel|Insert|Load|Import|Copy)/;

export function writeOperatorIn(plan: string): string | null {
  if (plan.includes('[after the write]')) return 'a write before RETURN';
  for (const line of plan.split('\n')) {
    const operator = /^\s*([A-Za-z]+)/.exec(line)?.[1];
    if (operator && WRITE_OPERATOR.test(operator)) return `the ${operator} operator`;
  }
  return null;
}

/** Grafeo has no point type: a point is kept as its map `{srid, x, y, z?}`. */
const GRAFEO_TYPED = { pointsAsMaps: true };

const SEARCH_TOKENIZER = { tokenizer: 'standard', stopWords: [] as string[] };

export class GrafeoEngine {
  private writes: Promise<unknown> = Promise.resolve();
  private readonly indexedLabels = new Set<string>();
  /** Text indexes over naming properties `_search` does not hold (`indexNames`), as [label, key]. */
  private nameIndexes: [string, string][] = [];

  private constructor(
    private readonly db: GrafeoDatabase,
    private readonly file: string,
  ) {}

  /** Opens (or creates) the database file and makes sure the store's indexes exist. */
  static async open(file: string): Promise<GrafeoEngine> {
    const db = existsSync(file) ? GrafeoDB.open(file) : GrafeoDB.create(file);
    const engine = new GrafeoEngine(db, file);
    engine.nameIndexes = readNameIndexes(file);
    await db.executeCypher(`CREATE INDEX ${GRAFEO_KEY_INDEX} IF NOT EXISTS FOR (n:${quoteName(ENTITY_LABEL)}) ON (n.${quoteName(KEY_PROPERTY)})`);
    await engine.ensureTextIndex(ENTITY_LABEL);
    await engine.moveLegacyBookkeeping();
    return engine;
  }

  /** A store written before the bookkeeping label was namespaced: its nodes relabelled, its `Entity` indexes dropped. */
  private async moveLegacyBookkeeping(): Promise<void> {
    const legacy = await this.db.executeCypher(`MATCH (n:${quoteName(LEGACY_ENTITY_LABEL)}) WHERE n.${quoteName(KEY_PROPERTY)} IS NOT NULL AND NOT n:${quoteName(ENTITY_LABEL)} RETURN 1 AS found LIMIT 1`);
    if (legacy.length === 0) return;
    while (Number((await this.db.executeCypher(relabelLegacyStatement)).toArray()[0]?.moved ?? 0) > 0);
    await this.db.executeCypher(`DROP INDEX ${LEGACY_GRAFEO_KEY_INDEX} IF EXISTS`);
    if (await this.hasTextIndex(LEGACY_ENTITY_LABEL)) await this.db.dropTextIndex(LEGACY_ENTITY_LABEL, SEARCH_PROPERTY);
    this.indexedLabels.delete(LEGACY_ENTITY_LABEL);
  }

  close(): void {
    this.db.close();
  }

  /** Each operation's handler, typed by the protocol (writes one at a time). */
  private readonly handlers: { [K in OperationName]: (args: Operations[K]['args']) => Promise<Operations[K]['answer']> } = {
    read: (a) => this.read(a),
    validate: (a) => this.validate(a),
    introspect: () => this.introspect(),
    search: (a) => this.search(a),
    indexNames: (a) => this.serialized(() => this.indexNames(a)),
    upsert: (a) => this.serialized(() => this.upsert(a)),
    delete: (a) => this.serialized(() => this.deleteByProvenance(a)),
    deleteNodes: (a) => this.serialized(() => this.deleteNodes(a)),
    stats: async () => ({ nodes: this.db.nodeCount(), relationships: this.db.edgeCount() }),
    ping: async () => ({ ok: true }),
    close: async () => ({ ok: true }),
  };

  async run<K extends OperationName>(op: K, args: Operations[K]['args']): Promise<Operations[K]['answer']> {
    const handler: ((args: Operations[K]['args']) => Promise<Operations[K]['answer']>) | undefined = Object.hasOwn(this.handlers, op) ? this.handlers[op] : undefined;
    if (!handler) throw new EngineError('internal', `unknown operation ${String(op)}`);
    return handler(args);
  }

  /** Runs `work` in a transaction that is rolled back whatever happens. */
  private async readOnly<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = this.db.beginTransaction();
    try {
      return await work(tx);
    } catch (error) {
      throw classifyGrafeoError(error);
    } finally {
      if (tx.isActive) tx.rollback();
    }
  }

  private async checkPlan(tx: Transaction, statement: string, params: QueryParams): Promise<void> {
    const plan = await tx.executeCypher(`EXPLAIN ${statement}`, params);
    const text = plan
      .toArray()
      .map((row) => Object.values(row).join('\n'))
      .join('\n');
    const write = writeOperatorIn(text);
    if (write) throw new EngineError('not-read-only', `the engine's plan contains ${write}`);
  }

  async validate({ statement, params }: Operations['validate']['args']): Promise<{ ok: true }> {
    await this.readOnly((tx) => this.checkPlan(tx, statement, params));
    return { ok: true };
  }

  async read({ statement, run, params, maxRows, maxBytes = 0 }: Operations['read']['args']): Promise<ReadAnswer> {
    return this.readOnly(async (tx) => {
      await this.checkPlan(tx, statement, params);
      const result = await tx.executeCypher(run, params);
      const total = result.length;
      const take = Math.min(total, maxRows);
      const columns = result.columns;
      const rows: Record<string, JsonValue>[] = [];
      // Only the rows kept are converted to JS values and sent on.
      let bytes = 0;
      for (let i = 0; i < take; i++) {
        const raw = result.get(i);
        const row: Record<string, JsonValue> = {};
        for (const column of columns) row[column] = mapGrafeoValue(raw[column]);
        bytes += jsonSize(row);
        if (maxBytes > 0 && bytes > maxBytes) throw new EngineError('too-large', `the result is larger than ${maxBytes} bytes`);
        rows.push(row);
      }
      return { columns, rows, truncated: total > maxRows };
    });
  }

  async introspect(): Promise<GraphSchema> {
    const catalog = this.db.schema() as { labels?: { name: string; count: number }[]; edge_types?: { name: string; count: number }[] };
    return this.readOnly(async (tx) => {
      const patterns = await tx.executeCypher('MATCH (a)-[r]->(b) RETURN DISTINCT type(r) AS type, labels(a) AS src, labels(b) AS dst');
      const labelProps = await tx.executeCypher('MATCH (n) UNWIND labels(n) AS label UNWIND keys(n) AS key RETURN DISTINCT label, key');
      const relProps = await tx.executeCypher('MATCH ()-[r]->() UNWIND keys(r) AS key RETURN DISTINCT type(r) AS type, key');
      return assembleSchema({
        labelCounts: new Map((catalog.labels ?? []).map((l) => [l.name, Number(l.count)])),
        relationshipCounts: new Map((catalog.edge_types ?? []).map((t) => [t.name, Number(t.count)])),
        patterns: patterns.toArray().map((r) => ({ type: String(r.type), from: (r.src as string[]) ?? [], to: (r.dst as string[]) ?? [] })),
        labelProperties: labelProps.toArray().map((r) => ({ label: String(r.label), key: String(r.key) })),
        relationshipProperties: relProps.toArray().map((r) => ({ type: String(r.type), key: String(r.key) })),
      });
    });
  }

  private async hasTextIndex(label: string, property = SEARCH_PROPERTY): Promise<boolean> {
    if (property === SEARCH_PROPERTY && this.indexedLabels.has(label)) return true;
    try {
      await this.db.textSearch(label, property, 'probe', 1);
      if (property === SEARCH_PROPERTY) this.indexedLabels.add(label);
      return true;
    } catch (error) {
      if (/no text index/i.test(String((error as Error).message))) return false;
      throw classifyGrafeoError(error);
    }
  }

  /** One BM25 index per label over `_search`, so a label filter is answered by the index, not by filtering a top-k. */
  private async ensureTextIndex(label: string): Promise<void> {
    if (await this.hasTextIndex(label)) return;
    await this.db.createTextIndex(label, SEARCH_PROPERTY, SEARCH_TOKENIZER);
    this.indexedLabels.add(label);
  }

  /** Indexes these naming properties (the engine keeps each index up to date as nodes change) and drops the ones no longer named. */
  async indexNames({ names }: Operations['indexNames']['args']): Promise<Operations['indexNames']['answer']> {
    const id = ([label, key]: [string, string]) => `${label}\u0000${key}`;
    const had = new Set(this.nameIndexes.map(id));
    const wanted = new Set(names.map(id));
    for (const pair of names) {
      if (!had.has(id(pair)) && !(await this.hasTextIndex(...pair))) await this.db.createTextIndex(pair[0], pair[1], SEARCH_TOKENIZER);
    }
    for (const pair of this.nameIndexes) if (!wanted.has(id(pair))) await this.db.dropTextIndex(...pair);
    const changed = had.size !== wanted.size || [...wanted].some((w) => !had.has(w));
    this.nameIndexes = names.map(([label, key]) => [label, key]);
    if (changed) writeNameIndexes(this.file, this.nameIndexes);
    return { changed };
  }

  async search({ terms, labels, limit }: Operations['search']['args']): Promise<SearchAnswer> {
    if (terms.length === 0) return { matches: [] };
    const indexes: [string, string][] = (labels.length > 0 ? labels : [ENTITY_LABEL]).map((label) => [label, SEARCH_PROPERTY]);
    indexes.push(...this.nameIndexes.filter(([label]) => labels.length === 0 || labels.includes(label)));
    const lists: [number, number][][] = [];
    for (const [label, property] of indexes) {
      if (property === SEARCH_PROPERTY && !(await this.hasTextIndex(label))) continue; // nothing with that label was ever upserted
      lists.push((await this.db.textSearch(label, property, terms.join(' '), limit)) as [number, number][]);
    }
    const ranked = mergeByRank(lists, limit);
    if (ranked.length === 0) return { matches: [] };
    return this.readOnly(async (tx) => {
      const found = await tx.executeCypher(nodesByIdStatement, { ids: ranked.map(([id]) => id) });
      const byId = new Map<string, JsonValue>();
      for (const row of found.toArray()) {
        const node = mapGrafeoValue(row.n);
        if (isGraphNode(node)) byId.set(node.id, node);
      }
      const matches: SearchAnswer['matches'] = [];
      for (const [id, score] of ranked) {
        const node = byId.get(String(id));
        if (node) matches.push({ node, score });
      }
      return { matches };
    });
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.writes.then(work, work);
    this.writes = next.catch(() => undefined);
    return next;
  }

  private async write<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = this.db.beginTransaction();
    try {
      const value = await work(tx);
      tx.commit();
      return value;
    } catch (error) {
      if (tx.isActive) tx.rollback();
      throw classifyGrafeoError(error);
    }
  }

  async upsert({ batch, provenance }: { batch: PreparedBatch; provenance: string }): Promise<WriteCounts> {
    for (const label of batch.labels) await this.ensureTextIndex(label);
    return this.write(async (tx) => {
      for (const group of batch.nodeGroups) {
        await tx.executeCypher(upsertNodesStatement(group.labels, group.typed, GRAFEO_TYPED), { rows: group.rows, provenance });
      }
      if (batch.renamedKeys.length > 0) {
        const names = await tx.executeCypher(nameFieldsStatement, { keys: batch.renamedKeys });
        await tx.executeCypher(setSearchStatement, { rows: searchRows(names.toArray()) });
      }
      let relationships = 0;
      for (const group of batch.relationshipGroups) {
        const result = await tx.executeCypher(upsertRelationshipsStatement(group.type, { fromEnd: mergeFromEnd(group.rows), typed: group.typed, ...GRAFEO_TYPED }), { rows: group.rows, provenance });
        relationships += Number(result.get(0)?.written ?? 0);
      }
      return { nodes: batch.nodeCount, relationships };
    });
  }

  async deleteByProvenance({ provenance }: { provenance: string }): Promise<WriteCounts> {
    return this.write(async (tx) => {
      const counts = { nodes: 0, relationships: 0 };
      for (const statement of deleteByProvenanceStatements) {
        const result = await tx.executeCypher(statement, { provenance });
        counts.nodes += result.counters.nodesDeleted;
        counts.relationships += result.counters.edgesDeleted;
      }
      return counts;
    });
  }

  async deleteNodes({ keys }: Operations['deleteNodes']['args']): Promise<WriteCounts> {
    return this.write(async (tx) => {
      const result = await tx.executeCypher(deleteNodesStatement, { keys });
      return { nodes: result.counters.nodesDeleted, relationships: result.counters.edgesDeleted };
    });
  }
}

