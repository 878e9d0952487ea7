import { GrafeoGraphStore } from './grafeo-store.js';
import type { Neo4jConnection } from './neo4j-store.js';
import type { GraphLogger, GraphStore } from './port.js';

export type * from './port.js';
export { DEFAULT_ALLOWED_PROCEDURES, assertReadOnly, checkReadOnly } from '../../cypher/guard.js';

export interface OpenGraphStoreOptions {
  /** Set: Neo4j. Absent: the embedded Grafeo engine. */
  neo4j?: Neo4jConnection;
  /** Where Grafeo keeps its file (`<dataDir>/graph`); absent: a temporary directory removed on close. */
  dataDir?: string;
  /** Default time limit of a read-only query. */
  queryTimeoutMs: number;
  /** Default row limit of a read-only query. */
  maxRows: number;
  /** Largest result of a read-only query, in bytes of its JSON (0 or absent: no limit). */
  maxResultBytes?: number;
  /** Embedded engine only: resident memory its process may use, in MB (0 or absent: no cap). */
  maxMemoryMb?: number;
  /** Neo4j only: heap of the process that reads query results, in MB (default 512). */
  readMaxMemoryMb?: number;
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
    maxResultBytes: options.maxResultBytes,
    allowedProcedures: options.allowedProcedures,
    validationCacheEntries: options.validationCacheEntries,
    searchCacheEntries: options.searchCacheEntries,
    searchCacheMs: options.searchCacheMs,
    logger: options.logger,
  };
  if (options.neo4j) {
    // The driver is loaded only when it is used: it takes a few hundred milliseconds to load.
    const { openNeo4jStore } = await import('./neo4j-store.js');
    return openNeo4jStore(options.neo4j, { ...common, readMaxMemoryMb: options.readMaxMemoryMb });
  }
  try {
    return await GrafeoGraphStore.open({ ...common, dataDir: options.dataDir, maxMemoryMb: options.maxMemoryMb });
  } catch (error) {
    if (error instanceof Error && /cannot be locked/i.test(error.message)) throw new GraphInUseError(options.dataDir, error);
    throw error;
  }
}

/** A second process on the same DATA_DIR: said plainly, with what to do instead. */
export class GraphInUseError extends Error {
  constructor(dataDir: string | undefined, cause: Error) {
    super(
      `The embedded graph in ${dataDir ?? 'this DATA_DIR'} is in use by another process: the embedded graph serves one ` +
        'process. Set NEO4J_URI to run several processes on one graph, or give each process a DATA_DIR of its own.',
      { cause },
    );
    this.name = 'GraphInUseError';
  }
}
