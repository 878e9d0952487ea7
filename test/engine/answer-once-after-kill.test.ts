import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevToken } from '../../src/platform/auth/dev-keys.js';
import { openEventStream } from '../support/event-stream.js';
import { openKillableDeployment, type KillableDeployment } from '../support/killable-deployment.js';

/**
 * A chat run whose process is killed (-9) after it published `answer_ready` but before the
 * answer step ended: the process that takes the run over redoes the step, and the client still
 * gets one `answer_ready` and one answer. Needs the real PostgreSQL: the test holds a lock the
 * answer step's file write waits for, so the process is killed at that point and no other.
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('a run taken over after its process was killed in the answer step', () => {
  let deployment: KillableDeployment;
  beforeAll(async () => {
    deployment = await openKillableDeployment({ DEMO_DATA: 'true', JOB_LEASE_MS: '1500', JOB_POLL_INTERVAL_MS: '200' });
  });
  afterAll(async () => {
    await deployment?.close();
  });

  it('publishes answer_ready once and stores one answer', async () => {
    const { db, dataDir } = deployment;
    let service = await deployment.start();
    const auth = { authorization: `Bearer ${await signDevToken({ dataDir, audience: 'cqks-api', sub: 'once-user', roles: ['user'] })}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const api = `${service.url}/api/v1`;
    const created = await fetch(`${api}/chat`, { method: 'POST', headers: auth });
    const sessionId = ((await created.json()) as { session_id: string }).session_id;
    const stream = await openEventStream(`${api}/chat/${sessionId}/stream`, auth, 'ndjson');

    // Run files cannot be written while the test holds this lock: the answer step waits for it
    // once answer_ready is out (nothing before that step writes files).
    await db.query('BEGIN');
    await db.query('LOCK TABLE run_file_chunks IN SHARE MODE');
    const asked = await fetch(`${api}/chat/${sessionId}/message`, { method: 'POST', headers: json, body: JSON.stringify({ content: 'Where does Alex Kim live?' }) });
    expect(asked.status).toBe(202);
    const runId = ((await asked.json()) as { run_id: string }).run_id;
    await stream.waitForEvent((e) => e.event === 'disambiguation_required', 30_000);
    const chosen = await fetch(`${api}/chat/${sessionId}/disambiguate`, { method: 'POST', headers: json, body: JSON.stringify({ choice: 'person:alex-kim-2' }) });
    expect(chosen.status).toBe(200);
    await stream.waitForEvent((e) => e.event === 'answer_ready' && e.data.run_id === runId, 30_000);
    await deployment.untilBlocked();
    stream.close();
    await service.kill();
    await db.query('ROLLBACK');

    // The same deployment starts again and takes the run over once its lease has run out.
    service = await deployment.start();
    const resumed = await openEventStream(`${service.url}/api/v1/chat/${sessionId}/stream`, auth, 'ndjson');
    await resumed.waitForEvent((e) => (e.event === 'run_completed' || e.event === 'run_failed') && e.data.run_id === runId, 60_000);
    resumed.close();

    const events = (await (await fetch(`${service.url}/api/v1/chat/${sessionId}/events?run_id=${runId}&limit=100`, { headers: auth })).json()) as {
      items: { event: string; data: Record<string, unknown> }[];
    };
    const kinds = events.items.map((e) => e.event);
    expect(kinds.filter((k) => k === 'run_started').length, kinds.join(' ')).toBeGreaterThanOrEqual(3); // asked, chosen, taken over
    expect(kinds.filter((k) => k === 'answer_ready'), kinds.join(' ')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'run_completed')).toHaveLength(1);
    expect(kinds).not.toContain('run_failed');

    const history = (await (await fetch(`${service.url}/api/v1/chat/${sessionId}/history`, { headers: auth })).json()) as {
      items: { role: string; run_id: string; content: string }[];
    };
    const answers = history.items.filter((m) => m.role === 'assistant' && m.run_id === runId);
    expect(answers.map((m) => m.content)).toEqual(['Alex Kim lives in 1 city: Toronto.']);
    const files = (await (await fetch(`${service.url}/api/v1/runs/${runId}/files`, { headers: auth })).json()) as { items: { path: string }[] };
    expect(files.items.map((f) => f.path).sort()).toEqual(['answer.csv', 'answer.json']);
  }, 180_000);
});
