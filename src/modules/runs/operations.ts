import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { ProblemSchema } from '../../platform/schemas.js';
import {
  RunFileListQuerySchema,
  RunFilePageSchema,
  RunFileParamsSchema,
  RunFilePreviewResponseSchema,
  RunIdParamsSchema,
  RunInputRequestBodySchema,
  RunSchema,
} from './schemas.js';

/** The OpenAPI description of the runs routes, operation by operation, beside the schemas they name (routes.ts wires them). */

const tags = ['Runs and files'];

export const getRunOperation = {
  operationId: 'getRun',
  tags,
  summary: 'A run: status, steps and output',
  description:
    'Our extension of the interface. Every node of the workflow with its status and timings, the open question ' +
    'when it waits for input, its output or error. Visible to its owner, its session’s owner and admins; 404 otherwise.',
  params: RunIdParamsSchema,
  response: { 200: RunSchema, 404: ProblemSchema },
} satisfies FastifySchema;

export const answerRunOperation = {
  operationId: 'answerRun',
  tags,
  summary: 'Answer a run’s question',
  description:
    'Our extension. Gives the answer a run waits for (its `waiting_for`); the run is queued again and resumes on ' +
    'any process. 409 when it is not waiting; 400 when the answer is not one of the offered options.',
  params: RunIdParamsSchema,
  body: RunInputRequestBodySchema,
  response: { 200: RunSchema, 404: ProblemSchema, 409: ProblemSchema },
} satisfies FastifySchema;

export const cancelRunOperation = {
  operationId: 'cancelRun',
  tags,
  summary: 'Cancel a run',
  description: 'Our extension. Stops a run that has not finished (409 otherwise); its worker stops at its next write.',
  params: RunIdParamsSchema,
  response: { 200: RunSchema, 404: ProblemSchema, 409: ProblemSchema },
} satisfies FastifySchema;

export const listRunFilesOperation = {
  operationId: 'listRunFiles',
  tags,
  summary: 'List the files of a run',
  description: 'The files the run’s steps wrote, by path.',
  params: RunIdParamsSchema,
  querystring: RunFileListQuerySchema,
  response: { 200: RunFilePageSchema, 404: ProblemSchema },
} satisfies FastifySchema;

export const previewRunFileOperation = {
  operationId: 'previewRunFile',
  tags,
  summary: 'Preview a run artifact',
  description:
    'A bounded, safe preview as JSON: the first lines of text, the first rows of CSV, pretty JSON, an image or a ' +
    'script-free SVG as a data URL, or `none` with the reason; `truncated` says when it was cut (PREVIEW_MAX_BYTES, ' +
    'PREVIEW_MAX_LINES, PREVIEW_MAX_ROWS). Unsafe paths (`..`, encoded dots or slashes, absolute paths, backslashes, ' +
    'NUL) are a 400, unknown ones a 404.',
  params: RunFileParamsSchema,
  response: { 200: RunFilePreviewResponseSchema, 404: ProblemSchema },
} satisfies FastifySchema;

export const downloadRunFileOperation = {
  operationId: 'downloadRunFile',
  tags,
  summary: 'Download a run artifact',
  description:
    'The file’s bytes, with its `Content-Type`, `Content-Disposition: attachment`, `ETag` (its SHA-256; ' +
    '`If-None-Match` answers 304) and `X-Content-Type-Options: nosniff`. Paths as for the preview.',
  params: RunFileParamsSchema,
  response: {
    200: z.string().describe('The file’s bytes.'),
    304: z.null().describe('Not modified: the `If-None-Match` ETag is current.'),
    404: ProblemSchema,
  },
} satisfies FastifySchema;
