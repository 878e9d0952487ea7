import type { FastifySchema } from 'fastify';
import { ProblemSchema } from '../../platform/schemas.js';
import { CreateSessionRequestSchema, SessionHistoryQuerySchema, SessionIdParamsSchema, SessionPageSchema, SessionSchema, SessionStatusSchema } from './schemas.js';

/** The OpenAPI description of the chat routes, operation by operation, beside the schemas they name (routes.ts wires them). */

const tags = ['Chat'];

export const createChatSessionOperation = {
  operationId: 'createChatSession',
  tags,
  summary: 'Create a chat session',
  description: `Creates a session owned by the caller. Rate limited per subject (RATE_LIMIT_CHAT_CREATE_PER_MINUTE, default 60 per minute).`,
  body: CreateSessionRequestSchema.nullish(),
  response: { 201: SessionSchema },
} satisfies FastifySchema;

export const listChatSessionsOperation = {
  operationId: 'listChatSessions',
  tags,
  summary: 'List chat sessions',
  description:
    'The caller’s sessions, most recently active first (admins: everyone’s, or one `owner`’s), with title, state, ' +
    'message count and last activity.',
  querystring: SessionHistoryQuerySchema,
  response: { 200: SessionPageSchema },
} satisfies FastifySchema;

export const getChatSessionStatusOperation = {
  operationId: 'getChatSessionStatus',
  tags,
  summary: 'Session status',
  description: 'The session’s state, its current run and what it waits for. Someone else’s session is a 404.',
  params: SessionIdParamsSchema,
  response: { 200: SessionStatusSchema, 404: ProblemSchema },
} satisfies FastifySchema;
