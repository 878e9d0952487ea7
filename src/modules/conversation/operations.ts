import type { FastifySchema } from 'fastify';
import { ProblemSchema } from '../../platform/schemas.js';
import { SessionIdParamsSchema } from '../chat/schemas.js';
import { ReviewItemSchema } from '../review/schemas.js';
import { RunSchema } from '../runs/schemas.js';
import { AnswerMessageParamsSchema, DisambiguateRequestSchema, FeedbackRequestSchema, FeedbackSchema, MessageHistoryQuerySchema, MessagePageSchema, OwnerReviewRequestSchema, SendMessageRequestSchema, SendMessageResponseSchema } from './schemas.js';

/** The OpenAPI description of the conversation routes, operation by operation, beside the schemas they name (routes.ts wires them). */

const tags = ['Chat'];

export const sendChatMessageOperation = {
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
} satisfies FastifySchema;

export const getChatHistoryOperation = {
  operationId: 'getChatHistory',
  tags,
  summary: 'The messages of a session',
  description:
    'Messages in order, each with its role, content and time; answers also carry the query, whether a template was ' +
    'used, the rows (at most CHAT_ANSWER_MAX_ROWS), the files and the run.',
  params: SessionIdParamsSchema,
  querystring: MessageHistoryQuerySchema,
  response: { 200: MessagePageSchema, 404: ProblemSchema },
} satisfies FastifySchema;

export const disambiguateChatOperation = {
  operationId: 'disambiguateChat',
  tags,
  summary: 'Choose what a name meant',
  description:
    'Answers the session’s open disambiguation with one of its options; the run goes on, and the session remembers ' +
    'the choice for later turns. 409 when the session is not waiting for one; 400 for a choice that is not an option.',
  params: SessionIdParamsSchema,
  body: DisambiguateRequestSchema,
  response: { 200: RunSchema, 404: ProblemSchema, 409: ProblemSchema },
} satisfies FastifySchema;

export const reviewChatOperation = {
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
} satisfies FastifySchema;

export const giveAnswerFeedbackOperation = {
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
} satisfies FastifySchema;
