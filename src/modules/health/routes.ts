import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLivenessOperation, getReadinessOperation } from './operations.js';
import { ProblemError } from '../../platform/problem.js';
import type { HealthCheck } from './service.js';
import { Readiness } from './service.js';

export interface HealthRoutesOptions {
  checks: readonly HealthCheck[];
  timeoutMs: number;
  /** How long a probe waits for a check already running before it takes the last result (READINESS_PATIENCE_MS). */
  patienceMs: number;
  isShuttingDown: () => boolean;
}

const publicConfig = { public: true, rateLimit: false } as const;

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  app.get(
    '/health',
    {
      config: publicConfig,
      schema: getLivenessOperation,
    },
    async () => ({ status: 'ok' as const }),
  );

  let lastState = 'ready';
  const readiness = new Readiness(options.checks, options.timeoutMs, options.patienceMs);
  app.get(
    '/health/ready',
    {
      config: publicConfig,
      schema: getReadinessOperation,
    },
    async () => {
      if (options.isShuttingDown()) {
        throw new ProblemError({
          status: 503,
          slug: 'shutting-down',
          title: 'Service unavailable',
          detail: 'The service is shutting down; send new work elsewhere',
        });
      }
      const result = await readiness.check();
      // Logged once per change of state, not once per probe (a drain or an outage probes many times a second).
      const state = result.ready ? 'ready' : `down: ${result.down.join(', ')}`;
      if (state !== lastState) {
        if (result.ready) app.log.info({ previous: lastState }, 'readiness: ready');
        else app.log.warn({ components: Object.fromEntries(result.down.map((name) => [name, result.components[name]?.error])) }, `readiness: ${state}`);
        lastState = state;
      }
      if (!result.ready) {
        throw new ProblemError({
          status: 503,
          slug: 'not-ready',
          title: 'Service unavailable',
          detail: `Down: ${result.down.join(', ')}`,
          extensions: { components: result.components },
        });
      }
      return { status: 'ready' as const, components: result.components };
    },
  );
};
