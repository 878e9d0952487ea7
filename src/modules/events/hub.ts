import type { RelationalStore } from '../../stores/relational/index.js';
import { EVENTS_CHANNEL } from './store.js';

/**
 * Tells open streams that their session has new events. Notifications carry only
 * `session_id:id`; a stream then reads what it has not sent yet from the store, so a missed
 * or repeated notification can cause neither a gap nor a duplicate. With PostgreSQL they
 * come from every process through LISTEN/NOTIFY; with PGlite, from this process.
 */
export class EventHub {
  private readonly listeners = new Map<string, Set<() => void>>();
  private stop?: () => Promise<void>;

  async start(store: RelationalStore): Promise<void> {
    this.stop = await store.listen(
      EVENTS_CHANNEL,
      (payload) => this.wake(payload.slice(0, payload.lastIndexOf(':'))),
      // After a lost connection every stream re-reads: it may have missed something.
      () => {
        for (const session of this.listeners.keys()) this.wake(session);
      },
    );
  }

  subscribe(sessionId: string, listener: () => void): () => void {
    const set = this.listeners.get(sessionId) ?? new Set();
    set.add(listener);
    this.listeners.set(sessionId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(sessionId);
    };
  }

  private wake(sessionId: string): void {
    for (const listener of this.listeners.get(sessionId) ?? []) listener();
  }

  async close(): Promise<void> {
    await this.stop?.();
  }
}
