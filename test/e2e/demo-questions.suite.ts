import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { KIND_QUESTIONS } from '../support/question-kinds.js';
import type { KindQuestion } from '../support/question-kinds.js';
import { startTestApp } from '../support/app.js';
import { DEMO_QUESTIONS } from '../support/demo-questions.js';
import type { DemoQuestion } from '../support/demo-questions.js';
import { auth, followSession, runEvent } from '../support/runs.js';
import type { StreamClient } from '../support/event-stream.js';

/**
 * The whole path through HTTP: every demo question is sent as a chat message, answered by the
 * ask workflow (the built-in planner, or a demo template), and its rows compared by value with
 * the verified answer (never the query text). The same questions on either graph engine
 * (demo-questions.test.ts, demo-questions-neo4j.test.ts): the answers must be the same values.
 * At the end, the accuracy per kind of question.
 */
export function questionsThroughHttp(engine: { name: string; env: Record<string, string> }) {
describe(`questions over the demo graph, through HTTP (${engine.name})`, () => {
  let t: TestApp;
  const outcomes = new Map<string, { right: number; total: number }>();
  const record = (kind: string, right: boolean) => {
    const o = outcomes.get(kind) ?? { right: 0, total: 0 };
    o.total++;
    if (right) o.right++;
    outcomes.set(kind, o);
  };
  let user: string;
  let session: string;
  let stream: StreamClient;

  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_DATA: 'true', JOB_POLL_INTERVAL_MS: '100', RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '10000', ...engine.env } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await t.app.services.schema.warm(); // as main.ts does once it listens: the questions are timed, not the schema read
    user = await t.token(['user']);
    session = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(user) })).json().session_id;
    stream = await followSession(t, user, session);
  });
  afterAll(async () => {
    stream?.close();
    await t?.close();
    const rows = [...outcomes].map(([kind, o]) => `  ${kind.padEnd(22)} ${String(o.right).padStart(4)}/${String(o.total).padEnd(4)} ${((100 * o.right) / o.total).toFixed(1)}%`);
    const all = [...outcomes.values()].reduce((a, o) => ({ right: a.right + o.right, total: a.total + o.total }), { right: 0, total: 0 });
    if (all.total > 0) console.log(`accuracy per kind of question (${engine.name}):\n${rows.join('\n')}\n  ${'all'.padEnd(22)} ${all.right}/${all.total} ${((100 * all.right) / all.total).toFixed(1)}%`);
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
    return { runId: runId as string, run: message.json(), output: settled.data.data.output as { message_id: string; text: string; query: string | null } };
  }

  it.each(DEMO_QUESTIONS.map((q) => [q.kind, q.question, q] as [string, string, DemoQuestion]))('%s: %s', async (kind, question, q) => {
    let right = false;
    try {
    const { output, runId } = await ask(question);
    expect(output.query, output.text).not.toBeNull();
    const answerFile = await t.app.inject({ method: 'GET', url: `/api/v1/runs/${runId}/download/answer.json`, headers: auth(user) });
    const answer = answerFile.json() as { columns: string[]; rows: Record<string, unknown>[]; query: { cypher: string } };
    const values = firstColumn(answer);
    const context = `${output.text}\n${answer.query.cypher}`;
    if ('values' in q.expected) expect(sorted(values), context).toEqual(sorted(q.expected.values));
    else if ('value' in q.expected) expect(values[0], context).toEqual(q.expected.value);
    else expect(values[0], context).toEqual(q.expected.path);
    expect(output.text.length).toBeGreaterThan(0);
    right = true;
    } finally {
      record(kind, right);
    }
  });

  it.each(KIND_QUESTIONS.map((q) => [q.kind, q.question, q] as [string, string, KindQuestion]))('%s: %s', async (kind, question, q) => {
    let right = false;
    try {
      const { output, runId } = await ask(question);
      if ('refusal' in q.expected) {
        expect(output.query, output.text).toBeNull();
        expect(output.text).toMatch(q.expected.refusal);
      } else {
        expect(output.query, output.text).not.toBeNull();
        const answer = (await t.app.inject({ method: 'GET', url: `/api/v1/runs/${runId}/download/answer.json`, headers: auth(user) })).json();
        const context = `${output.text}\n${answer.query?.cypher}`;
        if ('verify' in q.expected) {
          const expected = await t.app.deps.graph.runReadOnly(q.expected.verify);
          expect(sorted(firstColumn(answer)), context).toEqual(sorted(expected.rows.map((r) => Object.values(r)[0])));
        } else {
          const [row] = (await t.app.deps.graph.runReadOnly(q.expected.compare)).rows;
          expect(answer.rows[0], context).toMatchObject({ value: row!.value, other_value: row!.other_value });
          const yes = q.expected.more ? Number(row!.value) > Number(row!.other_value) : Number(row!.value) < Number(row!.other_value);
          expect(output.text, context).toMatch(yes ? /^Yes/ : /^No/);
        }
      }
      right = true;
    } finally {
      record(kind, right);
    }
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
    let right = false;
    try {
      const { output, runId } = await ask(question);
      const answer = (await t.app.inject({ method: 'GET', url: `/api/v1/runs/${runId}/download/answer.json`, headers: auth(user) })).json();
      const expected = await t.app.deps.graph.runReadOnly(verify);
      expect(sorted(firstColumn(answer)), `${output.text}\n${answer.query?.cypher}`).toEqual(sorted(expected.rows.map((r) => r.name)));
      right = true;
    } finally {
      record('more phrasings', right);
    }
  });

});
}
