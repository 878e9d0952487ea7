import { setImmediate as nextTurn } from 'node:timers/promises';
import { sessionLogPart } from './session-log.js';
import { answerCount, answerMessageId, answerPart } from './message-log.js';
import type { NewAnswer } from './message-log.js';
import type { EventKind } from '../contracts/event-kinds.js';
import { appendEventsPart, eventRows } from './event-log.js';
import type { EventStamp, NewEvent } from './event-log.js';
import type { EventStore } from './event-store.js';
import { runUpdatePart, stepsPart } from './store.js';
import type { RunUpdate, StepWrite } from './store.js';
import { Statement } from '../../stores/relational/index.js';
import type { Queryable, RelationalStore } from '../../stores/relational/index.js';
import { LeaseLostError } from '../jobs/queue.js';
import type { JobQueue, Lease } from '../jobs/queue.js';

/** A write waiting for the run's next commit that its one statement cannot hold (its job, its session's state). */
export type Write = (tx: Queryable) => Promise<void>;

/** Where a run's commits go, and under which lease. */
export interface JournalTarget {
  run: { id: string; sessionId: string };
  lease: Lease;
  db: RelationalStore;
  queue: JobQueue;
  events: EventStore;
  /** Settles when the transaction that queued the run has committed: nothing is written before. */
  queued: Promise<void>;
  /** Longest a `commitSoon` waits. */
  delayMs: number;
}

/**
 * What one run has done since its last commit: step rows, changes of the run, events, its
 * answer, and other writes, committed together and only while the run's worker still holds
 * its lease. Steps that started and ended in between become one row write; all events are
 * appended in the order they happened. Everything but `write`s goes in one statement (with
 * the lease's fence as its guard), which commits on its own when there is nothing else.
 *
 * `commitNow` commits at once (a step whose effects must not be repeated, an answer a client
 * waits for, the run's end); `commitSoon` commits within `delayMs` unless something commits
 * sooner, so a slow step's progress still shows while fast steps share one commit. Commits
 * run one at a time, in order; once one fails, every later one fails with the same error.
 * `publishNow` commits what a client waits for (events, the answer) at once and leaves the
 * rows of steps for the next commit: they are replayable steps' (a step that must not run
 * twice was committed before it ran and when it ended), so a run that loses its worker in
 * between redoes them, as it would redo any step whose end was not committed.
 */
export class RunJournal {
  private writes: Write[] = [];
  private steps = new Map<number, StepWrite>();
  private events: NewEvent[] = [];
  private changes: RunUpdate | undefined;
  private answered: NewAnswer | undefined;
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly target: JournalTarget) {}

  /** Something other than rows of steps is pending. */
  private get pendingBesideSteps(): boolean {
    return this.writes.length > 0 || this.events.length > 0 || this.changes !== undefined || this.answered !== undefined;
  }

  private get isEmpty(): boolean {
    return this.steps.size === 0 && !this.pendingBesideSteps;
  }

  write(write: Write): void {
    this.writes.push(write);
  }

  /** Changes the run's row; later changes of a column win. */
  update(changes: RunUpdate): void {
    this.changes = { ...this.changes, ...changes };
  }

  /** The run's answer, for the session's history; its message's id (one per run). */
  answer(answer: { content: string; answer: Record<string, unknown> }): string {
    this.answered = { ...answer, runId: this.target.run.id, sessionId: this.target.run.sessionId };
    return answerMessageId(this.target.run.id);
  }

  event(kind: EventKind, data: Record<string, unknown>): void {
    this.events.push({ kind, data: { run_id: this.target.run.id, ...data }, runId: this.target.run.id });
  }

  /** Records a step's start or end; an end merges into a start not yet committed. */
  step(write: StepWrite): void {
    const earlier = this.steps.get(write.position);
    this.steps.set(
      write.position,
      earlier ? { ...earlier, ...write, started: earlier.started || write.started, startedAt: earlier.startedAt ?? write.startedAt } : write,
    );
  }

  /** Commits everything pending, after any commit under way. */
  commitNow(): Promise<void> {
    return this.commit(false);
  }

  /** Commits everything pending but the rows of steps, after any commit under way; they go with the next commit. */
  publishNow(): Promise<void> {
    const done = this.commit(true);
    this.commitSoon();
    return done;
  }

  private commit(stepsLater: boolean): Promise<void> {
    this.cancelTimer();
    const done = this.chain.then(async () => {
      if (this.failure !== undefined) throw this.failure;
      if (stepsLater ? !this.pendingBesideSteps : this.isEmpty) return;
      await this.target.queued;
      await this.commitPending(stepsLater);
      // Let the streams' writes of these events leave the process before the run goes on: an
      // embedded store answers within the same turn, and a run that never yields holds them back.
      await nextTurn();
    });
    this.chain = done.catch((error: unknown) => {
      this.failure ??= error;
    });
    return done;
  }

  /** Commits what is pending within `delayMs`, unless `commitNow` does it first. */
  commitSoon(): void {
    if (this.timer || this.isEmpty) return;
    // A failure here reaches the run at its next commitNow.
    this.timer = setTimeout(() => void this.commitNow().catch(() => undefined), this.target.delayMs);
    this.timer.unref();
  }

  /**
   * Drops what is pending (the run stopped: whoever goes on redoes it) and waits for a commit
   * under way, so nothing of the run is still being written once it has stopped.
   */
  async discard(): Promise<void> {
    this.cancelTimer();
    this.take();
    await this.chain;
  }

  private cancelTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** What is pending, leaving the journal empty (but for the rows of steps, with `stepsLater`). */
  private take(stepsLater = false) {
    const pending = { writes: this.writes, steps: stepsLater ? [] : [...this.steps.values()], events: this.events, changes: this.changes, answered: this.answered };
    this.writes = [];
    if (!stepsLater) this.steps = new Map();
    this.events = [];
    this.changes = undefined;
    this.answered = undefined;
    return pending;
  }

  private async commitPending(stepsLater: boolean): Promise<void> {
    const { run, lease, db, queue, events: eventStore } = this.target;
    const { writes, steps, events, changes, answered } = this.take(stepsLater);
    const st = new Statement();
    // On PostgreSQL the commit does not wait for its WAL flush: a crash can lose the last few
    // steps' records (the run then resumes earlier and redoes them; such steps are replayable),
    // never half of a commit.
    const fence = queue.fencePart(st, lease, { relaxedCommit: db.engine === 'postgres' });
    // Steps first: a write that closes the run's open steps (a failure) sees them.
    if (steps.length > 0) stepsPart(st, run.id, steps, fence);
    if (changes) runUpdatePart(st, run.id, changes, fence);
    let stamps: string | undefined;
    if (events.length > 0 || answered) {
      const messages = answered ? answerCount(st, run.id) : '0';
      const session = sessionLogPart(st, { sessionId: run.sessionId, events: events.length, messages, guard: fence });
      if (events.length > 0) stamps = appendEventsPart(st, session, events);
      if (answered) answerPart(st, session, answered);
    }
    const text = st.text(`SELECT (SELECT count(*) FROM ${fence}) AS held${stamps ? `, (SELECT stamps FROM ${stamps}) AS stamps` : ''}`);
    const apply = async (q: Queryable) => {
      const { rows } = await q.query<{ held: number; stamps?: EventStamp[] }>(text, st.params);
      if (!rows[0]?.held) throw new LeaseLostError(lease);
      if (stamps) eventStore.delivered(q, run.sessionId, eventRows(run.sessionId, events, rows[0].stamps ?? []));
    };
    if (writes.length === 0) {
      await apply(db);
      return;
    }
    await db.transaction(async (tx) => {
      await apply(tx);
      for (const write of writes) await write(tx);
    });
  }
}
