import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { PROBLEM_CONTENT_TYPE, problemBody } from './errors.js';
import { markRejection } from './metrics/http.js';

/**
 * A limit per address on requests that fail authentication: past it, such a request is answered
 * 429 instead of 401, until the minute is over. Only failures count and only failures are
 * refused: a request with a valid token from the same address (another user behind the same NAT
 * or load balancer) is never refused by this limit, nor are the public routes (health probes,
 * `/auth/config`), which never fail authentication. Requests that authenticate are limited per
 * subject by rate-limit.ts instead. The address is the socket's, or with TRUST_PROXY the
 * client's as X-Forwarded-For gives it. Shared through Redis when it is configured.
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

    /** Counts one failure of `ip`; the failures of its minute so far, this one included. */
    const add = async (ip: string): Promise<number> => {
      const window = windowOf();
      if (options.redis) {
        const result = await options.redis.multi().incr(key(ip, window)).pexpire(key(ip, window), WINDOW_MS * 2).exec().catch(() => null);
        return Number(result?.[0]?.[1] ?? 0);
      }
      const entry = local.get(ip);
      const count = entry && entry.window === window ? entry.count + 1 : 1;
      local.set(ip, { window, count });
      // Old windows go, so the map cannot grow without end.
      if (local.size > 10_000) for (const [k, v] of local) if (v.window !== window) local.delete(k);
      return count;
    };

    // The verdict is the response's: a 401 past the limit becomes a 429, the failure still counted.
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode !== 401 || (await add(request.ip)) <= options.perMinute) return payload;
      markRejection(request, 'failed_authentications');
      const retry = Math.ceil((WINDOW_MS - (Date.now() % WINDOW_MS)) / 1000);
      reply.code(429).header('retry-after', String(retry)).removeHeader('www-authenticate').type(PROBLEM_CONTENT_TYPE);
      return JSON.stringify(
        problemBody(request, { status: 429, slug: 'rate-limited', title: 'Too many requests', detail: `Too many failed authentications from this address; retry in ${retry} s.` }),
      );
    });
  },
  { name: 'address-limit' },
);
