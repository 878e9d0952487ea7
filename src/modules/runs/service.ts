import { randomUUID } from 'node:crypto';
import { questionKey } from '../../engine/runs/answers.js';
import { RUN_JOB_KIND } from '../../engine/jobs/kinds.js';
import type { JobQueue } from '../../engine/jobs/queue.js';
import type { WorkflowRegistry } from '../../engine/workflows/registry.js';
import { hasRole } from '../../platform/auth/roles.js';
import type { Principal } from '../../platform/auth/roles.js';
import { decodeCursor, keysetPage } from '../../platform/pagination.js';
import { badRequest, conflict, notFound } from '../../platform/problem.js';
import { whenCommitted } from '../../stores/relational/index.js';
import type { Queryable, RelationalStore } from '../../stores/relational/index.js';
import type { SessionService } from '../chat/service.js';
import type { SessionStore } from '../chat/store.js';
import type { EventKind } from '../events/schemas.js';
import type { EventStore } from '../../engine/runs/event-store.js';
import { normalizeRunFilePath } from './file-paths.js';
import type { RunFileRow, RunFileStore } from './file-store.js';
import { buildPreview } from './preview.js';
import type { PreviewLimits } from './preview.js';
import type { RunRow, StepRow } from '../../engine/runs/store.js';
import type { RunStore } from '../../engine/runs/store.js';
import { isoOrNull } from '../../platform/iso-date.js';

const toApiFile = (row: RunFileRow) => ({
  path: row.path,
  name: row.name,
  content_type: row.content_type,
  size: row.size,
  sha256: row.sha256,
  node: row.node,
  created_at: row.created_at.toISOString(),
});

/** What RunService works with. */
export interface RunServiceDeps {
  db: RelationalStore;
  runs: RunStore;
  files: RunFileStore;
  queue: JobQueue;
  events: EventStore;
  sessions: SessionStore;
  sessionService: SessionService;
  workflows: WorkflowRegistry;
  previewLimits: PreviewLimits;
}

/**
 * Runs: starting one (validated against its workflow), reading it, answering its question,
 * cancelling it, and its files. A run is visible to its owner, the owner of its session and
 * admins; anyone else gets a 404.
 */
export class RunService {
  constructor(private readonly deps: RunServiceDeps) {}

  /** Validates the input, then stores the run, its job and its first event in one transaction. */
  /**
   * `runId`: the id to queue the run under (an Idempotency-Key's): when a first attempt already
   * queued it (its process died before answering), its answer is given again.
   */
  async execute(principal: Principal, request: { workflow: string; input: Record<string, unknown>; session_id?: string }, options: { runId?: string } = {}) {
    const workflow = this.deps.workflows.get(request.workflow);
    if (!workflow) {
      throw badRequest(`No workflow ${request.workflow}; see GET /api/v1/aim/workflows.`, [
        { path: 'body.workflow', message: 'unknown workflow' },
      ]);
    }
    if (workflow.internal) {
      throw badRequest(`The workflow ${workflow.id} is started by the service itself (${workflow.description.split('.')[0]}), not through this endpoint.`, [
        { path: 'body.workflow', message: 'not executable through this endpoint' },
      ]);
    }
    const parsed = workflow.input.safeParse(request.input);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({
        path: ['body', 'input', ...issue.path.map(String)].join('.'),
        message: issue.message,
      }));
      throw badRequest(`The input does not fit ${workflow.id}: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`, errors);
    }
    if (options.runId) {
      const earlier = await this.deps.runs.get(options.runId);
      if (earlier && earlier.owner === principal.sub) return { run_id: earlier.id, session_id: earlier.session_id };
    }
    // What was asked, as given: defaults are applied again when it runs.
    const queued = { id: options.runId, owner: principal.sub, workflow: workflow.id, input: request.input };
    let run: RunRow | undefined;
    if (request.session_id) {
      run = await this.start(this.deps.db, { ...queued, sessionId: request.session_id }, { viewer: principal });
      if (!run) {
        this.deps.sessionService.assertOpen(await this.deps.sessionService.visible(principal, request.session_id));
        throw conflict(`Session ${request.session_id} changed while the run was being queued; try again.`);
      }
    } else {
      run = await this.deps.db.transaction(async (tx) => {
        const session = await this.deps.sessionService.createIn(tx, principal.sub, { title: `${workflow.name} run`, metadata: { workflow: workflow.id } });
        return this.start(tx, { ...queued, sessionId: session.id });
      });
      if (!run) throw new Error('a run could not be queued in the session just created');
    }
    return { run_id: run.id, session_id: run.session_id };
  }

  async get(principal: Principal, runId: string) {
    const run = await this.visible(principal, runId);
    return this.present(run, await this.deps.runs.steps(run.id));
  }

  /** The answer to the run's open question; the run goes back in the queue for any process to resume. */
  async answer(principal: Principal, runId: string, answer: unknown) {
    await this.visible(principal, runId);
    const run = await this.deps.db.transaction((tx) => this.deliver(tx, runId, answer, 'input_received'));
    return this.present(run, await this.deps.runs.steps(run.id));
  }

  /**
   * Hands an answer to a waiting run inside the caller's transaction (a review decision commits
   * with it). `expect` narrows what the run must be waiting for. 409 when it is not waiting.
   */
  async deliver(
    tx: Queryable,
    runId: string,
    answer: unknown,
    reason: string,
    expect?: (request: NonNullable<RunRow['waiting_for']>) => boolean,
  ): Promise<RunRow> {
    const current = await this.deps.runs.getForUpdate(tx, runId);
    if (!current || current.status !== 'awaiting_input' || !current.waiting_for || (expect && !expect(current.waiting_for))) {
      throw conflict(`Run ${runId} is not waiting for this input.`, { current_status: current?.status });
    }
    const request = current.waiting_for;
    if (request.options && !request.options.some((o) => o.id === answer)) {
      throw badRequest('The answer must be the id of one of the options.', [
        { path: 'body.answer', message: `must be one of: ${request.options.map((o) => o.id).join(', ')}` },
      ]);
    }
    await this.deps.runs.appendAnswer(tx, runId, request.node, { asked: questionKey(request), answer });
    const updated = await this.deps.runs.update(tx, runId, { status: 'queued', waiting_for: null });
    await this.deps.queue.wake(tx, RUN_JOB_KIND, runId);
    await this.deps.runs.refreshSessionState(tx, updated.session_id);
    await this.publish(tx, updated, 'run_queued', { workflow: updated.workflow, reason, node: request.node, answer });
    return updated;
  }

  /**
   * Queues a run with everything logged with it, in one statement (RunStore.queue): in the
   * caller's transaction, or on its own. `before` are the caller's events, logged just before
   * `run_queued`; `message` is the user message the run answers. Undefined when the session
   * refused it: missing, not `viewer`'s, closed, or (with `idleOnly`) busy with another run.
   */
  async start(
    q: Queryable,
    run: { id?: string; sessionId: string; owner?: string; workflow: string; input: Record<string, unknown> },
    options: {
      before?: readonly { kind: EventKind; data: Record<string, unknown> }[];
      message?: { id: string; content: string; sentBy?: string };
      viewer?: Principal;
      idleOnly?: boolean;
    } = {},
  ): Promise<RunRow | undefined> {
    const workflow = this.deps.workflows.get(run.workflow);
    if (!workflow) throw new Error(`workflow ${run.workflow} is not registered`);
    const runId = run.id ?? randomUUID();
    const draft = this.deps.queue.draft(RUN_JOB_KIND);
    let queued: Awaited<ReturnType<RunStore['queue']>>;
    try {
      queued = await this.deps.runs.queue(
        q,
        {
          id: runId,
          sessionId: run.sessionId,
          owner: run.owner,
          workflow: workflow.id,
          version: workflow.version,
          input: run.input,
          events: [
            ...(options.before ?? []).map((e) => ({ ...e, runId: null })),
            { kind: 'run_queued', data: { run_id: runId, workflow: workflow.id, version: workflow.version }, runId },
          ],
          message: options.message && { ...options.message, runId },
          viewer: options.viewer && { sub: options.viewer.sub, admin: hasRole(options.viewer, 'admin') },
          idleOnly: options.idleOnly,
          started: draft.place !== undefined,
        },
        { queue: this.deps.queue, draft },
      );
    } catch (error) {
      this.deps.queue.inserted(draft, undefined);
      throw error;
    }
    // This process's worker may take the run at once (the executor reads the row handed to it).
    this.deps.queue.inserted(draft, queued?.job, whenCommitted(q), queued?.run);
    if (!queued) return undefined;
    this.deps.events.delivered(q, run.sessionId, queued.events);
    return queued.run;
  }

  /** Stops a run that has not finished; the worker holding it stops at its next write. */
  async cancel(principal: Principal, runId: string) {
    await this.visible(principal, runId);
    const run = await this.deps.db.transaction(async (tx) => {
      const current = await this.deps.runs.getForUpdate(tx, runId);
      if (!current || !['queued', 'running', 'awaiting_input'].includes(current.status)) {
        throw conflict(`Run ${runId} has already finished.`, { current_status: current?.status });
      }
      await this.deps.queue.cancel(tx, RUN_JOB_KIND, runId);
      await this.deps.runs.closeOpenSteps(tx, runId, 'cancelled');
      const updated = await this.deps.runs.update(tx, runId, { status: 'cancelled', waiting_for: null, finished: true });
      await this.deps.runs.refreshSessionState(tx, updated.session_id);
      await this.publish(tx, updated, 'run_cancelled', { workflow: updated.workflow, by: principal.sub });
      return updated;
    });
    return this.present(run, await this.deps.runs.steps(run.id));
  }

  async listFiles(principal: Principal, runId: string, query: { limit: number; cursor?: string }) {
    await this.visible(principal, runId);
    const after = query.cursor ? String(decodeCursor(query.cursor, ['string'])[0]) : undefined;
    const rows = await this.deps.files.list(runId, query.limit + 1, after);
    const { page, next_cursor } = keysetPage(rows, query.limit, (r) => [r.path]);
    return { items: page.map(toApiFile), next_cursor };
  }

  /** A file of a visible run by its (untrusted) path: 400 for an unsafe path, 404 for an unknown one. */
  async file(principal: Principal, runId: string, rawPath: string): Promise<RunFileRow> {
    const path = normalizeRunFilePath(rawPath);
    await this.visible(principal, runId);
    const row = await this.deps.files.get(runId, path);
    if (!row) throw notFound(`Run ${runId} has no file ${path}`);
    return row;
  }

  chunks(file: RunFileRow): AsyncGenerator<Uint8Array> {
    return this.deps.files.chunks(file.run_id, file.path);
  }

  async preview(principal: Principal, runId: string, rawPath: string) {
    const file = await this.file(principal, runId, rawPath);
    // One byte more than the limit tells the preview the file goes on.
    const bytes = await this.deps.files.prefix(file.run_id, file.path, this.deps.previewLimits.maxBytes + 1);
    return {
      path: file.path,
      content_type: file.content_type,
      size: file.size,
      preview: buildPreview({ path: file.path, contentType: file.content_type, bytes }, this.deps.previewLimits),
    };
  }

  /** The run if the caller may see it: its owner, its session's owner, or an admin. */
  private async visible(principal: Principal, runId: string): Promise<RunRow> {
    const run = await this.deps.runs.get(runId);
    if (run && (run.owner === principal.sub || hasRole(principal, 'admin'))) return run;
    if (run) {
      const session = await this.deps.sessions.get(run.session_id);
      if (session?.owner === principal.sub) return run;
    }
    throw notFound(`No run ${runId}`);
  }

  private present(run: RunRow, steps: StepRow[]) {
    const workflow = this.deps.workflows.get(run.workflow);
    const byNode = new Map(steps.map((s) => [s.node, s]));
    const nodes = workflow && workflow.version === run.workflow_version ? workflow.nodes.map((n) => n.id) : steps.map((s) => s.node);
    return {
      run_id: run.id,
      session_id: run.session_id,
      owner: run.owner,
      workflow: run.workflow,
      workflow_version: run.workflow_version,
      status: run.status,
      input: run.input,
      steps: nodes.map((node) => {
        const step = byNode.get(node);
        if (!step) {
          return { node, status: 'pending' as const, attempts: 0, query_type: null, started_at: null, finished_at: null, duration_ms: null, error: null };
        }
        return {
          node,
          status: step.status,
          attempts: step.attempts,
          query_type: step.query_type,
          started_at: isoOrNull(step.started_at),
          finished_at: isoOrNull(step.finished_at),
          duration_ms: step.finished_at ? step.finished_at.getTime() - step.started_at.getTime() : null,
          error: step.error,
        };
      }),
      waiting_for: run.waiting_for,
      output: run.output,
      error: run.error,
      attempts: run.attempts,
      created_at: run.created_at.toISOString(),
      started_at: isoOrNull(run.started_at),
      finished_at: isoOrNull(run.finished_at),
    };
  }

  private publish(tx: Queryable, run: RunRow, kind: EventKind, data: Record<string, unknown>) {
    return this.deps.events.append(tx, run.session_id, kind, { run_id: run.id, ...data }, run.id);
  }
}

