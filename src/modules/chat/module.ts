import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { EventStore } from '../../engine/runs/event-store.js';
import type { RunStore } from '../../engine/runs/store.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import { chatSessionRoutes } from './routes.js';
import { SessionService } from './service.js';
import { SessionStore } from './store.js';

/** Chat sessions, built in one place: their store, the service (ownership, states) and the routes. */
export function createChatModule(deps: { config: Pick<Config, 'limits'>; db: RelationalStore; events: EventStore; runs: RunStore }) {
  const store = new SessionStore({ db: deps.db });
  const sessions = new SessionService({ store, events: deps.events, runs: deps.runs });
  return {
    store,
    sessions,
    plugin: fp(async (app) => app.register(chatSessionRoutes, { service: sessions, limits: deps.config.limits }), { name: 'chat' }),
  };
}
