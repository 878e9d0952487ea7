import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import { rateLimitPresets } from '../../platform/rate-limit.js';
import { ProblemSchema } from '../../platform/schemas.js';
import { SessionIdParamsSchema } from '../chat/schemas.js';
import { ReviewItemSchema } from '../review/schemas.js';
import { RunSchema } from '../runs/schemas.js';
import type { FeedbackService } from './feedback.js';
import {
  AnswerMessageParamsSchema,
  DisambiguateRequestSchema,
  FeedbackRequestSchema,
  FeedbackSchema,
  MessageHistoryQuerySchema,
  MessagePageSchema,
  OwnerReviewRequestSchema,
  SendMessageRequestSchema,
  SendMessageResponseSchema,
} from './schemas.js';
import type { ConversationService, SeenRun } from './service.js';

const tags = ['Chat'];
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
      schema: {
        operationId: 'sendChatMessage',
        tags,
        summary: 'Send a message',
        description:
          'Stores the message and starts a run of the `ask` workflow in the session; answers at once. Follow the answer on ' +
          'the session’s stream (`answer_ready`) or its history. One message at a time: until the previous one’s run has ' +
          'finished (`run_completed` or `run_failed`, which follow `answer_ready` closely), or while it waits for a ' +
          'review, a new one is a 409 naming the run. A run waiting for the owner to choose what a name meant does not ' +
          'hold the session: a message picking one of its options ("2", "the second one", an option’s label, "none of these") ' +
          'answers it (the response names the resumed run and the message it answers); any other message cancels it ' +
          '(`run_cancelled`) and is answered. Rate limited per ' +
          'subject (RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE, default 30 per minute).',
        params: SessionIdParamsSchema,
        body: SendMessageRequestSchema,
        response: { 202: SendMessageResponseSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
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
      schema: {
        operationId: 'getChatHistory',
        tags,
        summary: 'The messages of a session',
        description:
          'Messages in order, each with its role, content and time; answers also carry the query, whether a template was ' +
          'used, the rows (at most CHAT_ANSWER_MAX_ROWS), the files and the run.',
        params: SessionIdParamsSchema,
        querystring: MessageHistoryQuerySchema,
        response: { 200: MessagePageSchema, 404: ProblemSchema },
      },
    },
    async (request) => service.history(requirePrincipal(request), request.params.session_id, request.query),
  );

  app.post(
    '/api/v1/chat/:session_id/disambiguate',
    {
      config: users,
      schema: {
        operationId: 'disambiguateChat',
        tags,
        summary: 'Choose what a name meant',
        description:
          'Answers the session’s open disambiguation with one of its options; the run goes on, and the session remembers ' +
          'the choice for later turns. 409 when the session is not waiting for one; 400 for a choice that is not an option.',
        params: SessionIdParamsSchema,
        body: DisambiguateRequestSchema,
        response: { 200: RunSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request) => service.disambiguate(requirePrincipal(request), request.params.session_id, request.body.choice),
  );

  app.post(
    '/api/v1/chat/:session_id/review',
    {
      config: { ...users, idempotent: true },
      schema: {
        operationId: 'reviewChat',
        tags,
        summary: 'Decide a review as the session’s owner',
        description:
          'The owner’s answer to a review item of the session, with the same effect as a reviewer’s approve or reject, for ' +
          'items the review policy lets the owner decide (REVIEW_OWNER_DECIDES; 403 otherwise). An edited query must pass ' +
          'validation (422). A decided item is a 409.',
        params: SessionIdParamsSchema,
        body: OwnerReviewRequestSchema,
        response: { 200: ReviewItemSchema, 404: ProblemSchema, 409: ProblemSchema, 422: ProblemSchema },
      },
    },
    async (request) => service.review(requirePrincipal(request), request.params.session_id, request.body),
  );

  app.post(
    '/api/v1/chat/:session_id/messages/:message_id/feedback',
    {
      config: users,
      schema: {
        operationId: 'giveAnswerFeedback',
        tags,
        summary: 'Say whether an answer was right',
        description:
          'The session’s owner marks an answer right or wrong (again to change their mind; the last verdict counts). A ' +
          '"wrong" puts the query behind the answer in front of curators with the question that failed: the template it ' +
          'reused (`needs_attention=true` on the approved list) or the query it queued, until a curator decides on it again.',
        params: AnswerMessageParamsSchema,
        body: FeedbackRequestSchema,
        response: { 200: FeedbackSchema, 404: ProblemSchema },
      },
    },
    async (request) => feedback.give(requirePrincipal(request), request.params.session_id, request.params.message_id, request.body),
  );
};
