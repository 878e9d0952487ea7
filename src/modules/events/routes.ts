import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import { markRejection } from '../../platform/metrics/http.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { badRequest, ProblemError } from '../../platform/problem.js';
import { ProblemSchema } from '../../platform/schemas.js';
import { SessionIdParamsSchema } from '../chat/schemas.js';
import type { SessionService } from '../chat/service.js';
import type { EventHub } from './hub.js';
import { EVENT_KINDS, EventListQuerySchema, EventPageSchema, StreamQuerySchema } from './schemas.js';
import type { EventService } from './service.js';
import type { EventStore } from '../../engine/runs/event-store.js';
import type { StreamSlots } from './stream-slots.js';
import { openStream } from './stream.js';

export interface EventRoutesOptions {
  events: EventService;
  sessions: SessionService;
  store: EventStore;
  hub: EventHub;
  /** Open streams per subject, against STREAM_MAX_PER_SUBJECT. */
  slots: StreamSlots;
  limits: Config['limits'];
  metrics?: Pick<Metrics, 'streamsOpen'>;
}

const tags = ['Chat'];
const users = { roles: ['user' as const] };

function resumeFrom(header: string | string[] | undefined, after: number | undefined): number {
  if (header === undefined) return after ?? 0;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) {
    throw badRequest('Last-Event-ID must be an event id (a non-negative integer)', [{ path: 'headers.last-event-id', message: 'invalid' }]);
  }
  return Number(value.trim());
}

export const eventRoutes: FastifyPluginAsyncZod<EventRoutesOptions> = async (app, options) => {
  const { events, sessions, store, hub, slots, limits, metrics } = options;

  app.get(
    '/api/v1/chat/:session_id/events',
    {
      config: users,
      schema: {
        operationId: 'listChatEvents',
        tags,
        summary: 'Historical event trace',
        description: `The session's events in id order, paginated, filterable by kind and run. Kinds: ${EVENT_KINDS.join(', ')}.`,
        params: SessionIdParamsSchema,
        querystring: EventListQuerySchema,
        response: { 200: EventPageSchema, 404: ProblemSchema },
      },
    },
    async (request) => events.list(requirePrincipal(request), request.params.session_id, request.query),
  );

  app.get(
    '/api/v1/chat/:session_id/stream',
    {
      config: users,
      schema: {
        operationId: 'streamChatEvents',
        tags,
        summary: 'Event stream of real-time progress',
        description:
          'Server-Sent Events (`text/event-stream`: `id:`, `event:`, `data:` with the event as JSON) by default; ' +
          'newline-delimited JSON with `Accept: application/x-ndjson`. Replays the events after `Last-Event-ID` ' +
          '(or `?after=`), then continues live with no gap and no duplicate. A heartbeat every STREAM_HEARTBEAT_MS ' +
          '(SSE comment; empty line in NDJSON). At most STREAM_MAX_PER_SUBJECT open streams per subject (429 beyond), ' +
          'counted across all processes when Redis is configured, per process otherwise. Streams end when the service shuts down; reconnect with `Last-Event-ID`.',
        params: SessionIdParamsSchema,
        querystring: StreamQuerySchema,
        response: { 200: z.string().describe('The stream (SSE or NDJSON).'), 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const sessionId = request.params.session_id;
      await sessions.visible(principal, sessionId);
      const after = resumeFrom(request.headers['last-event-id'], request.query.after);
      const release = await slots.take(principal.sub);
      if (!release) {
        markRejection(request, 'too_many_streams');
        throw new ProblemError({
          status: 429,
          slug: 'too-many-streams',
          title: 'Too many open streams',
          detail: `At most ${limits.streamMaxPerSubject} open streams per subject; close one first.`,
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
          sessionId,
          after,
          format,
          heartbeatMs: limits.streamHeartbeatMs,
          hub,
          store,
          onError: (error) => request.log.error({ err: error }, 'event stream failed'),
        });
      } catch (error) {
        release();
        throw error;
      }
      const unregister = app.streams.add(stream);
      metrics?.streamsOpen.inc();
      void stream.done.then(() => {
        unregister();
        release();
        metrics?.streamsOpen.dec();
      });
    },
  );
};
