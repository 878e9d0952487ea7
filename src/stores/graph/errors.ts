import { DomainError } from '../../platform/domain-error.js';

/**
 * The errors the graph store throws on purpose, as DomainErrors: `refused` means "your query"
 * (refused, does not parse, too slow, failed on its data, too big); `unavailable` means "the
 * engine": retry later; `invalid` means the call itself was malformed. The error handler turns
 * them into problem+json; the store knows no HTTP.
 */

const refused = (kind: string, title: string, detail: string, details?: Record<string, unknown>) => new DomainError('refused', kind, title, detail, details);

export const queryTimeout = (limitMs: number) =>
  refused('query-timeout', 'Query exceeded its time limit', `The query did not finish within the time limit of ${limitMs} ms and was stopped.`, {
    limit_ms: limitMs,
  });

/** The query parsed and only reads, but failed on the data (division by zero, a bad conversion, ...). */
export const queryFailed = (reason: string) =>
  refused('cypher-failed', 'Query failed', `The query failed while running: ${reason}.`, { reason });

/**
 * The engine could not evaluate the query on the values it met (a negative index, an unknown unit, a
 * path from a thing to itself): the same query fails again, so it is the query's, not retried. `status`
 * is the engine's code for the kind of failure; its own text stays in its log.
 */
export const queryNotEvaluated = (status: string) =>
  refused('cypher-failed', 'Query failed', `The graph engine could not evaluate the query on the values it met (status ${status}).`, { status });

/**
 * The server refused the query while running it for a fault of the query (Neo4j's ArithmeticError,
 * ArgumentError, TypeError, …): the same query fails again, so it is not retried. Said in our words:
 * the kind of fault, the engine's status code and where in the query, never the server's text.
 */
export const queryRefusedAtRun = (failure: { fault: string; status: string; line?: number; column?: number }) => {
  const at = failure.line !== undefined && failure.column !== undefined ? `, at line ${failure.line}, column ${failure.column}` : '';
  return refused('cypher-failed', 'Query failed', `The query failed while running: ${failure.fault} (status ${failure.status}${at}).`, { ...failure });
};

export const graphUnavailable = (detail: string) => new DomainError('unavailable', 'graph-unavailable', 'Graph store unavailable', detail);

/** An upsert batch that cannot be written as given (bad label, reserved property, ...). */
export const invalidGraphWrite = (detail: string, path: string) => invalidGraphCall(detail, [{ path, message: detail }]);

/** A call the store cannot take as given (a limit out of range, parameters that are not plain JSON). */
export const invalidGraphCall = (detail: string, fields: { path: string; message: string }[]) =>
  new DomainError('invalid', 'invalid-request', 'Invalid request', detail, {}, fields);

export const resultTooLarge = (maxBytes: number) =>
  refused('result-too-large', 'Query result too large', `The query's result is larger than ${maxBytes} bytes (GRAPH_QUERY_MAX_RESULT_BYTES): ask for fewer rows or smaller values.`, {
    limit_bytes: maxBytes,
  });

/** The query needed more memory than the engine allows one query; `limit` names the setting that says how much. */
export const queryOverMemory = (detail: string, limit = 'GRAPH_EMBEDDED_MAX_MEMORY_MB') =>
  refused('query-memory', 'Query needed too much memory', `The query was stopped: ${detail} (${limit}).`);

/** The engine failed on this query itself (a panic, a crash): the same query fails again, so it is not retried. Nothing of its internals is shown. */
export const engineFailure = () =>
  refused('engine-failure', 'The graph engine could not run this query', 'The graph engine failed on this query. Try a simpler form of it (fewer unbounded patterns).');
