import { randomUUID } from 'node:crypto';

/** Errors of a connection the peer closed under a request: the request never reached a handler, or its answer was lost. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
/** Tries per request: a reused keep-alive connection the server closed at that moment costs one more. */
const TRIES = 3;

const resetCode = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return error instanceof TypeError && cause?.code !== undefined && RESET_CODES.has(cause.code);
};

/**
 * `fetch`, sent again when the connection was reset under it (a keep-alive connection the server
 * closed just as it was reused, which a loaded machine makes likely). A request that creates
 * something carries an `Idempotency-Key`, the same on every try, so the service does it once.
 */
export async function fetchAgainOnReset(url: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  if (method === 'POST' && !headers.has('idempotency-key')) headers.set('idempotency-key', randomUUID());
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { ...init, headers });
    } catch (error) {
      if (attempt >= TRIES || !resetCode(error) || init.signal?.aborted) throw error;
    }
  }
}
