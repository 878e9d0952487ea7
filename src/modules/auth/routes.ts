import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthConfigSchema } from '../../platform/auth/schemas.js';
import type { Authenticator } from '../../platform/auth/verifier.js';

export const authRoutes: FastifyPluginAsyncZod<{ authenticator: Authenticator }> = async (app, { authenticator }) => {
  app.get(
    '/auth/config',
    {
      config: { public: true, rateLimit: false },
      schema: {
        operationId: 'getAuthConfig',
        tags: ['Auth'],
        summary: 'OAuth bootstrap configuration',
        description:
          'What a frontend or Swagger UI needs to start an OAuth2 authorization-code login with PKCE ' +
          '(issuer, endpoints from discovery, client id, scopes, audience), or, in development mode, how to get a token.',
        response: { 200: AuthConfigSchema },
      },
    },
    async () => authenticator.describe(),
  );
};
