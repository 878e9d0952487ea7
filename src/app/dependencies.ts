import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createAuthenticator } from '../platform/auth/verifier.js';
import type { Authenticator } from '../platform/auth/verifier.js';
import { createLogger } from '../platform/logger.js';
import { claimEmbeddedGraph } from '../stores/graph/embedded-claim.js';
import { openGraphStore } from '../stores/graph/index.js';
import type { GraphStore } from '../stores/graph/port.js';
import { openRelationalStore } from '../stores/relational/index.js';
import type { RelationalStore } from '../stores/relational/index.js';
import { PgliteStore } from '../stores/relational/pglite-store.js';

/** What the app runs on. Tests pass their own; otherwise `openDependencies` opens them from config. */
export interface AppDependencies {
  relational: RelationalStore;
  graph: GraphStore;
  authenticator: Authenticator;
  redis?: Redis;
  /** This process's hold on the deployment's embedded graph (embedded-claim.ts), released when it closes. */
  graphClaim?: { release(): Promise<void> };
}

/** Opens the stores and the authenticator the configuration names; they log through `logger`. */
export async function openDependencies(
  config: Config,
  given: Partial<AppDependencies> = {},
  logger: Logger = createLogger(config),
): Promise<AppDependencies> {
  const opened: { close(): Promise<unknown> }[] = [];
  const track = <T extends { close(): Promise<unknown> }>(opening: Promise<T>) =>
    opening.then((store) => {
      opened.push(store);
      return store;
    });
  try {
    // The graph engine (its own process, or a Neo4j connection) starts while the relational store opens.
    const [relationalOpened, graphOpened] = await Promise.allSettled([
      given.relational ?? track(openRelationalStore({ database: config.database, dataDir: config.dataDir })),
      given.graph ??
        track(
          openGraphStore({
            neo4j: config.neo4j,
            dataDir: config.dataDir,
            queryTimeoutMs: config.limits.graphQueryTimeoutMs,
            maxRows: config.limits.graphQueryMaxRows,
            maxResultBytes: config.limits.graphQueryMaxResultBytes,
            maxMemoryMb: config.limits.graphEmbeddedMaxMemoryMb,
            readMaxMemoryMb: config.limits.graphReadMaxMemoryMb,
            allowedProcedures: config.graph.allowedProcedures,
            validationCacheEntries: config.graph.validationCacheEntries,
            searchCacheEntries: config.graph.searchCacheEntries,
            searchCacheMs: config.graph.searchCacheMs,
            logger: logger.child({ component: 'graph' }),
          }),
        ),
    ]);
    if (relationalOpened.status === 'rejected') throw relationalOpened.reason;
    if (graphOpened.status === 'rejected') throw graphOpened.reason;
    const relational = relationalOpened.value;
    const graph = graphOpened.value;
    if (relational instanceof PgliteStore && config.database.pgliteAnalyzeIntervalS > 0) {
      void relational.startAnalyzing(config.database.pgliteAnalyzeIntervalS * 1000, (error) =>
        logger.warn({ err: error }, 'pglite: ANALYZE failed'),
      );
    }
    let graphClaim: { release(): Promise<void> } | undefined;
    // A worker answers from its graph; a process without one (RUN_CONCURRENCY=0) runs no questions.
    if (!config.neo4j && config.database.url && config.jobs.concurrency > 0 && !config.graph.embeddedSharedDatabase) {
      graphClaim = await claimEmbeddedGraph({
        databaseUrl: config.database.url,
        schema: config.database.schema,
        onLost: (error) => logger.warn({ err: error }, 'the connection holding the embedded graph claim broke; another process may now start'),
      });
      opened.push({ close: () => graphClaim!.release() });
    }
    const authenticator = given.authenticator ?? (await createAuthenticator(config.auth, { dataDir: config.dataDir, logger: logger.child({ component: 'auth' }) }));
    let redis = given.redis;
    if (!redis && config.redis.url) {
      redis = new Redis(config.redis.url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
      opened.push({ close: () => redis!.quit() });
      await redis.connect();
    }
    return { relational, graph, authenticator, redis, graphClaim };
  } catch (error) {
    await Promise.allSettled(opened.map((d) => d.close()));
    throw error;
  }
}

/** Closes what `openDependencies` opened (the app does, when it closes). */
export async function closeDependencies(deps: AppDependencies): Promise<void> {
  await Promise.allSettled([deps.relational.close(), deps.graph.close(), deps.redis ? deps.redis.quit() : Promise.resolve(), deps.graphClaim?.release()]);
}
