import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMetricsModule from 'fastify-metrics';
import fp from 'fastify-plugin';
import type { Metrics } from './metrics.js';

// A CommonJS module whose plugin is its `default` export: Node's ESM import gives the module object.
const fastifyMetrics = fastifyMetricsModule.default;

/** Why a 429 was given, when not by the per-route rate limit (closed set: see the counter's help). */
const rejectedBecause = new WeakMap<FastifyRequest, 'failed_authentications' | 'too_many_streams'>();

/** Names the limit that refused `request` with 429, for the rejection counter. */
export function markRejection(request: FastifyRequest, reason: 'failed_authentications' | 'too_many_streams'): void {
  rejectedBecause.set(request, reason);
}

/** Why a request got 401 or 429, from a closed set. A 401's reason is its RFC 6750 error code. */
function rejectionReason(request: FastifyRequest, reply: FastifyReply): string | undefined {
  if (reply.statusCode === 429) return rejectedBecause.get(request) ?? 'rate_limit';
  if (reply.statusCode !== 401) return undefined;
  const challenge = String(reply.getHeader('www-authenticate') ?? '');
  const code = /error="(invalid_request|invalid_token|insufficient_scope)"/.exec(challenge)?.[1];
  return code ?? 'missing_token';
}

/**
 * HTTP metrics: request durations by route template, method and status (fastify-metrics, on
 * this app's registry; unknown URLs are not measured, so raw paths never become labels),
 * requests in flight, rejections by reason and idempotent replays. Register it before the routes.
 */
export const httpMetricsPlugin = fp(
  async (app: FastifyInstance, options: { metrics: Metrics }) => {
    const { metrics } = options;
    await app.register(fastifyMetrics, {
      // The histogram goes to this app's registry (the global one would refuse a second app in one
      // process); the scrape is served on the metrics listener, not here.
      endpoint: null,
      defaultMetrics: { enabled: false },
      routeMetrics: {
        enabled: { histogram: true, summary: false },
        registeredRoutesOnly: true,
        // The plugin creates its summary even when disabled: registered nowhere, it is never a duplicate.
        overrides: { histogram: { name: 'cqks_http_request_duration_seconds', registers: [metrics.registry] }, summary: { registers: [] } },
      },
    });
    app.addHook('onRequest', async (_request, reply) => {
      metrics.httpInFlight.inc();
      // 'close' comes once per response, also when the client goes away first.
      reply.raw.once('close', () => metrics.httpInFlight.dec());
    });
    app.addHook('onResponse', async (request, reply) => {
      const reason = rejectionReason(request, reply);
      if (reason) metrics.httpRejections.inc({ status: String(reply.statusCode), reason });
      if (reply.getHeader('idempotent-replayed') === 'true') metrics.idempotentReplays.inc();
    });
  },
  { name: 'http-metrics' },
);
