import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { loadDefinitions } from '../definitions-loader.js';
import { ToolError } from './tool.js';
import type { ToolCall, ToolDefinition, ToolServices } from './tool.js';

/** What every call reports (the `tool_executed` event is made from it). */
export interface ToolReport {
  tool_name: string;
  success: boolean;
  duration_ms: number;
  error?: string;
}

const isTool = (value: unknown): value is ToolDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ToolDefinition).name === 'string' &&
  typeof (value as ToolDefinition).run === 'function' &&
  (value as ToolDefinition).input instanceof z.ZodType &&
  (value as ToolDefinition).output instanceof z.ZodType;

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** The run was stopped (cancelled, shut down, lease lost) while a tool was working: not the tool's failure. */
export class RunStoppedError extends Error {
  constructor(readonly reason: unknown) {
    super(`run stopped: ${String(reason)}`);
    this.name = 'RunStoppedError';
  }
}

/** Rejects as soon as `signal` aborts, whatever `work` does (a tool cannot hold a run past its limit). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/**
 * The signal of one tool call: aborted when the run's signal aborts or `timeoutMs` passes.
 * (One controller and one timer, released by `dispose`: AbortSignal.any with
 * AbortSignal.timeout costs three times as much and keeps its parts alive until collected.)
 */
function callSignal(run: AbortSignal, timeoutMs: number): { signal: AbortSignal; timedOut: () => boolean; dispose: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const onRunAbort = () => controller.abort(run.reason);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`did not finish within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  timer.unref();
  if (run.aborted) onRunAbort();
  else run.addEventListener('abort', onRunAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      run.removeEventListener('abort', onRunAbort);
    },
  };
}

/** Time limits of tool calls: TOOL_TIMEOUT_MS, and INGEST_STEP_TIMEOUT_MS for an ingestion's steps. */
export interface ToolTimeouts {
  defaultMs: number;
  ingestionMs: number;
}

export class ToolRegistry {
  private readonly tools = new Map<string, ToolDefinition>();

  constructor(
    tools: readonly ToolDefinition[],
    private readonly timeouts: ToolTimeouts,
  ) {
    this.register(...tools);
  }

  /** Adds tools (a module's own, built with its services); a name may be registered once. */
  register(...tools: readonly ToolDefinition[]): void {
    for (const tool of tools) {
      if (!TOOL_NAME.test(tool.name)) throw new Error(`tool name ${JSON.stringify(tool.name)} must be snake_case`);
      if (this.tools.has(tool.name)) throw new Error(`tool ${tool.name} is registered twice`);
      this.tools.set(tool.name, tool);
    }
  }

  /** The tools in `src/engine/tools/definitions/`, one per file, plus `extra`. */
  static async load(timeouts: ToolTimeouts, extra: readonly ToolDefinition[] = []): Promise<ToolRegistry> {
    const found = await loadDefinitions(new URL('./definitions/', import.meta.url), isTool);
    return new ToolRegistry([...found, ...extra], timeouts);
  }

  list(): ToolDefinition[] {
    return [...this.tools.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): ToolDefinition | undefined {
    return this.tools.get(name);
  }

  timeoutOf(tool: ToolDefinition): number {
    return tool.timeoutMs ?? (tool.timeout === 'ingestion' ? this.timeouts.ingestionMs : this.timeouts.defaultMs);
  }

  /**
   * Calls a tool: validates the input, runs it under its time limit, validates the output,
   * and reports the outcome (`report` is awaited, so the event is stored before the step goes
   * on). A stopped run throws RunStoppedError and reports nothing.
   */
  async invoke(
    name: string,
    input: unknown,
    call: ToolCall,
    services: ToolServices,
    report: (outcome: ToolReport) => Promise<void>,
  ): Promise<unknown> {
    const tool = this.tools.get(name);
    if (!tool) throw new ToolError(name, 'unknown_tool', 'no such tool is registered');
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
    let output: unknown;
    try {
      const parsed = tool.input.safeParse(input);
      if (!parsed.success) throw new ToolError(name, 'invalid_input', z.prettifyError(parsed.error));
      const timeoutMs = this.timeoutOf(tool);
      const limit = callSignal(call.signal, timeoutMs);
      let raw: unknown;
      try {
        raw = await untilAborted(tool.run(parsed.data, { ...services, ...call, signal: limit.signal }), limit.signal);
      } catch (error) {
        if (call.signal.aborted) throw new RunStoppedError(call.signal.reason);
        if (limit.timedOut()) throw new ToolError(name, 'timeout', `did not finish within ${timeoutMs} ms`);
        if (error instanceof ToolError) throw error;
        throw new ToolError(name, 'failed', error instanceof Error ? error.message : String(error), { cause: error });
      } finally {
        limit.dispose();
      }
      const checked = tool.output.safeParse(raw);
      if (!checked.success) throw new ToolError(name, 'invalid_output', z.prettifyError(checked.error));
      output = checked.data;
    } catch (error) {
      if (error instanceof RunStoppedError) throw error;
      await report({ tool_name: name, success: false, duration_ms: elapsed(), error: (error as Error).message.slice(0, 1000) });
      throw error;
    }
    await report({ tool_name: name, success: true, duration_ms: elapsed() });
    return output;
  }
}
