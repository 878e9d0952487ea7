/**
 * A real streaming client for tests: opens a stream with fetch, parses SSE or NDJSON frames
 * as they arrive, and lets a test wait for a given number of events.
 */
/** How long a wait for events lasts by default: a liveness bound, under the suite's test time limit so that its message is the one shown. */
const EVENT_WAIT_MS = 45_000;

export interface ReceivedEvent {
  id: number;
  event: string;
  data: { id: number; event: string; run_id: string | null; data: Record<string, unknown> };
}

export interface StreamClient {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  heartbeats: number;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  /** Resolves once `count` heartbeats have arrived. */
  waitForHeartbeats(count: number, timeoutMs?: number): Promise<void>;
  /** The first event (already received or coming) that satisfies `match`. */
  waitForEvent(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
  ended: Promise<void>;
}

export async function openEventStream(url: string, headers: Record<string, string>, format: 'sse' | 'ndjson' = 'sse'): Promise<StreamClient> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { ...headers, ...(format === 'ndjson' ? { accept: 'application/x-ndjson' } : { accept: 'text/event-stream' }) },
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  let heartbeats = 0;
  const waiters: (() => void)[] = [];
  const notify = () => waiters.splice(0).forEach((w) => w());
  let buffer = '';
  const parse = () => {
    if (format === 'ndjson') {
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.trim() === '') {
          heartbeats++;
          continue;
        }
        const data = JSON.parse(line) as ReceivedEvent['data'];
        events.push({ id: data.id, event: data.event, data });
      }
      return;
    }
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith(':')) {
        heartbeats++;
        continue;
      }
      const fields = Object.fromEntries(
        block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
      );
      events.push({ id: Number(fields.id), event: fields.event!, data: JSON.parse(fields.data!) });
    }
  };
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        parse();
        notify();
      }
    } catch {
      // aborted by close()
    }
    notify();
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    get heartbeats() {
      return heartbeats;
    },
    async waitFor(count, timeoutMs = EVENT_WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`waited for ${count} events, got ${events.length}`);
        await Promise.race([new Promise<void>((r) => waiters.push(r)), ended.then(() => undefined)]);
        if (events.length < count && (await Promise.race([ended.then(() => true), Promise.resolve(false)]))) {
          throw new Error(`stream ended after ${events.length} of ${count} events`);
        }
      }
      return events.slice(0, count);
    },
    async waitForHeartbeats(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (heartbeats < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`waited for ${count} heartbeats, got ${heartbeats}`);
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((r) => waiters.push(r)),
          new Promise<void>((r) => (timer = setTimeout(r, left))),
          ended.then(() => undefined),
        ]);
        clearTimeout(timer);
      }
    },
    async waitForEvent(match, timeoutMs = EVENT_WAIT_MS) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms; got ${events.map((e) => e.event).join(', ')}`)), timeoutMs);
      });
      try {
        for (;;) {
          const found = events.find(match);
          if (found) return found;
          const more = new Promise<void>((r) => waiters.push(r));
          await Promise.race([more, timeout, ended.then(() => undefined)]);
          if (!events.find(match) && (await Promise.race([ended.then(() => true), Promise.resolve(false)]))) {
            throw new Error(`stream ended without a matching event; got ${events.map((e) => e.event).join(', ')}`);
          }
        }
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => controller.abort(),
    ended,
  };
}
