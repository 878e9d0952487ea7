import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';
import { DEMO_QUESTIONS } from '../support/demo-questions.js';
import type { DemoQuestion } from '../support/demo-questions.js';
import { auth, followSession, runEvent } from '../support/runs.js';
import type { StreamClient } from '../support/event-stream.js';

/**
 * The whole path through HTTP on the embedded defaults: every demo question is sent as a chat
 * message, answered by the ask workflow (the built-in planner, or a demo template), and its
 * rows compared by value with the verified answer (never the query text).
 */
describe('questions over the demo graph, through HTTP', () => {
  let t: TestApp;
  let user: string;
  let session: string;
  let stream: StreamClient;

  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_DATA: 'true', JOB_POLL_INTERVAL_MS: '100', RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '10000' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.token(['user']);
    session = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(user) })).json().session_id;
    stream = await followSession(t, user, session);
  });
  afterAll(async () => {
    stream.close();
    await t.close();
  });

  const firstColumn = (answer: { columns: string[]; rows: Record<string, unknown>[] }) => answer.rows.map((r) => r[answer.columns[0]!]);
  const sorted = (values: unknown[]) => [...values].map((v) => JSON.stringify(v)).sort();

  async function ask(question: string) {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/chat/${session}/message`, headers: auth(user), payload: { content: question } });
    expect(res.statusCode, res.body).toBe(202);
    const { run_id: runId } = res.json();
    const settled = await stream.waitForEvent(runEvent(runId, ['run_completed', 'run_failed', 'run_awaiting_input']));
    expect(settled.event, JSON.stringify(settled.data.data)).toBe('run_completed');
    const history = await t.app.inject({ method: 'GET', url: `/api/v1/chat/${session}/history?limit=100&cursor=` + '', headers: auth(user) });
    void history;
    const message = await t.app.inject({ method: 'GET', url: `/api/v1/runs/${runId}`, headers: auth(user) });
    return { run: message.json(), output: settled.data.data.output as { message_id: string; text: string; query: string | null } };
  }

  it.each(DEMO_QUESTIONS.map((q) => [q.kind, q.question, q] as [string, string, DemoQuestion]))('%s: %s', async (_kind, question, q) => {
    const { output } = await ask(question);
    expect(output.query, output.text).not.toBeNull();
    const answerFile = await t.app.inject({ method: 'GET', url: `/api/v1/runs/${(await lastRun()).run_id}/download/answer.json`, headers: auth(user) });
    const answer = answerFile.json() as { columns: string[]; rows: Record<string, unknown>[]; query: { cypher: string } };
    const values = firstColumn(answer);
    const context = `${output.text}\n${answer.query.cypher}`;
    if ('values' in q.expected) expect(sorted(values), context).toEqual(sorted(q.expected.values));
    else if ('value' in q.expected) expect(values[0], context).toEqual(q.expected.value);
    else expect(values[0], context).toEqual(q.expected.path);
    expect(output.text.length).toBeGreaterThan(0);
  });

  /** Phrasings beyond the table (two hops, "X and Y", a property of what is found), checked against their own query. */
  const more: [string, string][] = [
    ['Which companies are located in Germany?', "MATCH (c:Company)-[:LOCATED_IN]->(:City)-[:LOCATED_IN]->(:Country {name: 'Germany'}) RETURN DISTINCT c.name AS name"],
    ['Which projects use Python and Rust?', "MATCH (:Technology {name: 'Python'})<-[:USES]-(p:Project)-[:USES]->(:Technology {name: 'Rust'}) RETURN DISTINCT p.name AS name"],
    ['What is the population of the city where Nimbus Labs is located?', "MATCH (:Company {name: 'Nimbus Labs'})-[:LOCATED_IN]->(c:City) RETURN c.name AS name"],
    ['Who lives in Berlin?', "MATCH (p:Person)-[:LIVES_IN]->(:City {name: 'Berlin'}) RETURN p.name AS name"],
    ['which projects does nimbus labs maintain?', "MATCH (:Company {name: 'Nimbus Labs'})-[:MAINTAINS]->(p:Project) RETURN p.name AS name"],
    ['Who works at the same company as Maya Patel?', "MATCH (:Person {name: 'Maya Patel'})-[:WORKS_AT]->(:Company)<-[:WORKS_AT]-(p:Person) WHERE p.name <> 'Maya Patel' RETURN DISTINCT p.name AS name"],
    ['Who manages Maya Patel?', "MATCH (m:Person)-[:MANAGES]->(:Person {name: 'Maya Patel'}) RETURN m.name AS name"],
  ];
  it.each(more)('more: %s', async (question, verify) => {
    const { output } = await ask(question);
    const answer = (await t.app.inject({ method: 'GET', url: `/api/v1/runs/${(await lastRun()).run_id}/download/answer.json`, headers: auth(user) })).json();
    const expected = await t.app.deps.graph.runReadOnly(verify);
    expect(sorted(firstColumn(answer)), `${output.text}\n${answer.query?.cypher}`).toEqual(sorted(expected.rows.map((r) => r.name)));
  });

  async function lastRun() {
    const events = await t.app.inject({ method: 'GET', url: `/api/v1/chat/${session}/events?kind=run_completed&limit=100`, headers: auth(user) });
    const items = events.json().items as { run_id: string }[];
    return { run_id: items.at(-1)!.run_id };
  }
});
