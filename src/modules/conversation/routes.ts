import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendChatMessageOperation, getChatHistoryOperation, disambiguateChatOperation, reviewChatOperation, giveAnswerFeedbackOperation } from './operations.js';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import { rateLimitPresets } from '../../platform/rate-limit.js';
import { SessionIdParamsSchema } from '../chat/schemas.js';
import type { FeedbackService } from './feedback.js';
import { SendMessageRequestSchema } from './schemas.js';
import type { ConversationService, SeenRun } from './service.js';

/** The current run the busy check read for a message, handed on to `send` so it is read once. */
const seenRuns = new WeakMap<FastifyRequest, SeenRun>();
const users = { roles: ['user' as const] };

export const conversationRoutes: FastifyPluginAsyncZod<{ service: ConversationService; feedback: FeedbackService; limits: Config['limits'] }> = async (
  app,
  { service, feedback, limits },
) => {
  app.post(
    '/api/v1/chat/:session_id/message',
    {
      config: { ...users, rateLimit: rateLimitPresets(limits).chatMessage, idempotent: true },
      // Runs before the rate limit (preHandler): a message refused for a busy session does not count.
      preValidation: async (request) => {
        // A retry with an Idempotency-Key gets its first answer even when the session is busy with that message.
        if (request.headers['idempotency-key'] !== undefined) return;
        const body = SendMessageRequestSchema.safeParse(request.body);
        // An invalid path or message is left to validation, which answers 400 (a session id that is no UUID never reaches the store).
        if (!body.success || !SessionIdParamsSchema.safeParse(request.params).success) return;
        const seen = await service.refuseIfBusy(requirePrincipal(request), (request.params as { session_id: string }).session_id, body.data.content);
        if (seen) seenRuns.set(request, seen);
      },
      schema: sendChatMessageOperation,
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await service.send(requirePrincipal(request), request.params.session_id, request.body.content, {
            messageId: request.idempotency?.id('message'),
            seen: seenRuns.get(request),
          }),
        ),
  );

  app.get(
    '/api/v1/chat/:session_id/history',
    {
      config: users,
      schema: getChatHistoryOperation,
    },
    async (request) => service.history(requirePrincipal(request), request.params.session_id, request.query),
  );

  app.post(
    '/api/v1/chat/:session_id/disambiguate',
    {
      config: users,
      schema: disambiguateChatOperation,
    },
    async (request) => service.disambiguate(requirePrincipal(request), request.params.session_id, request.body.choice),
  );

  app.post(
    '/api/v1/chat/:session_id/review',
    {
      config: { ...users, idempotent: true },
      schema: reviewChatOperation,
    },
    async (request) => service.review(requirePrincipal(request), request.params.session_id, request.body),
  );

  app.post(
    '/api/v1/chat/:session_id/messages/:message_id/feedback',
    {
      config: users,
      schema: giveAnswerFeedbackOperation,
    },
    async (request) => feedback.give(requirePrincipal(request), request.params.session_id, request.params.message_id, request.body),
  );
};
