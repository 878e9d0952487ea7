import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { startOpenAiServer } from '../../support/openai-server.js';
import type { OpenAiServer } from '../../support/openai-server.js';
import { auth, followSession, runEvent } from '../../support/runs.js';

/**
 * A query the graph stops (past GRAPH_QUERY_TIMEOUT_MS) or cannot run (it fails on the data) is
 * the query's fault, not the run's: the person is told why there is no answer, the run completes,
 * and a newly written query goes to curators as declined with the graph's reason. Before, the run
 * failed with `tool_failed`. The queries come from a real local server speaking the OpenAI
 * protocol, as a model would write them.
 */
describe('queries the graph refuses while running them', () => {
  let t: TestApp;
  let model: OpenAiServer;
  let user: string;
  let curator: string;
  const fence = (cypher: string) => `\`\`\`cypher\n${cypher}\n\`\`\``;
  const SLOW = 'UNWIND range(1, 200000000) AS x WITH x WHERE x % 7 = 3 RETURN count(x) AS n';
  const FAILING = 'MATCH (p:Project) RETURN p.name AS name, 1 / 0 AS ratio';

  beforeAll(async () => {
    model = await startOpenAiServer((request) => {
      const question = request.messages.filter((m) => m.role === 'user')[0]?.content ?? '';
      if (question.includes('How many projects')) return fence(SLOW);
      if (question.includes('Stratus')) return fence(FAILING);
      return 'I cannot help with that.';
    });
    t = await startTestApp({
      env: { DEMO_DATA: 'true', JOB_POLL_INTERVAL_MS: '100', LLM_BASE_URL: model.url, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-test', GRAPH_QUERY_TIMEOUT_MS: '300' },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.token(['user']);
    curator = await t.token(['curator']);
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it.each([
    ['How many projects are there?', /^I could not answer that: the query for it did not finish within the time limit of 300 ms and was stopped\./],
    ['Which technologies are used by Stratus?', /^I could not answer that: the graph could not run the query for it: the query failed while running: .*division by zero/],
  ])('%s: says why, completes the run and files the query as declined', async (question, said) => {
    const id = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(user) })).json().session_id;
    const stream = await followSession(t, user, id);
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/aim/queries/stats', headers: auth(curator) })).json();
    try {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/chat/${id}/message`, headers: auth(user), payload: { content: question } });
      expect(res.statusCode, res.body).toBe(202);
      const run = res.json().run_id as string;
      const ready = await stream.waitForEvent(runEvent(run, ['answer_ready', 'run_failed']), 30_000);
      expect(ready.event, JSON.stringify(ready.data)).toBe('answer_ready');
      expect(ready.data.data, JSON.stringify(ready.data.data)).toMatchObject({ query: null, query_type: 'declined' });
      expect(String(ready.data.data.text)).toMatch(said);
      const settled = await stream.waitForEvent(runEvent(run, ['run_completed', 'run_failed']), 30_000);
      expect(settled.event).toBe('run_completed');

      const status = await t.app.inject({ method: 'GET', url: `/api/v1/chat/${id}/status`, headers: auth(user) });
      expect(status.statusCode, status.body).toBe(200);
      expect(status.json()).toMatchObject({ state: 'idle', current_run_id: null });
      const declined = (await t.app.inject({ method: 'GET', url: '/api/v1/aim/queries/stats', headers: auth(curator) })).json();
      expect(declined, JSON.stringify(declined)).toMatchObject({ counts: { declined: before.counts.declined + 1 } });
    } finally {
      stream.close();
    }
  });
});
