import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listWorkflowsOperation, executeWorkflowOperation, listToolsOperation, listToolWorkflowsOperation } from './operations.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import type { RunService } from '../runs/service.js';
import type { RegistryService } from './service.js';

const users = { roles: ['user' as const] };

export const workflowRoutes: FastifyPluginAsyncZod<{ registry: RegistryService; runs: RunService }> = async (
  app,
  { registry, runs },
) => {
  app.get(
    '/api/v1/aim/workflows',
    {
      config: users,
      schema: listWorkflowsOperation,
    },
    async (request) => registry.workflows(request.query),
  );

  app.post(
    '/api/v1/aim/workflows/execute',
    {
      config: { roles: ['curator' as const], idempotent: true },
      schema: executeWorkflowOperation,
    },
    async (request, reply) => reply.code(202).send(await runs.execute(requirePrincipal(request), request.body, { runId: request.idempotency?.id('run') })),
  );

  app.get(
    '/api/v1/aim/tools',
    {
      config: users,
      schema: listToolsOperation,
    },
    async (request) => registry.tools(request.query),
  );

  app.get(
    '/api/v1/aim/tools/:tool_name/workflows',
    {
      config: users,
      schema: listToolWorkflowsOperation,
    },
    async (request) => registry.workflowsUsing(request.params.tool_name, request.query),
  );
};
