import type { Logger } from 'pino';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import { CANCELLED_PREFIX, JOBS_CHANNEL } from './queue.js';
import type { Handoff, JobQueue, Lease, LocalRunner, LocalSlot } from './queue.js';

/** Does the work of one kind of job. It must stop soon after `signal` aborts, writing nothing more. */
export interface JobHandler {
  kind: string;
  /** `handoff` is set when the job was queued by this process and handed over before its commit. */
  handle(lease: Lease, signal: AbortSignal, handoff?: Handoff): Promise<void>;
}

export interface WorkerOptions {
  /** Jobs this process works on at once; 0 makes it claim none (an API-only process). */
  concurrency: number;
  leaseMs: number;
  /** How often to look for due jobs and expired leases when no notification arrives. */
  pollIntervalMs: number;
  /** Delay before a job whose handler broke unexpectedly is tried again. */
  retryDelayMs?: number;
  logger: Logger;
  metrics?: Pick<Metrics, 'jobClaims' | 'jobTakeovers' | 'jobAttempts' | 'jobRetries'>;
}

/** Why a job's signal was aborted. */
export type AbortReason = 'lease-lost' | 'shutdown' | 'cancelled' | 'rolled-back';

interface Active {
  lease: Lease;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Claims jobs and runs their handlers, at most `concurrency` at a time. It wakes on a
 * notification (a job was queued or woken, on any process with PostgreSQL) and polls as a
 * fallback, which is also how expired leases of dead processes are found. While a handler
 * runs, its lease is renewed at a third of its length; a renewal that fails aborts the handler.
 */
export class JobWorker implements LocalRunner {
  /** Who holds the leases this worker takes: its store's session name, alive while a connection of that name is. */
  readonly owner: string;
  private readonly handlers: Map<string, JobHandler>;
  private readonly active = new Map<string, Active>();
  /** Places held for jobs being queued by this process (see `reserve`). */
  private reserved = 0;
  private stopListening?: () => Promise<void>;
  private pollTimer?: NodeJS.Timeout;
  private claiming = false;
  private claimAgain = false;
  /** Work was announced while every place was taken: look again when one frees up. */
  private missedWork = false;
  private stopped = true;

  constructor(
    private readonly db: RelationalStore,
    private readonly queue: JobQueue,
    handlers: readonly JobHandler[],
    private readonly options: WorkerOptions,
  ) {
    this.handlers = new Map(handlers.map((h) => [h.kind, h]));
    this.owner = db.sessionName;
  }

  get activeCount(): number {
    return this.active.size;
  }

  async start(): Promise<void> {
    if (this.options.concurrency <= 0) return;
    this.stopped = false;
    this.stopListening = await this.db.listen(
      JOBS_CHANNEL,
      (payload) => (payload.startsWith(CANCELLED_PREFIX) ? this.abortCancelled(payload.slice(CANCELLED_PREFIX.length)) : this.poke()),
      () => this.poke(),
    );
    this.pollTimer = setInterval(() => this.poke(), this.options.pollIntervalMs);
    this.pollTimer.unref();
    this.queue.attachLocal(this);
    this.poke();
  }

  /** A place for a job this process is queuing now, if this worker has one free (JobQueue.enqueue). */
  reserve(kind: string): LocalSlot | undefined {
    if (this.stopped || !this.handlers.has(kind) || this.active.size + this.reserved >= this.options.concurrency) return undefined;
    this.reserved++;
    let held = true;
    /** Frees the place once; true the first time. */
    const giveBack = (): boolean => {
      if (!held) return false;
      held = false;
      this.reserved--;
      return true;
    };
    return {
      owner: this.owner,
      leaseMs: this.options.leaseMs,
      take: (lease, handoff) => {
        if (!giveBack()) return;
        if (!this.stopped) {
          this.count(lease);
          this.run(lease, handoff);
          return;
        }
        // Stopped in between (a shutdown): the job goes back for any process, once it exists.
        handoff.committed.then(
          () => this.queue.release(lease).catch((error: unknown) => this.options.logger.warn({ err: error }, 'jobs: release failed')),
          () => undefined,
        );
      },
      release: () => void giveBack(),
    };
  }

  /** Resolves when no handler of this worker is running. */
  async whenIdle(): Promise<void> {
    while (this.active.size > 0) await Promise.all([...this.active.values()].map((a) => a.done));
  }

  /** A job (`<kind>:<ref id>`) was cancelled: its handler here, if any, stops now rather than at its next renewal. */
  private abortCancelled(job: string): void {
    for (const active of this.active.values()) {
      if (`${active.lease.kind}:${active.lease.refId}` === job) active.controller.abort('cancelled' satisfies AbortReason);
    }
  }

  /** Looks for work now (coalesced: one claim query at a time). */
  poke(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = true;
    void this.claimLoop().finally(() => {
      this.claiming = false;
    });
  }

  private async claimLoop(): Promise<void> {
    do {
      this.claimAgain = false;
      const free = this.options.concurrency - this.active.size - this.reserved;
      if (this.stopped) return;
      if (free <= 0) {
        this.missedWork = true;
        return;
      }
      let leases: Lease[];
      try {
        leases = await this.queue.claim(this.owner, [...this.handlers.keys()], this.options.leaseMs, free);
      } catch (error) {
        if (!this.stopped) this.options.logger.warn({ err: error }, 'jobs: claim failed; will retry on the next poll');
        return;
      }
      for (const lease of leases) {
        this.count(lease);
        this.run(lease);
      }
      // A full batch may mean more is waiting.
      if (leases.length === free) this.claimAgain = true;
    } while (this.claimAgain && !this.stopped);
  }

  private count(lease: Lease): void {
    const metrics = this.options.metrics;
    if (!metrics) return;
    metrics.jobClaims.inc({ kind: lease.kind });
    metrics.jobAttempts.observe({ kind: lease.kind }, lease.attempt);
    if (lease.takenOver) metrics.jobTakeovers.inc({ kind: lease.kind });
  }

  private run(lease: Lease, handoff?: Handoff): void {
    const handler = this.handlers.get(lease.kind)!;
    const controller = new AbortController();
    const log = this.options.logger.child({ job: lease.jobId, kind: lease.kind, ref: lease.refId, attempt: lease.attempt });
    let renewal: NodeJS.Timeout | undefined;
    let finished = false;
    const renewLease = () => {
      if (!finished) renewal = this.renewalOf(lease, controller, log);
    };
    // A job handed over before its commit has no row to renew until then; a rollback ends it.
    if (handoff) handoff.committed.then(renewLease, () => controller.abort('rolled-back' satisfies AbortReason));
    else renewLease();

    const done = handler
      .handle(lease, controller.signal, handoff)
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        log.error({ err: error }, 'jobs: handler failed unexpectedly; the job will be tried again');
        this.options.metrics?.jobRetries.inc({ kind: lease.kind });
        await this.queue
          .retryLater(lease, this.options.retryDelayMs ?? this.options.pollIntervalMs, String(error))
          .catch((e: unknown) => log.warn({ err: e }, 'jobs: could not requeue'));
      })
      .finally(() => {
        finished = true;
        clearInterval(renewal);
        this.active.delete(lease.jobId);
        // Only when something may be waiting: otherwise the notification or the poll brings it.
        if (this.missedWork) {
          this.missedWork = false;
          this.poke();
        }
      });
    this.active.set(lease.jobId, { lease, controller, done });
  }

  /** Renews the lease at a third of its length; a renewal that finds it gone aborts the handler. */
  private renewalOf(lease: Lease, controller: AbortController, log: Logger): NodeJS.Timeout {
    const renewal = setInterval(() => {
      this.queue.renew(lease, this.options.leaseMs).then(
        (held) => {
          if (!held && !controller.signal.aborted) {
            log.warn('jobs: lease lost; stopping the handler');
            controller.abort('lease-lost' satisfies AbortReason);
          }
        },
        (error: unknown) => log.warn({ err: error }, 'jobs: lease renewal failed; will try again'),
      );
    }, Math.max(50, Math.floor(this.options.leaseMs / 3)));
    renewal.unref();
    return renewal;
  }

  /**
   * Stops claiming, lets running handlers finish for up to `graceMs`, then aborts the rest
   * and releases their jobs so another process resumes them at once.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopped = true;
    this.queue.detachLocal(this);
    if (this.pollTimer) clearInterval(this.pollTimer);
    await this.stopListening?.().catch(() => undefined);
    const running = [...this.active.values()];
    if (running.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), graceMs);
    });
    await Promise.race([Promise.all(running.map((a) => a.done)), graceOver]);
    clearTimeout(timer);
    const left = [...this.active.values()];
    for (const a of left) a.controller.abort('shutdown' satisfies AbortReason);
    await Promise.all(left.map((a) => a.done));
    await Promise.all(
      left.map((a) =>
        this.queue.release(a.lease).catch((error: unknown) => this.options.logger.warn({ err: error }, 'jobs: release failed')),
      ),
    );
  }
}
