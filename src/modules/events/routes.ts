import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listChatEventsOperation, streamChatEventsOperation } from './operations.js';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { SessionService } from '../chat/service.js';
import type { EventHub } from './hub.js';
import type { EventService } from './service.js';
import type { EventStore } from '../../engine/runs/event-store.js';
import type { StreamSlots } from './stream-slots.js';
import { followSession, resumeFrom } from './follow.js';

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

const users = { roles: ['user' as const] };


export const eventRoutes: FastifyPluginAsyncZod<EventRoutesOptions> = async (app, options) => {
  const { events, sessions, store, hub, slots, limits, metrics } = options;

  app.get(
    '/api/v1/chat/:session_id/events',
    { config: users, schema: listChatEventsOperation },
    async (request) => events.list(requirePrincipal(request), request.params.session_id, request.query),
  );

  app.get('/api/v1/chat/:session_id/stream', { config: users, schema: streamChatEventsOperation }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const sessionId = request.params.session_id;
    await sessions.visible(principal, sessionId);
    const after = resumeFrom(request.headers['last-event-id'], request.query.after);
    await followSession({ store, hub, slots, streams: app.streams, limits, metrics }, { subject: principal.sub, sessionId, after }, request, reply);
  });
};
