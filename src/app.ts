import type { DestinationStream, Logger } from 'pino';
import type { AppDependencies } from './app/dependencies.js';
import { closeDependencies } from './app/dependencies.js';
import { registerPlatform } from './app/platform.js';
import { createServer } from './app/server.js';
import type { Config } from './config.js';
import { loadDemoData } from './demo/load.js';
import { createEngine } from './engine/engine.js';
import type { Engine } from './engine/engine.js';
import { queuedJobs } from './engine/jobs/queue.js';
import type { SchemaCache } from './planner/link/schema-cache.js';
import type { ToolDefinition } from './engine/tools/tool.js';
import type { WorkflowDefinition } from './engine/workflows/workflow.js';
import { createAuthModule } from './modules/auth/module.js';
import { createChatModule } from './modules/chat/module.js';
import type { SessionService } from './modules/chat/service.js';
import { createConversationModule } from './modules/conversation/module.js';
import type { ConversationService } from './modules/conversation/service.js';
import { createDocumentsModule } from './modules/documents/module.js';
import type { DocumentService } from './modules/documents/service.js';
import { createEventsModule } from './modules/events/module.js';
import type { EventService } from './modules/events/service.js';
import { createHealthModule } from './modules/health/module.js';
import { createMemoriesModule } from './modules/memories/module.js';
import { createQueriesModule } from './modules/queries/module.js';
import type { QueryService } from './modules/queries/service.js';
import type { TemplateService } from './modules/queries/templates.js';
import { createReviewModule } from './modules/review/module.js';
import type { ReviewService } from './modules/review/service.js';
import { createRunsModule } from './modules/runs/module.js';
import type { RunService } from './modules/runs/service.js';
import { createSynonymsModule } from './modules/synonyms/module.js';
import { createWorkflowsModule } from './modules/workflows/module.js';
import { Metrics } from './platform/metrics/metrics.js';
import { measureGraphReads } from './stores/graph/measured.js';

/** The service as built: the server with its decorations (deps, config, services, engine, prometheus). */
export type App = ReturnType<typeof createServer>;

/** The services route groups share, decorated on the app for tests and scripts. */
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

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDependencies;
    config: Config;
    services: AppServices;
    engine: Engine;
    /** This process's Prometheus metrics, served by the metrics listener (main.ts) when METRICS_PORT is set. */
    prometheus: Metrics;
  }
}

export interface BuildOptions {
  /** The process's logger (one is made from the config otherwise). */
  logger?: Logger;
  /** Where log lines go when no logger is given (stdout by default). */
  logStream?: DestinationStream;
  /** Workflows and tools registered besides those of the engine and the modules (tests add their own). */
  workflows?: WorkflowDefinition[];
  tools?: ToolDefinition[];
}

/**
 * Builds the whole service on the given dependencies; closing the app closes them. Each module
 * builds itself from what it names; the engine runs what modules contribute; each module's
 * plugin names the plugins it needs (fastify-plugin dependencies), so a wrong order fails at start.
 */
export async function buildApp(config: Config, given: AppDependencies, options: BuildOptions = {}): Promise<App> {
  const app = createServer(config, options);
  const logger: Logger = app.log;
  const metrics = new Metrics();
  const deps = { ...given, graph: measureGraphReads(given.graph, (outcome, seconds) => metrics.graphQueryDuration.observe({ engine: given.graph.engine, outcome }, seconds)) };
  deps.redis?.on('error', () => metrics.redisErrors.inc());
  app.decorate('deps', deps);
  app.decorate('config', config);
  app.decorate('prometheus', metrics);
  const { relational: db, graph, redis } = deps;
  const synonymsOf = () => synonyms.store.all();
  const synonyms = createSynonymsModule({ db, graph, max: config.synonymsMax, onChange: () => wordsChanged() });
  const engine = await createEngine({ config, db, graph, metrics, logger, synonyms: synonymsOf, tools: options.tools, workflows: options.workflows });
  // Registered first, so it runs first: the worker gives its jobs back while the stores are still open
  // (half the shutdown grace for steps to finish; the rest resume on another process, or after a restart).
  app.addHook('onClose', async () => {
    await engine.worker.stop(Math.floor(config.limits.shutdownGraceMs / 2));
    await closeDependencies(deps);
  });
  await registerPlatform(app, { config, deps, metrics });

  const queries = createQueriesModule({ config, db, graph, metrics, synonyms: synonymsOf });
  const chat = createChatModule({ config, db, events: engine.events, runs: engine.runs });
  const events = await createEventsModule({ config, db, store: engine.events, sessions: chat.sessions, redis, metrics, logger });
  const runs = createRunsModule({ config, db, engine, sessions: chat.store, sessionService: chat.sessions });
  const memories = createMemoriesModule({ config, db });
  const review = createReviewModule({ db, graph, memories: memories.store, sessions: chat.store, runs: runs.service });
  const conversation = createConversationModule({ config, db, sessions: chat.sessions, runStore: engine.runs, runs: runs.service, reviews: review.service, ended: events.hub, metrics });
  const documents = createDocumentsModule({ config, db, graph, schema: engine.schema, sessions: chat.sessions, runs: runs.service, synonyms: synonymsOf, logger: logger.child({ component: 'documents' }) });
  const workflows = createWorkflowsModule({ engine, runs: runs.service });
  for (const contribution of [queries, runs, memories, review, documents]) engine.register(contribution);
  /** The planner and the matcher read the deployment's words again (synonyms changed, or demo data came with its own). */
  async function wordsChanged(): Promise<void> {
    engine.schema.invalidate();
    queries.words.invalidate();
    await queries.templates.rekey().catch((error: unknown) => app.log.error({ err: error }, 'templates could not be re-keyed after a synonym change'));
  }

  metrics.readFrom({ jobs: () => queuedJobs(db), pendingQueries: () => queries.curation.pendingCount(), pool: () => db.poolUse?.() });
  app.decorate('engine', engine);
  app.decorate('services', {
    queries: queries.service,
    templates: queries.templates,
    sessions: chat.sessions,
    events: events.service,
    runs: runs.service,
    conversation: conversation.service,
    reviews: review.service,
    documents: documents.service,
    schema: engine.schema,
  } satisfies AppServices);
  const health = createHealthModule({ config, db, graph, redis });
  const auth = createAuthModule({ authenticator: deps.authenticator });
  // In this order the OpenAPI document lists their paths; a plugin registered before one it needs fails the start.
  for (const module of [health, auth, synonyms, queries, memories, chat, events, workflows, runs, conversation, review, documents]) await app.register(module.plugin);
  // Its synonyms came with it: the matcher reads them now, not when their notice arrives.
  if (config.demoData && (await loadDemoData({ graph, db: engine.background, templates: queries.templates, queries: queries.service, logger }))) await wordsChanged();
  app.addHook('onReady', () => engine.start());
  return app;
}
