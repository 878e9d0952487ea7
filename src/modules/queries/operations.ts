import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { ProblemSchema } from '../../platform/schemas.js';
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

/** The OpenAPI description of the queries routes, operation by operation, beside the schemas they name (routes.ts wires them). */

const tags = ['Query curation'];
/** What a change of a query's status answers. */
const transition = { 200: QuerySchema, 404: ProblemSchema, 409: ProblemSchema, 422: ProblemSchema };

export const getQueryStatsOperation = {
  operationId: 'getQueryStats',
  tags,
  summary: 'Count of queries by status',
  description:
    'Counts of pending, approved, rejected and declined queries (kept up to date as queries change, never counted ' +
    'row by row), and how many templates were reused in the last 24 hours.',
  response: { 200: QueryStatsSchema },
} satisfies FastifySchema;

export const listPendingQueriesOperation = {
  operationId: 'listPendingQueries',
  tags,
  summary: 'Queries awaiting approval, with similarity context',
  description:
    'Pending queries in arrival order (oldest first), each with up to 5 most similar approved templates and other ' +
    'pending queries (same fingerprint, similar question, similar Cypher) and a verdict. Keyset pagination: ' +
    'queries that arrive while you page appear at the end, never twice.',
  querystring: PendingListQuerySchema,
  response: { 200: PendingPageSchema },
} satisfies FastifySchema;

export const listTemplatesOperation = {
  operationId: 'listTemplates',
  tags,
  summary: 'Approved templates with reuse counters',
  description: 'Templates with their parameters and reuse counters, ordered by `sort` (descending, ties by id).',
  querystring: TemplateListQuerySchema,
  response: { 200: QueryPageSchema },
} satisfies FastifySchema;

export const testCypherOperation = {
  operationId: 'testCypher',
  tags,
  summary: 'Run a read-only query for testing',
  description:
    'Runs the Cypher through the three read-only layers with `GRAPH_QUERY_TIMEOUT_MS` and `GRAPH_QUERY_MAX_ROWS`. ' +
    'Changes nothing. 422 when the query is not read-only, does not parse, fails, or exceeds the time limit.',
  body: TestCypherRequestSchema,
  response: { 200: TestCypherResponseSchema, 422: ProblemSchema, 503: ProblemSchema },
} satisfies FastifySchema;

export const approveQueryOperation = {
  operationId: 'approveQuery',
  tags,
  summary: 'Approve a pending query: it becomes a template',
  description:
    'Only a pending query can be approved (409 otherwise, with `current_status`). Its Cypher must parse and plan ' +
    'read-only on the graph (422 otherwise); its literal values become named parameters; 409 with `template_id` ' +
    'when a template of the same shape exists.',
  params: QueryIdParamsSchema,
  response: transition,
} satisfies FastifySchema;

export const rejectQueryOperation = {
  operationId: 'rejectQuery',
  tags,
  summary: 'Reject a pending query, with a reason',
  params: QueryIdParamsSchema,
  body: RejectRequestSchema,
  response: transition,
} satisfies FastifySchema;

export const amendQueryOperation = {
  operationId: 'amendQuery',
  tags,
  summary: 'Amend and approve a query in one step',
  description:
    'Replaces the Cypher (and optionally the question and the parameter names) and approves the query as a template. ' +
    'Allowed from pending, rejected, declined and approved; the previous text is kept in `revisions`.',
  params: QueryIdParamsSchema,
  body: AmendRequestSchema,
  response: transition,
} satisfies FastifySchema;

export const deleteQueryOperation = {
  operationId: 'deleteQuery',
  tags,
  summary: 'Delete a query (in any status)',
  params: QueryIdParamsSchema,
  response: { 204: z.null().describe('Deleted.'), 404: ProblemSchema },
} satisfies FastifySchema;
