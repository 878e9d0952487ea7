import { z } from 'zod';

/** What an Idempotency-Key may be: 1 to 255 visible ASCII characters (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The header a creating POST honours; other headers pass through unchecked. It has no example
 * on purpose: Swagger UI would send it with every "Try it out", and a second try with another
 * body would then be a 422.
 */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, 'must be 1 to 255 visible ASCII characters')
    .optional()
    .describe(
      'Makes a retry safe: the first answer to this key is kept (IDEMPOTENCY_KEY_TTL_SECONDS) and sent again to a retry ' +
        'with the same key, marked `Idempotent-Replayed: true`, and nothing is done twice. A retry while the first is ' +
        'still at work is a 409; the same key with another request is a 422. A UUID per operation is a good key.',
    ),
});
