import fp from 'fastify-plugin';
import type { GraphStore } from '../../stores/graph/port.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import type { SessionStore } from '../chat/store.js';
import type { MemoryStore } from '../memories/store.js';
import type { RunService } from '../runs/service.js';
import { reviewRoutes } from './routes.js';
import { ReviewService } from './service.js';
import { ReviewStore } from './store.js';
import { reviewOpenTool } from './tools/review-open.js';

/** Reviews of what a run wants to do, built in one place: the store, the decisions, the tool a run opens one with, and the reviewers' routes. */
export function createReviewModule(deps: { db: RelationalStore; graph: GraphStore; memories: MemoryStore; sessions: SessionStore; runs: RunService }) {
  const store = new ReviewStore({ db: deps.db });
  const service = new ReviewService({ db: deps.db, reviews: store, memoryStore: deps.memories, sessions: deps.sessions, runs: deps.runs, graph: deps.graph });
  return {
    store,
    service,
    tools: [reviewOpenTool({ reviews: store })],
    plugin: fp(async (app) => app.register(reviewRoutes, { service }), { name: 'review' }),
  };
}
