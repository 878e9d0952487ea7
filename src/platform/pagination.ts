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

/**
 * One page from rows fetched with `limit + 1`: the extra row only says there is a next page,
 * whose cursor is the key of the page's last row.
 */
export function keysetPage<T>(rows: T[], limit: number, keyOf: (row: T) => readonly (string | number)[]): { page: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next_cursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}
