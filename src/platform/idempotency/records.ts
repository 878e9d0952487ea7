/**
 * Where the idempotency plugin keeps its keys: one record per caller and key, until it expires
 * (the relational store's implementation is stores/relational/idempotency-store.ts).
 */

/** What a request with an Idempotency-Key finds when it claims the key. */
export type Claim =
  /** The key is this request's: do the work (`recovered`: a first attempt died holding it). */
  | { outcome: 'claimed'; recovered: boolean; since: string }
  /**
   * The work was done: send the first answer again (`body` null: it was too large to keep), if
   * a streamed body is the same (`contentFingerprint`, see `complete`).
   */
  | { outcome: 'done'; statusCode: number; contentType: string | null; body: string | null; contentFingerprint: string | null }
  /** Another request with this key is still at work. */
  | { outcome: 'in_progress'; retryAfterS: number }
  /** The key was used for another request (another route or body). */
  | { outcome: 'mismatch' };

export interface IdempotencyRecords {
  /** Claims `key` for this request, or says what became of it. */
  claim(request: { subject: string; key: string; fingerprint: string; inProgressMs: number; ttlSeconds: number }): Promise<Claim>;
  /** Keeps the first answer (`body` null: too large to keep) and, for a streamed body, what it held. */
  complete(subject: string, key: string, answer: { statusCode: number; contentType: string | null; body: string | null; contentFingerprint?: string | null }): Promise<void>;
  /** Frees the key of a request that failed without doing its work: a retry does it. */
  release(subject: string, key: string): Promise<void>;
  /** Forgets expired keys; how many. */
  sweep(): Promise<number>;
}
