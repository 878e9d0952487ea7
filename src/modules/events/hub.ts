import type { RelationalStore } from '../../stores/relational/index.js';
import { EVENTS_CHANNEL } from '../../engine/runs/event-log.js';
import type { EventRow } from '../../engine/runs/event-log.js';

/** An open stream, as the hub sees it. */
export interface StreamListener {
  /** The session has events up to `upTo` (unknown after a lost connection): read what was not sent. */
  wake(upTo?: number): void;
  /** Rows this process just committed, in order: sent directly when they follow what was sent. */
  offer(rows: readonly EventRow[]): void;
}

/**
 * Tells open streams that their session has new events. Notifications carry only
 * `session_id:id`; a stream then reads what it has not sent yet from the store, so a missed
 * or repeated notification can cause neither a gap nor a duplicate. With PostgreSQL they
 * come from every process through LISTEN/NOTIFY; with PGlite, from this process. Rows this
 * process committed are also offered to its streams directly (no read back, no wait for the
 * notification); the notification that follows then finds nothing new.
 */
export class EventHub {
  private readonly listeners = new Map<string, Set<StreamListener>>();
  private stop?: () => Promise<void>;

  async start(store: RelationalStore): Promise<void> {
    this.stop = await store.listen(
      EVENTS_CHANNEL,
      (payload) => {
        const colon = payload.lastIndexOf(':');
        // A turn later: rows this process committed are offered by then (the embedded store
        // holds a notification until its statement has returned), and a stream that was offered
        // them needs no read.
        setImmediate(() => this.wake(payload.slice(0, colon), Number(payload.slice(colon + 1))));
      },
      // After a lost connection every stream re-reads: it may have missed something.
      () => {
        for (const session of this.listeners.keys()) this.wake(session);
      },
    );
  }

  subscribe(sessionId: string, listener: StreamListener): () => void {
    const set = this.listeners.get(sessionId) ?? new Set();
    set.add(listener);
    this.listeners.set(sessionId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(sessionId);
    };
  }

  /** Rows of `sessionId` this process committed (EventStore.deliverLocally). */
  offer(sessionId: string, rows: readonly EventRow[]): void {
    for (const listener of this.listeners.get(sessionId) ?? []) listener.offer(rows);
  }

  private wake(sessionId: string, upTo?: number): void {
    for (const listener of this.listeners.get(sessionId) ?? []) listener.wake(Number.isFinite(upTo) ? upTo : undefined);
  }

  async close(): Promise<void> {
    await this.stop?.();
  }
}
