import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../src/config.js';
import { CANCELLED_PREFIX, JOBS_CHANNEL, JobQueue, LeaseLostError } from '../../../src/engine/jobs/queue.js';
import type { Handoff, JobStatus, Lease } from '../../../src/engine/jobs/queue.js';
import { JobWorker } from '../../../src/engine/jobs/worker.js';
import type { RelationalStore } from '../../../src/stores/relational/index.js';
import { dropSchema, testConfig } from '../../support/config.js';
import { openTestRelationalStore } from '../../support/relational.js';

/**
 * The durable job queue on the real engines: claims, leases and their fencing, the state
 * changes (complete, wait/wake, cancel, release, retryLater) and the notifications. Every
 * test works on kinds of its own, so the tests never see each other's jobs. Time never
 * passes by sleeping: a lease runs out, or a retry becomes due, by moving its timestamp
 * into the past with SQL.
 */

interface JobRow {
  id: string;
  status: JobStatus;
  attempts: number;
  lease_owner: string | null;
  lease_token: string | null;
  lease_expires_at: Date | null;
  run_after: Date;
  last_error: string | null;
}

const LEASE_MS = 30_000;

describe('JobQueue', () => {
  let store: RelationalStore;
  let config: Config;
  let dataDir: string;
  let queue: JobQueue;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-jobs-'));
    config = testConfig(dataDir);
    store = await openTestRelationalStore(config);
    queue = new JobQueue(store);
  });
  afterAll(async () => {
    await store?.close();
    if (config) await dropSchema(config);
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A kind no other test uses. */
  const newKind = (label = 'job') => `${label}_${randomUUID().slice(0, 8)}`;

  const enqueue = async (kind: string, refId: string = randomUUID()): Promise<string> => {
    await store.transaction((tx) => queue.enqueue(tx, kind, refId));
    return refId;
  };

  const enqueueMany = async (kind: string, n: number): Promise<string[]> => {
    const refs = Array.from({ length: n }, () => randomUUID());
    await store.transaction(async (tx) => {
      for (const ref of refs) await queue.enqueue(tx, kind, ref);
    });
    return refs;
  };

  const job = async (kind: string, refId: string): Promise<JobRow> => {
    const { rows } = await store.query<JobRow>(
      `SELECT id, status, attempts, lease_owner, lease_token, lease_expires_at, run_after, last_error
         FROM jobs WHERE kind = $1 AND ref_id = $2`,
      [kind, refId],
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  const jobCount = async (kind: string): Promise<number> => {
    const { rows } = await store.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE kind = $1', [kind]);
    return rows[0]!.n;
  };

  const dbNow = async (): Promise<Date> => {
    const { rows } = await store.query<{ t: Date }>('SELECT clock_timestamp() AS t');
    return rows[0]!.t;
  };

  /** The lease runs out without anyone waiting for it. */
  const expire = async (jobId: string) => {
    const { rowCount } = await store.query(
      `UPDATE jobs SET lease_expires_at = now() - interval '1 second' WHERE id = $1 AND status = 'leased'`,
      [jobId],
    );
    expect(rowCount).toBe(1);
  };

  /** Claims exactly one job (the only one of its kind the test has queued). */
  const claimOne = async (owner: string, kind: string, leaseMs = LEASE_MS): Promise<Lease> => {
    const leases = await queue.claim(owner, [kind], leaseMs, 10);
    expect(leases).toHaveLength(1);
    return leases[0]!;
  };

  describe('claim', () => {
    it('hands out a lease with attempt 1, a token and an expiry in the future, once', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const queued = await job(kind, ref);
      expect(queued).toMatchObject({ status: 'ready', attempts: 0, lease_owner: null, lease_token: null, lease_expires_at: null });

      const before = await dbNow();
      const lease = await claimOne('worker-a', kind);
      const after = await dbNow();
      expect(lease).toMatchObject({ jobId: queued.id, kind, refId: ref, attempt: 1 });
      expect(lease.token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(lease.expiresAt).toBeInstanceOf(Date);
      expect(lease.expiresAt.getTime()).toBeGreaterThan(after.getTime());
      // clock_timestamp() at the claim + the lease length (Dates carry milliseconds only).
      expect(lease.expiresAt.getTime()).toBeGreaterThanOrEqual(before.getTime() + LEASE_MS - 1);
      expect(lease.expiresAt.getTime()).toBeLessThanOrEqual(after.getTime() + LEASE_MS + 1);

      const row = await job(kind, ref);
      expect(row).toMatchObject({ status: 'leased', attempts: 1, lease_owner: 'worker-a', lease_token: lease.token });
      expect(row.lease_expires_at?.getTime()).toBe(lease.expiresAt.getTime());

      // Nobody else gets it while the lease holds, not even the same owner.
      expect(await queue.claim('worker-b', [kind], LEASE_MS, 10)).toEqual([]);
      expect(await queue.claim('worker-a', [kind], LEASE_MS, 10)).toEqual([]);
    });

    it('claims only the requested kinds', async () => {
      const wanted = newKind('wanted');
      const other = newKind('other');
      const [wantedRef] = await enqueueMany(wanted, 1);
      const otherRefs = await enqueueMany(other, 3);

      const leases = await queue.claim('worker', [wanted, newKind('absent')], LEASE_MS, 10);
      expect(leases.map((l) => [l.kind, l.refId])).toEqual([[wanted, wantedRef]]);
      for (const ref of otherRefs) expect((await job(other, ref)).status).toBe('ready');

      // Several kinds at once.
      const third = newKind('third');
      const [thirdRef] = await enqueueMany(third, 1);
      const both = await queue.claim('worker', [other, third], LEASE_MS, 10);
      expect(both.map((l) => l.refId).sort()).toEqual([...otherRefs, thirdRef].sort());
    });

    it('respects the limit, and claims nothing for a zero limit or no kinds', async () => {
      const kind = newKind();
      const refs = await enqueueMany(kind, 5);

      expect(await queue.claim('worker', [kind], LEASE_MS, 0)).toEqual([]);
      expect(await queue.claim('worker', [], LEASE_MS, 5)).toEqual([]);

      const first = await queue.claim('worker', [kind], LEASE_MS, 2);
      expect(first).toHaveLength(2);
      const second = await queue.claim('worker', [kind], LEASE_MS, 2);
      expect(second).toHaveLength(2);
      const third = await queue.claim('worker', [kind], LEASE_MS, 2);
      expect(third).toHaveLength(1);
      expect(await queue.claim('worker', [kind], LEASE_MS, 2)).toEqual([]);

      const claimed = [...first, ...second, ...third];
      expect(new Set(claimed.map((l) => l.jobId)).size).toBe(5);
      expect(claimed.map((l) => l.refId).sort()).toEqual([...refs].sort());
      expect(new Set(claimed.map((l) => l.token)).size).toBe(5);
    });

    it('claims the longest-due jobs first', async () => {
      const kind = newKind();
      const refs = await enqueueMany(kind, 3);
      // Due 3, 1 and 2 minutes ago.
      for (const [i, minutes] of [3, 1, 2].entries()) {
        await store.query(`UPDATE jobs SET run_after = now() - $3 * interval '1 minute' WHERE kind = $1 AND ref_id = $2`, [
          kind,
          refs[i]!,
          minutes,
        ]);
      }
      expect((await queue.claim('worker', [kind], LEASE_MS, 1))[0]?.refId).toBe(refs[0]);
      expect((await queue.claim('worker', [kind], LEASE_MS, 1))[0]?.refId).toBe(refs[2]);
      expect((await queue.claim('worker', [kind], LEASE_MS, 1))[0]?.refId).toBe(refs[1]);
    });

    it('leaves ready jobs that are not due yet', async () => {
      const kind = newKind();
      const [later, now] = await enqueueMany(kind, 2);
      await store.query(`UPDATE jobs SET run_after = now() + interval '1 hour' WHERE kind = $1 AND ref_id = $2`, [kind, later!]);

      const leases = await queue.claim('worker', [kind], LEASE_MS, 10);
      expect(leases.map((l) => l.refId)).toEqual([now]);
      expect(await queue.claim('worker', [kind], LEASE_MS, 10)).toEqual([]);
      expect((await job(kind, later!)).status).toBe('ready');

      // Once it is due, it is claimed.
      await store.query(`UPDATE jobs SET run_after = now() - interval '1 second' WHERE kind = $1 AND ref_id = $2`, [kind, later!]);
      expect((await queue.claim('worker', [kind], LEASE_MS, 10)).map((l) => l.refId)).toEqual([later]);
    });

    it('one job per (kind, ref): enqueueing the same ref twice fails and rolls back', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      await expect(enqueue(kind, ref)).rejects.toThrow();
      expect(await jobCount(kind)).toBe(1);
      // The same ref under another kind is another job.
      const otherKind = newKind();
      await enqueue(otherKind, ref);
      expect(await jobCount(otherKind)).toBe(1);
    });

    it('concurrent claims never hand the same job to two workers', async () => {
      const kind = newKind('race');
      const refs = await enqueueMany(kind, 50);
      const owners = Array.from({ length: 10 }, (_, i) => `owner-${i}`);

      // With SKIP LOCKED a claim may come back short while others hold rows, so claim in
      // concurrent rounds until the queue is drained; a claim that returns nothing ends it.
      const claims: { owner: string; lease: Lease }[] = [];
      for (let round = 0; round < 20; round++) {
        const results = await Promise.all(owners.map((owner) => queue.claim(owner, [kind], LEASE_MS, 7)));
        results.forEach((leases, i) => claims.push(...leases.map((lease) => ({ owner: owners[i]!, lease }))));
        if (results.every((leases) => leases.length === 0)) break;
      }

      const perJob = new Map<string, number>();
      for (const { lease } of claims) perJob.set(lease.jobId, (perJob.get(lease.jobId) ?? 0) + 1);
      expect(claims).toHaveLength(50);
      expect(perJob.size).toBe(50);
      expect([...perJob.values()].every((n) => n === 1)).toBe(true);
      expect(claims.map((c) => c.lease.refId).sort()).toEqual([...refs].sort());
      expect(claims.every((c) => c.lease.attempt === 1)).toBe(true);

      // The table agrees: every job leased once (attempts counts claims), by the owner that got it.
      const { rows } = await store.query<{ id: string; attempts: number; lease_owner: string; lease_token: string; status: string }>(
        'SELECT id, attempts, lease_owner, lease_token, status FROM jobs WHERE kind = $1',
        [kind],
      );
      expect(rows).toHaveLength(50);
      const byId = new Map(claims.map((c) => [c.lease.jobId, c]));
      for (const row of rows) {
        const claim = byId.get(row.id);
        expect(claim).toBeDefined();
        expect(row).toMatchObject({ status: 'leased', attempts: 1, lease_owner: claim!.owner, lease_token: claim!.lease.token });
      }
    });

    it('concurrent claims in one round never exceed their limit nor overlap', async () => {
      const kind = newKind('race');
      await enqueueMany(kind, 50);
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => queue.claim(`owner-${i}`, [kind], LEASE_MS, 7)));
      for (const leases of results) expect(leases.length).toBeLessThanOrEqual(7);
      const ids = results.flat().map((l) => l.jobId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThanOrEqual(50);
    });
  });

  describe('expired leases and fencing', () => {
    it('an expired lease goes to the next claimant with attempt 2 and a new token; the old holder is fenced out', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const first = await claimOne('worker-a', kind);
      expect(first.attempt).toBe(1);

      // Not claimable while the lease holds.
      expect(await queue.claim('worker-b', [kind], LEASE_MS, 10)).toEqual([]);
      await expire(first.jobId);

      const second = await claimOne('worker-b', kind);
      expect(second).toMatchObject({ jobId: first.jobId, kind, refId: ref, attempt: 2 });
      expect(second.token).not.toBe(first.token);
      expect(second.expiresAt.getTime()).toBeGreaterThan((await dbNow()).getTime());
      expect(await job(kind, ref)).toMatchObject({ status: 'leased', attempts: 2, lease_owner: 'worker-b', lease_token: second.token });

      // The first holder has lost it: no renewal...
      expect(await queue.renew(first, LEASE_MS)).toBe(false);

      // ...and a fenced transaction fails, taking its other writes with it.
      const sideKind = newKind('side');
      const sideRef = randomUUID();
      const failure = await store
        .transaction(async (tx) => {
          await queue.enqueue(tx, sideKind, sideRef);
          await queue.fence(tx, first);
          await queue.enqueue(tx, sideKind, randomUUID());
        })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(LeaseLostError);
      expect((failure as LeaseLostError).lease).toBe(first);
      expect((failure as LeaseLostError).name).toBe('LeaseLostError');
      expect((failure as LeaseLostError).message).toContain(first.jobId);
      expect(await jobCount(sideKind)).toBe(0);

      // Nothing it tries to finish goes through; the job stays with the new holder.
      await expect(store.transaction((tx) => queue.complete(tx, first))).rejects.toBeInstanceOf(LeaseLostError);
      await expect(store.transaction((tx) => queue.complete(tx, first, 'failed'))).rejects.toBeInstanceOf(LeaseLostError);
      await expect(store.transaction((tx) => queue.wait(tx, first))).rejects.toBeInstanceOf(LeaseLostError);
      await queue.release(first);
      await queue.retryLater(first, 60_000, 'stale worker');
      const row = await job(kind, ref);
      expect(row).toMatchObject({ status: 'leased', attempts: 2, lease_owner: 'worker-b', lease_token: second.token, last_error: null });
      expect(row.lease_expires_at?.getTime()).toBe(second.expiresAt.getTime());

      // The new holder's lease is fine.
      expect(await queue.renew(second, LEASE_MS)).toBe(true);
      await store.transaction((tx) => queue.fence(tx, second));
      await store.transaction((tx) => queue.complete(tx, second));
      expect((await job(kind, ref)).status).toBe('done');
    });

    it('a fenced transaction of the holder commits its writes', async () => {
      const kind = newKind();
      await enqueue(kind);
      const lease = await claimOne('worker', kind);
      const sideKind = newKind('side');
      await store.transaction(async (tx) => {
        await queue.fence(tx, lease);
        await queue.enqueue(tx, sideKind, randomUUID());
      });
      expect(await jobCount(sideKind)).toBe(1);
    });

    it('each takeover counts another attempt', async () => {
      const kind = newKind();
      await enqueue(kind);
      let lease = await claimOne('worker-0', kind);
      for (let attempt = 2; attempt <= 4; attempt++) {
        await expire(lease.jobId);
        const next = await claimOne(`worker-${attempt}`, kind);
        expect(next.attempt).toBe(attempt);
        expect(next.token).not.toBe(lease.token);
        lease = next;
      }
    });

    it('an expired lease is claimed alongside due ready jobs, within the limit', async () => {
      const kind = newKind();
      const a = await enqueue(kind);
      const leaseA = await claimOne('worker-a', kind);
      const b = await enqueue(kind);
      await expire(leaseA.jobId);

      const leases = await queue.claim('worker-b', [kind], LEASE_MS, 10);
      expect(leases.map((l) => [l.refId, l.attempt]).sort()).toEqual(
        [
          [a, 2],
          [b, 1],
        ].sort(),
      );
    });
  });

  describe('renew', () => {
    it('extends the lease and updates the lease object', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const lease = await claimOne('worker', kind, 10_000);
      const before = lease.expiresAt.getTime();

      const start = await dbNow();
      expect(await queue.renew(lease, 120_000)).toBe(true);
      expect(lease.expiresAt.getTime()).toBeGreaterThan(before);
      expect(lease.expiresAt.getTime()).toBeGreaterThanOrEqual(start.getTime() + 120_000 - 1);
      const row = await job(kind, ref);
      expect(row).toMatchObject({ status: 'leased', attempts: 1, lease_token: lease.token });
      expect(row.lease_expires_at?.getTime()).toBe(lease.expiresAt.getTime());

      // Renewing does not count an attempt and keeps the token.
      expect(await queue.renew(lease, 120_000)).toBe(true);
      expect(await job(kind, ref)).toMatchObject({ attempts: 1, lease_token: lease.token });
    });

    it('is false for a lease that ran out, even when nobody took the job over', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const lease = await claimOne('worker', kind);
      const expiresAt = lease.expiresAt;
      await expire(lease.jobId);
      const expired = (await job(kind, ref)).lease_expires_at!;

      expect(await queue.renew(lease, LEASE_MS)).toBe(false);
      expect(lease.expiresAt).toBe(expiresAt);
      const row = await job(kind, ref);
      expect(row).toMatchObject({ status: 'leased', lease_token: lease.token });
      expect(row.lease_expires_at?.getTime()).toBe(expired.getTime());

      // The job is up for grabs.
      expect((await claimOne('other', kind)).attempt).toBe(2);
    });

    it('is false for a job that is no longer leased', async () => {
      const kind = newKind();
      await enqueue(kind);
      const lease = await claimOne('worker', kind);
      await store.transaction((tx) => queue.complete(tx, lease));
      expect(await queue.renew(lease, LEASE_MS)).toBe(false);
    });
  });

  describe('complete, wait and wake', () => {
    it('complete marks the job done and it is never claimed again', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const lease = await claimOne('worker', kind);
      await store.transaction((tx) => queue.complete(tx, lease));

      expect(await job(kind, ref)).toMatchObject({
        status: 'done',
        lease_owner: null,
        lease_token: null,
        lease_expires_at: null,
        last_error: null,
      });
      expect(await queue.claim('worker', [kind], LEASE_MS, 10)).toEqual([]);
      // Not even once its run_after is long past.
      await store.query(`UPDATE jobs SET run_after = now() - interval '1 day' WHERE kind = $1`, [kind]);
      expect(await queue.claim('worker', [kind], LEASE_MS, 10)).toEqual([]);
      // A second completion with the same lease is fenced out.
      await expect(store.transaction((tx) => queue.complete(tx, lease))).rejects.toBeInstanceOf(LeaseLostError);
    });

    it('complete with an error keeps the error', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const lease = await claimOne('worker', kind);
      await store.transaction((tx) => queue.complete(tx, lease, 'step 3 failed'));
      expect(await job(kind, ref)).toMatchObject({ status: 'done', last_error: 'step 3 failed' });
    });

    it('complete rolls back with the rest of its transaction', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const lease = await claimOne('worker', kind);
      await expect(
        store.transaction(async (tx) => {
          await queue.complete(tx, lease);
          throw new Error('later write failed');
        }),
      ).rejects.toThrow('later write failed');
      expect(await job(kind, ref)).toMatchObject({ status: 'leased', lease_token: lease.token });
      expect(await queue.renew(lease, LEASE_MS)).toBe(true);
    });

    it('wait parks the job until wake, which makes it claimable again as attempt 1', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const first = await claimOne('worker-a', kind);
      await expire(first.jobId);
      const second = await claimOne('worker-b', kind);
      expect(second.attempt).toBe(2);

      await store.transaction((tx) => queue.wait(tx, second));
      expect(await job(kind, ref)).toMatchObject({
        status: 'waiting',
        attempts: 0,
        lease_owner: null,
        lease_token: null,
        lease_expires_at: null,
      });
      expect(await queue.claim('worker-c', [kind], LEASE_MS, 10)).toEqual([]);
      await store.query(`UPDATE jobs SET run_after = now() - interval '1 day' WHERE kind = $1`, [kind]);
      expect(await queue.claim('worker-c', [kind], LEASE_MS, 10)).toEqual([]);
      expect(await queue.renew(second, LEASE_MS)).toBe(false);

      expect(await store.transaction((tx) => queue.wake(tx, kind, ref))).toBe(true);
      const woken = await job(kind, ref);
      expect(woken).toMatchObject({ status: 'ready', attempts: 0 });

      const third = await claimOne('worker-c', kind);
      expect(third).toMatchObject({ jobId: first.jobId, refId: ref, attempt: 1 });
      expect(third.token).not.toBe(second.token);
      expect(third.token).not.toBe(first.token);
    });

    it('wake rolls back with its transaction', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const lease = await claimOne('worker', kind);
      await store.transaction((tx) => queue.wait(tx, lease));
      await expect(
        store.transaction(async (tx) => {
          expect(await queue.wake(tx, kind, ref)).toBe(true);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect((await job(kind, ref)).status).toBe('waiting');
      expect(await queue.claim('worker', [kind], LEASE_MS, 10)).toEqual([]);
    });

    it('wake is false for a job that is not waiting, and changes nothing', async () => {
      const kind = newKind();
      const wake = (ref: string, k = kind) => store.transaction((tx) => queue.wake(tx, k, ref));

      // Unknown ref, and a known ref under another kind.
      expect(await wake(randomUUID())).toBe(false);
      const ref = await enqueue(kind);
      expect(await wake(ref, newKind())).toBe(false);

      // Ready.
      const ready = await job(kind, ref);
      expect(await wake(ref)).toBe(false);
      expect(await job(kind, ref)).toEqual(ready);

      // Leased.
      const lease = await claimOne('worker', kind);
      const leased = await job(kind, ref);
      expect(await wake(ref)).toBe(false);
      expect(await job(kind, ref)).toEqual(leased);
      expect(await queue.renew(lease, LEASE_MS)).toBe(true);

      // Done.
      await store.transaction((tx) => queue.complete(tx, lease));
      const done = await job(kind, ref);
      expect(await wake(ref)).toBe(false);
      expect(await job(kind, ref)).toEqual(done);
      expect(await queue.claim('worker', [kind], LEASE_MS, 10)).toEqual([]);

      // Waiting: woken once, and a second wake finds it ready.
      const kind2 = newKind();
      const ref2 = await enqueue(kind2);
      const lease2 = await claimOne('worker', kind2);
      await store.transaction((tx) => queue.wait(tx, lease2));
      expect(await wake(ref2, kind2)).toBe(true);
      expect(await wake(ref2, kind2)).toBe(false);
    });
  });

  describe('cancel', () => {
    it('ends a leased job: the holder can neither renew nor write', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const lease = await claimOne('worker', kind);

      await store.transaction((tx) => queue.cancel(tx, kind, ref));
      expect(await job(kind, ref)).toMatchObject({
        status: 'done',
        lease_owner: null,
        lease_token: null,
        lease_expires_at: null,
        last_error: 'cancelled',
      });

      expect(await queue.renew(lease, LEASE_MS)).toBe(false);
      await expect(store.transaction((tx) => queue.fence(tx, lease))).rejects.toBeInstanceOf(LeaseLostError);
      await expect(store.transaction((tx) => queue.complete(tx, lease))).rejects.toBeInstanceOf(LeaseLostError);
      await queue.release(lease);
      await queue.retryLater(lease, 0, 'late');
      expect(await job(kind, ref)).toMatchObject({ status: 'done', last_error: 'cancelled' });
      expect(await queue.claim('worker', [kind], LEASE_MS, 10)).toEqual([]);
    });

    it('ends ready and waiting jobs too, but leaves a finished job as it was', async () => {
      const kind = newKind();
      const [ready, waiting, finished] = await enqueueMany(kind, 3);
      const leases = await queue.claim('worker', [kind], LEASE_MS, 10);
      const byRef = new Map(leases.map((l) => [l.refId, l]));
      await queue.release(byRef.get(ready!)!);
      await store.transaction((tx) => queue.wait(tx, byRef.get(waiting!)!));
      await store.transaction((tx) => queue.complete(tx, byRef.get(finished!)!, 'its own error'));

      await store.transaction(async (tx) => {
        for (const ref of [ready!, waiting!, finished!]) await queue.cancel(tx, kind, ref);
      });
      expect(await job(kind, ready!)).toMatchObject({ status: 'done', last_error: 'cancelled' });
      expect(await job(kind, waiting!)).toMatchObject({ status: 'done', last_error: 'cancelled' });
      expect(await job(kind, finished!)).toMatchObject({ status: 'done', last_error: 'its own error' });
      expect(await queue.claim('worker', [kind], LEASE_MS, 10)).toEqual([]);
      expect(await store.transaction((tx) => queue.wake(tx, kind, waiting!))).toBe(false);
    });

    it('rolls back with its transaction', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const lease = await claimOne('worker', kind);
      await expect(
        store.transaction(async (tx) => {
          await queue.cancel(tx, kind, ref);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await job(kind, ref)).toMatchObject({ status: 'leased', lease_token: lease.token });
      expect(await queue.renew(lease, LEASE_MS)).toBe(true);
    });
  });

  describe('release', () => {
    it('gives the job back at once, without counting the attempt', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const first = await claimOne('worker-a', kind);
      expect(first.attempt).toBe(1);

      await queue.release(first);
      expect(await job(kind, ref)).toMatchObject({
        status: 'ready',
        attempts: 0,
        lease_owner: null,
        lease_token: null,
        lease_expires_at: null,
      });

      const second = await claimOne('worker-b', kind);
      expect(second).toMatchObject({ jobId: first.jobId, attempt: 1 });
      expect(second.token).not.toBe(first.token);
      expect(await queue.renew(first, LEASE_MS)).toBe(false);

      // A release by a holder that lost the job does nothing: the new holder keeps it.
      await expire(second.jobId);
      const third = await claimOne('worker-c', kind);
      expect(third.attempt).toBe(2);
      await queue.release(second);
      expect(await job(kind, ref)).toMatchObject({ status: 'leased', attempts: 2, lease_owner: 'worker-c', lease_token: third.token });

      // The new holder's release gives back its own attempt only; the one lost to expiry still counts.
      await queue.release(third);
      expect((await claimOne('worker-d', kind)).attempt).toBe(2);
    });

    it('twice with the same lease changes nothing the second time', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const lease = await claimOne('worker', kind);
      await queue.release(lease);
      await queue.release(lease);
      expect(await job(kind, ref)).toMatchObject({ status: 'ready', attempts: 0 });
      expect((await claimOne('worker', kind)).attempt).toBe(1);
    });
  });

  describe('retryLater', () => {
    it('holds the job back until run_after passes and keeps the error', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const lease = await claimOne('worker-a', kind);

      const before = await dbNow();
      await queue.retryLater(lease, 60_000, 'handler broke: boom');
      const row = await job(kind, ref);
      expect(row).toMatchObject({
        status: 'ready',
        attempts: 1,
        lease_owner: null,
        lease_token: null,
        lease_expires_at: null,
        last_error: 'handler broke: boom',
      });
      expect(row.run_after.getTime()).toBeGreaterThan(before.getTime() + 50_000);
      expect(await queue.claim('worker-b', [kind], LEASE_MS, 10)).toEqual([]);
      expect(await queue.renew(lease, LEASE_MS)).toBe(false);

      // Time passes.
      await store.query(`UPDATE jobs SET run_after = now() - interval '1 second' WHERE kind = $1 AND ref_id = $2`, [kind, ref]);
      const retry = await claimOne('worker-b', kind);
      // The broken run counts: this is the second attempt.
      expect(retry).toMatchObject({ jobId: lease.jobId, attempt: 2 });
      expect(retry.token).not.toBe(lease.token);
      // The error stays until the job finishes.
      expect((await job(kind, ref)).last_error).toBe('handler broke: boom');
      await store.transaction((tx) => queue.complete(tx, retry));
      expect((await job(kind, ref)).last_error).toBeNull();
    });

    it('stores at most 2000 characters of the error', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const lease = await claimOne('worker', kind);
      await queue.retryLater(lease, 60_000, 'x'.repeat(5000));
      expect((await job(kind, ref)).last_error).toBe('x'.repeat(2000));
    });

    it('with no delay, the job is claimable at once', async () => {
      const kind = newKind();
      const ref = await enqueue(kind);
      const lease = await claimOne('worker', kind);
      await queue.retryLater(lease, 0, 'again');
      // run_after = now() of the retry statement, before the next claim's now().
      expect((await claimOne('worker', kind)).attempt).toBe(2);
      expect((await job(kind, ref)).last_error).toBe('again');
    });
  });

  describe('notifications', () => {
    /** Collects the payloads on the jobs channel; `next(match)` waits for the first one that matches. */
    const listen = async () => {
      const received: string[] = [];
      const waiters: { match: (payload: string) => boolean; resolve: (payload: string) => void }[] = [];
      const stop = await store.listen(
        JOBS_CHANNEL,
        (payload) => {
          received.push(payload);
          for (const waiter of [...waiters]) {
            if (waiter.match(payload)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(payload);
            }
          }
        },
        () => undefined,
      );
      const next = (match: (payload: string) => boolean) =>
        new Promise<string>((resolve) => {
          const seen = received.find(match);
          if (seen !== undefined) resolve(seen);
          else waiters.push({ match, resolve });
        });
      return { received, next, stop };
    };

    it('enqueue notifies the kind when its transaction commits', async () => {
      const kind = newKind('notify');
      const listener = await listen();
      try {
        const heard = listener.next((p) => p === kind);
        let notifiedBeforeCommit = false;
        await store.transaction(async (tx) => {
          await queue.enqueue(tx, kind, randomUUID());
          notifiedBeforeCommit = listener.received.includes(kind);
        });
        expect(notifiedBeforeCommit).toBe(false);
        expect(await heard).toBe(kind);
      } finally {
        await listener.stop();
      }
    });

    it('a rolled-back enqueue notifies nothing', async () => {
      const rolledBack = newKind('rolled_back');
      const committed = newKind('committed');
      const listener = await listen();
      try {
        await expect(
          store.transaction(async (tx) => {
            await queue.enqueue(tx, rolledBack, randomUUID());
            throw new Error('abort');
          }),
        ).rejects.toThrow('abort');
        expect(await jobCount(rolledBack)).toBe(0);

        const heard = listener.next((p) => p === committed);
        await enqueue(committed);
        expect(await heard).toBe(committed);
        // Notifications arrive in commit order: had the rolled-back one been sent, it would be here by now.
        expect(listener.received.filter((p) => p === rolledBack || p === committed)).toEqual([committed]);
      } finally {
        await listener.stop();
      }
    });

    it('wake and release notify the kind; cancel notifies the ref', async () => {
      const waitKind = newKind('wake');
      const releaseKind = newKind('release');
      const cancelKind = newKind('cancel');
      const waitRef = await enqueue(waitKind);
      const cancelRef = await enqueue(cancelKind);
      await enqueue(releaseKind);
      const waitLease = await claimOne('worker', waitKind);
      await store.transaction((tx) => queue.wait(tx, waitLease));
      const releaseLease = await claimOne('worker', releaseKind);

      const listener = await listen();
      try {
        const woken = listener.next((p) => p === waitKind);
        expect(await store.transaction((tx) => queue.wake(tx, waitKind, waitRef))).toBe(true);
        expect(await woken).toBe(waitKind);

        const released = listener.next((p) => p === releaseKind);
        await queue.release(releaseLease);
        expect(await released).toBe(releaseKind);

        const cancelled = listener.next((p) => p === `${CANCELLED_PREFIX}${cancelKind}:${cancelRef}`);
        await store.transaction((tx) => queue.cancel(tx, cancelKind, cancelRef));
        expect(await cancelled).toBe(`${CANCELLED_PREFIX}${cancelKind}:${cancelRef}`);

        // A wake that finds nothing waiting says nothing: a marker enqueued after it arrives alone.
        const marker = newKind('marker');
        const heardMarker = listener.next((p) => p === marker);
        expect(await store.transaction((tx) => queue.wake(tx, waitKind, randomUUID()))).toBe(false);
        await enqueue(marker);
        await heardMarker;
        expect(listener.received.filter((p) => p === waitKind)).toEqual([waitKind]);
      } finally {
        await listener.stop();
      }
    });
  });
  describe("handing a job to this process's worker", () => {
    /** A worker of one kind whose handler records its calls and runs until the test lets it go. */
    function localWorker(kind: string, concurrency = 1) {
      const calls: { lease: Lease; handoff?: Handoff; signal: AbortSignal }[] = [];
      const finish: (() => void)[] = [];
      const called: ((call: (typeof calls)[number]) => void)[] = [];
      const worker = new JobWorker(store, queue, [
        {
          kind,
          handle: (lease, signal, handoff) =>
            new Promise<void>((resolve) => {
              const call = { lease, handoff, signal };
              calls.push(call);
              finish.push(resolve);
              signal.addEventListener('abort', () => resolve(), { once: true });
              called.splice(0).forEach((c) => c(call));
            }),
        },
      ], { concurrency, leaseMs: LEASE_MS, pollIntervalMs: 60_000, logger: pino({ level: 'silent' }) });
      const nextCall = () => new Promise<(typeof calls)[number]>((resolve) => called.push(resolve));
      return { worker, calls, nextCall, finishAll: () => finish.splice(0).forEach((f) => f()) };
    }

    it('a worker with room gets the job leased at once, before the commit, with the subject; a full one leaves it ready', async () => {
      const kind = newKind('local');
      const local = localWorker(kind);
      await local.worker.start();
      try {
        const ref = randomUUID();
        let before: { committedYet: boolean } | undefined;
        await store.transaction(async (tx) => {
          const call = local.nextCall();
          await queue.enqueue(tx, kind, ref, { subject: 'the run row' });
          const { lease, handoff } = await call;
          let committedYet = false;
          void handoff!.committed.then(() => (committedYet = true));
          await new Promise((resolve) => setImmediate(resolve));
          before = { committedYet };
          expect(lease).toMatchObject({ kind, refId: ref, attempt: 1 });
          expect(handoff!.subject).toEqual({ subject: 'the run row' });
        });
        expect(before).toEqual({ committedYet: false });
        expect(await job(kind, ref)).toMatchObject({ status: 'leased', attempts: 1, lease_owner: local.worker.owner });
        expect(local.calls).toHaveLength(1);

        // The only place is taken: the next job waits for any worker's claim.
        const other = await enqueue(kind);
        expect(await job(kind, other)).toMatchObject({ status: 'ready', attempts: 0, lease_owner: null });
        expect(local.calls).toHaveLength(1);
      } finally {
        local.finishAll();
        await local.worker.stop(0);
      }
    });

    it('a rollback aborts the handed-over handler (rolled-back) and leaves no job; the place comes back', async () => {
      const kind = newKind('local');
      const local = localWorker(kind);
      await local.worker.start();
      try {
        const ref = randomUUID();
        let signal: AbortSignal | undefined;
        await expect(
          store.transaction(async (tx) => {
            const call = local.nextCall();
            await queue.enqueue(tx, kind, ref);
            signal = (await call).signal;
            throw new Error('rolled back on purpose');
          }),
        ).rejects.toThrow('rolled back on purpose');
        await local.worker.whenIdle();
        expect(signal!.aborted).toBe(true);
        expect(signal!.reason).toBe('rolled-back');
        expect(await jobCount(kind)).toBe(0);
        const again = local.nextCall();
        const next = randomUUID();
        await store.transaction((tx) => queue.enqueue(tx, kind, next));
        expect((await again).lease.refId).toBe(next);
      } finally {
        local.finishAll();
        await local.worker.stop(0);
      }
    });

    it('a place taken after its worker stopped gives the job back for any process', async () => {
      const kind = newKind('local');
      const local = localWorker(kind);
      await local.worker.start();
      const slot = local.worker.reserve(kind)!;
      expect(slot).toBeDefined();
      await local.worker.stop(0);
      expect(local.worker.reserve(kind)).toBeUndefined();
      const ref = await enqueue(kind);
      expect(await job(kind, ref)).toMatchObject({ status: 'ready' });
      const lease = await claimOne(local.worker.owner, kind);
      let heard!: () => void;
      const released = new Promise<void>((resolve) => (heard = resolve));
      const stopListening = await store.listen(JOBS_CHANNEL, (payload) => payload === kind && heard(), () => undefined);
      try {
        slot.take(lease, { committed: Promise.resolve() });
        await released;
      } finally {
        await stopListening();
      }
      expect(await job(kind, ref)).toMatchObject({ status: 'ready', attempts: 0, lease_owner: null });
      expect(local.calls).toHaveLength(0);
    });
  });
});
