import { performance } from 'node:perf_hooks';
import type { z } from 'zod';
import { answerFor } from './answers.js';
import type { Logger } from 'pino';
import type { EventStore } from './event-store.js';
import type { RunError, RunRow, StepRow } from './store.js';
import type { RunStore } from './store.js';
import type { Queryable, RelationalStore } from '../../stores/relational/index.js';
import { LeaseLostError } from '../jobs/queue.js';
import type { Handoff, JobQueue, Lease } from '../jobs/queue.js';
import type { JobHandler } from '../jobs/worker.js';
import { RunStoppedError } from '../tools/registry.js';
import type { ToolRegistry } from '../tools/registry.js';
import { ToolError } from '../tools/tool.js';
import type { ToolContract, ToolServices } from '../tools/tool.js';
import type { WorkflowRegistry } from '../workflows/registry.js';
import type { NodeEventKind } from '../contracts/event-kinds.js';
import type { InputRequest } from '../contracts/input-request.js';
import type { NodeContext, WorkflowDefinition, WorkflowNode } from '../workflows/workflow.js';
import { RunJournal } from './journal.js';
import { RUN_JOB_KIND } from '../jobs/kinds.js';


/** Most options an input request may offer (a client has to show them all). */
export const INPUT_OPTIONS_MAX = 50;

/** Thrown by `ask` when the answer is not there yet: the run pauses. */
class AwaitingInput extends Error {
  constructor(readonly request: InputRequest) {
    super(`waiting for ${request.kind}`);
  }
}

/** A run that cannot go on; the message is what the user reads in `run_failed` and on the run. */
class RunFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly node?: string,
  ) {
    super(message);
  }
}

type Outputs = Record<string, Record<string, unknown>>;

/**
 * Node events a client waits for: committed and published at once, not with the run's next
 * commit (the rows of the steps done so far, all replayable, go with that one: RunJournal.publishNow).
 */
const PUBLISHED_AT_ONCE: readonly NodeEventKind[] = ['answer_ready'];
/**
 * Node events a client acts on (shows the answer, the query): published once per run and node,
 * also when a takeover redoes the step that published them. Progress counts may repeat.
 */
const ONCE_PER_RUN: readonly NodeEventKind[] = ['answer_ready', 'query_generated', 'query_reused'];

const isTerminal = (status: RunRow['status']) => status === 'succeeded' || status === 'failed' || status === 'cancelled';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ExecutorOptions {
  /** Claims a run may take (the first and every takeover after a lost worker) before it fails. */
  maxAttempts: number;
  /** Longest a replayable step's progress waits for the run's next commit (RUN_PROGRESS_COMMIT_MS). */
  progressCommitMs: number;
  logger: Logger;
}

/** What RunExecutor works with. */
export interface RunExecutorDeps {
  db: RelationalStore;
  runs: RunStore;
  queue: JobQueue;
  events: EventStore;
  workflows: WorkflowRegistry;
  tools: ToolRegistry;
  services: ToolServices;
  options: ExecutorOptions;
}

/**
 * Runs workflow runs as durable jobs. Each node's completion is written with its output under
 * the job's fence, so a run that loses its worker (a crash, a kill -9, a stall past the lease)
 * is taken over by any process and resumes at the first node without a stored output; a node
 * that was midway runs again from its start, so nodes write idempotently (files by path).
 * Every write is fenced: a worker that lost its lease writes nothing more, so no run completes twice.
 */
export class RunExecutor implements JobHandler {
  readonly kind = RUN_JOB_KIND;

  constructor(private readonly deps: RunExecutorDeps) {}

  async handle(lease: Lease, signal: AbortSignal, handoff?: Handoff): Promise<void> {
    try {
      await this.execute(lease, signal, handoff);
    } catch (error) {
      // Someone else holds the run now, or this process stops: whoever goes on writes the rest.
      if (error instanceof LeaseLostError || error instanceof RunStoppedError || signal.aborted) return;
      throw error;
    }
  }

  /**
   * A run handed over by RunService.start (`handoff.subject` is the run it created) starts before
   * its transaction commits: it reads nothing, calls only read-only tools and commits nothing until then.
   */
  private async execute(lease: Lease, signal: AbortSignal, handoff?: Handoff): Promise<void> {
    const fresh = handoff?.subject as RunRow | undefined;
    const committed = handoff?.committed ?? Promise.resolve();
    const run = fresh ?? (await this.deps.runs.get(lease.refId));
    if (!run || isTerminal(run.status)) {
      await this.fenced(lease, (tx) => this.deps.queue.complete(tx, lease, run ? undefined : 'run not found'));
      return;
    }
    const log = this.deps.options.logger.child({ run_id: run.id, workflow: run.workflow, attempt: lease.attempt });
    const steps = fresh ? [] : await this.deps.runs.steps(run.id);
    const journal = new RunJournal({
      run: { id: run.id, sessionId: run.session_id },
      lease,
      db: this.deps.db,
      queue: this.deps.queue,
      events: this.deps.events,
      queued: committed,
      delayMs: this.deps.options.progressCommitMs,
    });
    try {
      // A run handed over as it was queued was stored running, started and counted (RunStore.queue).
      await this.executeNodes(lease, run, steps, journal, committed, log, signal, fresh !== undefined && run.status === 'running');
    } finally {
      // Stopped midway (cancelled, lease lost, shutdown): whoever goes on redoes what was not committed.
      await journal.discard();
    }
  }

  private async executeNodes(
    lease: Lease,
    run: RunRow,
    steps: StepRow[],
    journal: RunJournal,
    committed: Promise<void>,
    log: Logger,
    signal: AbortSignal,
    startedAtQueue: boolean,
  ): Promise<void> {
    const completed = new Map(steps.filter((s) => s.status === 'succeeded').map((s) => [s.node, s]));
    let workflow: WorkflowDefinition;
    let input: unknown;
    try {
      ({ workflow, input } = this.resumable(run, lease, completed.size));
    } catch (error) {
      if (!(error instanceof RunFailure)) throw error;
      log.warn({ code: error.code }, error.message);
      await this.fail(journal, lease, run, error);
      return;
    }

    const outputs: Outputs = {};
    // Every step done but the run not closed cannot happen (the last step's end commits with the
    // run's), but if it did, the run would just be closed.
    const firstOpen = workflow.nodes.findIndex((n) => !completed.has(n.id));
    const resumeAt = firstOpen === -1 ? workflow.nodes.length : firstOpen;
    for (const node of workflow.nodes.slice(0, resumeAt)) outputs[node.id] = completed.get(node.id)!.output ?? {};
    const resumed = !startedAtQueue && (resumeAt > 0 || lease.attempt > 1 || run.started_at !== null);
    const attempt = startedAtQueue ? run.attempts : run.attempts + 1;
    // Since the run first started, on whichever process: a takeover's run keeps its start.
    const startedAt = run.started_at ? new Date(run.started_at).getTime() : Date.now();
    // The run's start commits with its first step's start. The session already shows it running
    // (it was queued, or running before a takeover), so its state needs no refresh.
    if (!startedAtQueue) journal.update({ status: 'running', waiting_for: null, started: true, attempts: attempt, workflow_version: workflow.version });
    journal.event('run_started', {
      workflow: run.workflow,
      version: workflow.version,
      attempt,
      resumed_from: resumed ? (workflow.nodes[resumeAt]?.id ?? null) : null,
    });

    // What a step of this run published before it was stopped (a takeover, a retry) is not published again.
    const published = resumed ? await this.deps.events.publishedByRun(run.session_id, run.id, ONCE_PER_RUN) : new Set<string>();

    const stepRows = new Map(steps.map((s) => [s.position, s]));
    // The journal holds the end of a step that must not run twice: it commits before anything else runs.
    let unrepeatableEnd = false;
    for (let position = resumeAt; position < workflow.nodes.length; position++) {
      if (signal.aborted) return;
      const node = workflow.nodes[position]!;
      const earlier = stepRows.get(position);
      const step = { attempt: (earlier?.attempts ?? 0) + 1, answers: earlier?.answers ?? [], published };
      journal.step({ position, node: node.id, status: 'running', started: true, startedAt: new Date(), finishedAt: null });
      journal.event('step_started', { node: node.id, attempt: step.attempt });
      // A step that must not run twice starts only once its start (and everything before it) is committed.
      if (unrepeatableEnd || !node.replayable) await journal.commitNow();
      else journal.commitSoon();
      const outcome = await this.runNode(journal, committed, lease, run, workflow, node, position, step, input, outputs, signal);
      if (outcome.status !== 'completed') return;
      outputs[node.id] = outcome.output;
      unrepeatableEnd = !node.replayable;
    }

    const output = workflow.output ? workflow.output(outputs) : (outputs[workflow.nodes.at(-1)!.id] ?? {});
    journal.update({ status: 'succeeded', output, finished: true });
    journal.write(async (tx) => {
      await this.deps.queue.complete(tx, lease);
      await this.deps.runs.refreshSessionState(tx, run.session_id);
    });
    journal.event('run_completed', { workflow: run.workflow, output, duration_ms: Math.max(0, Date.now() - startedAt) });
    await journal.commitNow();
    log.info('run succeeded');
  }

  /** The workflow and input to go on with, or the reason the run cannot be resumed. */
  private resumable(run: RunRow, lease: Lease, completedSteps: number): { workflow: WorkflowDefinition; input: unknown } {
    if (lease.attempt > this.deps.options.maxAttempts) {
      throw new RunFailure(
        'worker_lost',
        `The process running this run stopped before finishing it ${lease.attempt - 1} time(s) (its lease expired); ` +
          `JOB_MAX_ATTEMPTS allows ${this.deps.options.maxAttempts}, so it is not tried again.`,
      );
    }
    const workflow = this.deps.workflows.get(run.workflow);
    if (!workflow) {
      throw new RunFailure('workflow_unavailable', `The workflow ${run.workflow} is not registered on this service any more.`);
    }
    if (workflow.version !== run.workflow_version && completedSteps > 0) {
      throw new RunFailure(
        'workflow_changed',
        `The run started on version ${run.workflow_version} of ${run.workflow}, and this service has version ` +
          `${workflow.version}; its completed steps cannot be resumed on another version.`,
      );
    }
    const parsed = workflow.input.safeParse(run.input);
    if (!parsed.success) {
      throw new RunFailure('invalid_input', `The run's input no longer fits ${run.workflow}: ${parsed.error.message}`);
    }
    return { workflow, input: parsed.data };
  }

  /** Runs one node; its end (or its pause, or its failure) goes in the journal. */
  private async runNode(
    journal: RunJournal,
    committed: Promise<void>,
    lease: Lease,
    run: RunRow,
    workflow: WorkflowDefinition,
    node: WorkflowNode,
    position: number,
    step: { attempt: number; answers: unknown[]; published: Set<string> },
    input: unknown,
    outputs: Outputs,
    signal: AbortSignal,
  ): Promise<{ status: 'completed'; output: Record<string, unknown> } | { status: 'paused' | 'failed' }> {
    const startedAt = performance.now();
    try {
      const result = await node.run(this.contextFor(journal, committed, run, workflow, node, step, input, outputs, signal));
      if (!isPlainObject(result?.output)) throw new RunFailure('invalid_output', `Step ${node.id} returned no output object.`, node.id);
      const queryType = result.queryType ?? 'none';
      journal.step({ position, node: node.id, status: 'succeeded', started: false, finishedAt: new Date(), output: result.output, queryType });
      journal.event('step_completed', { node: node.id, query_type: queryType, duration_ms: Math.round(performance.now() - startedAt) });
      return { status: 'completed', output: result.output };
    } catch (error) {
      if (error instanceof LeaseLostError || error instanceof RunStoppedError || signal.aborted) throw error;
      if (error instanceof AwaitingInput) {
        await this.pause(journal, lease, run, node, position, error.request);
        return { status: 'paused' };
      }
      const failure =
        error instanceof RunFailure
          ? error
          : error instanceof ToolError
            ? new RunFailure(`tool_${error.code}`, error.message, node.id)
            : new RunFailure('step_failed', `Step ${node.id} failed: ${(error as Error)?.message ?? String(error)}`, node.id);
      this.deps.options.logger.warn({ run_id: run.id, node: node.id, err: error }, 'run step failed');
      await this.fail(journal, lease, run, failure, { position, node: node.id });
      return { status: 'failed' };
    }
  }

  private contextFor(
    journal: RunJournal,
    committed: Promise<void>,
    run: RunRow,
    workflow: WorkflowDefinition,
    node: WorkflowNode,
    step: { answers: unknown[]; published: Set<string> },
    input: unknown,
    outputs: Outputs,
    signal: AbortSignal,
  ): NodeContext {
    let asked = 0;
    /** A node's (or its tool's) own event: stored with the run's next commit, or at once for what clients wait for. */
    const publish = async (kind: NodeEventKind, data: Record<string, unknown>) => {
      if (ONCE_PER_RUN.includes(kind)) {
        const key = `${kind}:${node.id}`;
        if (step.published.has(key)) return;
        step.published.add(key);
      }
      journal.event(kind, { ...data, node: node.id });
      if (PUBLISHED_AT_ONCE.includes(kind)) await journal.publishNow();
      else journal.commitSoon();
    };
    return {
      input,
      run: { id: run.id, sessionId: run.session_id, owner: run.owner, workflow: workflow.id },
      outputs,
      signal,
      tool: async <I extends z.ZodType, O extends z.ZodType>(handle: ToolContract<I, O>, toolInput: z.input<I>): Promise<z.output<O>> => {
        const { name } = handle;
        if (!node.tools.includes(handle)) {
          throw new ToolError(name, 'not_declared', `step ${node.id} does not declare this tool`);
        }
        if (!this.deps.tools.get(name)?.readOnly) await committed;
        const call = {
          runId: run.id,
          sessionId: run.session_id,
          owner: run.owner,
          node: node.id,
          signal,
          answerWithRun: (answer: { content: string; answer: Record<string, unknown> }) => journal.answer(answer),
          // A commit that fails here fails the run's next one too, which the step awaits.
          emit: (kind: NodeEventKind, data: Record<string, unknown>) => void publish(kind, data).catch(() => undefined),
        };
        return (await this.deps.tools.invoke(name, toolInput, call, this.deps.services, async (report) => {
          journal.event('tool_executed', { ...report, node: node.id });
          journal.commitSoon();
        })) as z.output<O>;
      },
      emit: publish,
      ask: async (request: InputRequest) => {
        const given = answerFor(step.answers, request, asked++);
        if (given.found) return given.answer;
        if ((request.options?.length ?? 0) > INPUT_OPTIONS_MAX) {
          throw new RunFailure('invalid_request', `Step ${node.id} offered more than ${INPUT_OPTIONS_MAX} options.`, node.id);
        }
        throw new AwaitingInput(request);
      },
    };
  }

  private async pause(journal: RunJournal, lease: Lease, run: RunRow, node: WorkflowNode, position: number, request: InputRequest): Promise<void> {
    const waitingFor = { ...request, node: node.id };
    journal.step({ position, node: node.id, status: 'awaiting_input', started: false, finishedAt: null, queryType: 'clarification' });
    journal.update({ status: 'awaiting_input', waiting_for: waitingFor });
    journal.write(async (tx) => {
      await this.deps.queue.wait(tx, lease);
      await this.deps.runs.refreshSessionState(tx, run.session_id);
    });
    journal.event('run_awaiting_input', waitingFor);
    journal.event(request.kind === 'review' ? 'review_required' : 'disambiguation_required', waitingFor);
    await journal.commitNow();
  }

  private async fail(journal: RunJournal, lease: Lease, run: RunRow, failure: RunFailure, at?: { position: number; node: string }): Promise<void> {
    const error: RunError = { code: failure.code, message: failure.message, ...(failure.node ? { node: failure.node } : {}) };
    if (at) journal.step({ ...at, status: 'failed', started: false, finishedAt: new Date(), error: failure.message });
    journal.update({ status: 'failed', error, finished: true });
    journal.write(async (tx) => {
      await this.deps.runs.closeOpenSteps(tx, run.id, 'failed');
      await this.deps.queue.complete(tx, lease, failure.message);
      await this.deps.runs.refreshSessionState(tx, run.session_id);
    });
    journal.event('run_failed', { workflow: run.workflow, ...error });
    await journal.commitNow();
  }

  /**
   * One transaction that commits only if this worker still holds the run's lease. On
   * PostgreSQL it does not wait for its WAL flush: a crash can lose the last few steps' records
   * (the run then resumes earlier and redoes them; steps are idempotent), never half a transaction.
   */
  private fenced<T>(lease: Lease, work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.deps.db.transaction(async (tx) => {
      await this.deps.queue.fence(tx, lease, { relaxedCommit: this.deps.db.engine === 'postgres' });
      return work(tx);
    });
  }
}
