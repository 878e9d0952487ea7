/**
 * The graph store's port: what the rest of the service may ask of the knowledge graph.
 * Which engine answers (Neo4j, or the embedded Grafeo) is not visible here; both adapters
 * give the same shapes, so a template approved on one runs the same on the other.
 */

export type JsonPrimitive = null | boolean | number | string;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Query parameters: plain JSON (integers reach Neo4j as integers, not floats). */
export type QueryParams = Record<string, JsonValue>;

/**
 * A node as every result shows it. `id` is the engine's own id (Neo4j element id, Grafeo node
 * id as a string): stable for the life of the node, not across engines. Nodes written
 * through `upsert` also carry `key` (the caller's stable key, the same on every engine) and
 * `provenance` (which writers put it there); those bookkeeping properties are lifted out of
 * `properties`, which holds the entity's own properties only.
 */
export type GraphNode = {
  id: string;
  labels: string[];
  properties: JsonObject;
  key?: string;
  provenance?: string[];
};

/** A result value that is a node (rows hold nodes as plain JSON: `RETURN n`). */
export const isGraphNode = (value: JsonValue | undefined): value is GraphNode & JsonObject =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof value.id === 'string' &&
  Array.isArray(value.labels) &&
  typeof value.properties === 'object' &&
  value.properties !== null &&
  !Array.isArray(value.properties);

// (Types, not interfaces: a node, a relationship and a path are JSON values as they are.)
export type GraphRelationship = {
  id: string;
  type: string;
  /** `id` of the start node. */
  start: string;
  /** `id` of the end node. */
  end: string;
  properties: JsonObject;
  provenance?: string[];
};

export type GraphPath = {
  nodes: GraphNode[];
  relationships: GraphRelationship[];
};

export interface ReadOptions {
  /** Time limit for this query; the store's default when absent. */
  timeoutMs?: number;
  /** Row limit for this query; the store's default when absent. */
  maxRows?: number;
}

export interface ReadResult {
  columns: string[];
  rows: Record<string, JsonValue>[];
  rowCount: number;
  /** True when the query had more rows than `maxRows` and the answer was cut. */
  truncated: boolean;
  elapsedMs: number;
  queryType: 'r';
}

export interface LabelInfo {
  label: string;
  count: number;
  /** Property keys seen on nodes with this label (bookkeeping properties left out). */
  properties: string[];
}

export interface RelationshipTypeInfo {
  type: string;
  count: number;
  /** The (start label, end label) pairs this type joins. */
  patterns: { from: string; to: string }[];
  properties: string[];
}

export interface GraphSchema {
  labels: LabelInfo[];
  relationshipTypes: RelationshipTypeInfo[];
  /** Every property key in use (bookkeeping properties left out). */
  propertyKeys: string[];
}

/** A node to create or update, identified by `key` (unique across the graph). */
export interface NodeUpsert {
  key: string;
  /** Identifiers (`[A-Za-z_][A-Za-z0-9_]*`); every upserted node also gets the label `Entity`. */
  labels: string[];
  /** Merged into the node's properties; `null` removes a property. */
  properties?: Record<string, PropertyValue>;
}

/** A relationship identified by `(fromKey, type, toKey)`: at most one per triple. */
export interface RelationshipUpsert {
  fromKey: string;
  type: string;
  toKey: string;
  properties?: Record<string, PropertyValue>;
}

/** The temporal types both engines keep, written as their ISO 8601 text (`2015-03-25`, `2015-03-25T10:00:00Z`, `P1D`). */
export type TemporalKind = 'date' | 'datetime' | 'localdatetime' | 'time' | 'localtime' | 'duration';
export interface TemporalValue {
  temporal: TemporalKind;
  value: string;
}

/**
 * A spatial point (`srid` 4326 for longitude `x` and latitude `y`, 7203 for plain x/y). Neo4j keeps
 * it as a POINT; the embedded engine, which has no point type, as the map `{srid, x, y, z?}`,
 * which is how results show a point on both.
 */
export type PointValue = {
  point: { srid: number; x: number; y: number; z?: number };
};

/** What a graph property can hold on both engines: a scalar, a list of scalars, a temporal value or a point. */
export type PropertyValue = null | boolean | number | string | boolean[] | number[] | string[] | TemporalValue | PointValue;

export interface UpsertBatch {
  nodes: NodeUpsert[];
  relationships: RelationshipUpsert[];
}

export interface WriteCounts {
  nodes: number;
  relationships: number;
}

export interface FindNodesOptions {
  /** Only nodes with at least one of these labels. */
  labels?: string[];
  /** At most this many matches (default 10, at most 100). */
  limit?: number;
}

export interface NodeMatch {
  node: GraphNode;
  /** Relevance from the engine's full-text index: higher is better, comparable within one answer only. */
  score: number;
}

export interface GraphStore {
  readonly engine: 'neo4j' | 'grafeo';

  /**
   * Runs an untrusted query if all three layers agree it only reads: the parser guard, the
   * engine's read-only execution (READ transaction after EXPLAIN on Neo4j, an always
   * rolled-back transaction on Grafeo), and the time and row limits.
   * Throws a refused DomainError (`cypher-not-read-only`, `cypher-invalid`, `query-timeout`,
   * `cypher-failed`, …) or an unavailable one when the engine cannot answer.
   */
  runReadOnly(cypher: string, params?: QueryParams, opts?: ReadOptions): Promise<ReadResult>;

  /** Parses and plans the query without running it (after the parser guard); throws like `runReadOnly`. */
  validate(cypher: string, params?: QueryParams): Promise<{ queryType: 'r' }>;

  introspect(): Promise<GraphSchema>;

  /**
   * Finds nodes whose name-like properties (`name`, `title`, `aliases`) contain the words of
   * `text`, or words starting with them, case- and accent-insensitively, through a full-text
   * index. Covers the nodes written through `upsert` (label `Entity`), and those whose naming
   * properties `keepNameIndexes` was given.
   */
  findNodesByName(text: string, opts?: FindNodesOptions): Promise<NodeMatch[]>;

  /**
   * Keeps a full-text index over each label's naming properties (label → keys, as the planner
   * reads them), so name search also finds what the service did not write, and what a label is
   * named by when no key looks like a name. Idempotent and cheap when nothing changed; never
   * fails for lack of rights (it logs; search keeps to the indexes it has).
   */
  keepNameIndexes(names: ReadonlyMap<string, readonly string[]>): Promise<void>;

  /** Idempotent: writing the same batch twice leaves the graph as writing it once. */
  upsert(batch: UpsertBatch, provenance: string): Promise<WriteCounts>;

  /**
   * Removes `provenance` from everything it wrote; deletes the nodes and relationships no
   * other provenance wrote (a deleted node takes its relationships with it). Returns what was deleted.
   */
  deleteByProvenance(provenance: string): Promise<WriteCounts>;

  /**
   * Removes these nodes (by key) with their relationships, whoever wrote them: for a node whose
   * facts were all moved onto another (documents' resolution), never to undo a writer's facts.
   */
  deleteNodes(keys: readonly string[]): Promise<WriteCounts>;

  /** Cheap round trip; throws an unavailable DomainError when the engine cannot answer. */
  health(): Promise<void>;

  close(): Promise<void>;
}

export interface GraphLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
