import type { Migration } from './index.js';

/**
 * What a streamed body held (an upload's fields and its files' hashes), kept with the first
 * answer to its Idempotency-Key: a body read by its handler after the key is claimed cannot be
 * part of the key's fingerprint, and a retry must carry the same files to get that answer again.
 */
export const m016IdempotentUploads: Migration = {
  version: 16,
  name: 'idempotent uploads',
  sql: `
    ALTER TABLE idempotency_keys ADD COLUMN content_fingerprint text;
  `,
};
