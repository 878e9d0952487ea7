import type { Metrics } from './metrics.js';

/** An event as committed (modules/events): only its kind and data are read. */
interface CommittedEvent {
  kind: string;
  data: Record<string, unknown>;
}

const INGESTION_WORKFLOW = 'document_ingest';
const text = (value: unknown, fallback = 'none') => (typeof value === 'string' && value !== '' ? value : fallback);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * Counts what the events this process committed say happened: each event is committed by one
 * process only, so summed over processes every run, answer and ingestion counts once. The
 * values read are closed sets (workflow ids, query types, generators, step ids, formats).
 */
export function countEvents(metrics: Metrics, events: readonly CommittedEvent[]): void {
  for (const { kind, data } of events) {
    const workflow = text(data.workflow, 'unknown');
    switch (kind) {
      case 'run_started':
        metrics.runsStarted.inc({ workflow, resumed: Number(data.attempt ?? 1) > 1 ? 'true' : 'false' });
        break;
      case 'run_completed':
        metrics.runsFinished.inc({ workflow, outcome: 'succeeded' });
        if (workflow === INGESTION_WORKFLOW) countIngestion(metrics, data);
        break;
      case 'run_failed':
        metrics.runsFinished.inc({ workflow, outcome: 'failed' });
        if (workflow === INGESTION_WORKFLOW) metrics.ingestions.inc({ outcome: 'failed', stage: text(data.node, 'start') });
        break;
      case 'run_cancelled':
        metrics.runsFinished.inc({ workflow, outcome: 'cancelled' });
        if (workflow === INGESTION_WORKFLOW) metrics.ingestions.inc({ outcome: 'cancelled', stage: 'none' });
        break;
      case 'run_awaiting_input':
        // A question back to the asker ("which one do you mean?") is the answer of that turn.
        if (data.kind === 'disambiguation') metrics.answers.inc({ query_type: 'clarification', generator: 'none' });
        break;
      case 'answer_ready':
        metrics.answers.inc({ query_type: text(data.query_type), generator: text(data.generator) });
        break;
      case 'query_generated': {
        const confidence = num(data.confidence);
        if (data.generator === 'planner' && confidence !== undefined) metrics.plannerConfidence.observe(confidence);
        break;
      }
      case 'query_reused':
        metrics.templateReuses.inc();
        break;
    }
  }
}

function countIngestion(metrics: Metrics, data: Record<string, unknown>): void {
  metrics.ingestions.inc({ outcome: 'ingested', stage: 'none' });
  const output = (data.output ?? {}) as Record<string, unknown>;
  const durationMs = num(data.duration_ms);
  if (durationMs !== undefined) metrics.ingestionDuration.observe({ format: text(output.format, 'unknown') }, durationMs / 1000);
  const extracted = (output.extracted ?? {}) as Record<string, unknown>;
  const written = (output.written ?? {}) as Record<string, unknown>;
  const items: Record<string, unknown> = {
    pages: extracted.pages,
    chunks: extracted.chunks,
    entities_written: written.entities,
    relationships_written: written.relationships,
  };
  for (const [kind, value] of Object.entries(items)) {
    const n = num(value);
    if (n !== undefined && n > 0) metrics.ingestedItems.inc({ kind }, n);
  }
}
