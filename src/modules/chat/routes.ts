import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import { badRequest } from '../../platform/problem.js';
import { rateLimitPresets } from '../../platform/rate-limit.js';
import { ProblemSchema } from '../../platform/schemas.js';
import {
  CreateSessionRequestSchema,
  SessionHistoryQuerySchema,
  SessionIdParamsSchema,
  SessionPageSchema,
  SessionSchema,
  SessionStatusSchema,
} from './schemas.js';
import type { SessionService } from './service.js';

const tags = ['Chat'];
const users = { roles: ['user' as const] };

export const chatSessionRoutes: FastifyPluginAsyncZod<{ service: SessionService; limits: Config['limits'] }> = async (
  app,
  { service, limits },
) => {
  app.post(
    '/api/v1/chat',
    {
      config: { ...users, rateLimit: rateLimitPresets(limits).chatCreate, idempotent: true },
      schema: {
        operationId: 'createChatSession',
        tags,
        summary: 'Create a chat session',
        description: `Creates a session owned by the caller. Rate limited per subject (RATE_LIMIT_CHAT_CREATE_PER_MINUTE, default 60 per minute).`,
        body: CreateSessionRequestSchema.nullish(),
        response: { 201: SessionSchema },
      },
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
      schema: {
        operationId: 'listChatSessions',
        tags,
        summary: 'List chat sessions',
        description:
          'The caller’s sessions, most recently active first (admins: everyone’s, or one `owner`’s), with title, state, ' +
          'message count and last activity.',
        querystring: SessionHistoryQuerySchema,
        response: { 200: SessionPageSchema },
      },
    },
    async (request) => service.history(requirePrincipal(request), request.query),
  );

  app.get(
    '/api/v1/chat/:session_id/status',
    {
      config: users,
      schema: {
        operationId: 'getChatSessionStatus',
        tags,
        summary: 'Session status',
        description: 'The session’s state, its current run and what it waits for. Someone else’s session is a 404.',
        params: SessionIdParamsSchema,
        response: { 200: SessionStatusSchema, 404: ProblemSchema },
      },
    },
    async (request) => service.status(requirePrincipal(request), request.params.session_id),
  );
};
