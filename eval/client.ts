import { fetchAgainOnReset } from '../bench/fetch-again.js';
import { SessionStream } from '../bench/session-stream.js';
import type { Answered } from './grade.js';

/**
 * Asks questions of a running service through its HTTP interface, as a user's client would:
 * a chat session per conversation, a message per question, the run followed until it ends
 * or waits for the user; a choice it offers is answered when the question set says which.
 */

/** The longest a question may take before the evaluation counts it as failed. */
const RUN_WAIT_MS = 30_000;
/** The events after which a run is no longer working: it ended, or it waits for the user. */
const SETTLED = ['run_completed', 'run_failed', 'run_cancelled', 'run_awaiting_input'];

interface Run {
  status: 'queued' | 'running' | 'awaiting_input' | 'succeeded' | 'failed' | 'cancelled';
  waiting_for: { kind: string; question?: string; options?: { id: string; label: string }[] } | null;
  output: { query?: string | null; text?: string | null; files?: string[]; sources?: { file_name: string }[] } | null;
  error?: unknown;
}

export class ServiceClient {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetchAgainOnReset(`${this.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  /** Each session's event stream, followed from its creation until `close`. */
  private readonly streams = new Map<string, SessionStream>();

  async newSession(): Promise<{ session_id: string }> {
    const session = await this.call<{ session_id: string }>('POST', '/api/v1/chat', {});
    this.streams.set(session.session_id, await SessionStream.open(`${this.base}/api/v1/chat/${session.session_id}/stream`, this.token));
    return session;
  }

  /** Stops following a session's stream. */
  close(sessionId: string): void {
    this.streams.get(sessionId)?.close();
    this.streams.delete(sessionId);
  }

  /** The run once its `settled`-th settling event (ended, or waiting for the user) has arrived on the session's stream. */
  private async settle(sessionId: string, runId: string, settled: number): Promise<Run> {
    await this.streams.get(sessionId)!.waitFor(runId, SETTLED, RUN_WAIT_MS, settled);
    return this.call<Run>('GET', `/api/v1/runs/${runId}`);
  }

  /**
   * Asks one question in the session. When the run offers a choice and one of `choose` is part
   * of an option's label, that option is taken (and that entry used up) and the run followed
   * again; otherwise the answer is "asked".
   */
  async ask(sessionId: string, question: string, choose: string[] = []): Promise<Answered & { runId: string; failed?: string; how?: string; confidence?: number; sources?: string[] }> {
    const { run_id: runId } = await this.call<{ run_id: string }>('POST', `/api/v1/chat/${sessionId}/message`, { content: question });
    const picks = [...choose];
    let settled = 0;
    let run = await this.settle(sessionId, runId, settled++);
    while (run.status === 'awaiting_input' && run.waiting_for?.kind === 'disambiguation' && picks.length > 0) {
      const options = run.waiting_for.options ?? [];
      const pick = picks.findIndex((p) => options.some((o) => o.label.toLowerCase().includes(p.toLowerCase())));
      if (pick < 0) break;
      const [wanted] = picks.splice(pick, 1);
      const option = options.find((o) => o.label.toLowerCase().includes(wanted!.toLowerCase()))!;
      await this.call('POST', `/api/v1/chat/${sessionId}/disambiguate`, { choice: option.id });
      run = await this.settle(sessionId, runId, settled++);
    }
    if (run.status === 'awaiting_input') {
      const w = run.waiting_for;
      const text = `${w?.question ?? 'asked'}${w?.options?.length ? ` ${w.options.map((o) => o.label).join(' | ')}` : ''}`;
      return { runId, query: null, columns: [], rows: [], text, asked: true };
    }
    if (run.status !== 'succeeded') return { runId, query: null, columns: [], rows: [], text: `run ${run.status}`, asked: false, failed: JSON.stringify(run.error ?? run.status) };
    const query = run.output?.query ?? null;
    const text = run.output?.text ?? '';
    // The documents an answer cites, by file name.
    const sources = (run.output?.sources ?? []).map((s) => s.file_name);
    // A query the checks refused did not run: the run says why, and keeps no answer file.
    if (!query || !(run.output?.files ?? []).includes('answer.json')) return { runId, query: null, columns: [], rows: [], text, asked: false, sources };
    const answer = await this.call<{ columns: string[]; rows: Record<string, unknown>[]; query?: { generator?: string; description?: { meaning?: unknown; confidence?: number } } }>(
      'GET',
      `/api/v1/runs/${runId}/download/answer.json`,
    );
    const how = answer.query?.description?.meaning ? 'meaning' : (answer.query?.generator ?? 'unknown');
    const confidence = answer.query?.description?.confidence;
    return { runId, query, columns: answer.columns, rows: answer.rows, text, asked: false, how, sources, ...(confidence !== undefined ? { confidence } : {}) };
  }
}
