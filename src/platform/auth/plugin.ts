import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ProblemError, forbidden } from '../problem.js';
import { hasAnyRole, hasRole, isRole, type Principal, type Role } from './roles.js';
import type { Authenticator } from './verifier.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; `null` on public routes (and before the auth hook ran). */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** No token needed on this route. */
    public?: boolean;
    /** The caller needs at least one of these roles (each implies the lower ones); else 403. */
    roles?: Role[];
  }
}

export interface AuthPluginOptions {
  authenticator: Authenticator;
  /**
   * Routes whose registered URL pattern equals one of these prefixes or lies below it need no
   * token. Default `['/docs']` (Swagger UI and its static assets). The check uses the matched
   * route's pattern (`request.routeOptions.url`), never the raw request URL, so `/docs/../x`
   * tricks cannot reach a protected route, and unknown URLs under a prefix still need a token.
   */
  publicPathPrefixes?: string[];
  /** Further requests that need no token (for example CORS preflight), decided per request. */
  isPublicRequest?: (request: FastifyRequest) => boolean;
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** A 401 for a request without credentials: RFC 6750 §3.1 says no error code then. */
const missingToken = () =>
  new ProblemError({
    status: 401,
    slug: 'unauthorized',
    title: 'Unauthorized',
    detail: 'This endpoint needs an `Authorization: Bearer <token>` header.',
    headers: { 'www-authenticate': 'Bearer' },
  });

const malformedHeader = () =>
  new ProblemError({
    status: 401,
    slug: 'unauthorized',
    title: 'Unauthorized',
    detail: 'The Authorization header must be `Bearer <token>`.',
    headers: { 'www-authenticate': 'Bearer error="invalid_request", error_description="malformed Authorization header"' },
  });

/** The bearer token of a request; throws a 401 ProblemError when absent or malformed. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') throw missingToken();
  const match = BEARER.exec(header);
  if (!match?.[1]) throw malformedHeader();
  return match[1];
}

const describeRoles = (roles: readonly Role[]) => roles.map((r) => `'${r}'`).join(' or ');

/** The authenticated caller, or a 401 when the request has none (e.g. on a public route). */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw missingToken();
  return request.principal;
}

/**
 * For services that decide per resource: returns the principal when it holds `role` (or a role
 * above it); throws 401 without a principal and 403 without the role.
 */
export function requireRole(request: FastifyRequest, role: Role): Principal {
  const principal = requirePrincipal(request);
  if (!hasRole(principal, role)) throw forbidden(`This action needs the '${role}' role.`);
  return principal;
}

function isPublicRoute(request: FastifyRequest, prefixes: readonly string[]): boolean {
  const config = request.routeOptions.config as { public?: unknown } | undefined;
  if (config?.public === true) return true;
  if (request.is404) return false;
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return false;
  return prefixes.some((prefix) => pattern === prefix || pattern.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
}

/**
 * Verifies `Authorization: Bearer <jwt>` on every request — routes, HEAD/OPTIONS and the
 * not-found handler alike — except public routes (`config: { public: true }`, a path under
 * `publicPathPrefixes`, or `isPublicRequest`). Sets `request.principal` and enforces
 * `config.roles` (403 when none of them is held).
 *
 * Register it before the routes and before `setNotFoundHandler`, at the root (it is wrapped
 * with fastify-plugin, so its hook applies to the whole application).
 */
async function authPluginImpl(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  const { authenticator } = options;
  if (!authenticator || typeof authenticator.verify !== 'function') {
    throw new Error('authPlugin needs an `authenticator` (see createAuthenticator)');
  }
  const prefixes = (options.publicPathPrefixes ?? ['/docs']).map((p) => (p.length > 1 ? p.replace(/\/+$/, '') : p));
  const isPublicRequest = options.isPublicRequest;

  app.decorateRequest('principal', null);

  // Role names in route configs are checked when routes are added, not when first called.
  app.addHook('onRoute', (route) => {
    const roles = (route.config as { roles?: unknown } | undefined)?.roles;
    if (roles === undefined) return;
    if (!Array.isArray(roles) || !roles.every(isRole)) {
      throw new Error(`Route ${route.method} ${route.url}: config.roles must be an array of ${describeRoles(['user', 'reviewer', 'curator', 'admin'])}`);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (isPublicRoute(request, prefixes) || isPublicRequest?.(request) === true) return;
    const principal = await authenticator.verify(bearerToken(request));
    request.principal = principal;
    const roles = (request.routeOptions.config as { roles?: Role[] } | undefined)?.roles;
    if (roles && roles.length > 0 && !hasAnyRole(principal, roles)) {
      throw forbidden(`This endpoint needs the ${describeRoles(roles)} role.`);
    }
  });
}

export const authPlugin = fp(authPluginImpl, { name: 'cqks-auth', fastify: '5.x' });
