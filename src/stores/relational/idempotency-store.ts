import type { Claim, IdempotencyRecords } from '../../platform/idempotency/records.js';
import type { RelationalStore } from './port.js';

interface KeyRow {
  fingerprint: string;
  state: 'in_progress' | 'done';
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  content_fingerprint: string | null;
  held_ms: number;
  since: string;
}

/** The idempotency_keys table: one row per caller and key, until it expires. */
export class IdempotencyStore implements IdempotencyRecords {
  constructor(private readonly deps: { db: RelationalStore }) {}

  async claim(request: { subject: string; key: string; fingerprint: string; inProgressMs: number; ttlSeconds: number }): Promise<Claim> {
    const { subject, key, fingerprint, inProgressMs, ttlSeconds } = request;
    return this.deps.db.transaction(async (tx) => {
      await tx.query('DELETE FROM idempotency_keys WHERE subject = $1 AND key = $2 AND expires_at < now()', [subject, key]);
      const inserted = await tx.query(
        `INSERT INTO idempotency_keys (subject, key, fingerprint, state, locked_until, expires_at)
         VALUES ($1, $2, $3, 'in_progress', now() + make_interval(secs => $4::double precision / 1000), now() + make_interval(secs => $5))
         ON CONFLICT (subject, key) DO NOTHING RETURNING created_at::text AS since`,
        [subject, key, fingerprint, inProgressMs, ttlSeconds],
      );
      const claimed = (inserted.rows[0] as { since: string } | undefined)?.since;
      if (claimed) return { outcome: 'claimed', recovered: false, since: claimed };
      const { rows } = await tx.query<KeyRow>(
        `SELECT fingerprint, state, status_code, content_type, body, content_fingerprint,
                (extract(epoch FROM locked_until - now()) * 1000)::int AS held_ms, created_at::text AS since
           FROM idempotency_keys WHERE subject = $1 AND key = $2 FOR UPDATE`,
        [subject, key],
      );
      const row = rows[0];
      // Deleted meanwhile (its request failed and released it): this one may go on.
      if (!row) return this.claim(request);
      if (row.fingerprint !== fingerprint) return { outcome: 'mismatch' };
      if (row.state === 'done') {
        return { outcome: 'done', statusCode: row.status_code ?? 500, contentType: row.content_type, body: row.body, contentFingerprint: row.content_fingerprint };
      }
      if (row.held_ms > 0) return { outcome: 'in_progress', retryAfterS: Math.max(1, Math.ceil(row.held_ms / 1000)) };
      // The request that held it stopped without an answer (its process died): this one takes over.
      await tx.query(
        `UPDATE idempotency_keys SET locked_until = now() + make_interval(secs => $3::double precision / 1000) WHERE subject = $1 AND key = $2`,
        [subject, key, inProgressMs],
      );
      return { outcome: 'claimed', recovered: true, since: row.since };
    });
  }

  /**
   * Keeps the first answer (`body` null: too large to keep), and for a body its handler streamed
   * (an upload) what that body held, which a retry must match.
   */
  async complete(
    subject: string,
    key: string,
    answer: { statusCode: number; contentType: string | null; body: string | null; contentFingerprint?: string | null },
  ): Promise<void> {
    await this.deps.db.query(
      `UPDATE idempotency_keys SET state = 'done', status_code = $3, content_type = $4, body = $5, content_fingerprint = $6
        WHERE subject = $1 AND key = $2 AND state = 'in_progress'`,
      [subject, key, answer.statusCode, answer.contentType, answer.body, answer.contentFingerprint ?? null],
    );
  }

  /** Frees the key of a request that failed without doing its work: a retry does it. */
  async release(subject: string, key: string): Promise<void> {
    await this.deps.db.query(`DELETE FROM idempotency_keys WHERE subject = $1 AND key = $2 AND state = 'in_progress'`, [subject, key]);
  }

  /** Forgets expired keys. */
  async sweep(): Promise<number> {
    return (await this.deps.db.query('DELETE FROM idempotency_keys WHERE expires_at < now()')).rowCount;
  }
}
