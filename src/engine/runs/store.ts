import { Statement } from '../../stores/relational/index.js';
import type { Queryable, RelationalStore, SqlParam } from '../../stores/relational/index.js';
import type { JobDraft, JobQueue, JobRow } from '../jobs/queue.js';
import type { InputRequest } from '../contracts/input-request.js';
import { sessionLogPart } from './session-log.js';
import type { SessionLogPart } from './session-log.js';
import { appendEventsPart, eventRows } from './event-log.js';
import type { EventRow, EventStamp, NewEvent } from './event-log.js';
import { userMessagePart } from './message-log.js';
import type { NewMessage } from './message-log.js';
import type { QueryType } from '../contracts/event-kinds.js';

/** SQL for runs and their steps. Rules (who may see what, which moves are legal) are in the service and the executor. */

export const RUN_STATUSES = ['queued', 'running', 'awaiting_input', 'succeeded', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ['queued', 'running', 'awaiting_input'];

export const STEP_STATUSES = ['running', 'awaiting_input', 'succeeded', 'failed', 'cancelled'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export interface RunError {
  code: string;
  message: string;
  node?: string;
}

export interface RunRow {
  id: string;
  session_id: string;
  owner: string;
  workflow: string;
  workflow_version: string;
  input: Record<string, unknown>;
  status: RunStatus;
  waiting_for: (InputRequest & { node: string }) | null;
  output: Record<string, unknown> | null;
  error: RunError | null;
  attempts: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Date;
}

export interface StepRow {
  run_id: string;
  position: number;
  node: string;
  status: StepStatus;
  attempts: number;
  query_type: QueryType | null;
  output: Record<string, unknown> | null;
  error: string | null;
  answers: unknown[];
  started_at: Date;
  finished_at: Date | null;
}

/** What a step's row becomes at the next commit: its start, its end, or both. */
export interface StepWrite {
  position: number;
  node: string;
  status: StepStatus;
  /** This batch starts the step (again): its attempts count one more, its error and end clear. */
  started: boolean;
  startedAt?: Date;
  finishedAt?: Date | null;
  output?: Record<string, unknown>;
  queryType?: string;
  error?: string;
}

/** The columns of a run a change sets; `started` and `finished` stamp their times. */
export type RunUpdate = Partial<Pick<RunRow, 'status' | 'waiting_for' | 'output' | 'error' | 'attempts' | 'workflow_version'>> & {
  started?: boolean;
  finished?: boolean;
};

/**
 * The statement part that changes a run (only when `guard`, another part, has a row); its row
 * is the run as changed.
 */
export function runUpdatePart(st: Statement, id: string, fields: RunUpdate, guard?: string): string {
  const sets: string[] = ['updated_at = now()'];
  const set = (column: string, value: SqlParam, cast?: string) => sets.push(`${column} = ${st.param(value, cast)}`);
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  if (fields.status !== undefined) set('status', fields.status);
  if (fields.waiting_for !== undefined) set('waiting_for', json(fields.waiting_for), 'jsonb');
  if (fields.output !== undefined) set('output', json(fields.output), 'jsonb');
  if (fields.error !== undefined) set('error', json(fields.error), 'jsonb');
  if (fields.attempts !== undefined) set('attempts', fields.attempts, 'integer');
  if (fields.workflow_version !== undefined) set('workflow_version', fields.workflow_version);
  if (fields.started) sets.push('started_at = COALESCE(started_at, now())');
  if (fields.finished) sets.push('finished_at = now()');
  const where = `id = ${st.param(id, 'uuid')}${guard ? ` AND EXISTS (SELECT 1 FROM ${guard})` : ''}`;
  return st.with('updated_run', `UPDATE runs SET ${sets.join(', ')} WHERE ${where} RETURNING *`);
}

/**
 * The statement part that writes steps' starts and ends (a step that started and ended since
 * the last commit is one row write), only when `guard` has a row. A start counts one more
 * attempt and clears the step's error and end; the times are the executor's own, so steps
 * committed together keep theirs.
 */
export function stepsPart(st: Statement, runId: string, steps: readonly StepWrite[], guard?: string): string {
  const items = steps.map((s) => ({
    position: s.position,
    node: s.node,
    status: s.status,
    attempts: s.started ? 1 : 0,
    query_type: s.queryType ?? null,
    output: s.output ?? null,
    error: s.error ?? null,
    started_at: s.startedAt?.toISOString() ?? null,
    finished_at: s.finishedAt?.toISOString() ?? null,
  }));
  return st.with(
    'written_steps',
    `INSERT INTO run_steps (run_id, position, node, status, attempts, query_type, output, error, started_at, finished_at)
     SELECT ${st.param(runId, 'uuid')}, x.position, x.node, x.status, x.attempts, x.query_type, x.output, x.error, COALESCE(x.started_at, now()), x.finished_at
       FROM jsonb_to_recordset(${st.param(JSON.stringify(items), 'jsonb')}) AS x(position integer, node text, status text, attempts integer,
                                    query_type text, output jsonb, error text, started_at timestamptz, finished_at timestamptz)
       ${guard ? `WHERE EXISTS (SELECT 1 FROM ${guard})` : ''}
     ON CONFLICT (run_id, position) DO UPDATE
       SET node = EXCLUDED.node, status = EXCLUDED.status, attempts = run_steps.attempts + EXCLUDED.attempts,
           query_type = EXCLUDED.query_type, output = EXCLUDED.output, error = EXCLUDED.error,
           started_at = CASE WHEN EXCLUDED.attempts > 0 THEN EXCLUDED.started_at ELSE run_steps.started_at END,
           finished_at = EXCLUDED.finished_at
     RETURNING position`,
  );
}

/** A run to queue, and what is logged with it. */
export interface QueuedRun {
  id: string;
  sessionId: string;
  /** The run's owner; the session's owner when absent. */
  owner?: string;
  workflow: string;
  version: string;
  input: Record<string, unknown>;
  /** Events logged with it, in order (run_queued among them). */
  events: readonly NewEvent[];
  /** The user message it answers, logged with it. */
  message?: NewMessage;
  /** Who queues it: it is queued only in a session this subject may see and that is not closed. */
  viewer?: SessionLogPart['viewer'];
  /** Only in a session with no run under way (a chat message: one run at a time). */
  idleOnly?: boolean;
  /** Handed to this process's worker as it is queued: stored running, started, its first attempt counted. */
  started?: boolean;
}

/**
 * The session's state once a run was queued in it: what it was while another run waits for an
 * answer, running otherwise. The same as refreshSessionState gives, without reading the runs
 * (the state already reflects them).
 */
const STATE_WITH_QUEUED_RUN = `CASE WHEN state IN ('awaiting_review', 'awaiting_disambiguation') THEN state ELSE 'running' END`;

export class RunStore {
  constructor(private readonly deps: { db: RelationalStore }) {}

  /**
   * Queues a run in one statement: the session's counters and state (gated: undefined when the
   * session is missing, not the viewer's, closed, or busy with `idleOnly`), the run, its job
   * (a draft from `queue`), its events and the message it answers.
   */
  async queue(
    q: Queryable,
    run: QueuedRun,
    job: { queue: JobQueue; draft: JobDraft },
  ): Promise<{ run: RunRow; job: JobRow; events: EventRow[] } | undefined> {
    const st = new Statement();
    const session = sessionLogPart(st, {
      sessionId: run.sessionId,
      events: run.events.length,
      messages: run.message ? '1' : '0',
      viewer: run.viewer,
      idleOnly: run.idleOnly,
      state: STATE_WITH_QUEUED_RUN,
    });
    const inserted = st.with(
      'queued_run',
      `INSERT INTO runs (id, session_id, owner, workflow, workflow_version, input, status, attempts, started_at)
       SELECT ${st.param(run.id, 'uuid')}, s.id, COALESCE(${st.param(run.owner ?? null)}, s.owner), ${st.param(run.workflow)},
              ${st.param(run.version)}, ${st.param(JSON.stringify(run.input), 'jsonb')},
              ${run.started ? `'running', 1, now()` : `'queued', 0, NULL`}
         FROM ${session} s
       RETURNING *`,
    );
    const queuedJob = job.queue.insertPart(st, job.draft, inserted);
    const stamps = appendEventsPart(st, session, run.events);
    if (run.message) userMessagePart(st, session, run.message);
    const { rows } = await q.query<RunRow & { queued_job: JobRow; stamps: EventStamp[] | null }>(
      st.text(
        `SELECT r.*, row_to_json(j) AS queued_job, (SELECT stamps FROM ${stamps}) AS stamps
           FROM ${inserted} r, ${queuedJob} j`,
      ),
      st.params,
    );
    const row = rows[0];
    if (!row) return undefined;
    const { queued_job: queuedRow, stamps: stamped, ...created } = row;
    return { run: created, job: queuedRow, events: eventRows(run.sessionId, run.events, stamped ?? []) };
  }

  async get(id: string, tx: Queryable = this.deps.db): Promise<RunRow | undefined> {
    const { rows } = await tx.query<RunRow>('SELECT * FROM runs WHERE id = $1', [id]);
    return rows[0];
  }

  async getForUpdate(tx: Queryable, id: string): Promise<RunRow | undefined> {
    const { rows } = await tx.query<RunRow>('SELECT * FROM runs WHERE id = $1 FOR UPDATE', [id]);
    return rows[0];
  }

  async steps(runId: string, tx: Queryable = this.deps.db): Promise<StepRow[]> {
    const { rows } = await tx.query<StepRow>('SELECT * FROM run_steps WHERE run_id = $1 ORDER BY position', [runId]);
    return rows;
  }

  /** The newest run of a session that has not finished. */
  async currentOf(sessionId: string, tx: Queryable = this.deps.db): Promise<RunRow | undefined> {
    const { rows } = await tx.query<RunRow>(
      `SELECT * FROM runs WHERE session_id = $1 AND status IN ('queued', 'running', 'awaiting_input')
        ORDER BY created_at DESC LIMIT 1`,
      [sessionId],
    );
    return rows[0];
  }

  async update(tx: Queryable, id: string, fields: RunUpdate): Promise<RunRow> {
    const st = new Statement();
    const updated = runUpdatePart(st, id, fields);
    const { rows } = await tx.query<RunRow>(st.text(`SELECT * FROM ${updated}`), st.params);
    return rows[0]!;
  }

  /** Writes steps' starts and ends in one statement (see stepsPart). */
  async writeSteps(tx: Queryable, runId: string, steps: readonly StepWrite[]): Promise<void> {
    if (steps.length === 0) return;
    const st = new Statement();
    stepsPart(st, runId, steps);
    await tx.query(st.text('SELECT 1'), st.params);
  }

  /** Adds the answer to the waiting step's answers. */
  async appendAnswer(tx: Queryable, runId: string, node: string, answer: unknown): Promise<void> {
    await tx.query(
      `UPDATE run_steps SET answers = answers || jsonb_build_array($3::jsonb) WHERE run_id = $1 AND node = $2`,
      [runId, node, JSON.stringify(answer)],
    );
  }

  /** Steps still marked running or waiting when the run ends another way (cancelled, failed). */
  async closeOpenSteps(tx: Queryable, runId: string, status: 'cancelled' | 'failed'): Promise<void> {
    await tx.query(
      `UPDATE run_steps SET status = $2, finished_at = now() WHERE run_id = $1 AND status IN ('running', 'awaiting_input')`,
      [runId, status],
    );
  }

  /**
   * The session's state follows its runs (DESIGN.md "States"): waiting for an answer, running,
   * failed when its last run failed, idle otherwise. A closed session stays closed.
   */
  async refreshSessionState(tx: Queryable, sessionId: string): Promise<void> {
    await tx.query(
      `UPDATE chat_sessions s SET state = CASE
          WHEN s.state = 'closed' THEN 'closed'
          WHEN EXISTS (SELECT 1 FROM runs r WHERE r.session_id = s.id AND r.status = 'awaiting_input'
                         AND r.waiting_for->>'kind' = 'review') THEN 'awaiting_review'
          WHEN EXISTS (SELECT 1 FROM runs r WHERE r.session_id = s.id AND r.status = 'awaiting_input') THEN 'awaiting_disambiguation'
          WHEN EXISTS (SELECT 1 FROM runs r WHERE r.session_id = s.id AND r.status IN ('queued', 'running')) THEN 'running'
          WHEN (SELECT r.status FROM runs r WHERE r.session_id = s.id ORDER BY r.created_at DESC, r.id DESC LIMIT 1) = 'failed'
            THEN 'failed'
          ELSE 'idle' END
        WHERE s.id = $1`,
      [sessionId],
    );
  }
}
