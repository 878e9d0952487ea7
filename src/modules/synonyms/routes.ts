import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import { PageQuerySchema, ProblemSchema } from '../../platform/schemas.js';
import { CreateSynonymRequestSchema, SynonymIdParamsSchema, SynonymPageSchema, SynonymSchema } from './schemas.js';
import type { SynonymService } from './service.js';

/** Deployment synonyms: curators (and admins) only. */
const curators = { roles: ['curator' as const] };
const tags = ['Query curation'];
const base = '/api/v1/aim/synonyms';

export const synonymRoutes: FastifyPluginAsyncZod<{ service: SynonymService }> = async (app, { service }) => {
  app.get(
    base,
    {
      config: curators,
      schema: {
        operationId: 'listSynonyms',
        tags,
        summary: 'Deployment synonyms',
        description: 'The words this deployment’s users say for the graph’s labels, relationship types and property keys, oldest first.',
        querystring: PageQuerySchema,
        response: { 200: SynonymPageSchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    base,
    {
      config: curators,
      schema: {
        operationId: 'createSynonym',
        tags,
        summary: 'Add a synonym',
        description:
          'A word a question may use for a name of the graph ("vessel" for `Ship`, "employs" for `WORKS_AT`). The planner and ' +
          'the template matcher read it from the next question on, in every process. 422 when the graph has no such name; ' +
          '409 for one that exists or past `SYNONYMS_MAX`.',
        body: CreateSynonymRequestSchema,
        response: { 201: SynonymSchema, 409: ProblemSchema, 422: ProblemSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.add(requirePrincipal(request), request.body)),
  );

  app.delete(
    `${base}/:synonym_id`,
    {
      config: curators,
      schema: {
        operationId: 'deleteSynonym',
        tags,
        summary: 'Delete a synonym',
        description: 'The word stops standing for the name from the next question on, in every process.',
        params: SynonymIdParamsSchema,
        response: { 204: z.null().describe('Deleted.'), 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.synonym_id);
      return reply.code(204).send(null);
    },
  );
};
