import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { ProblemSchema } from '../../platform/schemas.js';
import { SessionIdParamsSchema } from '../chat/schemas.js';
import { EVENT_KINDS, EventListQuerySchema, EventPageSchema, StreamQuerySchema } from './schemas.js';

/** The OpenAPI description of the events routes, operation by operation, beside the schemas they name (routes.ts wires them). */

const tags = ['Chat'];

export const listChatEventsOperation = {
  operationId: 'listChatEvents',
  tags,
  summary: 'Historical event trace',
  description: `The session's events in id order, paginated, filterable by kind and run. Kinds: ${EVENT_KINDS.join(', ')}.`,
  params: SessionIdParamsSchema,
  querystring: EventListQuerySchema,
  response: { 200: EventPageSchema, 404: ProblemSchema },
} satisfies FastifySchema;

export const streamChatEventsOperation = {
  operationId: 'streamChatEvents',
  tags,
  summary: 'Event stream of real-time progress',
  description:
    'Server-Sent Events (`text/event-stream`: `id:`, `event:`, `data:` with the event as JSON) by default; ' +
    'newline-delimited JSON with `Accept: application/x-ndjson`. Replays the events after `Last-Event-ID` ' +
    '(or `?after=`), then continues live with no gap and no duplicate. A heartbeat every STREAM_HEARTBEAT_MS ' +
    '(SSE comment; empty line in NDJSON). At most STREAM_MAX_PER_SUBJECT open streams per subject (429 beyond), ' +
    'counted across all processes when Redis is configured, per process otherwise. Streams end when the service shuts down; reconnect with `Last-Event-ID`.',
  params: SessionIdParamsSchema,
  querystring: StreamQuerySchema,
  response: { 200: z.string().describe('The stream (SSE or NDJSON).'), 404: ProblemSchema },
} satisfies FastifySchema;
