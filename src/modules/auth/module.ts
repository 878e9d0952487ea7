import fp from 'fastify-plugin';
import type { Authenticator } from '../../platform/auth/verifier.js';
import { authRoutes } from './routes.js';

/** What a client needs to know to authenticate (the mode, the provider's endpoints). */
export function createAuthModule(deps: { authenticator: Authenticator }) {
  return { plugin: fp(async (app) => app.register(authRoutes, { authenticator: deps.authenticator }), { name: 'auth' }) };
}
