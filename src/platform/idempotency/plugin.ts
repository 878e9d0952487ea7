import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { v5 as uuidv5 } from 'uuid';
import { badRequest, ProblemError, unprocessable } from '../problem.js';
import { PartsFingerprint } from './parts-fingerprint.js';
import { IDEMPOTENCY_KEY_PATTERN } from './schemas.js';
import type { IdempotencyRecords } from './records.js';

/**
 * `Idempotency-Key` on the POSTs that create things (routes with `config.idempotent`): the
 * first answer is kept per caller and key, and a retry with the same key gets it again
 * (`Idempotent-Replayed: true`) instead of doing the work twice. A retry while the first is
 * still at work is a 409; the same key on another request is a 422. When the process that
 * held a key died before answering, a retry after IDEMPOTENCY_IN_PROGRESS_MS does the work,
 * and `request.idempotency.id()` gives it the ids the first attempt used, so what that attempt
 * already created is found, not created again.
 *
 * A multipart body (an upload) is read by its handler as it streams in, after the key is
 * claimed: its handler tells what it held (`content()`, a `PartsFingerprint`), which is kept with
 * the answer, and a retry's body is read into the same fingerprint (nothing stored) before its
 * answer is sent again: another file under the same key is a 422, not the first file's answer.
 * Only a multipart request's 2xx answer is kept: an upload is all or nothing, so after a refusal
 * the key is free and a retry does the work.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This POST creates something: it honours an Idempotency-Key header. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set when the request carries an Idempotency-Key its route honours. */
    idempotency: IdempotentRequest | null;
  }
}

export interface IdempotentRequest {
  key: string;
  /** A first attempt with this key died holding it: what it created may exist. */
  recovered: boolean;
  /** The id to create `kind` under: the same for every attempt with this key. */
  id(kind: string): string;
  /** What a body the handler streamed held (a `PartsFingerprint` digest), kept with the answer. */
  content(fingerprint: string): void;
}

export interface IdempotencyPluginOptions {
  store: IdempotencyRecords;
  settings: { keyTtlSeconds: number; inProgressMs: number; responseMaxBytes: number };
}

const HEADER = 'idempotency-key';
/** Names the deterministic ids of idempotent requests (any fixed UUID would do). */
const ID_NAMESPACE = '6f1c1f5e-4a52-4a8e-9a53-0b8f3c2d7e11';
/** Answers that say nothing was done, or not yet: the key is freed, so a retry does the work. */
const NOT_KEPT = new Set([408, 409, 425, 429]);
const SWEEP_INTERVAL_MS = 3_600_000;

const isMultipart = (request: FastifyRequest) => (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');

/** Method, route and body: a key may be sent again only with the same request. */
function fingerprint(request: FastifyRequest): string {
  // A multipart body is read by its handler as it streams in, after this check: its content is checked apart.
  const body = isMultipart(request) ? '' : JSON.stringify(request.body ?? null);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

const keyReused = () =>
  unprocessable(
    'idempotency-key-reused',
    'Idempotency-Key reused',
    'This Idempotency-Key was sent with another request (another route, body or files): use a new key for a new request.',
  );

/** A retry's multipart body, read into its fingerprint; a body that cannot be read is the client's error. */
async function contentOf(request: FastifyRequest): Promise<string> {
  // Only a route that takes multipart bodies reads them (others refused it as 415 already).
  if (typeof request.parts !== 'function') throw keyReused();
  try {
    return await PartsFingerprint.of(request.parts());
  } catch (error) {
    if (error instanceof ProblemError || ((error as { statusCode?: number }).statusCode ?? 500) < 500) throw error;
    throw badRequest('The multipart body cannot be read.', [{ path: 'body', message: 'must be well-formed multipart/form-data' }]);
  }
}

function replay(reply: FastifyReply, answer: { statusCode: number; contentType: string | null; body: string | null }): FastifyReply {
  if (answer.body === null) {
    throw new ProblemError({
      status: 409,
      slug: 'conflict',
      title: 'Conflict',
      detail: 'A request with this Idempotency-Key was done, but its answer was too large to keep (IDEMPOTENCY_RESPONSE_MAX_BYTES).',
    });
  }
  reply.code(answer.statusCode).header('idempotent-replayed', 'true');
  if (answer.contentType) reply.header('content-type', answer.contentType);
  return reply.send(answer.body);
}

async function idempotency(app: FastifyInstance, options: IdempotencyPluginOptions): Promise<void> {
  const { store, settings } = options;
  app.decorateRequest('idempotency', null);
  const replayed = new WeakSet<FastifyRequest>();
  const contents = new WeakMap<FastifyRequest, string>();

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[HEADER];
    if (header === undefined || !request.routeOptions.config.idempotent || !request.principal) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    // The route's header schema checks it too; this holds on routes whose schema is hidden.
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good choice).', [
        { path: 'headers.idempotency-key', message: 'must be 1 to 255 visible ASCII characters' },
      ]);
    }
    const subject = request.principal.sub;
    const claim = await store.claim({ subject, key, fingerprint: fingerprint(request), inProgressMs: settings.inProgressMs, ttlSeconds: settings.keyTtlSeconds });
    switch (claim.outcome) {
      case 'claimed':
        request.idempotency = {
          key,
          recovered: claim.recovered,
          id: (kind) => uuidv5(`${subject}\u0000${key}\u0000${claim.since}\u0000${kind}`, ID_NAMESPACE),
          content: (fingerprint) => contents.set(request, fingerprint),
        };
        return;
      case 'done':
        if (isMultipart(request) && (claim.contentFingerprint === null || (await contentOf(request)) !== claim.contentFingerprint)) throw keyReused();
        replayed.add(request);
        return replay(reply, claim);
      case 'in_progress':
        throw new ProblemError({
          status: 409,
          slug: 'conflict',
          title: 'Conflict',
          detail: 'A request with this Idempotency-Key is still being worked on: retry after it has answered.',
          headers: { 'retry-after': String(claim.retryAfterS) },
        });
      case 'mismatch':
        throw keyReused();
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotency;
    if (!claimed || replayed.has(request)) return payload;
    const subject = request.principal!.sub;
    const status = reply.statusCode;
    try {
      const multipart = isMultipart(request);
      if (status >= 500 || NOT_KEPT.has(status) || (multipart && (status >= 300 || !contents.has(request)))) {
        await store.release(subject, claimed.key);
      } else {
        const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
        const body = text !== null && Buffer.byteLength(text) <= settings.responseMaxBytes ? text : null;
        const contentType = reply.getHeader('content-type');
        await store.complete(subject, claimed.key, {
          statusCode: status,
          contentType: typeof contentType === 'string' ? contentType : null,
          body,
          contentFingerprint: contents.get(request) ?? null,
        });
      }
    } catch (error) {
      // The answer still goes out; a retry finds the key in progress until it times out, then does the work.
      request.log.warn({ err: error }, 'idempotency: the answer could not be kept');
    }
    return payload;
  });

  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => {
      store.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'idempotency: expired keys could not be removed'));
    }, SWEEP_INTERVAL_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
}

export const idempotencyPlugin = fp(idempotency, { name: 'idempotency' });
