import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { PageQuerySchema, ProblemSchema } from '../../platform/schemas.js';
import { CreateSynonymRequestSchema, SynonymIdParamsSchema, SynonymPageSchema, SynonymSchema } from './schemas.js';

/** The OpenAPI description of the synonyms routes, operation by operation, beside the schemas they name (routes.ts wires them). */

const tags = ['Query curation'];

export const listSynonymsOperation = {
  operationId: 'listSynonyms',
  tags,
  summary: 'Deployment synonyms',
  description: 'The words this deployment’s users say for the graph’s labels, relationship types and property keys, oldest first.',
  querystring: PageQuerySchema,
  response: { 200: SynonymPageSchema },
} satisfies FastifySchema;

export const createSynonymOperation = {
  operationId: 'createSynonym',
  tags,
  summary: 'Add a synonym',
  description:
    'A word a question may use for a name of the graph ("vessel" for `Ship`, "employs" for `WORKS_AT`). The planner and ' +
    'the template matcher read it from the next question on, in every process. 422 when the graph has no such name; ' +
    '409 for one that exists or past `SYNONYMS_MAX`.',
  body: CreateSynonymRequestSchema,
  response: { 201: SynonymSchema, 409: ProblemSchema, 422: ProblemSchema },
} satisfies FastifySchema;

export const deleteSynonymOperation = {
  operationId: 'deleteSynonym',
  tags,
  summary: 'Delete a synonym',
  description: 'The word stops standing for the name from the next question on, in every process.',
  params: SynonymIdParamsSchema,
  response: { 204: z.null().describe('Deleted.'), 404: ProblemSchema },
} satisfies FastifySchema;
