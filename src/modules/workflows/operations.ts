import type { FastifySchema } from 'fastify';
import { ProblemSchema } from '../../platform/schemas.js';
import { ExecuteWorkflowRequestSchema, ExecuteWorkflowResponseSchema } from '../runs/schemas.js';
import { RegistryPageQuerySchema, ToolNameParamsSchema, ToolPageSchema, WorkflowPageSchema } from './schemas.js';

/** The OpenAPI description of the workflows routes, operation by operation, beside the schemas they name (routes.ts wires them). */

export const listWorkflowsOperation = {
  operationId: 'listWorkflows',
  tags: ['Workflows'],
  summary: 'List workflows',
  description: 'Every registered workflow by id, with its input schema (JSON Schema), its nodes and the tools they use.',
  querystring: RegistryPageQuerySchema,
  response: { 200: WorkflowPageSchema },
} satisfies FastifySchema;

export const executeWorkflowOperation = {
  operationId: 'executeWorkflow',
  tags: ['Workflows'],
  summary: 'Execute a workflow',
  description:
    'Checks `input` against the workflow’s input schema (400 naming the field), then queues a run and answers at ' +
    'once. The run executes on any process; follow it on the session’s stream (a new session is created when ' +
    '`session_id` is absent) or with `GET /api/v1/runs/{run_id}`. Curators and admins.',
  body: ExecuteWorkflowRequestSchema,
  response: { 202: ExecuteWorkflowResponseSchema, 404: ProblemSchema, 409: ProblemSchema },
} satisfies FastifySchema;

export const listToolsOperation = {
  operationId: 'listTools',
  tags: ['Tools'],
  summary: 'List tools',
  description: 'Every registered tool by name, with its input and output schemas, time limit and the workflows using it.',
  querystring: RegistryPageQuerySchema,
  response: { 200: ToolPageSchema },
} satisfies FastifySchema;

export const listToolWorkflowsOperation = {
  operationId: 'listToolWorkflows',
  tags: ['Tools'],
  summary: 'Workflows that use a tool',
  description: 'The workflows with a node that uses the tool, by id. An unknown tool is a 404.',
  params: ToolNameParamsSchema,
  querystring: RegistryPageQuerySchema,
  response: { 200: WorkflowPageSchema, 404: ProblemSchema },
} satisfies FastifySchema;
