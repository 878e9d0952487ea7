import type { z } from 'zod';
import type { InputRequest } from '../contracts/input-request.js';
import type { ToolContract } from '../tools/tool.js';
import type { NodeEventKind, QueryType } from '../contracts/event-kinds.js';

/**
 * A workflow: a named, versioned sequence of nodes over a validated input. Each node does
 * its work only through the registered tools it declares, so what a workflow can touch is
 * visible in `GET /api/v1/aim/workflows`. A run executes the nodes in order and stores each
 * node's output when it completes; a resumed run starts at the first node without one.
 */

/** Outputs of the nodes that completed, by node id (stored as JSON with each step). */
export type Out = Readonly<Record<string, Record<string, unknown>>>;

export interface NodeContext<I = unknown> {
  /** The run's validated input. */
  input: I;
  run: { id: string; sessionId: string; owner: string; workflow: string };
  /** Outputs of the nodes that completed before this one, by node id. */
  outputs: Out;
  /** Calls one of the node's declared tools (validated, timed, reported as `tool_executed`), typed by its contract. */
  tool<I extends z.ZodType, O extends z.ZodType>(handle: ToolContract<I, O>, input: z.input<I>): Promise<z.output<O>>;
  /**
   * Waits for an answer from outside: the run pauses (no process holds it) and the node is
   * run again from its start when the answer arrives; by then `ask` returns it. A node asking
   * several questions gets their answers in order.
   */
  ask(request: InputRequest): Promise<unknown>;
  /**
   * Publishes one of the conversation's own events on the session's stream (stored first).
   * `answer_ready` is committed and published at once; progress events (`query_generated`,
   * `query_reused`) go with the run's next commit, within RUN_PROGRESS_COMMIT_MS.
   * `answer_ready`, `query_generated` and `query_reused` go out once per run and node: a node
   * that runs again after a takeover does not publish them again (progress events may repeat).
   */
  emit(kind: NodeEventKind, data: Record<string, unknown>): Promise<void>;
  /** Aborted when the run is cancelled, its process shuts down, or its lease is lost. */
  signal: AbortSignal;
}


export interface NodeResult {
  /** Stored with the step; what later nodes read in `outputs` (JSON). */
  output: Record<string, unknown>;
  /** What kind of query work the step did (`step_completed.query_type`); `none` when absent. */
  queryType?: QueryType;
}

export interface WorkflowNode<I = unknown> {
  /** Unique within the workflow, `snake_case`. */
  id: string;
  description: string;
  /** The tools `run` may call; calling another one fails the step. */
  tools: readonly ToolContract[];
  /**
   * Running the node again is harmless: it only reads, or its writes are idempotent (a file by
   * its path, one answer per run). Its end may then be committed together with later steps'
   * (within RUN_PROGRESS_COMMIT_MS), and a run resumed after a crash may run it again. By
   * default a node's start is committed before it runs and its end before the next node runs.
   */
  replayable?: boolean;
  run(context: NodeContext<I>): Promise<NodeResult>;
}

export interface WorkflowDefinition<S extends z.ZodType = z.ZodType> {
  /** Unique, `snake_case`; what `POST /api/v1/aim/workflows/execute` names. */
  id: string;
  name: string;
  description: string;
  /** Started only by the service itself (a document's ingestion), never through `POST /api/v1/aim/workflows/execute`. */
  internal?: boolean;
  /** Bump it when nodes change meaning: a run started on another version is not resumed. */
  version: string;
  input: S;
  nodes: readonly WorkflowNode<z.output<S>>[];
  /** The run's output from its nodes' outputs; the last node's output when absent. */
  output?(outputs: Readonly<Record<string, Record<string, unknown>>>): Record<string, unknown>;
}

/** Keeps the nodes' input type tied to the workflow's input schema. */
export const defineWorkflow = <S extends z.ZodType>(definition: WorkflowDefinition<S>): WorkflowDefinition<S> => definition;
