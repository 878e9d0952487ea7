/**
 * What a session's events can be, and what query work a step did: closed sets the engine
 * reports in and the events module stores, serves and documents (modules/events/schemas.ts).
 */

/** The closed set of event kinds a session can carry (DESIGN.md "Events"). */
export const EVENT_KINDS = [
  'session_created',
  'message_received',
  'run_queued',
  'run_started',
  'run_awaiting_input',
  'run_completed',
  'run_failed',
  'run_cancelled',
  'step_started',
  'step_completed',
  'tool_executed',
  'query_generated',
  'query_reused',
  'disambiguation_required',
  'review_required',
  'answer_ready',
  'ingestion_progress',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Events a node may publish itself; the engine publishes the run, step and tool events. */
export type NodeEventKind = Extract<EventKind, 'query_generated' | 'query_reused' | 'answer_ready' | 'ingestion_progress'>;

/**
 * `step_completed.query_type`: what query work a step did. `template`: an approved template
 * was reused. `generated`: a new query was written. `clarification`: the step asked the user
 * to choose (disambiguation). `declined`: the query was refused (not read-only or invalid).
 * `none`: the step did no query work. The set is closed.
 */
export const QUERY_TYPES = ['template', 'generated', 'clarification', 'declined', 'out_of_scope', 'none'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];
