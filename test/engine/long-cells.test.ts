import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../eval/client.js';
import { startTestApp } from '../support/app.js';
import type { TestApp } from '../support/app.js';
import { baseUrl } from '../support/runs.js';

/** No answer step fails on a legal row: a cell of prose longer than any name (a post's body) is answered like any other. */
describe('an answer with a long text cell', () => {
  let t: TestApp;
  let token: string;
  const body = `The deadline moved to Friday. ${'Every team should plan for it. '.repeat(120)}`;
  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_DATA: 'false', JOB_POLL_INTERVAL_MS: '50' } });
    await t.app.deps.graph.upsert(
      {
        nodes: [
          { key: 'a:1', labels: ['Author'], properties: { name: 'Ines Varga' } },
          { key: 'p:1', labels: ['Post'], properties: { postId: 'p1', body } },
          { key: 'p:2', labels: ['Post'], properties: { postId: 'p2', body: `Lunch is in the hall. ${'Bring a cup. '.repeat(100)}` } },
        ],
        relationships: [{ fromKey: 'a:1', type: 'WROTE', toKey: 'p:1' }],
      },
      'test:long-cells',
    );
    t.app.services.schema.invalidate();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    token = await t.token(['user']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs to its answer, the body in its row', async () => {
    expect(body.length).toBeGreaterThan(3000);
    const client = new ServiceClient(baseUrl(t), token);
    const session = await client.newSession();
    try {
      const answer = await client.ask(session.session_id, "Which posts contain 'deadline'?");
      expect(answer.failed).toBeUndefined();
      expect(answer.query).not.toBeNull();
      expect(answer.rows).toEqual([{ name: 'p1', body }]);
    } finally {
      client.close(session.session_id);
    }
  });
});
