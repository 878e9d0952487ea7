import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import type { GraphStore } from '../../stores/graph/port.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import { healthRoutes } from './routes.js';
import type { HealthCheck } from './service.js';

/** Liveness and readiness: a check per store the process depends on (Redis when configured). */
export function createHealthModule(deps: { config: Pick<Config, 'limits'>; db: RelationalStore; graph: GraphStore; redis?: Redis }) {
  const { db, graph, redis } = deps;
  const checks: HealthCheck[] = [
    { name: 'relational', engine: db.engine, check: () => db.health() },
    { name: 'graph', engine: graph.engine, check: () => graph.health() },
  ];
  if (redis) checks.push({ name: 'redis', engine: 'redis', check: async () => void (await redis.ping()) });
  return {
    plugin: fp(
      async (app) =>
        app.register(healthRoutes, {
          checks,
          timeoutMs: deps.config.limits.readinessTimeoutMs,
          patienceMs: deps.config.limits.readinessPatienceMs,
          isShuttingDown: () => app.isShuttingDown(),
        }),
      { name: 'health' },
    ),
  };
}
