import { ProblemError, badRequest, unprocessable } from '../../platform/problem.js';

/**
 * The errors the graph store throws on purpose. Each is a ProblemError, so the HTTP layer
 * answers problem+json without knowing about graphs. 422 means "your query": refused, does
 * not parse, too slow, or failed on its data; 503 means "the engine": retry later.
 */

export const queryTimeout = (limitMs: number) =>
  unprocessable('query-timeout', 'Query exceeded its time limit', `The query did not finish within the time limit of ${limitMs} ms and was stopped.`, {
    limit_ms: limitMs,
  });

/** The query parsed and only reads, but failed on the data (division by zero, a bad conversion, ...). */
export const queryFailed = (reason: string) =>
  unprocessable('cypher-failed', 'Query failed', `The query failed while running: ${reason}.`, { reason });

export const graphUnavailable = (detail: string) =>
  new ProblemError({ status: 503, slug: 'graph-unavailable', title: 'Graph store unavailable', detail, headers: { 'retry-after': '5' } });

/** An upsert batch that cannot be written as given (bad label, reserved property, ...). */
export const invalidGraphWrite = (detail: string, path: string) => badRequest(detail, [{ path, message: detail }]);

export const resultTooLarge = (maxBytes: number) =>
  unprocessable('result-too-large', 'Query result too large', `The query's result is larger than ${maxBytes} bytes (GRAPH_QUERY_MAX_RESULT_BYTES): ask for fewer rows or smaller values.`, {
    limit_bytes: maxBytes,
  });

/** The query needed more memory than the engine allows one query; `limit` names the setting that says how much. */
export const queryOverMemory = (detail: string, limit = 'GRAPH_EMBEDDED_MAX_MEMORY_MB') =>
  unprocessable('query-memory', 'Query needed too much memory', `The query was stopped: ${detail} (${limit}).`);

/** The engine failed on this query itself (a panic, a crash): the same query fails again, so it is not retried. Nothing of its internals is shown. */
export const engineFailure = () =>
  unprocessable('engine-failure', 'The graph engine could not run this query', 'The graph engine failed on this query. Try a simpler form of it (fewer unbounded patterns).');
