import { badRequest } from './problem.js';

/**
 * Keyset cursors: the sort key of the last item of a page, encoded so clients treat it as
 * opaque. Decoding validates the shape; a tampered cursor is a 400, never a query error.
 */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string, shape: readonly ('string' | 'number')[]): (string | number)[] {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(key) && key.length === shape.length && key.every((part, i) => typeof part === shape[i])) {
      return key as (string | number)[];
    }
  } catch {
    // fall through to the one error below
  }
  throw badRequest('The cursor is not valid; start again without one', [{ path: 'querystring.cursor', message: 'invalid cursor' }]);
}
