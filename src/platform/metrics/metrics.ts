import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * This process's Prometheus metrics: one registry per app (tests build many apps in one
 * process; prom-client's global registry would refuse the second). Every label value comes
 * from a closed set (route templates, workflow names, kinds, outcomes), never from a user's
 * input or id, so the number of series stays bounded.
 *
 * Gauges that describe shared state (queue depth, pending curation, pool use) are read when
 * Prometheus scrapes, from the sources `app.ts` attaches (`readFrom`): no work on hot paths.
 */

/** What a scrape reads from the stores, attached once the stores exist. */
export interface MetricSources {
  /** Jobs by kind and status (ready, leased, waiting), with the age of the oldest ready one in seconds. */
  jobs?: () => Promise<readonly { kind: string; status: string; count: number; oldest_ready_s: number | null }[]>;
  /** Queries waiting for a curator. */
  pendingQueries?: () => Promise<number>;
  /** The relational pool's connections: in use, idle, and requests waiting for one (PostgreSQL only). */
  pool?: () => { inUse: number; idle: number; waiting: number } | undefined;
}

/** A graph query's outcome, as the metrics name it. */
export type GraphOutcome = 'ok' | 'timeout' | 'memory' | 'refused' | 'failed' | 'unavailable';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class Metrics {
  readonly registry = new Registry();
  private sources: MetricSources = {};
  private processMetrics = false;

  readonly httpInFlight = new Gauge({ name: 'cqks_http_requests_in_flight', help: 'HTTP requests being served.', registers: [this.registry] });
  readonly httpRejections = this.counter(
    'cqks_http_rejections_total',
    'Requests refused with 401 or 429, by reason (401: missing_token, invalid_request, invalid_token; 429: rate_limit, failed_authentications, too_many_streams).',
    ['status', 'reason'],
  );

  readonly jobClaims = this.counter('cqks_job_claims_total', 'Jobs this process claimed, by kind.', ['kind']);
  readonly jobTakeovers = this.counter(
    'cqks_job_takeovers_total',
    'Jobs this process took over after their lease ran out (their worker died or stalled), by kind.',
    ['kind'],
  );
  readonly jobAttempts = this.histogram(
    'cqks_job_attempts',
    'The attempt a job was on when this process claimed it, by kind.',
    [1, 2, 3, 5, 10],
    ['kind'],
  );
  readonly jobRetries = this.counter('cqks_job_retries_total', 'Jobs whose handler failed unexpectedly and were queued again, by kind.', ['kind']);

  readonly runsStarted = this.counter(
    'cqks_runs_started_total',
    'Workflow runs started or resumed by this process, by workflow and whether it was a takeover or retry (resumed).',
    ['workflow', 'resumed'],
  );
  readonly runsFinished = this.counter(
    'cqks_runs_finished_total',
    'Workflow runs that ended on this process, by workflow and outcome (succeeded, failed, cancelled).',
    ['workflow', 'outcome'],
  );

  readonly answers = this.counter(
    'cqks_answers_total',
    'Chat answers, by query_type (template, generated, clarification, declined, out_of_scope, none) and generator (planner, model, template, correction, none).',
    ['query_type', 'generator'],
  );
  readonly plannerConfidence = this.histogram(
    'cqks_planner_confidence',
    'Confidence of the queries the built-in planner wrote.',
    [0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1],
  );
  readonly feedback = this.counter('cqks_feedback_total', 'Feedback on answers, by verdict.', ['verdict']);

  readonly curationDecisions = this.counter(
    'cqks_curation_decisions_total',
    'Curators’ decisions on queued queries, by decision (approved, amended, rejected).',
    ['decision'],
  );
  readonly templateReuses = this.counter('cqks_template_reuses_total', 'Questions answered with an approved template.');

  readonly ingestions = this.counter(
    'cqks_ingestions_total',
    'Document ingestions that ended, by outcome (ingested, failed, cancelled) and the stage a failure happened in (none when ingested).',
    ['outcome', 'stage'],
  );
  readonly ingestionDuration = this.histogram(
    'cqks_ingestion_duration_seconds',
    'Time from an ingestion’s start to its version going live, by document format.',
    [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800],
    ['format'],
  );
  readonly ingestedItems = this.counter(
    'cqks_ingested_items_total',
    'What ingestions read and wrote, by kind (pages, chunks: read; entities_written, relationships_written: in the graph; a CSV row or JSON record is an entity).',
    ['kind'],
  );

  readonly graphQueryDuration = this.histogram(
    'cqks_graph_query_duration_seconds',
    'Read-only graph queries, by engine and outcome (ok, timeout, memory, refused, failed, unavailable).',
    SECONDS,
    ['engine', 'outcome'],
  );
  readonly redisErrors = this.counter('cqks_redis_errors_total', 'Errors the Redis client reported.');
  readonly streamsOpen = new Gauge({ name: 'cqks_event_streams_open', help: 'Event streams (SSE or NDJSON) open on this process.', registers: [this.registry] });
  readonly idempotentReplays = this.counter(
    'cqks_idempotent_replays_total',
    'Requests answered with the stored response of an earlier one with the same Idempotency-Key.',
  );

  constructor() {
    const registry = this.registry;
    const read = () => this.sources;
    // Both queue gauges of one scrape share one read.
    let jobsRead: ReturnType<NonNullable<MetricSources['jobs']>> | undefined;
    const jobs = () => {
      jobsRead ??= (read().jobs?.() ?? Promise.resolve([])).catch(() => []).finally(() => setTimeout(() => (jobsRead = undefined), 1000).unref());
      return jobsRead;
    };
    new Gauge({
      name: 'cqks_jobs',
      help: 'Jobs in the queue (all processes), by kind and status (ready, leased, waiting).',
      labelNames: ['kind', 'status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await jobs()) this.set({ kind: row.kind, status: row.status }, row.count);
      },
    });
    new Gauge({
      name: 'cqks_jobs_oldest_ready_age_seconds',
      help: 'Age of the oldest job ready to be claimed (all processes), by kind: work waiting for a worker.',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await jobs()) {
          if (row.status === 'ready' && row.oldest_ready_s !== null) this.set({ kind: row.kind }, row.oldest_ready_s);
        }
      },
    });
    new Gauge({
      name: 'cqks_curation_pending',
      help: 'Generated queries waiting for a curator (all processes).',
      registers: [registry],
      async collect() {
        const pending = await read().pendingQueries?.().catch(() => undefined);
        if (pending !== undefined) this.set(pending);
      },
    });
    new Gauge({
      name: 'cqks_relational_pool_connections',
      help: 'PostgreSQL connections of this process’s request pool, by state (in_use, idle, waiting: requests waiting for one).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const pool = read().pool?.();
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.inUse);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
  }

  /**
   * Adds the process's own metrics (CPU, resident memory, heap, event-loop lag, GC), once: they
   * start monitors that live as long as the process, so only a process that is scraped has them.
   */
  withProcessMetrics(): this {
    if (!this.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.processMetrics = true;
    return this;
  }

  /** A histogram in this registry, with its buckets; its label names are the only labels it takes. */
  private histogram<L extends string = never>(name: string, help: string, buckets: number[], labelNames: readonly L[] = []): Histogram<L> {
    return new Histogram<L>({ name, help, buckets, labelNames, registers: [this.registry] });
  }

  /** A counter in this registry; its label names are the only labels it takes. */
  private counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }

  /** Where the gauges read at scrape time come from (merged with what was attached before). */
  readFrom(sources: MetricSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  /** The text a scrape gets. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
