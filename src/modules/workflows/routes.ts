import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import { ProblemSchema } from '../../platform/schemas.js';
import { ExecuteWorkflowRequestSchema, ExecuteWorkflowResponseSchema } from '../runs/schemas.js';
import type { RunService } from '../runs/service.js';
import { RegistryPageQuerySchema, ToolNameParamsSchema, ToolPageSchema, WorkflowPageSchema } from './schemas.js';
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
      schema: {
        operationId: 'listWorkflows',
        tags: ['Workflows'],
        summary: 'List workflows',
        description: 'Every registered workflow by id, with its input schema (JSON Schema), its nodes and the tools they use.',
        querystring: RegistryPageQuerySchema,
        response: { 200: WorkflowPageSchema },
      },
    },
    async (request) => registry.workflows(request.query),
  );

  app.post(
    '/api/v1/aim/workflows/execute',
    {
      config: { roles: ['curator' as const], idempotent: true },
      schema: {
        operationId: 'executeWorkflow',
        tags: ['Workflows'],
        summary: 'Execute a workflow',
        description:
          'Checks `input` against the workflow’s input schema (400 naming the field), then queues a run and answers at ' +
          'once. The run executes on any process; follow it on the session’s stream (a new session is created when ' +
          '`session_id` is absent) or with `GET /api/v1/runs/{run_id}`. Curators and admins.',
        body: ExecuteWorkflowRequestSchema,
        response: { 202: ExecuteWorkflowResponseSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await runs.execute(requirePrincipal(request), request.body, { runId: request.idempotency?.id('run') })),
  );

  app.get(
    '/api/v1/aim/tools',
    {
      config: users,
      schema: {
        operationId: 'listTools',
        tags: ['Tools'],
        summary: 'List tools',
        description: 'Every registered tool by name, with its input and output schemas, time limit and the workflows using it.',
        querystring: RegistryPageQuerySchema,
        response: { 200: ToolPageSchema },
      },
    },
    async (request) => registry.tools(request.query),
  );

  app.get(
    '/api/v1/aim/tools/:tool_name/workflows',
    {
      config: users,
      schema: {
        operationId: 'listToolWorkflows',
        tags: ['Tools'],
        summary: 'Workflows that use a tool',
        description: 'The workflows with a node that uses the tool, by id. An unknown tool is a 404.',
        params: ToolNameParamsSchema,
        querystring: RegistryPageQuerySchema,
        response: { 200: WorkflowPageSchema, 404: ProblemSchema },
      },
    },
    async (request) => registry.workflowsUsing(request.params.tool_name, request.query),
  );
};
