import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { GraphStore } from '../../stores/graph/port.js';
import type { ModelQueryWriter } from '../llm/query-writer.js';
import type { SchemaCache } from '../../planner/link/schema-cache.js';
import type { NodeEventKind } from '../contracts/event-kinds.js';

/**
 * A tool: one named capability a workflow step may call. Its input and output are zod
 * schemas (validated on every call, published as JSON Schema), and it runs under a time limit.
 */

/**
 * What every tool may use: the graph, its schema as the planner reads it, the chat settings and
 * the model writer. A module's own tools are built by the module with its services (e.g.
 * modules/queries/tools/), so the engine names no module.
 */
export interface ToolServices {
  graph: GraphStore;
  schema: SchemaCache;
  chat: Config['chat'];
  /** Set when a language model is configured (LLM_BASE_URL, LLM_MODEL). */
  model?: ModelQueryWriter;
}

/** The call's place in a run; tools never see more of the run than this. */
export interface ToolCall {
  runId: string;
  sessionId: string;
  owner: string;
  node: string;
  /** Aborted when the tool's time limit passes, or the run is cancelled or loses its worker. */
  signal: AbortSignal;
  /**
   * Hands the run its answer, to log in the session's history with the run's next commit:
   * atomic with the step's progress and events, only while the run's worker still holds its
   * lease, and once per run (a step that runs again names the same message). Returns the message's id.
   */
  answerWithRun(answer: { content: string; answer: Record<string, unknown> }): string;
  /** Publishes a progress event of the run's own kinds on the session's stream, with the run's next commit. */
  emit(kind: NodeEventKind, data: Record<string, unknown>): void;
}

export interface ToolContext extends ToolServices, ToolCall {}

/**
 * What a caller knows of a tool: its name and the schemas of its input and output. A step calls a
 * tool through it (`tool(handle, input)`), typed by the schemas; a tool a module builds implements
 * the engine's contract of it (`contracts/`) by spreading it into its definition.
 */
export interface ToolContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Unique, `snake_case`. */
  name: string;
  input: I;
  output: O;
}

/** Keeps a contract's schemas as their own types. */
export const defineContract = <I extends z.ZodType, O extends z.ZodType>(contract: ToolContract<I, O>): ToolContract<I, O> => contract;

export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> extends ToolContract<I, O> {
  description: string;
  /** Time limit of one call; the TOOL_TIMEOUT_MS setting when absent. */
  timeoutMs?: number;
  /** `ingestion`: a step of a document's ingestion, bounded by INGEST_STEP_TIMEOUT_MS instead (its own limits bound its parts). */
  timeout?: 'ingestion';
  /**
   * The tool writes nothing (it reads, or only computes). A run that starts while the
   * transaction queuing it is still open may call it at once; any other tool waits for that commit.
   */
  readOnly?: boolean;
  run(input: z.output<I>, context: ToolContext): Promise<z.input<O>>;
}

/** Keeps the input and output types of a tool's `run` tied to its schemas. */
export const defineTool = <I extends z.ZodType, O extends z.ZodType>(definition: ToolDefinition<I, O>): ToolDefinition<I, O> =>
  definition;

/** A tool call that failed: bad input or output, a time limit, or the tool's own error. */
export class ToolError extends Error {
  constructor(
    readonly toolName: string,
    readonly code: 'invalid_input' | 'invalid_output' | 'timeout' | 'failed' | 'unknown_tool' | 'not_declared',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${toolName}: ${message}`, options);
    this.name = 'ToolError';
  }
}
