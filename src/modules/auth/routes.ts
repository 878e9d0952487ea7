import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAuthConfigOperation } from './operations.js';
import type { Authenticator } from '../../platform/auth/verifier.js';

export const authRoutes: FastifyPluginAsyncZod<{ authenticator: Authenticator }> = async (app, { authenticator }) => {
  app.get(
    '/auth/config',
    {
      config: { public: true, rateLimit: false },
      schema: getAuthConfigOperation,
    },
    async () => authenticator.describe(),
  );
};
