import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { addressLimitPlugin } from '../platform/address-limit.js';
import { authPlugin } from '../platform/auth/plugin.js';
import type { Authenticator } from '../platform/auth/verifier.js';
import { errorsPlugin } from '../platform/errors.js';
import { idempotencyPlugin } from '../platform/idempotency/plugin.js';
import { inputHygienePlugin } from '../platform/input-hygiene.js';
import { httpMetricsPlugin } from '../platform/metrics/http.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import { openApiPlugin } from '../platform/openapi.js';
import type { OAuthFlowSettings } from '../platform/openapi.js';
import { rateLimitPlugin } from '../platform/rate-limit.js';
import { shutdownPlugin } from '../platform/shutdown.js';
import { IdempotencyStore } from '../stores/relational/idempotency-store.js';
import { version } from '../version.js';
import type { AppDependencies } from './dependencies.js';
import type { Server } from './server.js';

/** The OAuth2 login Swagger UI offers. The provider being down at start costs only that login. */
async function oauthSettings(
  config: Config,
  authenticator: Authenticator,
  log: FastifyBaseLogger,
): Promise<OAuthFlowSettings | undefined> {
  if (!config.auth.issuer) return undefined;
  const described = await authenticator.describe().catch((error: unknown) => {
    log.warn({ err: error }, 'identity provider discovery failed; /docs offers bearer tokens only');
    return undefined;
  });
  if (!described) return undefined;
  if (described.mode !== 'oidc' || !described.authorization_endpoint || !described.token_endpoint) return undefined;
  return {
    authorizationUrl: described.authorization_endpoint,
    tokenUrl: described.token_endpoint,
    clientId: config.auth.clientId,
    scopes: config.auth.scopes,
  };
}

/**
 * What every route runs under, in the order a request meets it: the shutdown gate, the HTTP
 * metrics, the one error shape, input hygiene, the unauthenticated address limit, auth, rate
 * limits, idempotency keys; and the OpenAPI document with Swagger UI and ReDoc.
 */
export async function registerPlatform(app: Server, { config, deps, metrics }: { config: Config; deps: AppDependencies; metrics: Metrics }): Promise<void> {
  const { limits } = config;
  await app.register(shutdownPlugin);
  await app.register(httpMetricsPlugin, { metrics });
  await app.register(errorsPlugin);
  await app.register(inputHygienePlugin, { maxDepth: limits.requestMaxDepth });
  await app.register(addressLimitPlugin, { perMinute: limits.rateUnauthenticatedPerMinute, redis: deps.redis, keyPrefix: config.redis.keyPrefix });
  await app.register(authPlugin, { authenticator: deps.authenticator });
  await app.register(rateLimitPlugin, { limits, redis: deps.redis, keyPrefix: config.redis.keyPrefix });
  await app.register(idempotencyPlugin, {
    store: new IdempotencyStore({ db: deps.relational }),
    settings: { keyTtlSeconds: limits.idempotencyKeyTtlSeconds, inProgressMs: limits.idempotencyInProgressMs, responseMaxBytes: limits.idempotencyResponseMaxBytes },
  });
  await app.register(openApiPlugin, {
    version,
    oauth: await oauthSettings(config, deps.authenticator, app.log),
    authMode: config.auth.issuer ? 'oidc' : 'development',
  });
}
