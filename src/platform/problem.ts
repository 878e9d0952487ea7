/**
 * The one error type the service throws on purpose. The error handler turns it into an
 * RFC 9457 problem+json body; anything else becomes a 500 with nothing leaked.
 */
export interface ProblemFieldError {
  path: string;
  message: string;
}

export interface ProblemOptions {
  status: number;
  /** Short slug, becomes `urn:cqks:problem:<slug>` in the body's `type`. */
  slug: string;
  title: string;
  detail?: string;
  errors?: ProblemFieldError[];
  /** Extra response headers (Retry-After, WWW-Authenticate, ...). */
  headers?: Record<string, string>;
  /** Extra members of the problem body (e.g. `current_status` on a 409). */
  extensions?: Record<string, unknown>;
}

export class ProblemError extends Error {
  readonly status: number;
  readonly slug: string;
  readonly title: string;
  readonly detail?: string;
  readonly errors?: ProblemFieldError[];
  readonly headers?: Record<string, string>;
  readonly extensions?: Record<string, unknown>;

  constructor(options: ProblemOptions) {
    super(options.detail ?? options.title);
    this.name = 'ProblemError';
    this.status = options.status;
    this.slug = options.slug;
    this.title = options.title;
    this.detail = options.detail;
    this.errors = options.errors;
    this.headers = options.headers;
    this.extensions = options.extensions;
  }
}

export const problemTypeUri = (slug: string): string => `urn:cqks:problem:${slug}`;

export const badRequest = (detail: string, errors?: ProblemFieldError[]) =>
  new ProblemError({ status: 400, slug: 'invalid-request', title: 'Invalid request', detail, errors });

export const unauthorized = (detail: string) =>
  new ProblemError({
    status: 401,
    slug: 'unauthorized',
    title: 'Unauthorized',
    detail,
    headers: { 'www-authenticate': `Bearer error="invalid_token", error_description="${detail.replace(/"/g, "'")}"` },
  });

export const forbidden = (detail: string) => new ProblemError({ status: 403, slug: 'forbidden', title: 'Forbidden', detail });

export const notFound = (detail: string) => new ProblemError({ status: 404, slug: 'not-found', title: 'Not found', detail });

export const conflict = (detail: string, extensions?: Record<string, unknown>) =>
  new ProblemError({ status: 409, slug: 'conflict', title: 'Conflict', detail, extensions });

export const payloadTooLarge = (detail: string, extensions?: Record<string, unknown>) =>
  new ProblemError({ status: 413, slug: 'payload-too-large', title: 'Payload too large', detail, extensions });

export const unsupportedMediaType = (detail: string, extensions?: Record<string, unknown>) =>
  new ProblemError({ status: 415, slug: 'unsupported-media-type', title: 'Unsupported media type', detail, extensions });

export const unprocessable = (slug: string, title: string, detail: string, extensions?: Record<string, unknown>) =>
  new ProblemError({ status: 422, slug, title, detail, extensions });

export const serviceUnavailable = (detail: string) =>
  new ProblemError({ status: 503, slug: 'unavailable', title: 'Service unavailable', detail });
