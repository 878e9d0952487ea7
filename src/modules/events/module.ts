import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { EventStore } from '../../engine/runs/event-store.js';
import { countEvents } from '../../platform/metrics/events.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import type { SessionService } from '../chat/service.js';
import { EventHub } from './hub.js';
import { eventRoutes } from './routes.js';
import { EventService } from './service.js';
import { StreamSlots } from './stream-slots.js';

/**
 * Session events as clients read them, built in one place: the hub that hands committed events
 * to this process's open streams (and counts them for the metrics), the cap on streams per
 * subject, the service and the routes (history and live streams).
 */
export async function createEventsModule(deps: {
  config: Pick<Config, 'limits' | 'redis'>;
  db: RelationalStore;
  store: EventStore;
  sessions: SessionService;
  redis?: Redis;
  metrics: Metrics;
  logger: Logger;
}) {
  const { config, store, metrics } = deps;
  const hub = new EventHub();
  await hub.start(deps.db);
  store.deliverLocally((sessionId, rows) => {
    hub.offer(sessionId, rows);
    countEvents(metrics, rows);
  });
  const service = new EventService({ db: deps.db, store, sessions: deps.sessions });
  const slots = new StreamSlots({
    limit: config.limits.streamMaxPerSubject,
    redis: deps.redis,
    keyPrefix: config.redis.keyPrefix,
    leaseMs: 3 * config.limits.streamHeartbeatMs,
    logger: deps.logger,
  });
  return {
    service,
    hub,
    plugin: fp(
      async (app) => {
        app.addHook('onClose', () => hub.close());
        app.addHook('onClose', () => slots.close());
        await app.register(eventRoutes, { events: service, sessions: deps.sessions, store, hub, slots, limits: config.limits, metrics });
      },
      { name: 'events' },
    ),
  };
}
