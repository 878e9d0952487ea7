import type { ProblemFieldError } from './problem.js';

/**
 * What kind of "no" a domain error is, in terms any layer can use: the input is malformed
 * (`invalid`), it is well formed but cannot be done (`refused`: a query that writes, does not
 * parse, runs too long), or something it depends on cannot answer now (`unavailable`).
 */
export type DomainErrorCategory = 'invalid' | 'refused' | 'unavailable';

/**
 * An error a store or a library layer throws on purpose, said in its own terms; it knows no
 * HTTP. The error handler (platform/errors.ts) answers it as problem+json: its category gives
 * the status (400, 422, 503 with Retry-After), its kind the problem type.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly category: DomainErrorCategory,
    /** kebab-case, stable: what clients and metrics tell errors apart by. */
    readonly kind: string,
    /** A short human title of the kind. The message is the detail of this occurrence. */
    readonly title: string,
    detail: string,
    /** Values of this occurrence a client may read (a limit, a reason). */
    readonly details: Record<string, unknown> = {},
    /** Which parts of the input were wrong, for `invalid`. */
    readonly fields?: ProblemFieldError[],
  ) {
    super(detail);
  }
}
