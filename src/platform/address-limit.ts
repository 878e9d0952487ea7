import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { ProblemError } from './problem.js';

/**
 * A limit per address on requests that fail authentication (401), checked before
 * authentication: a flood of missing or bad tokens is refused with 429 without verifying each
 * one. Requests that authenticate are limited per subject by rate-limit.ts instead, and probes
 * of the public routes never count. Shared through Redis when it is configured.
 */

const WINDOW_MS = 60_000;

export interface AddressLimitOptions {
  /** Failed authentications per address per minute (RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE); 0 turns it off. */
  perMinute: number;
  redis?: Redis;
  keyPrefix: string;
}

export const addressLimitPlugin = fp(
  async (app: FastifyInstance, options: AddressLimitOptions) => {
    if (options.perMinute <= 0) return;
    const local = new Map<string, { window: number; count: number }>();
    const windowOf = () => Math.floor(Date.now() / WINDOW_MS);
    const key = (ip: string, window: number) => `${options.keyPrefix}authfail:${window}:${ip}`;

    const count = async (ip: string): Promise<number> => {
      const window = windowOf();
      if (options.redis) return Number((await options.redis.get(key(ip, window)).catch(() => null)) ?? 0);
      const entry = local.get(ip);
      return entry && entry.window === window ? entry.count : 0;
    };
    const add = async (ip: string): Promise<void> => {
      const window = windowOf();
      if (options.redis) {
        await options.redis.multi().incr(key(ip, window)).pexpire(key(ip, window), WINDOW_MS * 2).exec().catch(() => undefined);
        return;
      }
      const entry = local.get(ip);
      local.set(ip, entry && entry.window === window ? { window, count: entry.count + 1 } : { window, count: 1 });
      // Old windows go, so the map cannot grow without end.
      if (local.size > 10_000) for (const [k, v] of local) if (v.window !== window) local.delete(k);
    };

    app.addHook('onRequest', async (request) => {
      if ((await count(request.ip)) < options.perMinute) return;
      const retry = Math.ceil((WINDOW_MS - (Date.now() % WINDOW_MS)) / 1000);
      throw new ProblemError({
        status: 429,
        slug: 'rate-limited',
        title: 'Too many requests',
        detail: `Too many requests without a valid token from this address; retry in ${retry} s.`,
        headers: { 'retry-after': String(retry) },
      });
    });
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode === 401) await add(request.ip);
    });
  },
  { name: 'address-limit' },
);
