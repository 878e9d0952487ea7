import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import { PageQuerySchema, ProblemSchema } from '../../platform/schemas.js';
import {
  ApproveReviewRequestSchema,
  MemoryPageSchema,
  RejectReviewRequestSchema,
  ReviewHistoryQuerySchema,
  ReviewItemSchema,
  ReviewPageSchema,
  ReviewSessionParamsSchema,
} from './schemas.js';
import type { ReviewService } from './service.js';

const tags = ['Review'];
const reviewers = { roles: ['reviewer' as const] };

export const reviewRoutes: FastifyPluginAsyncZod<{ service: ReviewService }> = async (app, { service }) => {
  app.get(
    '/api/v1/review/:session_id/pending',
    {
      config: reviewers,
      schema: {
        operationId: 'listPendingReviews',
        tags,
        summary: 'Pending review items of a session',
        description: 'Items waiting for a decision, oldest first. Reviewers, curators and admins, for any session.',
        params: ReviewSessionParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: ReviewPageSchema, 404: ProblemSchema },
      },
    },
    async (request) => service.pending(request.params.session_id, request.query),
  );

  app.post(
    '/api/v1/review/:session_id/approve',
    {
      config: { ...reviewers, idempotent: true },
      schema: {
        operationId: 'approveReview',
        tags,
        summary: 'Approve a review item',
        description:
          'Approves the item, optionally with an edited query (which must pass validation: 422 otherwise); the waiting run ' +
          'goes on with it. An edit and a comment become memories of the session. A decided item is a 409.',
        params: ReviewSessionParamsSchema,
        body: ApproveReviewRequestSchema,
        response: { 200: ReviewItemSchema, 404: ProblemSchema, 409: ProblemSchema, 422: ProblemSchema },
      },
    },
    async (request) =>
      service.decide(
        requirePrincipal(request),
        request.params.session_id,
        request.body.review_id,
        { status: 'approved', cypher: request.body.cypher, comment: request.body.comment },
        'reviewer',
      ),
  );

  app.post(
    '/api/v1/review/:session_id/reject',
    {
      config: { ...reviewers, idempotent: true },
      schema: {
        operationId: 'rejectReview',
        tags,
        summary: 'Reject a review item',
        description: 'Rejects the item with a reason: its query is recorded as declined and the user is told why. A decided item is a 409.',
        params: ReviewSessionParamsSchema,
        body: RejectReviewRequestSchema,
        response: { 200: ReviewItemSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request) =>
      service.decide(
        requirePrincipal(request),
        request.params.session_id,
        request.body.review_id,
        { status: 'rejected', comment: request.body.reason },
        'reviewer',
      ),
  );

  app.get(
    '/api/v1/review/history',
    {
      config: reviewers,
      schema: {
        operationId: 'listReviewDecisions',
        tags,
        summary: 'Review decisions',
        description: 'Every decision, newest first, filterable by session, reviewer, decision and time.',
        querystring: ReviewHistoryQuerySchema,
        response: { 200: ReviewPageSchema },
      },
    },
    async (request) => service.history(request.query),
  );

  app.get(
    '/api/v1/review/:session_id/memories',
    {
      config: { roles: ['user' as const] },
      schema: {
        operationId: 'listSessionMemories',
        tags,
        summary: 'What a session remembers',
        description:
          'Disambiguation choices, reviewers’ corrections and comments, and the things last talked about, newest first, ' +
          'each with where it came from. Reviewers see any session’s; a user sees their own (404 otherwise).',
        params: ReviewSessionParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: MemoryPageSchema, 404: ProblemSchema },
      },
    },
    async (request) => service.memories(requirePrincipal(request), request.params.session_id, request.query),
  );
};
