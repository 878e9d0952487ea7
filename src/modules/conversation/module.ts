import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { RunStore } from '../../engine/runs/store.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import type { SessionService } from '../chat/service.js';
import type { EventHub } from '../events/hub.js';
import type { ReviewService } from '../review/service.js';
import type { RunService } from '../runs/service.js';
import { FeedbackService } from './feedback.js';
import { conversationRoutes } from './routes.js';
import { ConversationService } from './service.js';
import { MessageStore } from './store.js';

/** The conversation, built in one place: messages (each starts a run of `ask`), choices and owners' reviews answered by message, feedback, and the routes. */
export function createConversationModule(deps: {
  config: Pick<Config, 'chat' | 'limits'>;
  db: RelationalStore;
  sessions: SessionService;
  runStore: RunStore;
  runs: RunService;
  reviews: ReviewService;
  /** Which sessions this process saw finish their last run (the events hub). */
  ended: Pick<EventHub, 'runEnded'>;
  metrics: Metrics;
}) {
  const { db, sessions } = deps;
  const service = new ConversationService({ db, messages: new MessageStore({ db }), sessions, runStore: deps.runStore, runs: deps.runs, reviews: deps.reviews, ended: deps.ended, limits: deps.config.chat });
  const feedback = new FeedbackService({ db, sessions, metrics: deps.metrics });
  return {
    service,
    plugin: fp(async (app) => app.register(conversationRoutes, { service, feedback, limits: deps.config.limits }), { name: 'conversation' }),
  };
}
