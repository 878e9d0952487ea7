import { z } from 'zod';

/**
 * Schemas shared by every route group: the problem body and the pagination envelope.
 * Each is registered with an id so the OpenAPI document names it once and refers to it.
 */

export const ProblemSchema = z
  .object({
    type: z.string().describe('URI naming the kind of problem, `urn:cqks:problem:<slug>`.').meta({ example: 'urn:cqks:problem:invalid-request' }),
    title: z.string().describe('Short, human-readable summary of the kind of problem.').meta({ example: 'Invalid request' }),
    status: z.number().int().describe('The HTTP status code.').meta({ example: 400 }),
    detail: z.string().optional().describe('What went wrong in this occurrence.').meta({ example: 'limit must be at most 100.' }),
    instance: z.string().describe('The request path this problem occurred on.').meta({ example: '/api/v1/aim/queries/pending' }),
    request_id: z.string().describe('Id of the request; also in the `x-request-id` response header and in the logs.'),
    errors: z
      .array(
        z.object({
          path: z.string().describe('Where the invalid value is, e.g. `body.cypher` or `querystring.limit`.').meta({ example: 'querystring.limit' }),
          message: z.string().describe('What is wrong with it.').meta({ example: 'must be at most 100' }),
        }),
      )
      .optional()
      .describe('One entry per invalid field (validation errors only).'),
  })
  .catchall(z.unknown())
  .meta({ id: 'Problem', description: 'RFC 9457 problem details; every error response has this shape.' });

export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;

/** Query string of every list endpoint. */
export const PageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_LIMIT_MAX)
    .default(PAGE_LIMIT_DEFAULT)
    .describe(`Page size, 1..${PAGE_LIMIT_MAX} (default ${PAGE_LIMIT_DEFAULT}).`),
  cursor: z
    .string()
    .max(512)
    .optional()
    .describe('Opaque cursor from the previous page’s `next_cursor`; omit for the first page.'),
});

/** The one pagination envelope: keyset pages, stable under inserts. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item).describe('This page’s items, in the documented order.'),
    next_cursor: z.string().nullable().describe('Pass as `cursor` to get the next page; null on the last page.'),
  });
