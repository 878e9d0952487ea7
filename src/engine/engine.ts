import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import type { GraphStore } from '../stores/graph/port.js';
import type { RelationalStore } from '../stores/relational/index.js';
import { JobQueue } from './jobs/queue.js';
import { JobWorker } from './jobs/worker.js';
import { ModelQueryWriter } from './llm/query-writer.js';
import { SchemaCache } from '../planner/link/schema-cache.js';
import type { Synonym } from '../planner/link/lexicon.js';
import { EventStore } from './runs/event-store.js';
import { RunExecutor } from './runs/executor.js';
import { RunStore } from './runs/store.js';
import { ToolRegistry } from './tools/registry.js';
import type { ToolDefinition } from './tools/tool.js';
import { WorkflowRegistry } from './workflows/registry.js';
import type { WorkflowDefinition } from './workflows/workflow.js';

/** What a module adds to the engine: its own tools (built with its services) and workflows. */
export interface EngineContribution {
  tools?: readonly ToolDefinition[];
  workflows?: readonly WorkflowDefinition[];
}

export interface EngineDeps {
  config: Pick<Config, 'limits' | 'documents' | 'database' | 'jobs' | 'graph' | 'chat' | 'llm'>;
  db: RelationalStore;
  graph: GraphStore;
  metrics: Metrics;
  logger: Logger;
  /** The deployment's synonyms, which the planner's lexicon reads (the synonyms module's store). */
  synonyms: () => Promise<Synonym[]>;
  /** Tools and workflows besides those of the definitions folders and the modules (tests add their own). */
  tools?: readonly ToolDefinition[];
  workflows?: readonly WorkflowDefinition[];
}

/**
 * The engine that executes runs, built in one place: the registries of tools and workflows,
 * the run record (runs, steps, session events), the durable job queue, the executor and this
 * process's worker, and the schema the planner reads. Modules register what they contribute;
 * `start` checks every workflow's tools exist, then starts the worker.
 */
export async function createEngine(deps: EngineDeps) {
  const { config, db, graph, logger } = deps;
  const tools = await ToolRegistry.load({ defaultMs: config.limits.toolTimeoutMs, ingestionMs: config.documents.stepTimeoutMs }, deps.tools);
  const workflows = await WorkflowRegistry.load(tools, deps.workflows);
  // The workers' statements (claims, renewals, a run's commits) wait on each other's locks under load:
  // they get the long limits, so a busy minute fails no run; requests keep their short ones.
  const background = db.withStatementTimeout(config.database.longStatementTimeoutMs);
  const queue = new JobQueue(background);
  const runs = new RunStore({ db: db });
  const events = new EventStore({ db: db });
  const schema = new SchemaCache({
    graph,
    ttlMs: config.graph.schemaCacheMs,
    synonyms: deps.synonyms,
    nameProperties: config.graph.nameProperties,
    logger: logger.child({ component: 'planner' }),
  });
  const model = config.llm ? new ModelQueryWriter(config.llm, logger.child({ component: 'llm' })) : undefined;
  const executor = new RunExecutor({
    db: background,
    runs,
    queue,
    events,
    workflows,
    tools,
    services: { graph, schema, chat: config.chat, model },
    options: { maxAttempts: config.jobs.maxAttempts, progressCommitMs: config.jobs.progressCommitMs, logger: logger.child({ component: 'runs' }) },
  });
  const worker = new JobWorker(background, queue, [executor], {
    concurrency: config.jobs.concurrency,
    leaseMs: config.jobs.leaseMs,
    pollIntervalMs: config.jobs.pollIntervalMs,
    logger: logger.child({ component: 'jobs' }),
    metrics: deps.metrics,
  });
  return {
    tools,
    workflows,
    queue,
    runs,
    events,
    schema,
    executor,
    worker,
    /** The store with the long statement limits, for work done in the background (jobs, demo seeding). */
    background,
    register(contribution: EngineContribution): void {
      tools.register(...(contribution.tools ?? []));
      workflows.register(...(contribution.workflows ?? []));
    },
    /** Checks that every workflow's tools were registered, then starts the worker (its promise: the worker's start). */
    start(): Promise<void> {
      workflows.verify();
      return worker.start();
    },
  };
}

export type Engine = Awaited<ReturnType<typeof createEngine>>;
