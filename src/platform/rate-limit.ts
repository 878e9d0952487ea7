import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { ProblemError } from './problem.js';

/**
 * Fixed-window rate limits, counted per authenticated subject (per address without one).
 * They run in preHandler, after authentication, so the subject is known. With Redis the
 * counters are shared by every process; without it each process counts alone.
 */

const MINUTE_MS = 60_000;

export interface RateLimitSetting {
  max: number;
  timeWindow: number;
}

/** Named limits that routes take by name: `config: { rateLimit: rateLimitPresets(limits).chatCreate }`. */
export function rateLimitPresets(limits: Config['limits']) {
  return {
    default: { max: limits.rateDefaultPerMinute, timeWindow: MINUTE_MS },
    chatCreate: { max: limits.rateChatCreatePerMinute, timeWindow: MINUTE_MS },
    chatMessage: { max: limits.rateChatMessagePerMinute, timeWindow: MINUTE_MS },
  } satisfies Record<string, RateLimitSetting>;
}

export function rateLimitKey(request: FastifyRequest): string {
  return request.principal ? `sub:${request.principal.sub}` : `ip:${request.ip}`;
}

export interface RateLimitPluginOptions {
  limits: Config['limits'];
  redis?: Redis;
  /** Prefix of every Redis key, so deployments (and test runs) sharing a Redis do not share counters. */
  keyPrefix: string;
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitPluginOptions) => {
    const preset = rateLimitPresets(options.limits).default;
    await app.register(rateLimit, {
      global: true,
      hook: 'preHandler',
      max: preset.max,
      timeWindow: preset.timeWindow,
      keyGenerator: rateLimitKey,
      ...(options.redis ? { redis: options.redis, nameSpace: `${options.keyPrefix}ratelimit:` } : {}),
      // A Redis outage must not take the API down with it; readiness reports it instead.
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new ProblemError({
          status: 429,
          slug: 'rate-limited',
          title: 'Too many requests',
          detail: `Limit of ${context.max} requests per window reached; retry in ${context.after}.`,
        }),
    });
  },
  { name: 'rate-limit', dependencies: ['cqks-auth'] },
);
