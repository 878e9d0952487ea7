import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EventKind } from '../../modules/events/schemas.js';
import type { EventStore } from '../../modules/events/store.js';
import type { RunStore, StepWrite } from '../../modules/runs/store.js';
import type { Queryable } from '../../stores/relational/index.js';

/** An event waiting for the run's next commit. */
interface PendingEvent {
  kind: EventKind;
  data: Record<string, unknown>;
}

/** A write waiting for the run's next commit (the run's state, its job, its session's state). */
export type Write = (tx: Queryable) => Promise<void>;

/** Runs `work` in one transaction that commits only while the run's worker holds its lease. */
type FencedTransaction = (work: (tx: Queryable) => Promise<void>) => Promise<void>;

/**
 * What one run has done since its last commit: step rows, writes and events, committed
 * together in one fenced transaction. Steps that started and ended in between become one row
 * write; all events are appended in one statement, in the order they happened.
 *
 * `commitNow` commits at once (a step whose effects must not be repeated, an answer a client
 * waits for, the run's end); `commitSoon` commits within `delayMs` unless something commits
 * sooner, so a slow step's progress still shows while fast steps share one commit. Commits
 * run one at a time, in order; once one fails, every later one fails with the same error.
 */
export class RunJournal {
  private writes: Write[] = [];
  private steps = new Map<number, StepWrite>();
  private events: PendingEvent[] = [];
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly run: { id: string; sessionId: string },
    private readonly stores: { runs: RunStore; events: EventStore },
    private readonly fenced: FencedTransaction,
    private readonly delayMs: number,
  ) {}

  private get isEmpty(): boolean {
    return this.writes.length === 0 && this.steps.size === 0 && this.events.length === 0;
  }

  write(write: Write): void {
    this.writes.push(write);
  }

  event(kind: EventKind, data: Record<string, unknown>): void {
    this.events.push({ kind, data });
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
    this.cancelTimer();
    const done = this.chain.then(async () => {
      if (this.failure !== undefined) throw this.failure;
      if (this.isEmpty) return;
      await this.fenced((tx) => this.writeAll(tx));
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
    this.timer = setTimeout(() => void this.commitNow().catch(() => undefined), this.delayMs);
    this.timer.unref();
  }

  /**
   * Drops what is pending (the run stopped: whoever goes on redoes it) and waits for a commit
   * under way, so nothing of the run is still being written once it has stopped.
   */
  async discard(): Promise<void> {
    this.cancelTimer();
    this.writes = [];
    this.steps = new Map();
    this.events = [];
    await this.chain;
  }

  private cancelTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async writeAll(tx: Queryable): Promise<void> {
    const writes = this.writes;
    const steps = [...this.steps.values()];
    const events = this.events;
    this.writes = [];
    this.steps = new Map();
    this.events = [];
    // Steps first: a write that closes the run's open steps (a failure) sees them.
    await this.stores.runs.writeSteps(tx, this.run.id, steps);
    for (const write of writes) await write(tx);
    await this.stores.events.appendMany(
      tx,
      this.run.sessionId,
      events.map((e) => ({ kind: e.kind, data: { run_id: this.run.id, ...e.data }, runId: this.run.id })),
    );
  }
}
