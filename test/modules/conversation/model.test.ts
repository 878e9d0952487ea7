import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { startOpenAiServer } from '../../support/openai-server.js';
import type { OpenAiServer } from '../../support/openai-server.js';
import { auth, followSession, runEvent } from '../../support/runs.js';

/**
 * The model path against a real local server speaking the OpenAI chat completions protocol:
 * it answers like a model would, including an invalid (writing) query first.
 */
describe('queries written by a language model', () => {
  let t: TestApp;
  let model: OpenAiServer;
  let user: string;
  const fence = (cypher: string) => `Here is the query:\n\`\`\`cypher\n${cypher}\n\`\`\``;

  beforeAll(async () => {
    model = await startOpenAiServer((request) => {
      const question = request.messages.filter((m) => m.role === 'user')[0]?.content ?? '';
      const retry = request.messages.some((m) => m.role === 'assistant');
      if (question.includes('Alex Kim')) {
        return fence("MATCH (p:Person {_key: 'person:alex-kim-1'})-[:LIVES_IN]->(c:City) RETURN c.name AS city");
      }
      // The planner's own shape for this question, and a query of another shape for the next.
      if (question.includes('located in Japan')) {
        return fence("MATCH (c:City)-[r:LOCATED_IN]->(k:Country {name: 'Japan'}) WITH DISTINCT c RETURN c.name AS name ORDER BY name LIMIT 1000");
      }
      if (question.includes('Stratus use')) return fence("MATCH (p:Project {name: 'Stratus'})-[:USES]->(t) RETURN t.name AS name");
      if (question.includes('Python')) {
        // First a query that writes (the read-only checks refuse it), then a good one.
        return retry
          ? fence("MATCH (p:Project)-[:USES]->(:Technology {name: 'Python'}) RETURN count(p) AS projects")
          : fence("MATCH (p:Project)-[:USES]->(t:Technology {name: 'Python'}) SET p.checked = true RETURN count(p) AS projects");
      }
      return 'I cannot help with that.';
    });
    t = await startTestApp({
      env: {
        DEMO_DATA: 'true',
        JOB_POLL_INTERVAL_MS: '100',
        LLM_BASE_URL: model.url,
        LLM_MODEL: 'test-model',
        LLM_API_KEY: 'sk-test',
        LLM_MAX_ATTEMPTS: '2',
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.token(['user']);
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it('writes the query given the schema, similar templates and the memories; an invalid one goes back with its error', async () => {
    const id = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(user) })).json().session_id;
    const stream = await followSession(t, user, id);
    const send = async (content: string) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/chat/${id}/message`, headers: auth(user), payload: { content } });
      expect(res.statusCode, res.body).toBe(202);
      return res.json().run_id as string;
    };

    // A disambiguation first, so the session has a memory to pass on.
    const first = await send('Where does Alex Kim live?');
    await stream.waitForEvent(runEvent(first, ['disambiguation_required']));
    await t.app.inject({ method: 'POST', url: `/api/v1/chat/${id}/disambiguate`, headers: auth(user), payload: { choice: 'person:alex-kim-1' } });
    const firstAnswer = await stream.waitForEvent(runEvent(first, ['answer_ready']));
    expect(firstAnswer.data.data).toMatchObject({ used_template: false });
    // The next message is taken once the run has finished (its last steps follow the answer).
    await stream.waitForEvent(runEvent(first, ['run_completed']));

    const before = model.requests.length;
    const second = await send('How many projects use Python?');
    const generated = await stream.waitForEvent(runEvent(second, ['query_generated']));
    expect(generated.data.data).toMatchObject({ generator: 'model', attempts: 2 });
    const ready = await stream.waitForEvent(runEvent(second, ['answer_ready']));
    await stream.waitForEvent(runEvent(second, ['run_completed']));
    const expected = await t.app.deps.graph.runReadOnly("MATCH (p:Project)-[:USES]->(:Technology {name: 'Python'}) RETURN count(p) AS n");
    const answer = (await t.app.inject({ method: 'GET', url: `/api/v1/runs/${second}/download/answer.json`, headers: auth(user) })).json();
    expect(answer.rows).toEqual([{ projects: expected.rows[0]!.n }]);
    expect(String(ready.data.data.query)).not.toContain('SET');

    const calls = model.requests.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(calls[0]!.body.model).toBe('test-model');
    const system = calls[0]!.body.messages[0]!.content;
    // The schema, learned from the graph.
    for (const name of ['Person', 'Project', 'Technology', 'USES', 'WORKS_AT', 'stars']) expect(system).toContain(name);
    // The closest approved templates as examples.
    expect(system).toContain('Which projects use Rust?');
    // The session's memories.
    expect(system).toContain('person:alex-kim-1');
    // The question stays a user message of its own.
    expect(calls[0]!.body.messages.filter((m) => m.role === 'user').map((m) => m.content)).toContain('How many projects use Python?');
    // The second attempt carries the first query back with the read-only refusal.
    const retry = calls[1]!.body.messages;
    expect(retry.some((m) => m.role === 'assistant' && m.content.includes('SET p.checked'))).toBe(true);
    expect(retry.at(-1)!.content).toMatch(/read-only|not allowed|SET/i);

    const history = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/${id}/history`, headers: auth(user) })).json().items;
    expect(history.at(-1).answer).toMatchObject({ generator: 'model', used_template: false });
    // Nothing was written to the graph by the refused query.
    const touched = await t.app.deps.graph.runReadOnly('MATCH (p:Project) WHERE p.checked = true RETURN count(p) AS n');
    expect(touched.rows[0]).toEqual({ n: 0 });
    stream.close();
  });

  it('compares the model’s query with the planner’s reading: a disagreement halves the confidence curators see', async () => {
    const id = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(user) })).json().session_id;
    const stream = await followSession(t, user, id);
    const ask = async (content: string) => {
      const run = (await t.app.inject({ method: 'POST', url: `/api/v1/chat/${id}/message`, headers: auth(user), payload: { content } })).json().run_id;
      await stream.waitForEvent(runEvent(run, ['run_completed']));
      return (await t.app.inject({ method: 'GET', url: `/api/v1/runs/${run}/download/answer.json`, headers: auth(user) })).json().query.description;
    };
    const same = await ask('Which cities are located in Japan?');
    expect(same).toMatchObject({ modelAgreement: 'same', confidence: 0.95 });
    const different = await ask('Which technologies does Stratus use?');
    expect(different).toMatchObject({ modelAgreement: 'different' });
    expect(different.confidence).toBeLessThanOrEqual(0.5);
    const pending = (await t.app.inject({ method: 'GET', url: '/api/v1/aim/queries/pending?limit=100', headers: auth(await t.token(['curator'])) })).json().items;
    const recorded = pending.find((q: { question: string }) => q.question === 'Which technologies does Stratus use?');
    expect(recorded.assessment).toMatchObject({ generator: 'model', confidence: different.confidence });
    stream.close();
  });

  it('a model that never writes a valid query: the question is answered with the reason, not a crash', async () => {
    const id = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(user) })).json().session_id;
    const stream = await followSession(t, user, id);
    const run = (await t.app.inject({ method: 'POST', url: `/api/v1/chat/${id}/message`, headers: auth(user), payload: { content: 'How many companies are there?' } })).json().run_id;
    const ready = await stream.waitForEvent(runEvent(run, ['answer_ready']));
    expect(ready.data.data).toMatchObject({ query: null });
    expect(String(ready.data.data.text)).toContain('the model wrote no valid query in 2 attempts');
    stream.close();
  });

  it('when the model cannot be reached, the built-in planner writes the query and says so', async () => {
    const down = await startOpenAiServer(() => ({ status: 503, body: { error: { message: 'overloaded' } } }));
    const other = await startTestApp({ env: { DEMO_DATA: 'true', JOB_POLL_INTERVAL_MS: '100', LLM_BASE_URL: down.url, LLM_MODEL: 'test-model' } });
    try {
      await other.app.listen({ host: '127.0.0.1', port: 0 });
      const token = await other.token(['user']);
      const id = (await other.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(token) })).json().session_id;
      const stream = await followSession(other, token, id);
      const run = (await other.app.inject({ method: 'POST', url: `/api/v1/chat/${id}/message`, headers: auth(token), payload: { content: 'How many companies are there?' } })).json().run_id;
      const generated = await stream.waitForEvent(runEvent(run, ['query_generated']));
      expect(generated.data.data).toMatchObject({ generator: 'planner', note: expect.stringContaining('could not be reached') });
      const ready = await stream.waitForEvent(runEvent(run, ['answer_ready']));
      expect(ready.data.data.text).toBe('There are 25 companies.');
      expect(down.requests.length).toBeGreaterThan(0);
      stream.close();
    } finally {
      await other.close();
      await down.close();
    }
  });
});
