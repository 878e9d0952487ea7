import type { RelationalStore } from '../../stores/relational/index.js';
import { EVENTS_CHANNEL } from '../../engine/runs/event-log.js';
import type { EventRow } from '../../engine/runs/event-log.js';
import type { EventKind } from '../../engine/contracts/event-kinds.js';

/** Events after which their session has no run under way. */
const RUN_ENDS: ReadonlySet<EventKind> = new Set(['run_completed', 'run_failed', 'run_cancelled']);

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
  /**
   * Sessions with an open stream here whose last known event ended a run, by that event's id;
   * dropped when a later event is committed here, read here or announced by any process.
   */
  private readonly ended = new Map<string, number>();
  /** The highest event id known for each session with an open stream here: rows that end below it are old news. */
  private readonly known = new Map<string, number>();
  private stop?: () => Promise<void>;

  async start(store: RelationalStore): Promise<void> {
    this.stop = await store.listen(
      EVENTS_CHANNEL,
      (payload) => {
        const colon = payload.lastIndexOf(':');
        this.announced(payload.slice(0, colon), Number(payload.slice(colon + 1)));
        // A turn later: rows this process committed are offered by then (the embedded store
        // holds a notification until its statement has returned), and a stream that was offered
        // them needs no read.
        setImmediate(() => this.wake(payload.slice(0, colon), Number(payload.slice(colon + 1))));
      },
      // After a lost connection every stream re-reads: it may have missed something.
      () => {
        this.ended.clear();
        this.known.clear();
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
      if (set.size > 0) return;
      this.listeners.delete(sessionId);
      this.ended.delete(sessionId);
      this.known.delete(sessionId);
    };
  }

  /** Rows of `sessionId` this process committed (EventStore.deliverLocally). */
  offer(sessionId: string, rows: readonly EventRow[]): void {
    const listeners = this.listeners.get(sessionId);
    if (!listeners) return;
    this.learn(sessionId, rows);
    for (const listener of listeners) listener.offer(rows);
  }

  /**
   * Rows of `sessionId` a stream here read from the store, before it sends them. With
   * PostgreSQL the notification of this process's own commit can wake a stream before the
   * commit's rows are offered: the client must not see a run end that `runEnded` does not know.
   */
  read(sessionId: string, rows: readonly EventRow[]): void {
    if (this.listeners.has(sessionId)) this.learn(sessionId, rows);
  }

  /** The last of `rows`, unless a later event is known already, is the session's last event. */
  private learn(sessionId: string, rows: readonly EventRow[]): void {
    const last = rows.at(-1);
    if (!last || Number(last.id) < (this.known.get(sessionId) ?? 0)) return;
    this.known.set(sessionId, Number(last.id));
    if (RUN_ENDS.has(last.kind)) this.ended.set(sessionId, Number(last.id));
    else this.ended.delete(sessionId);
  }

  /**
   * Whether the last event of the session this process knows of ended a run (it committed
   * or read it, the session has an open stream here, and no later event was announced since): a
   * message then need not read whether a run is under way first. A later event of another
   * process may still be on its way, so this is a guess whose wrong side the caller checks.
   */
  runEnded(sessionId: string): boolean {
    return this.ended.has(sessionId);
  }

  /** Some process committed events of the session up to `upTo`. */
  private announced(sessionId: string, upTo: number): void {
    if (!this.listeners.has(sessionId)) return;
    // A notice without a readable id may be of anything later.
    if (Number.isFinite(upTo) && upTo <= (this.known.get(sessionId) ?? 0)) return;
    if (Number.isFinite(upTo)) this.known.set(sessionId, upTo);
    this.ended.delete(sessionId);
  }

  private wake(sessionId: string, upTo?: number): void {
    for (const listener of this.listeners.get(sessionId) ?? []) listener.wake(Number.isFinite(upTo) ? upTo : undefined);
  }

  async close(): Promise<void> {
    await this.stop?.();
  }
}
