import { DomainError } from '../platform/domain-error.js';

/** What the Cypher package refuses: a query that is not read-only or does not parse, and Cypher a template cannot be made of. */

export const notReadOnly = (reason: string) =>
  new DomainError('refused', 'cypher-not-read-only', 'Query is not read-only', `The query was refused: ${reason}.`, { reason });

export const invalidCypher = (reason: string) =>
  new DomainError('refused', 'cypher-invalid', 'Query is not valid Cypher', `The query does not parse: ${reason}.`, { reason });

/** Cypher that cannot be read as a template's shape or filled as one (see fingerprint.ts and parameterize.ts). */
export class CypherTemplateError extends Error {
  override name = 'CypherTemplateError';
  constructor(
    message: string,
    /** Offset in the text where the problem is, when there is one. */
    readonly at?: number,
  ) {
    super(message);
  }
}
