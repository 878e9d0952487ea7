import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from './domain-error.js';
import type { DomainErrorCategory } from './domain-error.js';
import type { ProblemFieldError } from './problem.js';
import { ProblemError, problemTypeUri } from './problem.js';
import { isUnavailable, UNAVAILABLE_RETRY_AFTER_S } from './unavailable.js';

/**
 * The one error handler. Every failure leaves as RFC 9457 problem+json; a 500 says nothing
 * about its cause (the log line has it, with the request id that is also in the response).
 */

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance: string;
  request_id: string;
  errors?: ProblemFieldError[];
  [extension: string]: unknown;
}

/** Fastify's own error codes that are the client's fault, with the problem each becomes. */
const FRAMEWORK_ERRORS: Record<string, { status: number; slug: string; title: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, slug: 'payload-too-large', title: 'Payload too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, slug: 'unsupported-media-type', title: 'Unsupported media type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, slug: 'invalid-request', title: 'Invalid request' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, slug: 'invalid-request', title: 'Invalid request' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, slug: 'invalid-request', title: 'Invalid request' },
  FST_ERR_INVALID_URL: { status: 400, slug: 'invalid-request', title: 'Invalid request' },
  FST_ERR_BAD_URL: { status: 400, slug: 'invalid-request', title: 'Invalid request' },
};

/** What a caller gives; `type`, `instance` and `request_id` are filled in here. */
export interface ProblemInput {
  slug: string;
  title: string;
  status: number;
  detail?: string;
  errors?: ProblemFieldError[];
  [extension: string]: unknown;
}

/** The problem+json body of `problem`, for `request`. */
export function problemBody(request: FastifyRequest, problem: ProblemInput): ProblemBody {
  const { slug, title, status, detail, errors, ...extensions } = problem;
  return {
    type: problemTypeUri(slug),
    title,
    status,
    ...(detail === undefined ? {} : { detail }),
    instance: request.url.split('?')[0] ?? '/',
    request_id: String(request.id),
    ...(errors ? { errors } : {}),
    ...extensions,
  };
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  problem: ProblemInput,
  headers: Record<string, string> = {},
): FastifyReply {
  const body = problemBody(request, problem);
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  // Sent as a string so no route's response serializer can reshape or reject it.
  return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

/** `body.name`, `querystring.limit`, or just `body` for the whole of it. */
const fieldPath = (context: string | undefined, instancePath: string) =>
  `${context ?? 'body'}${instancePath.replace(/\//g, '.').replace(/\.$/, '')}`;

function validationErrors(error: FastifyError): ProblemFieldError[] {
  const issues = hasZodFastifySchemaValidationErrors(error) ? error.validation : (error.validation ?? []);
  return issues.map((issue) => ({
    path: fieldPath(error.validationContext, issue.instancePath),
    message: issue.message ?? 'invalid',
  }));
}

/** The status of each category of domain error (a store's refusal knows no HTTP; this is where it gets some). */
const DOMAIN_STATUS: Record<DomainErrorCategory, number> = { invalid: 400, refused: 422, unavailable: 503 };

/** A domain error as the problem it is answered with. */
function problemOf(error: DomainError): ProblemError {
  return new ProblemError({
    status: DOMAIN_STATUS[error.category],
    slug: error.kind,
    title: error.title,
    detail: error.message,
    errors: error.fields,
    extensions: error.details,
    headers: error.category === 'unavailable' ? { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) } : undefined,
  });
}

function handleError(this: FastifyInstance, thrown: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const error = thrown instanceof DomainError ? problemOf(thrown) : thrown;
  if (error instanceof ProblemError) {
    // A 503 is a state (shutting down, a dependency down), logged where it is detected; not a failure with a stack.
    if (error.status >= 500 && error.status !== 503) request.log.error({ err: error }, 'request failed');
    return sendProblem(
      request,
      reply,
      {
        slug: error.slug,
        title: error.title,
        status: error.status,
        detail: error.detail,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.extensions,
      },
      error.headers,
    );
  }
  if (error.validation) {
    return sendProblem(request, reply, {
      slug: 'invalid-request',
      title: 'Invalid request',
      status: 400,
      detail: `The request ${error.validationContext ?? 'input'} is not valid`,
      errors: validationErrors(error),
    });
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) {
    return sendProblem(request, reply, { ...known, detail: error.message });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    // Other framework or plugin errors that are the client's fault carry a safe message.
    return sendProblem(request, reply, { slug: 'invalid-request', title: 'Invalid request', status, detail: error.message });
  }
  if (isUnavailable(error)) {
    // An outage, not a bug: no stack, and the client is told when to come back.
    request.log.warn({ error: error.message, code: error.code }, 'a dependency is unavailable');
    return sendProblem(
      request,
      reply,
      { slug: 'unavailable', title: 'Service unavailable', status: 503, detail: 'A service this request needs is unavailable; try again shortly.' },
      { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) },
    );
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendProblem(request, reply, {
    slug: 'internal',
    title: 'Internal server error',
    status: 500,
    detail: `Something went wrong on our side. Quote request id ${String(request.id)} when reporting it.`,
  });
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(handleError);
    app.setNotFoundHandler((request, reply) =>
      sendProblem(request, reply, {
        slug: 'not-found',
        title: 'Not found',
        status: 404,
        detail: `No route ${request.method} ${request.url.split('?')[0]}`,
      }),
    );
  },
  { name: 'errors' },
);
