import { randomUUID } from 'node:crypto';
import { Statement, whenCommitted } from '../../stores/relational/index.js';
import type { Queryable, RelationalStore, Transaction } from '../../stores/relational/index.js';

/**
 * The durable job queue in the relational store (DESIGN.md "Runtime shape"). A job points at
 * the thing it works on (`kind`, `ref_id`: a run, later an ingestion); its handler keeps the
 * real state there. Claims use `FOR UPDATE SKIP LOCKED`, so any number of workers on any
 * number of processes share the rows without blocking each other.
 *
 * Every claim gets a new `lease_token`. Writes a worker makes for a job go through `fence`,
 * which holds the job row and checks the token: once a lease ran out and another worker
 * claimed the job, the first worker cannot complete anything any more.
 */

export const JOBS_CHANNEL = 'cqks_jobs';
/** Notifications on JOBS_CHANNEL are a job kind (new work) or `cancelled:<kind>:<ref id>` (stop it). */
export const CANCELLED_PREFIX = 'cancelled:';

export type JobStatus = 'ready' | 'leased' | 'waiting' | 'done';

/** A claimed job: the right to work on `refId` until the lease runs out. */
export interface Lease {
  jobId: string;
  kind: string;
  refId: string;
  token: string;
  /** 1 for the first claim; more when earlier workers lost their lease or released it. */
  attempt: number;
  expiresAt: Date;
  /** Claimed after another worker's lease on it ran out (that worker died or stalled). */
  takenOver?: boolean;
}

export interface JobRow {
  id: string;
  kind: string;
  ref_id: string;
  lease_token: string;
  attempts: number;
  lease_expires_at: Date;
  taken_over?: boolean;
}

const toLease = (row: JobRow): Lease => ({
  jobId: row.id,
  kind: row.kind,
  refId: row.ref_id,
  token: row.lease_token,
  attempt: row.attempts,
  // A row read back as JSON (from a statement's part) has its time as text.
  expiresAt: new Date(row.lease_expires_at),
  ...(row.taken_over ? { takenOver: true } : {}),
});

/** A job being queued by a caller's statement: its id, and this process's worker place when it has one. */
export interface JobDraft {
  readonly id: string;
  readonly kind: string;
  readonly place: LocalSlot | undefined;
}

/** A job handed to this process's worker by `enqueue`, before the transaction queuing it has committed. */
export interface Handoff {
  /** Resolves when the queuing transaction commits, rejects when it rolls back: nothing may be written before. */
  committed: Promise<void>;
  /** What the queuing code knows of the job's subject (the run it just created), so the handler need not read it. */
  subject?: unknown;
}

/** A free place in this process's worker, held for a job being queued. */
export interface LocalSlot {
  readonly owner: string;
  readonly leaseMs: number;
  /** Starts the job's handler now. */
  take(lease: Lease, handoff: Handoff): void;
  /** Gives the place back (the job was not inserted). */
  release(): void;
}

/** This process's worker, as `enqueue` sees it. */
export interface LocalRunner {
  /** A free place for a job of `kind`, or undefined when there is none. */
  reserve(kind: string): LocalSlot | undefined;
}

/** Thrown by `fence` when the caller no longer holds the job: it must stop without writing. */
export class LeaseLostError extends Error {
  constructor(readonly lease: Lease) {
    super(`lease on job ${lease.jobId} (${lease.kind} ${lease.refId}) is no longer held`);
    this.name = 'LeaseLostError';
  }
}

/**
 * Jobs waiting for a worker or being worked on, by kind and status, with how long the oldest
 * ready one has been due (for the metrics; both statuses have an index of their own). It reads
 * through `db`: a scrape uses the request pool and its short limits, not the workers'.
 */
export async function queuedJobs(db: Queryable): Promise<{ kind: string; status: string; count: number; oldest_ready_s: number | null }[]> {
  const { rows } = await db.query<{ kind: string; status: string; count: number; oldest_ready_s: number | null }>(
    `SELECT kind, status, count(*)::int AS count,
            CASE WHEN status = 'ready' THEN GREATEST(0, extract(epoch FROM clock_timestamp() - min(run_after)))::float8 END AS oldest_ready_s
       FROM jobs WHERE status IN ('ready', 'leased')
      GROUP BY kind, status`,
  );
  return rows;
}

export class JobQueue {
  private readonly local = new Set<LocalRunner>();

  constructor(private readonly db: RelationalStore) {}

  /** This process's workers register themselves while they run. */
  attachLocal(runner: LocalRunner): void {
    this.local.add(runner);
  }

  detachLocal(runner: LocalRunner): void {
    this.local.delete(runner);
  }

  /** A free place in one of this process's workers, if any has one. */
  private reserveLocally(kind: string): LocalSlot | undefined {
    for (const runner of this.local) {
      const slot = runner.reserve(kind);
      if (slot) return slot;
    }
    return undefined;
  }

  /**
   * Adds a job in the caller's transaction. When this process's worker has a free place the
   * job is inserted already leased to it and its handler starts at once, so the work begins
   * without waiting for the commit, a notification and a claim (it writes nothing before the
   * commit). Otherwise the job is ready for any worker, which hears of it when `tx` commits.
   */
  async enqueue(tx: Queryable | Transaction, kind: string, refId: string, subject?: unknown): Promise<void> {
    const draft = this.draft(kind);
    try {
      const st = new Statement();
      const ref = st.with('job_ref', `SELECT ${st.param(refId, 'uuid')} AS id`);
      const job = this.insertPart(st, draft, ref);
      const { rows } = await tx.query<{ job: JobRow }>(st.text(`SELECT row_to_json(${job}) AS job FROM ${job}`), st.params);
      this.inserted(draft, rows[0]?.job, whenCommitted(tx), subject);
    } catch (error) {
      this.inserted(draft, undefined);
      throw error;
    }
  }

  /** Starts queuing a job of `kind`: holds a place in this process's worker if one is free. */
  draft(kind: string): JobDraft {
    return { id: randomUUID(), kind, place: this.reserveLocally(kind) };
  }

  /**
   * The statement part that inserts the draft's job for each row of `ref` (a part with an `id`
   * column: the thing the job works on): leased to this process's worker when it holds a
   * place, otherwise ready, with a notification to every worker at commit. The part's row is
   * the job (a JobRow).
   */
  insertPart(st: Statement, draft: JobDraft, ref: string): string {
    const id = st.param(draft.id, 'uuid');
    const kind = st.param(draft.kind);
    if (draft.place) {
      return st.with(
        'queued_job',
        `INSERT INTO jobs (id, kind, ref_id, status, attempts, lease_owner, lease_token, lease_expires_at)
         SELECT ${id}, ${kind}, r.id, 'leased', 1, ${st.param(draft.place.owner)}, gen_random_uuid(),
                clock_timestamp() + ${st.param(draft.place.leaseMs, 'integer')} * interval '1 millisecond'
           FROM ${ref} r
         RETURNING id, kind, ref_id, lease_token, attempts, lease_expires_at`,
      );
    }
    st.with(
      'inserted_job',
      `INSERT INTO jobs (id, kind, ref_id, status) SELECT ${id}, ${kind}, r.id, 'ready' FROM ${ref} r
       RETURNING id, kind, ref_id, lease_token, attempts, lease_expires_at`,
    );
    return st.with('queued_job', `SELECT j.* FROM inserted_job j CROSS JOIN LATERAL (SELECT pg_notify(${st.param(JOBS_CHANNEL)}, j.kind)) AS notified`);
  }

  /**
   * After the statement that ran `insertPart`: a job leased to this process's worker starts
   * now (writing nothing before `committed`); a place held for a job that was not inserted
   * (`row` undefined: the statement failed or inserted nothing) is given back.
   */
  inserted(draft: JobDraft, row: JobRow | undefined, committed: Promise<void> = Promise.resolve(), subject?: unknown): void {
    if (!draft.place) return;
    if (row) draft.place.take(toLease(row), { committed, subject });
    else draft.place.release();
  }

  /**
   * Claims up to `limit` jobs of the given kinds, the longest due first: ready jobs whose
   * `run_after` has passed, and jobs whose lease ran out (their worker died or stalled). Each
   * gets a fresh token and `attempts + 1`.
   */
  async claim(owner: string, kinds: readonly string[], leaseMs: number, limit: number): Promise<Lease[]> {
    if (limit <= 0 || kinds.length === 0) return [];
    const { rows } = await this.db.query<JobRow>(
      `UPDATE jobs AS j
          SET status = 'leased', lease_owner = $1, lease_token = gen_random_uuid(),
              lease_expires_at = clock_timestamp() + $2 * interval '1 millisecond',
              attempts = j.attempts + 1, updated_at = now()
         FROM (SELECT id, status = 'leased' AS taken_over FROM jobs
                WHERE kind = ANY($3::text[])
                  AND ((status = 'ready' AND run_after <= now())
                    OR (status = 'leased' AND lease_expires_at < clock_timestamp()))
                ORDER BY run_after, id
                LIMIT $4
                FOR UPDATE SKIP LOCKED) AS due
        WHERE j.id = due.id
        RETURNING j.id, j.kind, j.ref_id, j.lease_token, j.attempts, j.lease_expires_at, due.taken_over`,
      [owner, leaseMs, [...kinds], limit],
    );
    return rows.map(toLease);
  }

  /**
   * Extends the lease; false when it is no longer held (taken over, cancelled, done) or already
   * ran out: a worker that missed its renewals must assume another one took over.
   */
  async renew(lease: Lease, leaseMs: number): Promise<boolean> {
    const { rows } = await this.db.query<{ lease_expires_at: Date }>(
      `UPDATE jobs SET lease_expires_at = clock_timestamp() + $3 * interval '1 millisecond', updated_at = now()
        WHERE id = $1 AND lease_token = $2 AND status = 'leased' AND lease_expires_at > clock_timestamp()
        RETURNING lease_expires_at`,
      [lease.jobId, lease.token, leaseMs],
    );
    if (rows[0]) lease.expiresAt = rows[0].lease_expires_at;
    return rows.length === 1;
  }

  /**
   * Locks the job row for the rest of `tx` and checks the lease is still this worker's; throws
   * LeaseLostError otherwise. Whatever `tx` writes after this commits only if the lease held.
   */
  async fence(tx: Queryable, lease: Lease, options: { relaxedCommit?: boolean } = {}): Promise<void> {
    const st = new Statement();
    const fence = this.fencePart(st, lease, options);
    const { rows } = await tx.query(st.text(`SELECT 1 FROM ${fence}`), st.params);
    if (rows.length === 0) throw new LeaseLostError(lease);
  }

  /**
   * The statement part that locks the job row while the lease is still this worker's: it has
   * a row only then, and the statement's other parts write only if it has (their `guard`).
   * With `relaxedCommit` the commit does not wait for its WAL flush either.
   */
  fencePart(st: Statement, lease: Lease, options: { relaxedCommit?: boolean } = {}): string {
    return st.with(
      'fence',
      `SELECT ${options.relaxedCommit ? "set_config('synchronous_commit', 'off', true)" : '1'} AS held
         FROM jobs WHERE id = ${st.param(lease.jobId, 'uuid')} AND lease_token = ${st.param(lease.token, 'uuid')} AND status = 'leased'
          FOR UPDATE`,
    );
  }

  /** The work is finished (succeeded, failed or cancelled): nobody claims the job again. */
  async complete(tx: Queryable, lease: Lease, error?: string): Promise<void> {
    await this.fence(tx, lease);
    await tx.query(
      `UPDATE jobs SET status = 'done', lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL,
              last_error = $2, updated_at = now()
        WHERE id = $1`,
      [lease.jobId, error ?? null],
    );
  }

  /** The work waits for something from outside (an answer); `wake` makes it ready again. */
  async wait(tx: Queryable, lease: Lease): Promise<void> {
    await this.fence(tx, lease);
    await tx.query(
      `UPDATE jobs SET status = 'waiting', lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL,
              attempts = 0, updated_at = now()
        WHERE id = $1`,
      [lease.jobId],
    );
  }

  /** A waiting job becomes ready (any process may pick it up); false if it was not waiting. */
  async wake(tx: Queryable, kind: string, refId: string): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE jobs SET status = 'ready', run_after = now(), updated_at = now()
        WHERE kind = $1 AND ref_id = $2 AND status = 'waiting'`,
      [kind, refId],
    );
    if (rowCount > 0) await tx.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, kind]);
    return rowCount > 0;
  }

  /**
   * Ends the job whoever holds it (a cancellation): the holder hears of it at commit and
   * stops, and its next fenced write would fail anyway.
   */
  async cancel(tx: Queryable, kind: string, refId: string): Promise<void> {
    const { rowCount } = await tx.query(
      `UPDATE jobs SET status = 'done', lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL,
              last_error = 'cancelled', updated_at = now()
        WHERE kind = $1 AND ref_id = $2 AND status <> 'done'`,
      [kind, refId],
    );
    if (rowCount > 0) await tx.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, `${CANCELLED_PREFIX}${kind}:${refId}`]);
  }

  /**
   * Gives a job back unfinished (this process is shutting down): another worker may claim it
   * at once, and the claim does not count as a lost attempt.
   */
  async release(lease: Lease): Promise<void> {
    const { rowCount } = await this.db.query(
      `UPDATE jobs SET status = 'ready', lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL,
              attempts = GREATEST(attempts - 1, 0), run_after = now(), updated_at = now()
        WHERE id = $1 AND lease_token = $2 AND status = 'leased'`,
      [lease.jobId, lease.token],
    );
    if (rowCount > 0) await this.db.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, lease.kind]);
  }

  /** Puts a job whose handler broke unexpectedly back in the queue after `delayMs`. */
  async retryLater(lease: Lease, delayMs: number, error: string): Promise<void> {
    await this.db.query(
      `UPDATE jobs SET status = 'ready', lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL,
              run_after = now() + $3 * interval '1 millisecond', last_error = $4, updated_at = now()
        WHERE id = $1 AND lease_token = $2 AND status = 'leased'`,
      [lease.jobId, lease.token, delayMs, error.slice(0, 2000)],
    );
  }
}
