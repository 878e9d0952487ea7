import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevToken } from '../../src/platform/auth/dev-keys.js';
import { openKillableDeployment, type KillableDeployment } from '../support/killable-deployment.js';

/**
 * A message POST cut by a kill -9 after the message was stored but before the answer was sent:
 * the client cannot know whether it happened. Its retry with the same Idempotency-Key, on the
 * restarted service, gets the first attempt's message and run, and nothing is stored twice.
 * Needs the real PostgreSQL: the test's lock holds the first attempt at that point.
 */
const url = process.env.DATABASE_URL;
const IN_PROGRESS_MS = 1500;

describe.skipIf(!url)('an Idempotency-Key whose first request died with its process', () => {
  let deployment: KillableDeployment;
  beforeAll(async () => {
    deployment = await openKillableDeployment({ DEMO_DATA: 'true', IDEMPOTENCY_IN_PROGRESS_MS: String(IN_PROGRESS_MS), JOB_LEASE_MS: '1500' });
  });
  afterAll(async () => {
    await deployment?.close();
  });

  it('answers the retry with the first attempt’s message and run, stored once', async () => {
    const { db, dataDir } = deployment;
    let service = await deployment.start();
    const headers = { authorization: `Bearer ${await signDevToken({ dataDir, audience: 'cqks-api', sub: 'idem-kill', roles: ['user'] })}` };
    const created = await fetch(`${service.url}/api/v1/chat`, { method: 'POST', headers });
    const sessionId = ((await created.json()) as { session_id: string }).session_id;
    const send = (base: string) =>
      fetch(`${base}/api/v1/chat/${sessionId}/message`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'cut-message-1' },
        body: JSON.stringify({ content: 'How many projects does Orbital Systems maintain?' }),
      });

    // The key is claimed and the statement storing the message waits for the test's lock: kill -9 there.
    // Released, the statement still stores the message, as when a crash cuts a request whose last
    // statement has reached the database: the client never hears whether it happened.
    await db.query('BEGIN');
    await db.query('LOCK TABLE chat_messages IN SHARE MODE');
    const cut = send(service.url).then(
      (res) => res.status,
      () => 'cut',
    );
    await deployment.untilBlocked();
    await service.kill();
    await db.query('COMMIT');
    for (let tries = 0; Number((await db.query('SELECT count(*) AS n FROM chat_messages WHERE session_id = $1', [sessionId])).rows[0].n) === 0; tries++) {
      expect(tries, 'the message was never stored').toBeLessThan(300);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await cut).toBe('cut');
    const stored = await db.query<{ id: string; run_id: string }>(`SELECT id, run_id FROM chat_messages WHERE session_id = $1 AND role = 'user'`, [sessionId]);
    expect(stored.rows).toHaveLength(1);

    service = await deployment.start();
    let retry = await send(service.url);
    // Until IDEMPOTENCY_IN_PROGRESS_MS has passed the key still reads as held by the dead request.
    for (let tries = 0; retry.status === 409; tries++) {
      expect(tries).toBeLessThan(50);
      expect(retry.headers.get('retry-after')).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      retry = await send(service.url);
    }
    expect(retry.status).toBe(202);
    expect(await retry.json()).toEqual({ message_id: stored.rows[0]!.id, run_id: stored.rows[0]!.run_id });
    const again = await send(service.url);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const users = await db.query(`SELECT count(*) AS n FROM chat_messages WHERE session_id = $1 AND role = 'user'`, [sessionId]);
    expect(Number(users.rows[0].n)).toBe(1);
    const runs = await db.query('SELECT count(*) AS n FROM runs WHERE session_id = $1', [sessionId]);
    expect(Number(runs.rows[0].n)).toBe(1);
  }, 180_000);
});
