import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createChatSessionOperation, listChatSessionsOperation, getChatSessionStatusOperation } from './operations.js';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import { badRequest } from '../../platform/problem.js';
import { rateLimitPresets } from '../../platform/rate-limit.js';
import type { SessionService } from './service.js';

const users = { roles: ['user' as const] };

export const chatSessionRoutes: FastifyPluginAsyncZod<{ service: SessionService; limits: Config['limits'] }> = async (
  app,
  { service, limits },
) => {
  app.post(
    '/api/v1/chat',
    {
      config: { ...users, rateLimit: rateLimitPresets(limits).chatCreate, idempotent: true },
      schema: createChatSessionOperation,
      // Metadata is kept with the session and sent back with it: bounded on its own, not only by the body limit.
      preHandler: async (request) => {
        const metadata = (request.body as { metadata?: unknown } | null | undefined)?.metadata;
        if (metadata !== undefined && Buffer.byteLength(JSON.stringify(metadata)) > limits.chatMetadataBytes) {
          throw badRequest(`The session's metadata is larger than ${limits.chatMetadataBytes} bytes (CHAT_METADATA_MAX_BYTES).`, [
            { path: 'body.metadata', message: `must be at most ${limits.chatMetadataBytes} bytes of JSON` },
          ]);
        }
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(requirePrincipal(request), request.body ?? {}, { id: request.idempotency?.id('session') })),
  );

  app.get(
    '/api/v1/chat/history',
    {
      config: users,
      schema: listChatSessionsOperation,
    },
    async (request) => service.history(requirePrincipal(request), request.query),
  );

  app.get(
    '/api/v1/chat/:session_id/status',
    {
      config: users,
      schema: getChatSessionStatusOperation,
    },
    async (request) => service.status(requirePrincipal(request), request.params.session_id),
  );
};
