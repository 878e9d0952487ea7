import type { FastifySchema } from 'fastify';
import { PageQuerySchema, ProblemSchema } from '../../platform/schemas.js';
import { ApproveReviewRequestSchema, MemoryPageSchema, RejectReviewRequestSchema, ReviewHistoryQuerySchema, ReviewItemSchema, ReviewPageSchema, ReviewSessionParamsSchema } from './schemas.js';

/** The OpenAPI description of the review routes, operation by operation, beside the schemas they name (routes.ts wires them). */

const tags = ['Review'];

export const listPendingReviewsOperation = {
  operationId: 'listPendingReviews',
  tags,
  summary: 'Pending review items of a session',
  description: 'Items waiting for a decision, oldest first. Reviewers, curators and admins, for any session.',
  params: ReviewSessionParamsSchema,
  querystring: PageQuerySchema,
  response: { 200: ReviewPageSchema, 404: ProblemSchema },
} satisfies FastifySchema;

export const approveReviewOperation = {
  operationId: 'approveReview',
  tags,
  summary: 'Approve a review item',
  description:
    'Approves the item, optionally with an edited query (which must pass validation: 422 otherwise); the waiting run ' +
    'goes on with it. An edit and a comment become memories of the session. A decided item is a 409.',
  params: ReviewSessionParamsSchema,
  body: ApproveReviewRequestSchema,
  response: { 200: ReviewItemSchema, 404: ProblemSchema, 409: ProblemSchema, 422: ProblemSchema },
} satisfies FastifySchema;

export const rejectReviewOperation = {
  operationId: 'rejectReview',
  tags,
  summary: 'Reject a review item',
  description: 'Rejects the item with a reason: its query is recorded as declined and the user is told why. A decided item is a 409.',
  params: ReviewSessionParamsSchema,
  body: RejectReviewRequestSchema,
  response: { 200: ReviewItemSchema, 404: ProblemSchema, 409: ProblemSchema },
} satisfies FastifySchema;

export const listReviewDecisionsOperation = {
  operationId: 'listReviewDecisions',
  tags,
  summary: 'Review decisions',
  description: 'Every decision, newest first, filterable by session, reviewer, decision and time.',
  querystring: ReviewHistoryQuerySchema,
  response: { 200: ReviewPageSchema },
} satisfies FastifySchema;

export const listSessionMemoriesOperation = {
  operationId: 'listSessionMemories',
  tags,
  summary: 'What a session remembers',
  description:
    'Disambiguation choices, reviewers’ corrections and comments, and the things last talked about, newest first, ' +
    'each with where it came from. Reviewers see any session’s; a user sees their own (404 otherwise).',
  params: ReviewSessionParamsSchema,
  querystring: PageQuerySchema,
  response: { 200: MemoryPageSchema, 404: ProblemSchema },
} satisfies FastifySchema;
