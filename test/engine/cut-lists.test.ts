import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../eval/client.js';
import { startTestApp } from '../support/app.js';
import type { TestApp } from '../support/app.js';
import { baseUrl } from '../support/runs.js';

/**
 * A list cut by its own limit says how many there are in all: the planner's list query stops at
 * 1000 rows, which the store (whose row limit is higher here) cannot see as a cut, so the answer
 * once said "1000 sensors" of 1,050.
 */
describe('a list longer than the list limit', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_DATA: 'false', JOB_POLL_INTERVAL_MS: '50', GRAPH_QUERY_MAX_ROWS: '5000' } });
    const nodes = Array.from({ length: 1050 }, (_, i) => ({ key: `s:${i}`, labels: ['Sensor'], properties: { serial: `SN-${String(i).padStart(5, '0')}`, reading: 10 + (i % 7) } }));
    await t.app.deps.graph.upsert({ nodes: [...nodes, { key: 's:low', labels: ['Sensor'], properties: { serial: 'SN-LOW', reading: 1 } }], relationships: [] }, 'test:cut-lists');
    t.app.services.schema.invalidate();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    token = await t.token(['user']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says the whole count and that the list shows the first of them', async () => {
    const client = new ServiceClient(baseUrl(t), token);
    const session = await client.newSession();
    try {
      const answer = await client.ask(session.session_id, 'Which sensors have a reading over 5?');
      expect(answer.failed).toBeUndefined();
      expect(answer.rows).toHaveLength(1000);
      expect(answer.text).toMatch(/There are 1,?050 sensors/);
      expect(answer.text).toMatch(/the first 1,?000/);
    } finally {
      client.close(session.session_id);
    }
  });
});
