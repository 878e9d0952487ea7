import http from 'node:http';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from './config.js';
import { authRoutes } from './modules/auth/routes.js';
import { chatSessionRoutes } from './modules/chat/routes.js';
import { SessionService } from './modules/chat/service.js';
import { SessionStore } from './modules/chat/store.js';
import { EventHub } from './modules/events/hub.js';
import { eventRoutes } from './modules/events/routes.js';
import { StreamSlots } from './modules/events/stream-slots.js';
import { EventService } from './modules/events/service.js';
import { EventStore } from './modules/events/store.js';
import { JobQueue, queuedJobs } from './engine/jobs/queue.js';
import { JobWorker } from './engine/jobs/worker.js';
import { RunExecutor } from './engine/runs/executor.js';
import { ToolRegistry } from './engine/tools/registry.js';
import type { ToolDefinition } from './engine/tools/tool.js';
import { WorkflowRegistry } from './engine/workflows/registry.js';
import type { WorkflowDefinition } from './engine/workflows/workflow.js';
import { healthRoutes } from './modules/health/routes.js';
import { RunFileStore } from './modules/runs/file-store.js';
import { runRoutes } from './modules/runs/routes.js';
import { RunService } from './modules/runs/service.js';
import { RunStore } from './engine/runs/store.js';
import { workflowRoutes } from './modules/workflows/routes.js';
import { createDocumentsModule } from './modules/documents/module.js';
import type { DocumentService } from './modules/documents/service.js';
import { conversationRoutes } from './modules/conversation/routes.js';
import { FeedbackService } from './modules/conversation/feedback.js';
import { ConversationService } from './modules/conversation/service.js';
import { MessageStore } from './modules/conversation/store.js';
import { MemoryStore } from './modules/memories/store.js';
import { reviewRoutes } from './modules/review/routes.js';
import { ReviewService } from './modules/review/service.js';
import { ReviewStore } from './modules/review/store.js';
import { ModelQueryWriter } from './engine/llm/query-writer.js';
import { SchemaCache } from './engine/planner/schema-cache.js';
import { createSynonymsModule } from './modules/synonyms/module.js';
import { loadDemoData } from './demo/load.js';
import { idempotencyPlugin } from './platform/idempotency/plugin.js';
import { IdempotencyStore } from './stores/relational/idempotency-store.js';
import { RegistryService } from './modules/workflows/service.js';
import { queryRoutes } from './modules/queries/routes.js';
import { QueryService } from './modules/queries/service.js';
import { QueryStore } from './modules/queries/store.js';
import { TemplateService } from './modules/queries/templates.js';
import { MatcherWordsCache } from './modules/queries/matcher-words.js';
import type { HealthCheck } from './modules/health/service.js';
import { authPlugin } from './platform/auth/plugin.js';
import type { Authenticator } from './platform/auth/verifier.js';
import { createAuthenticator } from './platform/auth/verifier.js';
import { errorsPlugin, sendProblem } from './platform/errors.js';
import { createLogger } from './platform/logger.js';
import type { OAuthFlowSettings } from './platform/openapi.js';
import { addressLimitPlugin } from './platform/address-limit.js';
import { inputHygienePlugin } from './platform/input-hygiene.js';
import { problemTypeUri } from './platform/problem.js';
import { openApiPlugin } from './platform/openapi.js';
import { rateLimitPlugin } from './platform/rate-limit.js';
import { shutdownPlugin } from './platform/shutdown.js';
import { countEvents } from './platform/metrics/events.js';
import { httpMetricsPlugin } from './platform/metrics/http.js';
import { Metrics } from './platform/metrics/metrics.js';
import { measureGraphReads } from './stores/graph/measured.js';
import { claimEmbeddedGraph } from './stores/graph/embedded-claim.js';
import { openGraphStore } from './stores/graph/index.js';
import type { GraphStore } from './stores/graph/port.js';
import type { RelationalStore } from './stores/relational/index.js';
import { openRelationalStore } from './stores/relational/index.js';
import { PgliteStore } from './stores/relational/pglite-store.js';
import { version } from './version.js';

/** What the app runs on. Tests pass their own; otherwise `openDependencies` opens them from config. */
export interface AppDependencies {
  relational: RelationalStore;
  graph: GraphStore;
  authenticator: Authenticator;
  redis?: Redis;
  /** This process's hold on the deployment's embedded graph (embedded-claim.ts), released when it closes. */
  graphClaim?: { release(): Promise<void> };
}

export type App = FastifyInstance & { deps: AppDependencies };

/** The services route groups share (the conversation uses the templates, for example). */
export interface AppServices {
  queries: QueryService;
  templates: TemplateService;
  sessions: SessionService;
  events: EventService;
  runs: RunService;
  conversation: ConversationService;
  reviews: ReviewService;
  documents: DocumentService;
  /** The graph's schema as questions are planned against it; invalidate it after writing to the graph. */
  schema: SchemaCache;
}

/** The engine that executes runs: the registries, the job queue and this process's worker. */
export interface AppEngine {
  tools: ToolRegistry;
  workflows: WorkflowRegistry;
  queue: JobQueue;
  executor: RunExecutor;
  worker: JobWorker;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDependencies;
    config: Config;
    services: AppServices;
    engine: AppEngine;
    /** This process's Prometheus metrics, served by the metrics listener (main.ts) when METRICS_PORT is set. */
    prometheus: Metrics;
  }
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

/** How often Node checks the request and header timeouts of open connections. */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;
/** Longest time to receive a request's headers (never more than REQUEST_TIMEOUT_MS). */
const HEADERS_TIMEOUT_MS = 10_000;

const CLIENT_ERRORS: Record<string, { status: number; title: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, title: 'Request header fields too large', detail: 'The request headers are larger than the server accepts.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, title: 'Request timeout', detail: 'The request was not received within REQUEST_TIMEOUT_MS.' },
};

/** A transport-level error answered as problem+json on the raw socket (no request object exists yet). */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, title: 'Invalid request', detail: 'The request could not be parsed as HTTP.' };
  const body = JSON.stringify({ type: problemTypeUri(known.status === 408 ? 'request-timeout' : known.status === 431 ? 'headers-too-large' : 'invalid-request'), title: known.title, status: known.status, detail: known.detail, instance: '/' });
  socket.end(
    `HTTP/1.1 ${known.status} ${known.title}\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** What a request id given to us may look like (nothing that could forge a log line). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The service names every request itself: an id a client sends could be forged or collide with
 * another's. Behind a trusted proxy (TRUST_PROXY) the proxy's x-request-id is the id, so one id
 * runs through both logs; otherwise a client's well-formed id is only logged beside ours.
 */
function requestIds(trustProxy: boolean) {
  return (request: IncomingMessage): string => {
    const given = request.headers['x-request-id'];
    return trustProxy && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/** The client's own request id, when it sent a well-formed one that is not the request's id. */
function clientRequestId(request: { headers: IncomingMessage['headers']; id: string }): string | undefined {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) && given !== request.id ? given : undefined;
}

/** The OAuth2 login Swagger UI offers. The provider being down at start costs only that login. */
async function oauthSettings(
  config: Config,
  authenticator: Authenticator,
  log: FastifyBaseLogger,
): Promise<OAuthFlowSettings | undefined> {
  if (!config.auth.issuer) return undefined;
  const described = await authenticator.describe().catch((error: unknown) => {
    log.warn({ err: error }, 'identity provider discovery failed; /docs offers bearer tokens only');
    return undefined;
  });
  if (!described) return undefined;
  if (described.mode !== 'oidc' || !described.authorization_endpoint || !described.token_endpoint) return undefined;
  return {
    authorizationUrl: described.authorization_endpoint,
    tokenUrl: described.token_endpoint,
    clientId: config.auth.clientId,
    scopes: config.auth.scopes,
  };
}

export interface BuildOptions {
  /** The process's logger (one is made from the config otherwise). */
  logger?: Logger;
  /** Where log lines go when no logger is given (stdout by default). */
  logStream?: DestinationStream;
  /** Workflows and tools registered besides those in their definitions folders (tests add their own). */
  workflows?: WorkflowDefinition[];
  tools?: ToolDefinition[];
}

/** Builds the whole service on the given dependencies; closing the app closes them. */
export async function buildApp(config: Config, deps: AppDependencies, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config, options.logStream),
    genReqId: requestIds(config.trustProxy),
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    bodyLimit: config.limits.bodyBytes,
    requestTimeout: config.limits.requestTimeoutMs,
    // Node checks request and header timeouts only every connectionsCheckingInterval (30 s by default): a 30 s
    // limit then cut a slow body after 67-79 s. Checked every second here, the limit holds within about a second.
    serverFactory: (handler) =>
      http.createServer(
        {
          requestTimeout: config.limits.requestTimeoutMs,
          headersTimeout: Math.min(config.limits.requestTimeoutMs, HEADERS_TIMEOUT_MS),
          connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
        },
        handler,
      ),
    // Errors Node raises before a request exists (a malformed request, headers too large, a request timeout) in
    // the one error shape too, not Node's own body.
    clientErrorHandler: answerClientError,
    trustProxy: config.trustProxy,
    // Our own shutdown hook answers with a problem body instead.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // Errors the router raises before any hook (a malformed percent-encoding) get the one error shape too.
    frameworkErrors: (error, request, reply) =>
      sendProblem(request, reply, {
        slug: 'invalid-request',
        title: 'Invalid request',
        status: (error as { statusCode?: number }).statusCode ?? 400,
        detail:
          (error as { code?: string }).code === 'FST_ERR_BAD_URL'
            ? 'The URL is not valid: it has a malformed percent-encoding.'
            : error.message,
      }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const metrics = new Metrics();
  app.decorate('prometheus', metrics);
  const engine = deps.graph.engine;
  deps = { ...deps, graph: measureGraphReads(deps.graph, (outcome, seconds) => metrics.graphQueryDuration.observe({ engine, outcome }, seconds)) };
  deps.redis?.on('error', () => metrics.redisErrors.inc());
  app.decorate('deps', deps);
  app.decorate('config', config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // One log line per request, written when it is answered (instead of fastify's two).
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        route: request.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        sub: request.principal?.sub,
        client_request_id: clientRequestId(request),
      },
      'request',
    );
    done();
  });
  // Runs first: a worker gives its jobs back while the stores are still open.
  const beforeStoresClose: (() => Promise<void>)[] = [];
  app.addHook('onClose', async () => {
    for (const stop of beforeStoresClose) await stop();
    await Promise.allSettled([
      deps.relational.close(),
      deps.graph.close(),
      deps.redis ? deps.redis.quit() : Promise.resolve(),
      deps.graphClaim?.release(),
    ]);
  });

  await app.register(shutdownPlugin);
  await app.register(httpMetricsPlugin, { metrics });
  await app.register(errorsPlugin);
  await app.register(inputHygienePlugin, { maxDepth: config.limits.requestMaxDepth });
  await app.register(addressLimitPlugin, { perMinute: config.limits.rateUnauthenticatedPerMinute, redis: deps.redis, keyPrefix: config.redis.keyPrefix });
  await app.register(authPlugin, { authenticator: deps.authenticator });
  await app.register(rateLimitPlugin, { limits: config.limits, redis: deps.redis, keyPrefix: config.redis.keyPrefix });
  await app.register(idempotencyPlugin, {
    store: new IdempotencyStore({ db: deps.relational }),
    settings: {
      keyTtlSeconds: config.limits.idempotencyKeyTtlSeconds,
      inProgressMs: config.limits.idempotencyInProgressMs,
      responseMaxBytes: config.limits.idempotencyResponseMaxBytes,
    },
  });
  await app.register(openApiPlugin, {
    version,
    oauth: await oauthSettings(config, deps.authenticator, app.log),
    authMode: config.auth.issuer ? 'oidc' : 'development',
  });

  const checks: HealthCheck[] = [
    { name: 'relational', engine: deps.relational.engine, check: () => deps.relational.health() },
    { name: 'graph', engine: deps.graph.engine, check: () => deps.graph.health() },
  ];
  const redis = deps.redis;
  if (redis) checks.push({ name: 'redis', engine: 'redis', check: async () => void (await redis.ping()) });
  await app.register(healthRoutes, {
    checks,
    timeoutMs: config.limits.readinessTimeoutMs,
    patienceMs: config.limits.readinessPatienceMs,
    isShuttingDown: () => app.isShuttingDown(),
  });
  await app.register(authRoutes, { authenticator: deps.authenticator });

  const queryStore = new QueryStore(deps.relational, { templateCacheEntries: config.templateCacheEntries });
  const stopFollowingTemplates = await queryStore.followTemplateChanges();
  app.addHook('onClose', stopFollowingTemplates);
  const synonyms = createSynonymsModule({
    db: deps.relational,
    graph: deps.graph,
    max: config.synonymsMax,
    onChange: async () => {
      schemaCache.invalidate();
      matcherWords.invalidate();
      await templates.rekey().catch((error: unknown) => app.log.error({ err: error }, 'templates could not be re-keyed after a synonym change'));
    },
  });
  const matcherWords = new MatcherWordsCache({ synonyms: () => synonyms.store.all() });
  const queries = new QueryService({ store: queryStore, graph: deps.graph, words: matcherWords.read, metrics });
  const eventStore = new EventStore(deps.relational);
  const hub = new EventHub();
  await hub.start(deps.relational);
  eventStore.deliverLocally((sessionId, rows) => {
    hub.offer(sessionId, rows);
    countEvents(metrics, rows);
  });
  app.addHook('onClose', () => hub.close());
  const sessionStore = new SessionStore(deps.relational);
  const runStore = new RunStore(deps.relational);
  const sessions = new SessionService(sessionStore, eventStore, runStore);
  const events = new EventService(deps.relational, eventStore, sessions);

  const tools = await ToolRegistry.load({ defaultMs: config.limits.toolTimeoutMs, ingestionMs: config.documents.stepTimeoutMs }, options.tools);
  const workflows = await WorkflowRegistry.load(tools, options.workflows);
  // The workers' statements (claims, renewals, a run's commits) wait on each other's locks under load:
  // they get the long limits, so a busy minute fails no run; requests keep their short ones.
  const background = deps.relational.withStatementTimeout(config.database.longStatementTimeoutMs);
  const queue = new JobQueue(background);
  const files = new RunFileStore(deps.relational, { maxBytes: config.limits.runFileMaxBytes, maxPerRun: config.limits.runFilesMaxPerRun });
  const runs = new RunService({
    db: deps.relational,
    runs: runStore,
    files,
    queue,
    events: eventStore,
    sessions: sessionStore,
    sessionService: sessions,
    workflows,
    previewLimits: { maxBytes: config.limits.previewMaxBytes, maxLines: config.limits.previewMaxLines, maxRows: config.limits.previewMaxRows },
  });
  const schemaCache = new SchemaCache({
    graph: deps.graph,
    ttlMs: config.graph.schemaCacheMs,
    synonyms: () => synonyms.store.all(),
    nameProperties: config.graph.nameProperties,
    logger: app.log.child({ component: 'planner' }) as unknown as Logger,
  });
  const documents = createDocumentsModule({
    config,
    db: deps.relational,
    graph: deps.graph,
    schema: schemaCache,
    sessions,
    runs,
    synonyms: () => synonyms.store.all(),
    logger: app.log.child({ component: 'documents' }) as unknown as Logger,
  });
  const templates = new TemplateService(queryStore, queries, matcherWords.read);
  app.addHook('onClose', await synonyms.follow());
  await templates.rekey();
  const messages = new MessageStore(deps.relational);
  const memories = new MemoryStore(deps.relational);
  const reviewStore = new ReviewStore(deps.relational);
  const model = config.llm ? new ModelQueryWriter(config.llm, app.log.child({ component: 'llm' })) : undefined;
  const executor = new RunExecutor({
    db: background,
    runs: runStore,
    queue,
    events: eventStore,
    workflows,
    tools,
    services: {
      graph: deps.graph,
      queries,
      templates,
      files,
      memories,
      reviews: reviewStore,
      schema: schemaCache,
      chat: config.chat,
      model,
      documents: documents.ingestion,
      sources: documents.sources,
    },
    options: { maxAttempts: config.jobs.maxAttempts, progressCommitMs: config.jobs.progressCommitMs, logger: app.log.child({ component: 'runs' }) as unknown as Logger },
  });
  const worker = new JobWorker(background, queue, [executor], {
    concurrency: config.jobs.concurrency,
    leaseMs: config.jobs.leaseMs,
    pollIntervalMs: config.jobs.pollIntervalMs,
    logger: app.log.child({ component: 'jobs' }) as unknown as Logger,
    metrics,
  });
  metrics.readFrom({ jobs: () => queuedJobs(deps.relational), pendingQueries: () => queryStore.pendingCount(), pool: () => deps.relational.poolUse?.() });
  // Half the shutdown grace for steps to finish; the rest resume on another process (or after restart).
  beforeStoresClose.push(() => worker.stop(Math.floor(config.limits.shutdownGraceMs / 2)));
  app.decorate('engine', { tools, workflows, queue, executor, worker });

  const reviews = new ReviewService({ db: deps.relational, reviews: reviewStore, memoryStore: memories, sessions: sessionStore, runs, graph: deps.graph });
  const conversation = new ConversationService({ db: deps.relational, messages, sessions, runStore, runs, reviews, limits: config.chat });
  const services: AppServices = { queries, templates, sessions, events, runs, conversation, reviews, documents: documents.service, schema: schemaCache };
  app.decorate('services', services);
  await app.register(queryRoutes, { service: services.queries });
  await app.register(synonyms.plugin);
  await app.register(chatSessionRoutes, { service: sessions, limits: config.limits });
  const streamSlots = new StreamSlots({
    limit: config.limits.streamMaxPerSubject,
    redis: deps.redis,
    keyPrefix: config.redis.keyPrefix,
    leaseMs: 3 * config.limits.streamHeartbeatMs,
    logger: app.log,
  });
  app.addHook('onClose', () => streamSlots.close());
  await app.register(eventRoutes, { events, sessions, store: eventStore, hub, slots: streamSlots, limits: config.limits, metrics });
  await app.register(workflowRoutes, { registry: new RegistryService(workflows, tools), runs });
  await app.register(runRoutes, { service: runs });
  await app.register(conversationRoutes, { service: conversation, feedback: new FeedbackService({ db: deps.relational, sessions, metrics }), limits: config.limits });
  await app.register(reviewRoutes, { service: reviews });
  await app.register(documents.plugin);
  if (config.demoData && (await loadDemoData({ graph: deps.graph, db: background, templates, queries, logger: app.log as unknown as Logger }))) {
    // Its synonyms came with it: the matcher reads them now, not when their notice arrives.
    schemaCache.invalidate();
    matcherWords.invalidate();
    await templates.rekey();
  }
  app.addHook('onReady', () => worker.start());

  return app as unknown as App;
}
