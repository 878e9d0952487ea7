import type { Progress } from '../../ingest/types.js';

/**
 * Throttles an ingestion's progress: a stage change and the end of a stage go out at once,
 * counts in between at most every `intervalMs`, so a 50,000-row file does not write 50,000
 * rows of progress. `publish` stores it and puts it on the stream.
 */
export class ProgressThrottle {
  private last?: Progress;
  private lastAt = 0;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly publish: (progress: Progress) => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  report(progress: Progress): void {
    const now = Date.now();
    const changed = progress.stage !== this.last?.stage;
    const finished = progress.done >= progress.total;
    if (!changed && !finished && now - this.lastAt < this.intervalMs) return;
    if (this.last && !changed && progress.done === this.last.done && progress.total === this.last.total) return;
    this.last = progress;
    this.lastAt = now;
    // In order, one at a time; a failed write of progress does not fail the ingestion.
    this.pending = this.pending.then(() => this.publish(progress)).catch(() => undefined);
  }

  /** Waits until what was reported is stored. */
  flush(): Promise<void> {
    return this.pending;
  }

  get stage(): Progress['stage'] | undefined {
    return this.last?.stage;
  }
}
