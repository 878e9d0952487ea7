import type { Migration } from './index.js';

/**
 * Idempotency-Key: the first answer to a creating POST, kept per caller and key, so a retry
 * (after a timeout, a cut connection, a crashed process) gets it again instead of doing the
 * work twice. `locked_until` bounds how long an unfinished request holds its key.
 */
export const m013IdempotencyKeys: Migration = {
  version: 13,
  name: 'idempotency-keys',
  sql: `
    CREATE TABLE idempotency_keys (
      subject      text NOT NULL,
      key          text NOT NULL,
      fingerprint  text NOT NULL,
      state        text NOT NULL CHECK (state IN ('in_progress', 'done')),
      status_code  integer,
      content_type text,
      body         text,
      locked_until timestamptz NOT NULL,
      expires_at   timestamptz NOT NULL,
      created_at   timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (subject, key)
    );
    CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
  `,
};
