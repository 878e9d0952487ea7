import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSynonymsOperation, createSynonymOperation, deleteSynonymOperation } from './operations.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import type { SynonymService } from './service.js';

/** Deployment synonyms: curators (and admins) only. */
const curators = { roles: ['curator' as const] };
const base = '/api/v1/aim/synonyms';

export const synonymRoutes: FastifyPluginAsyncZod<{ service: SynonymService }> = async (app, { service }) => {
  app.get(
    base,
    {
      config: curators,
      schema: listSynonymsOperation,
    },
    async (request) => service.list(request.query),
  );

  app.post(
    base,
    {
      config: curators,
      schema: createSynonymOperation,
    },
    async (request, reply) => reply.code(201).send(await service.add(requirePrincipal(request), request.body)),
  );

  app.delete(
    `${base}/:synonym_id`,
    {
      config: curators,
      schema: deleteSynonymOperation,
    },
    async (request, reply) => {
      await service.remove(request.params.synonym_id);
      return reply.code(204).send(null);
    },
  );
};
