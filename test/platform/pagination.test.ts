import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../src/platform/pagination.js';
import { ProblemError } from '../../src/platform/problem.js';
import { PageQuerySchema, pageOf } from '../../src/platform/schemas.js';
import { z } from 'zod';

describe('pagination', () => {
  it('round-trips a keyset cursor', () => {
    const cursor = encodeCursor(['2026-11-22T09:00:00.000Z', 42]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ['string', 'number'])).toEqual(['2026-11-22T09:00:00.000Z', 42]);
  });

  it.each(['not-base64!!', encodeCursor([1, 2]), encodeCursor(['a']), Buffer.from('{"a":1}').toString('base64url')])(
    'refuses a tampered or foreign cursor %s with a 400',
    (cursor) => {
      let caught: unknown;
      try {
        decodeCursor(cursor, ['string', 'number']);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ProblemError);
      expect((caught as ProblemError).status).toBe(400);
    },
  );

  it('bounds the page size and defaults it', () => {
    expect(PageQuerySchema.parse({}).limit).toBe(20);
    expect(PageQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(PageQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(PageQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  });

  it('wraps items in the one envelope', () => {
    const page = pageOf(z.object({ id: z.number() }));
    expect(page.parse({ items: [{ id: 1 }], next_cursor: null })).toEqual({ items: [{ id: 1 }], next_cursor: null });
  });
});
