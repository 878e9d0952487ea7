import { GrafeoGraphStore } from './grafeo-store.js';
import { openNeo4jStore, type Neo4jConnection } from './neo4j-store.js';
import type { GraphLogger, GraphStore } from './port.js';

export type * from './port.js';
export { DEFAULT_ALLOWED_PROCEDURES, assertReadOnly, checkReadOnly } from './cypher-guard.js';

export interface OpenGraphStoreOptions {
  /** Set: Neo4j. Absent: the embedded Grafeo engine. */
  neo4j?: Neo4jConnection;
  /** Where Grafeo keeps its file (`<dataDir>/graph`); absent: a temporary directory removed on close. */
  dataDir?: string;
  /** Default time limit of a read-only query. */
  queryTimeoutMs: number;
  /** Default row limit of a read-only query. */
  maxRows: number;
  /** Procedures `CALL` may use (exact names). */
  allowedProcedures: string[];
  /** Statements remembered as validated (GRAPH_VALIDATION_CACHE_ENTRIES); 0 remembers none. Default 1000. */
  validationCacheEntries?: number;
  /** Name searches kept (GRAPH_SEARCH_CACHE_ENTRIES); 0 keeps none. Default 1000. */
  searchCacheEntries?: number;
  /** How long a name search is reused at most (GRAPH_SEARCH_CACHE_MS). Default 30 s. */
  searchCacheMs?: number;
  logger?: GraphLogger;
}

/** Opens the graph engine the configuration names, ready to answer (indexes created, engine started). */
export async function openGraphStore(options: OpenGraphStoreOptions): Promise<GraphStore> {
  const common = {
    queryTimeoutMs: options.queryTimeoutMs,
    maxRows: options.maxRows,
    allowedProcedures: options.allowedProcedures,
    validationCacheEntries: options.validationCacheEntries,
    searchCacheEntries: options.searchCacheEntries,
    searchCacheMs: options.searchCacheMs,
    logger: options.logger,
  };
  if (options.neo4j) return openNeo4jStore(options.neo4j, common);
  return GrafeoGraphStore.open({ ...common, dataDir: options.dataDir });
}
