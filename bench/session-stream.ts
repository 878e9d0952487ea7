import { fetchAgainOnReset } from './fetch-again.js';

/**
 * A session's NDJSON stream for the benchmarks, read as it arrives (replayed from its start,
 * then live): its events kept per run, each with the time the client read it.
 */

export interface StreamEvent {
  id: number;
  event: string;
  /** When the event was written (its transaction's start, ISO 8601). */
  timestamp: string;
  run_id: string | null;
  data: Record<string, unknown>;
  /** performance.now() when the client read it. */
  at: number;
}

export class SessionStream {
  private readonly byRun = new Map<string, StreamEvent[]>();
  private waiters: (() => void)[] = [];
  private readonly controller = new AbortController();
  private ended = false;

  static async open(url: string, token: string): Promise<SessionStream> {
    const stream = new SessionStream();
    const res = await fetchAgainOnReset(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/x-ndjson' },
      signal: stream.controller.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`the stream answered ${res.status}: ${await res.text()}`);
    void stream.read(res.body);
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line.trim() === '') continue; // heartbeat
          const e = JSON.parse(line) as Omit<StreamEvent, 'at'>;
          const runId = e.run_id ?? (e.data.run_id as string | undefined);
          if (!runId) continue;
          const list = this.byRun.get(runId) ?? [];
          list.push({ ...e, at });
          this.byRun.set(runId, list);
        }
        this.waiters.splice(0).forEach((w) => w());
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.waiters.splice(0).forEach((w) => w());
  }

  events(runId: string): StreamEvent[] {
    return this.byRun.get(runId) ?? [];
  }

  /** The first event of the run (already read or coming) of one of `kinds`; with `skip`, the one after `skip` such events. */
  async waitFor(runId: string, kinds: string[], waitMs: number, skip = 0): Promise<StreamEvent> {
    const deadline = performance.now() + waitMs;
    for (;;) {
      const found = this.events(runId).filter((e) => kinds.includes(e.event))[skip];
      if (found) return found;
      if (this.ended) throw new Error(`the stream ended before ${kinds.join('/')} of run ${runId}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no ${kinds.join('/')} for run ${runId} within ${waitMs} ms; last events: ${this.summary(runId)}`);
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        timer = setTimeout(resolve, left);
      });
      clearTimeout(timer);
    }
  }

  summary(runId: string): string {
    return this.events(runId)
      .slice(-5)
      .map((e) => `${e.event} ${JSON.stringify(e.data)}`)
      .join('; ');
  }

  close(): void {
    this.controller.abort();
  }
}
