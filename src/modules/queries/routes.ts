import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import { ProblemSchema } from '../../platform/schemas.js';
import type { QueryParams } from '../../stores/graph/port.js';
import {
  AmendRequestSchema,
  PendingListQuerySchema,
  PendingPageSchema,
  QueryIdParamsSchema,
  QueryPageSchema,
  QuerySchema,
  QueryStatsSchema,
  RejectRequestSchema,
  TemplateListQuerySchema,
  TestCypherRequestSchema,
  TestCypherResponseSchema,
} from './schemas.js';
import type { QueryService } from './service.js';

/** Query curation: curators (and admins) only. */
const curators = { roles: ['curator' as const] };
const tags = ['Query curation'];
const base = '/api/v1/aim/queries';

export const queryRoutes: FastifyPluginAsyncZod<{ service: QueryService }> = async (app, { service }) => {
  app.get(
    `${base}/stats`,
    {
      config: curators,
      schema: {
        operationId: 'getQueryStats',
        tags,
        summary: 'Count of queries by status',
        description:
          'Counts of pending, approved, rejected and declined queries (kept up to date as queries change, never counted ' +
          'row by row), and how many templates were reused in the last 24 hours.',
        response: { 200: QueryStatsSchema },
      },
    },
    async () => service.stats(),
  );

  app.get(
    `${base}/pending`,
    {
      config: curators,
      schema: {
        operationId: 'listPendingQueries',
        tags,
        summary: 'Queries awaiting approval, with similarity context',
        description:
          'Pending queries in arrival order (oldest first), each with up to 5 most similar approved templates and other ' +
          'pending queries (same fingerprint, similar question, similar Cypher) and a verdict. Keyset pagination: ' +
          'queries that arrive while you page appear at the end, never twice.',
        querystring: PendingListQuerySchema,
        response: { 200: PendingPageSchema },
      },
    },
    async (request) => service.listPending(request.query),
  );

  app.get(
    `${base}/approved`,
    {
      config: curators,
      schema: {
        operationId: 'listTemplates',
        tags,
        summary: 'Approved templates with reuse counters',
        description: 'Templates with their parameters and reuse counters, ordered by `sort` (descending, ties by id).',
        querystring: TemplateListQuerySchema,
        response: { 200: QueryPageSchema },
      },
    },
    async (request) => service.listTemplates(request.query),
  );

  app.post(
    `${base}/test-cypher`,
    {
      config: curators,
      schema: {
        operationId: 'testCypher',
        tags,
        summary: 'Run a read-only query for testing',
        description:
          'Runs the Cypher through the three read-only layers with `GRAPH_QUERY_TIMEOUT_MS` and `GRAPH_QUERY_MAX_ROWS`. ' +
          'Changes nothing. 422 when the query is not read-only, does not parse, fails, or exceeds the time limit.',
        body: TestCypherRequestSchema,
        response: { 200: TestCypherResponseSchema, 422: ProblemSchema, 503: ProblemSchema },
      },
    },
    async (request) => service.testCypher(request.body.cypher, (request.body.parameters ?? {}) as QueryParams),
  );

  const transition = { 200: QuerySchema, 404: ProblemSchema, 409: ProblemSchema, 422: ProblemSchema };

  app.post(
    `${base}/:id/approve`,
    {
      config: { ...curators, idempotent: true },
      schema: {
        operationId: 'approveQuery',
        tags,
        summary: 'Approve a pending query: it becomes a template',
        description:
          'Only a pending query can be approved (409 otherwise, with `current_status`). Its Cypher must parse and plan ' +
          'read-only on the graph (422 otherwise); its literal values become named parameters; 409 with `template_id` ' +
          'when a template of the same shape exists.',
        params: QueryIdParamsSchema,
        response: transition,
      },
    },
    async (request) => service.approve(request.params.id, requirePrincipal(request).sub),
  );

  app.post(
    `${base}/:id/reject`,
    {
      config: { ...curators, idempotent: true },
      schema: {
        operationId: 'rejectQuery',
        tags,
        summary: 'Reject a pending query, with a reason',
        params: QueryIdParamsSchema,
        body: RejectRequestSchema,
        response: transition,
      },
    },
    async (request) => service.reject(request.params.id, requirePrincipal(request).sub, request.body.reason),
  );

  app.post(
    `${base}/:id/amend`,
    {
      config: curators,
      schema: {
        operationId: 'amendQuery',
        tags,
        summary: 'Amend and approve a query in one step',
        description:
          'Replaces the Cypher (and optionally the question and the parameter names) and approves the query as a template. ' +
          'Allowed from pending, rejected, declined and approved; the previous text is kept in `revisions`.',
        params: QueryIdParamsSchema,
        body: AmendRequestSchema,
        response: transition,
      },
    },
    async (request) => service.amend(request.params.id, requirePrincipal(request).sub, request.body),
  );

  app.delete(
    `${base}/:id`,
    {
      config: curators,
      schema: {
        operationId: 'deleteQuery',
        tags,
        summary: 'Delete a query (in any status)',
        params: QueryIdParamsSchema,
        response: { 204: z.null().describe('Deleted.'), 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      // The query and its history are gone; the log keeps who deleted it.
      request.log.info({ query_id: request.params.id, actor: requirePrincipal(request).sub }, 'query deleted');
      return reply.code(204).send(null);
    },
  );
};
