import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { EventHub } from './hub.js';
import type { EventRow } from '../../engine/runs/event-log.js';
import type { EventStore } from '../../engine/runs/event-store.js';

/**
 * One open stream: subscribe first, then replay from the store after `after`, then follow
 * live. Every wake-up reads "what comes after the last id sent", so replay and live meet
 * with no gap and no duplicate. Reading pauses while the socket is full: a slow client
 * makes the process wait, never buffer without bound.
 */

export type StreamFormat = 'sse' | 'ndjson';

/** Rows read per round trip while catching up. */
const BATCH = 200;
/** Frames are written together up to about this many characters (a socket's default high-water mark is 16 KiB). */
const CHUNK_CHARS = 16 * 1024;

export function frame(format: StreamFormat, row: EventRow): string {
  const event = { id: Number(row.id), timestamp: row.created_at.toISOString(), event: row.kind, run_id: row.run_id, data: row.data };
  if (format === 'ndjson') return `${JSON.stringify(event)}\n`;
  return `id: ${event.id}\nevent: ${event.event}\ndata: ${JSON.stringify(event)}\n\n`;
}

export interface OpenStreamOptions {
  sessionId: string;
  after: number;
  format: StreamFormat;
  heartbeatMs: number;
  hub: EventHub;
  store: EventStore;
  onError: (error: unknown) => void;
}

/** Where frames go: the HTTP response, or any writable stream. */
export type StreamSink = Pick<Writable, 'write' | 'end' | 'on' | 'once' | 'writableEnded'> & NodeJS.EventEmitter;

export function openStream(raw: StreamSink, options: OpenStreamOptions): { end(): void; done: Promise<void> } {
  const { sessionId, format, hub, store } = options;
  let last = options.after;
  let reading = false;
  let again = false;
  let closed = false;

  const write = async (chunk: string) => {
    if (!raw.write(chunk)) await Promise.race([once(raw, 'drain'), once(raw, 'close')]);
  };

  /** Sends what comes after `last`: the offered rows when they follow on directly, otherwise read from the store. */
  const pump = async (offered?: readonly EventRow[]): Promise<void> => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      let next = offered;
      do {
        again = false;
        const direct = next !== undefined && next.length > 0 && Number(next[0]!.id) === last + 1;
        const rows = direct ? next! : await store.list(sessionId, { after: last }, BATCH);
        if (!direct) hub.read(sessionId, rows);
        next = undefined;
        // Frames go out in chunks of about CHUNK_CHARS (a run's commit often brings dozens of
        // events at once); a full socket still stops the reading after at most one chunk.
        let chunk = '';
        for (const row of rows) {
          if (closed) return;
          chunk += frame(format, row);
          last = Number(row.id);
          if (chunk.length >= CHUNK_CHARS) {
            await write(chunk);
            chunk = '';
          }
        }
        if (chunk && !closed) await write(chunk);
        if (!direct && rows.length === BATCH) again = true;
      } while (again && !closed);
    } catch (error) {
      options.onError(error);
      end();
    } finally {
      reading = false;
    }
  };

  const unsubscribe = hub.subscribe(sessionId, {
    // A notification of what was already sent (offered directly) needs no read.
    wake: (upTo) => {
      if (!closed && (upTo === undefined || upTo > last || reading)) void pump();
    },
    offer: (rows) => {
      if (rows.length > 0 && Number(rows.at(-1)!.id) > last) void pump(rows);
    },
  });
  // SSE: a comment line; NDJSON: an empty line, which NDJSON readers skip.
  const heartbeat = setInterval(() => raw.write(format === 'sse' ? ': heartbeat\n\n' : '\n'), options.heartbeatMs);
  heartbeat.unref();

  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  const end = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(heartbeat);
    if (!raw.writableEnded) raw.end();
    resolveDone();
  };
  raw.on('close', end);
  void pump();
  return { end, done };
}
