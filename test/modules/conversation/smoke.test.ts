import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { auth, followSession, runEvent, RUN_SETTLED } from '../../support/runs.js';

describe('smoke', () => {
  let t: TestApp;
  let user: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_DATA: 'true', JOB_POLL_INTERVAL_MS: '100' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.token(['user']);
  });
  afterAll(() => t.close());

  it('answers', async () => {
    const session = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(user) })).json().session_id;
    const stream = await followSession(t, user, session);
    for (const q of ['Who works at Nimbus Labs?', 'How many people work at Nimbus Labs?', 'Who is Maya Patel?', 'Where does Alex Kim live?']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/chat/${session}/message`, headers: auth(user), payload: { content: q } });
      expect(res.statusCode, res.body).toBe(202);
      const settled = await stream.waitForEvent(runEvent(res.json().run_id, RUN_SETTLED));
      console.log(q, settled.event, JSON.stringify(settled.data.data).slice(0, 600));
      if (settled.event === 'run_awaiting_input') {
        const opts = settled.data.data.options as { id: string }[];
        const d = await t.app.inject({ method: 'POST', url: `/api/v1/chat/${session}/disambiguate`, headers: auth(user), payload: { choice: opts[0]!.id } });
        expect(d.statusCode, d.body).toBe(200);
        const done = await stream.waitForEvent(runEvent(res.json().run_id, ['run_completed', 'run_failed']));
        console.log('  after', done.event, JSON.stringify(done.data.data).slice(0, 400));
      }
    }
    const history = await t.app.inject({ method: 'GET', url: `/api/v1/chat/${session}/history`, headers: auth(user) });
    console.log(JSON.stringify(history.json().items.map((m: { role: string; content: string }) => [m.role, m.content])));
    stream.close();
  });
});
