import type { TestApp } from './app.js';
import { openEventStream } from './event-stream.js';
import type { ReceivedEvent, StreamClient } from './event-stream.js';

/** The run lifecycle events that end a wait. */
export const RUN_SETTLED = ['run_completed', 'run_failed', 'run_cancelled', 'run_awaiting_input'];

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export function baseUrl(t: TestApp): string {
  return `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}

/** Follows a session's stream (the app must listen) and waits for an event of the run, as a client would. */
export async function followSession(t: TestApp, token: string, sessionId: string): Promise<StreamClient> {
  return openEventStream(`${baseUrl(t)}/api/v1/chat/${sessionId}/stream`, auth(token), 'ndjson');
}

export function runEvent(runId: string, kinds: string[]): (e: ReceivedEvent) => boolean {
  return (e) => kinds.includes(e.event) && e.data.data.run_id === runId;
}

/** Starts a workflow over HTTP and waits until its run settles (completed, failed, cancelled or waiting). */
export async function executeAndSettle(
  t: TestApp,
  token: string,
  body: { workflow: string; input?: Record<string, unknown>; session_id?: string },
): Promise<{ runId: string; sessionId: string; settled: ReceivedEvent; stream: StreamClient }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/aim/workflows/execute', headers: auth(token), payload: body });
  if (res.statusCode !== 202) throw new Error(`execute answered ${res.statusCode}: ${res.body}`);
  const { run_id: runId, session_id: sessionId } = res.json() as { run_id: string; session_id: string };
  const stream = await followSession(t, token, sessionId);
  const settled = await stream.waitForEvent(runEvent(runId, RUN_SETTLED));
  return { runId, sessionId, settled, stream };
}
