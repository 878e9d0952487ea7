/**
 * Failures that mean a dependency (the relational store, the graph, Redis) is unreachable or
 * went away, as opposed to a bug: answered 503 with Retry-After, logged at warn without a
 * stack, so an outage reads as one and a bug still stands out.
 */

/** Seconds a client is told to wait before retrying (Retry-After). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * PostgreSQL SQLSTATE classes and codes of a connection lost or refused, and of a statement
 * that waited past DATABASE_STATEMENT_TIMEOUT_MS (57014) or for a lock it could not get (55P03).
 */
const PG_CODES = /^(08|57P0[1-3]|53300|57014|55P03)/;
/** Node socket errors. */
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
/** Messages of the clients we use (pg, pg-pool, ioredis, neo4j-driver) when the other side is gone. */
const MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /connection is closed/i,
  /client has encountered a connection error/i,
  /Client was closed and is not queryable/i,
  /MaxRetriesPerRequestError|max retries per request/i,
  /Stream isn't writeable/i,
  /ServiceUnavailable|SessionExpired|Could not perform discovery|Failed to connect to server/i,
  /the embedded graph engine (is restarting|stopped|is not running)/i,
];

export function isUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (PG_CODES.test(code) || NET_CODES.has(code)) return true;
  if (code === 'ServiceUnavailable' || code === 'SessionExpired') return true;
  const message = `${typeof e.name === 'string' ? e.name : ''} ${typeof e.message === 'string' ? e.message : ''}`;
  if (MESSAGES.some((m) => m.test(message))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isUnavailable(inner, depth + 1))) return true;
  return isUnavailable(e.cause, depth + 1);
}
