import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { markRejection } from '../../platform/metrics/http.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { badRequest, ProblemError } from '../../platform/problem.js';
import type { StreamRegistry } from '../../platform/shutdown.js';
import type { EventStore } from '../../engine/runs/event-store.js';
import type { EventHub } from './hub.js';
import type { StreamSlots } from './stream-slots.js';
import { openStream } from './stream.js';

/** What following a session's stream uses. */
export interface FollowDeps {
  store: EventStore;
  hub: EventHub;
  /** Open streams per subject, against STREAM_MAX_PER_SUBJECT. */
  slots: StreamSlots;
  /** The process's open streams, ended at shutdown. */
  streams: StreamRegistry;
  limits: Config['limits'];
  metrics?: Pick<Metrics, 'streamsOpen'>;
}

/** Where a stream starts: after `Last-Event-ID` when it is sent, else after `?after=` (0: from the start). */
export function resumeFrom(header: string | string[] | undefined, after: number | undefined): number {
  if (header === undefined) return after ?? 0;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) {
    throw badRequest('Last-Event-ID must be an event id (a non-negative integer)', [{ path: 'headers.last-event-id', message: 'invalid' }]);
  }
  return Number(value.trim());
}

/**
 * Serves a session's events as SSE (or NDJSON when asked) from `after` on, live until the client
 * leaves or the process stops, within the subject's share of open streams (429 past it).
 */
export async function followSession(
  deps: FollowDeps,
  target: { subject: string; sessionId: string; after: number },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const release = await deps.slots.take(target.subject);
  if (!release) {
    markRejection(request, 'too_many_streams');
    throw new ProblemError({
      status: 429,
      slug: 'too-many-streams',
      title: 'Too many open streams',
      detail: `At most ${deps.limits.streamMaxPerSubject} open streams per subject; close one first.`,
      headers: { 'retry-after': '5' },
    });
  }
  let stream: ReturnType<typeof openStream>;
  // Until the stream is open, a failure gives the slot back; from then on the stream's end does.
  try {
    const format = String(request.headers.accept ?? '').includes('application/x-ndjson') ? 'ndjson' : 'sse';
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': format === 'sse' ? 'text/event-stream; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': String(request.id),
    });
    stream = openStream(reply.raw, {
      sessionId: target.sessionId,
      after: target.after,
      format,
      heartbeatMs: deps.limits.streamHeartbeatMs,
      hub: deps.hub,
      store: deps.store,
      onError: (error) => request.log.error({ err: error }, 'event stream failed'),
    });
  } catch (error) {
    release();
    throw error;
  }
  const unregister = deps.streams.add(stream);
  deps.metrics?.streamsOpen.inc();
  void stream.done.then(() => {
    unregister();
    release();
    deps.metrics?.streamsOpen.dec();
  });
}
