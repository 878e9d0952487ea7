import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getQueryStatsOperation,
  listPendingQueriesOperation,
  listTemplatesOperation,
  testCypherOperation,
  approveQueryOperation,
  rejectQueryOperation,
  amendQueryOperation,
  deleteQueryOperation,
} from './operations.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import type { QueryParams } from '../../stores/graph/port.js';
import type { QueryService } from './service.js';

/** Query curation: curators (and admins) only. */
const curators = { roles: ['curator' as const] };
const base = '/api/v1/aim/queries';

export const queryRoutes: FastifyPluginAsyncZod<{ service: QueryService }> = async (app, { service }) => {
  app.get(
    `${base}/stats`,
    { config: curators, schema: getQueryStatsOperation },
    async () => service.stats(),
  );

  app.get(
    `${base}/pending`,
    { config: curators, schema: listPendingQueriesOperation },
    async (request) => service.listPending(request.query),
  );

  app.get(
    `${base}/approved`,
    { config: curators, schema: listTemplatesOperation },
    async (request) => service.listTemplates(request.query),
  );

  app.post(
    `${base}/test-cypher`,
    { config: curators, schema: testCypherOperation },
    async (request) => service.testCypher(request.body.cypher, (request.body.parameters ?? {}) as QueryParams),
  );


  app.post(
    `${base}/:id/approve`,
    { config: { ...curators, idempotent: true }, schema: approveQueryOperation },
    async (request) => service.approve(request.params.id, requirePrincipal(request).sub),
  );

  app.post(
    `${base}/:id/reject`,
    { config: { ...curators, idempotent: true }, schema: rejectQueryOperation },
    async (request) => service.reject(request.params.id, requirePrincipal(request).sub, request.body.reason),
  );

  app.post(
    `${base}/:id/amend`,
    { config: curators, schema: amendQueryOperation },
    async (request) => service.amend(request.params.id, requirePrincipal(request).sub, request.body),
  );

  app.delete(
    `${base}/:id`,
    { config: curators, schema: deleteQueryOperation },
    async (request, reply) => {
      await service.remove(request.params.id);
      // The query and its history are gone; the log keeps who deleted it.
      request.log.info({ query_id: request.params.id, actor: requirePrincipal(request).sub }, 'query deleted');
      return reply.code(204).send(null);
    },
  );
};
