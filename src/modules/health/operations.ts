import type { FastifySchema } from 'fastify';
import { ProblemSchema } from '../../platform/schemas.js';
import { LivenessSchema, ReadinessSchema } from './schemas.js';

/** The OpenAPI description of the health routes, operation by operation, beside the schemas they name (routes.ts wires them). */

export const getLivenessOperation = {
  operationId: 'getLiveness',
  tags: ['Health'],
  summary: 'Liveness probe',
  description: 'Answers without touching any dependency: the process is up and serving.',
  response: { 200: LivenessSchema },
} satisfies FastifySchema;

export const getReadinessOperation = {
  operationId: 'getReadiness',
  tags: ['Health'],
  summary: 'Readiness probe with component checks',
  description:
    'Checks each store (relational, graph, and Redis when configured) within `READINESS_TIMEOUT_MS`. Probes that ' +
    'come while a check is running share it, and after `READINESS_PATIENCE_MS` take the last result; ' +
    'a check that hangs marks its store down when it reaches the time limit. ' +
    '503 names the components that are down, and is the answer from the moment the service starts shutting down.',
  response: { 200: ReadinessSchema, 503: ProblemSchema },
} satisfies FastifySchema;
