import http from 'node:http';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from '../config.js';
import { sendProblem } from '../platform/errors.js';
import { createLogger } from '../platform/logger.js';
import { problemTypeUri } from '../platform/problem.js';

/** How often Node checks the request and header timeouts of open connections. */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;
/** Longest time to receive a request's headers (never more than REQUEST_TIMEOUT_MS). */
const HEADERS_TIMEOUT_MS = 10_000;

const CLIENT_ERRORS: Record<string, { status: number; title: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, title: 'Request header fields too large', detail: 'The request headers are larger than the server accepts.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, title: 'Request timeout', detail: 'The request was not received within REQUEST_TIMEOUT_MS.' },
};

/** A transport-level error answered as problem+json on the raw socket (no request object exists yet). */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, title: 'Invalid request', detail: 'The request could not be parsed as HTTP.' };
  const body = JSON.stringify({ type: problemTypeUri(known.status === 408 ? 'request-timeout' : known.status === 431 ? 'headers-too-large' : 'invalid-request'), title: known.title, status: known.status, detail: known.detail, instance: '/' });
  socket.end(
    `HTTP/1.1 ${known.status} ${known.title}\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** What a request id given to us may look like (nothing that could forge a log line). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The service names every request itself: an id a client sends could be forged or collide with
 * another's. Behind a trusted proxy (TRUST_PROXY) the proxy's x-request-id is the id, so one id
 * runs through both logs; otherwise a client's well-formed id is only logged beside ours.
 */
function requestIds(trustProxy: boolean) {
  return (request: IncomingMessage): string => {
    const given = request.headers['x-request-id'];
    return trustProxy && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/** The client's own request id, when it sent a well-formed one that is not the request's id. */
function clientRequestId(request: { headers: IncomingMessage['headers']; id: string }): string | undefined {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) && given !== request.id ? given : undefined;
}

/**
 * The Fastify instance with the transport settings (timeouts, limits, request ids, the one
 * error shape for what fails before a request exists) and one log line per answered request.
 */
export function createServer(config: Config, options: { logger?: Logger; logStream?: DestinationStream }) {
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config, options.logStream),
    genReqId: requestIds(config.trustProxy),
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    bodyLimit: config.limits.bodyBytes,
    requestTimeout: config.limits.requestTimeoutMs,
    // Node checks request and header timeouts only every connectionsCheckingInterval (30 s by default): a 30 s
    // limit then cut a slow body after 67-79 s. Checked every second here, the limit holds within about a second.
    serverFactory: (handler) =>
      http.createServer(
        {
          requestTimeout: config.limits.requestTimeoutMs,
          headersTimeout: Math.min(config.limits.requestTimeoutMs, HEADERS_TIMEOUT_MS),
          connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
        },
        handler,
      ),
    // Errors Node raises before a request exists (a malformed request, headers too large, a request timeout) in
    // the one error shape too, not Node's own body.
    clientErrorHandler: answerClientError,
    trustProxy: config.trustProxy,
    // Our own shutdown hook answers with a problem body instead.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // Errors the router raises before any hook (a malformed percent-encoding) get the one error shape too.
    frameworkErrors: (error, request, reply) =>
      sendProblem(request, reply, {
        slug: 'invalid-request',
        title: 'Invalid request',
        status: (error as { statusCode?: number }).statusCode ?? 400,
        detail:
          (error as { code?: string }).code === 'FST_ERR_BAD_URL'
            ? 'The URL is not valid: it has a malformed percent-encoding.'
            : error.message,
      }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // One log line per request, written when it is answered (instead of fastify's two).
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        route: request.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        sub: request.principal?.sub,
        client_request_id: clientRequestId(request),
      },
      'request',
    );
    done();
  });
  return app;
}

/** The service's Fastify instance, as createServer types it. */
export type Server = ReturnType<typeof createServer>;
