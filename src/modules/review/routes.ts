import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPendingReviewsOperation, approveReviewOperation, rejectReviewOperation, listReviewDecisionsOperation, listSessionMemoriesOperation } from './operations.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import type { ReviewService } from './service.js';

const reviewers = { roles: ['reviewer' as const] };

export const reviewRoutes: FastifyPluginAsyncZod<{ service: ReviewService }> = async (app, { service }) => {
  app.get(
    '/api/v1/review/:session_id/pending',
    {
      config: reviewers,
      schema: listPendingReviewsOperation,
    },
    async (request) => service.pending(request.params.session_id, request.query),
  );

  app.post(
    '/api/v1/review/:session_id/approve',
    {
      config: { ...reviewers, idempotent: true },
      schema: approveReviewOperation,
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
      schema: rejectReviewOperation,
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
      schema: listReviewDecisionsOperation,
    },
    async (request) => service.history(request.query),
  );

  app.get(
    '/api/v1/review/:session_id/memories',
    {
      config: { roles: ['user' as const] },
      schema: listSessionMemoriesOperation,
    },
    async (request) => service.memories(requirePrincipal(request), request.params.session_id, request.query),
  );
};
