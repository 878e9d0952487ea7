import { z } from 'zod';
import { EVENT_KINDS, QUERY_TYPES } from '../../engine/contracts/event-kinds.js';
import type { EventKind, QueryType } from '../../engine/contracts/event-kinds.js';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../platform/schemas.js';

// The kinds are the engine's (what a run reports); this module stores, serves and documents them.
export { EVENT_KINDS, QUERY_TYPES };
export type { EventKind, QueryType };

export const EventKindSchema = z
  .enum(EVENT_KINDS)
  .describe(
    'What happened. The set is closed: a client can switch on it. `data` by kind (every run event also carries `run_id`): ' +
      'session_created {owner, title} · message_received · run_queued {workflow, version | reason, node, answer} · ' +
      'run_started {workflow, version, attempt, resumed_from} · run_awaiting_input {node, kind, question, options?, data?} · ' +
      'disambiguation_required / review_required (the same as run_awaiting_input) · run_completed {workflow, output, duration_ms} · ' +
      'run_failed {workflow, code, message, node?} · run_cancelled {workflow, by} · step_started {node, run_id, attempt} · ' +
      'step_completed {node, query_type, duration_ms} · tool_executed {tool_name, success, duration_ms, node, error?} · ' +
      'query_generated {cypher, generator, attempts, note, confidence} · query_reused · answer_ready {message_id, text, query, query_type, generator, …} · ingestion_progress {doc_id, stage, done, total, unit} (a document ingestion’s stage: ' +
      'sniffing, extracting_text, chunking, extracting_entities, resolving, writing). `query_type` is one of: ' +
      'template (an approved template was reused), generated (a new query was written), clarification (the user was asked ' +
      'to choose), declined (the query was refused), out_of_scope (answer_ready only: the question is about nothing the graph holds), ' +
      'none (no query work).',
  );



export const SessionEventSchema = z
  .object({
    id: z.number().int().describe('Grows by one within the session; the SSE `id:` to resume from (`Last-Event-ID` or `?after=`).'),
    timestamp: z.string().describe('When it happened (ISO 8601 UTC).'),
    event: EventKindSchema,
    run_id: z.string().nullable().describe('The run it belongs to, if any.'),
    data: z.record(z.string(), z.unknown()).describe('Depends on the kind, e.g. `step_started {node, run_id}`, `tool_executed {tool_name, success}`.'),
  })
  .meta({ id: 'SessionEvent' });
export type SessionEvent = z.infer<typeof SessionEventSchema>;

const afterId = z.coerce
  .number()
  .int()
  .min(0)
  .max(Number.MAX_SAFE_INTEGER)
  .describe('Only events with a greater id (0: from the start).');

export const EventListQuerySchema = z.object({
  after: afterId.default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT).describe(`Page size, 1..${PAGE_LIMIT_MAX}.`),
  cursor: z.string().max(512).optional().describe('Opaque cursor from the previous page’s `next_cursor`.'),
  kind: EventKindSchema.optional().describe('Only events of this kind.'),
  run_id: z.string().min(1).max(100).optional().describe('Only events of this run.'),
});
export type EventListQuery = z.infer<typeof EventListQuerySchema>;

export const EventPageSchema = z
  .object({
    items: z.array(SessionEventSchema).describe('Events in id order.'),
    next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.'),
  })
  .meta({ id: 'SessionEventPage' });

export const StreamQuerySchema = z.object({
  after: afterId.optional().describe('Replay events after this id, then continue live (`Last-Event-ID` takes precedence).'),
});
