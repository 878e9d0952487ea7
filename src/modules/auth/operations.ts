import type { FastifySchema } from 'fastify';
import { AuthConfigSchema } from '../../platform/auth/schemas.js';

/** The OpenAPI description of the auth routes, operation by operation, beside the schemas they name (routes.ts wires them). */

export const getAuthConfigOperation = {
  operationId: 'getAuthConfig',
  tags: ['Auth'],
  summary: 'OAuth bootstrap configuration',
  description:
    'What a frontend or Swagger UI needs to start an OAuth2 authorization-code login with PKCE ' +
    '(issuer, endpoints from discovery, client id, scopes, audience), or, in development mode, how to get a token.',
  response: { 200: AuthConfigSchema },
} satisfies FastifySchema;
