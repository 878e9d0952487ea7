import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobWorker } from '../../../src/engine/jobs/worker.js';
import { ConversationService } from '../../../src/modules/conversation/service.js';
import { MessageStore } from '../../../src/modules/conversation/store.js';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { uniqueName } from '../../support/config.js';
import { AMBIGUOUS_QUESTIONS } from '../../support/demo-questions.js';
import type { StreamClient } from '../../support/event-stream.js';
import { auth, followSession, runEvent } from '../../support/runs.js';

/** The conversation through HTTP on the demo graph: messages, history, disambiguation and memory, templates, follow-ups. */
describe('the conversation', () => {
  let t: TestApp;
  let user: string;
  const userSub = uniqueName('user');
  let curator: string;

  const SETTLED = ['run_completed', 'run_failed', 'run_awaiting_input'];
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

  async function newSession(token = user) {
    const id = (await call('POST', '/api/v1/chat', token)).json().session_id as string;
    return { id, stream: await followSession(t, token, id) };
  }

  async function say(session: { id: string; stream: StreamClient }, content: string, token = user) {
    const res = await call('POST', `/api/v1/chat/${session.id}/message`, token, { content });
    expect(res.statusCode, res.body).toBe(202);
    const { run_id: runId, message_id: messageId } = res.json();
    const settled = await session.stream.waitForEvent(runEvent(runId, SETTLED));
    return { runId, messageId, settled };
  }

  async function answerOf(runId: string) {
    return (await call('GET', `/api/v1/runs/${runId}/download/answer.json`, user)).json() as {
      answer: string;
      columns: string[];
      rows: Record<string, unknown>[];
      query: { cypher: string; template_id: number | null };
    };
  }

  const stepTypes = async (sessionId: string, runId: string) =>
    Object.fromEntries(
      (await call('GET', `/api/v1/chat/${sessionId}/events?kind=step_completed&run_id=${runId}&limit=100`, user))
        .json()
        .items.map((e: { data: { node: string; query_type: string } }) => [e.data.node, e.data.query_type]),
    );

  beforeAll(async () => {
    t = await startTestApp({
      env: { DEMO_DATA: 'true', JOB_POLL_INTERVAL_MS: '100', RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '10000', CHAT_ANSWER_MAX_ROWS: '5' },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.token(['user'], userSub);
    curator = await t.token(['curator']);
  });
  afterAll(() => t.close());

  it('an admin’s message in someone else’s session is recorded as the admin’s, in the history and in the curation queue', async () => {
    const session = await newSession();
    const adminSub = uniqueName('admin');
    const admin = await t.token(['admin'], adminSub);
    const res = await call('POST', `/api/v1/chat/${session.id}/message`, admin, { content: 'How many projects does Evergreen Cloud maintain?' });
    expect(res.statusCode, res.body).toBe(202);
    const settled = await session.stream.waitForEvent(runEvent(res.json().run_id, SETTLED));
    expect(settled.event).toBe('run_completed');
    const history = (await call('GET', `/api/v1/chat/${session.id}/history`, user)).json().items;
    expect(history[0]).toMatchObject({ role: 'user', sent_by: adminSub });
    const queued = (await call('GET', `/api/v1/aim/queries/pending?session_id=${session.id}`, curator)).json().items;
    expect(queued.map((q: { source: { created_by: string } }) => q.source.created_by)).toEqual([adminSub]);
    const own = await say(session, 'How many projects does Pixel Forge maintain?');
    expect(own.settled.event).toBe('run_completed');
    const after = (await call('GET', `/api/v1/chat/${session.id}/history`, user)).json().items;
    expect(after[2]).toMatchObject({ role: 'user', sent_by: userSub });
    session.stream.close();
  });

  it('a pronoun chain: each pronoun stands for the last thing of its kind talked about', async () => {
    const session = await newSession();
    const values = async (runId: string) => {
      const answer = await answerOf(runId);
      if (!answer.rows) throw new Error(`no rows: ${JSON.stringify((await call('GET', `/api/v1/chat/${session.id}/history?limit=100`, user)).json().items.at(-1).content)}`);
      return answer.rows.map((r) => Object.values(r)[0]).sort();
    };
    const truth = async (cypher: string) => (await t.app.deps.graph.runReadOnly(cypher)).rows.map((r) => Object.values(r)[0]).sort();
    const first = await say(session, 'Where does Maya Patel live?');
    expect(await values(first.runId)).toEqual(await truth("MATCH (:Person {name: 'Maya Patel'})-[:LIVES_IN]->(c:City) RETURN c.name"));
    const works = await say(session, 'And where does she work?');
    expect(await values(works.runId)).toEqual(await truth("MATCH (:Person {name: 'Maya Patel'})-[:WORKS_AT]->(c:Company) RETURN c.name"));
    const company = await say(session, 'Which projects does it maintain?');
    expect(await values(company.runId)).toEqual(
      await truth("MATCH (:Person {name: 'Maya Patel'})-[:WORKS_AT]->(:Company)-[:MAINTAINS]->(p:Project) RETURN p.name"),
    );
    const papers = await say(session, 'Which papers did she write?');
    expect(await values(papers.runId)).toEqual(await truth("MATCH (:Person {name: 'Maya Patel'})-[:AUTHORED]->(p:Paper) RETURN p.name"));
    session.stream.close();
  });

  it('did you mean: a misspelt name is offered as a choice that resumes the run, and the session remembers it', async () => {
    const session = await newSession();
    const asked = await say(session, 'Who does Maya Patle manage?');
    expect(asked.settled.event).toBe('run_awaiting_input');
    const offer = await session.stream.waitForEvent(runEvent(asked.runId, ['disambiguation_required']));
    expect(String(offer.data.data.question)).toMatch(/I could not find “Maya Patle”\. Did you mean/);
    const options = offer.data.data.options as { id: string; details: { name: string } }[];
    const maya = options.find((o) => o.details.name === 'Maya Patel');
    expect(maya).toBeDefined();
    const answer = options.length === 1 ? 'yes' : maya!.id;
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice: answer })).statusCode).toBe(200);
    expect((await session.stream.waitForEvent(runEvent(asked.runId, ['run_completed', 'run_failed']))).event).toBe('run_completed');
    const expected = (await t.app.deps.graph.runReadOnly("MATCH (:Person {name: 'Maya Patel'})-[:MANAGES]->(p:Person) RETURN p.name AS name")).rows.map((r) => r.name);
    expect((await answerOf(asked.runId)).rows.map((r) => Object.values(r)[0]).sort()).toEqual([...expected].sort());
    // The same misspelling again: resolved from the session's memory, without asking.
    const again = await say(session, 'Who does Maya Patle manage?');
    expect(again.settled.event).toBe('run_completed');
    session.stream.close();
  });

  it('a message after a run this process saw end reads no run first; where a choice waits after all, the message still answers it', async () => {
    const session = await newSession();
    expect((await say(session, 'How many companies are there?')).settled.event).toBe('run_completed');
    const reads = vi.spyOn(t.app.engine.runs, 'currentOf');
    try {
      expect((await say(session, 'How many people are there?')).settled.event).toBe('run_completed');
      expect(reads).not.toHaveBeenCalled();
      // A choice waits now. A service that still believes the last run ended (as when another
      // process's events are not yet heard) finds the choice when its statement is refused.
      const asked = await say(session, 'Where does Alex Kim live?');
      expect(asked.settled.event).toBe('run_awaiting_input');
      const offer = await session.stream.waitForEvent(runEvent(asked.runId, ['disambiguation_required']));
      const option = (offer.data.data.options as { id: string }[])[0]!;
      const believing = new ConversationService({
        db: t.app.deps.relational,
        messages: new MessageStore({ db: t.app.deps.relational }),
        sessions: t.app.services.sessions,
        runStore: t.app.engine.runs,
        runs: t.app.services.runs,
        reviews: t.app.services.reviews,
        ended: { runEnded: () => true },
        limits: { messageMaxChars: 2000, answerMaxRows: 5 },
      });
      const principal = { sub: userSub, roles: ['user' as const], claims: {} };
      const seen = await believing.refuseIfBusy(principal, session.id, option.id);
      expect(seen).toEqual({ run: undefined, assumed: true });
      expect(await believing.send(principal, session.id, option.id, { seen })).toMatchObject({ run_id: asked.runId });
      expect((await session.stream.waitForEvent(runEvent(asked.runId, ['run_completed', 'run_failed']))).event).toBe('run_completed');
    } finally {
      reads.mockRestore();
      session.stream.close();
    }
  });

  it('a choice never traps the session: a new message leaves it (the waiting run is cancelled) and is answered', async () => {
    const session = await newSession();
    const asked = await say(session, 'Where does Alex Kim live?');
    expect(asked.settled.event).toBe('run_awaiting_input');
    const next = await say(session, 'How many companies are there?');
    expect(next.settled.event).toBe('run_completed');
    expect((await session.stream.waitForEvent(runEvent(asked.runId, ['run_cancelled']))).data.data).toMatchObject({ run_id: asked.runId });
    expect((await answerOf(next.runId)).rows).toEqual([{ count: 25 }]);
    // Nothing waits any more: a choice for the cancelled question is refused.
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice: 'person:alex-kim-1' })).statusCode).toBe(409);
    session.stream.close();
  });

  it('a question about nothing the graph holds says so, naming what it does hold in plural words', async () => {
    const session = await newSession();
    const { runId } = await say(session, 'What is the weather in Seattle?');
    const ready = await session.stream.waitForEvent(runEvent(runId, ['answer_ready']));
    const text = String(ready.data.data.text);
    expect(text).toMatch(/^I can’t answer that from the knowledge graph: .*\. It knows about .+ and .+\.$/);
    const known = text.slice(text.indexOf('It knows about ') + 'It knows about '.length, -1).split(/, | and /);
    for (const plural of ['cities', 'companies', 'countries', 'people', 'technologies']) expect(known).toContain(plural);
    session.stream.close();
  });

  it('a message that picks an option answers the choice: the waiting run resumes; "none of these" said in words too', async () => {
    const session = await newSession();
    const asked = await say(session, 'Where does Alex Kim live?');
    expect(asked.settled.event).toBe('run_awaiting_input');
    const offer = await session.stream.waitForEvent(runEvent(asked.runId, ['disambiguation_required']));
    const options = offer.data.data.options as { id: string; label: string }[];
    expect(options.length).toBeGreaterThan(1);
    const reply = await call('POST', `/api/v1/chat/${session.id}/message`, user, { content: 'The second one, please.' });
    expect(reply.statusCode, reply.body).toBe(202);
    expect(reply.json()).toMatchObject({ run_id: asked.runId, message_id: asked.messageId });
    expect((await session.stream.waitForEvent(runEvent(asked.runId, ['run_completed', 'run_failed']))).event).toBe('run_completed');
    const second = options[1]!.id;
    const expected = (await t.app.deps.graph.runReadOnly('MATCH (p:Person)-[:LIVES_IN]->(c:City) WHERE p._key = $key RETURN c.name AS name', { key: second })).rows.map((r) => r.name);
    expect((await answerOf(asked.runId)).rows.map((r) => Object.values(r)[0])).toEqual(expected);

    const reading = await say(session, 'Which people does Orbital Systems have?');
    await session.stream.waitForEvent(runEvent(reading.runId, ['disambiguation_required']));
    const none = await call('POST', `/api/v1/chat/${session.id}/message`, user, { content: 'none of these' });
    expect(none.json()).toMatchObject({ run_id: reading.runId });
    const ended = await session.stream.waitForEvent(runEvent(reading.runId, ['answer_ready']));
    expect(String(ended.data.data.text)).toMatch(/^Then I can’t answer that as asked/);
    session.stream.close();
  });

  it('readings the question leaves open are offered as a choice that resumes the run, with “none of these”', async () => {
    const session = await newSession();
    const asked = await say(session, 'Which people does Nimbus Labs have?');
    expect(asked.settled.event).toBe('run_awaiting_input');
    const offer = await session.stream.waitForEvent(runEvent(asked.runId, ['disambiguation_required']));
    const options = offer.data.data.options as { id: string; label: string }[];
    expect(options.map((o) => o.label)).toEqual(expect.arrayContaining([expect.stringContaining('works at'), expect.stringContaining('founded'), 'None of these']));
    const worksAt = options.find((o) => o.label.includes('works at'))!;
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice: worksAt.id })).statusCode).toBe(200);
    expect((await session.stream.waitForEvent(runEvent(asked.runId, ['run_completed', 'run_failed']))).event).toBe('run_completed');
    const expected = (await t.app.deps.graph.runReadOnly("MATCH (p:Person)-[:WORKS_AT]->(:Company {name: 'Nimbus Labs'}) RETURN p.name AS name")).rows.map((r) => r.name);
    expect((await answerOf(asked.runId)).rows.map((r) => Object.values(r)[0]).sort()).toEqual([...expected].sort());

    const again = await say(session, 'Which people does Orbital Systems have?');
    await session.stream.waitForEvent(runEvent(again.runId, ['disambiguation_required']));
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice: 'none' })).statusCode).toBe(200);
    const ended = await session.stream.waitForEvent(runEvent(again.runId, ['answer_ready']));
    expect(ended.data.data).toMatchObject({ query: null });
    expect(String(ended.data.data.text)).toMatch(/^Then I can’t answer that as asked/);
    session.stream.close();
  });

  it('"the top 2" with nothing named to rank by asks by what when more match, and the choice ranks them', async () => {
    const session = await newSession();
    const asked = await say(session, 'List the top 2 people who work at Nimbus Labs.');
    expect(asked.settled.event).toBe('run_awaiting_input');
    const offer = await session.stream.waitForEvent(runEvent(asked.runId, ['disambiguation_required']));
    expect(offer.data.data.question).toBe('“top” names nothing to rank the people by: by what?');
    const options = offer.data.data.options as { id: string; label: string }[];
    expect(options.map((o) => o.label)).toEqual(expect.arrayContaining(['By “born”, latest first', 'In no particular order', 'None of these']));
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice: options.find((o) => o.label.startsWith('By “born”'))!.id })).statusCode).toBe(200);
    expect((await session.stream.waitForEvent(runEvent(asked.runId, ['run_completed', 'run_failed']))).event).toBe('run_completed');
    const expected = await t.app.deps.graph.runReadOnly("MATCH (p:Person)-[:WORKS_AT]->(:Company {name: 'Nimbus Labs'}) RETURN p.name AS name, p.born AS born ORDER BY born DESC, name LIMIT 2");
    expect((await answerOf(asked.runId)).rows).toEqual(expected.rows);

    const again = await say(session, 'List the top 2 people who work at Nimbus Labs.');
    await session.stream.waitForEvent(runEvent(again.runId, ['disambiguation_required']));
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice: 'none' })).statusCode).toBe(200);
    const ended = await session.stream.waitForEvent(runEvent(again.runId, ['answer_ready']));
    expect(String(ended.data.data.text)).toBe('Then I can’t answer that as asked: “top” names nothing to rank the people by: by what? Please ask it in other words.');
    session.stream.close();
  });

  it('"yes" answers a did-you-mean that offers one thing', async () => {
    const session = await newSession();
    const asked = await say(session, 'Which projects does Nimbus Labz maintain?');
    expect(asked.settled.event).toBe('run_awaiting_input');
    const offer = await session.stream.waitForEvent(runEvent(asked.runId, ['disambiguation_required']));
    expect(offer.data.data.options).toEqual([expect.objectContaining({ id: 'company:nimbus-labs' })]);
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice: 'yes' })).statusCode).toBe(200);
    expect((await session.stream.waitForEvent(runEvent(asked.runId, ['run_completed', 'run_failed']))).event).toBe('run_completed');
    const expected = (await t.app.deps.graph.runReadOnly("MATCH (:Company {name: 'Nimbus Labs'})-[:MAINTAINS]->(p:Project) RETURN p.name AS name")).rows.map((r) => r.name);
    expect((await answerOf(asked.runId)).rows.map((r) => Object.values(r)[0]).sort()).toEqual([...expected].sort());
    session.stream.close();
  });

  it('a reading built on guesses is not run: it is offered to confirm, with what was guessed; "yes" runs it, "none of these" ends it', async () => {
    const question = 'Which people linked to cities in Germany started after 2015?';
    const session = await newSession();
    const asked = await say(session, question);
    expect(asked.settled.event).toBe('run_awaiting_input');
    const offer = await session.stream.waitForEvent(runEvent(asked.runId, ['disambiguation_required']));
    expect(String(offer.data.data.question)).toMatch(/^I am not sure I read this right \(.*took “started” for born.*\): is that what you mean\?$/);
    expect((offer.data.data.options as { label: string }[]).map((o) => o.label)).toEqual([expect.stringMatching(/^Yes, read it so: .*LIVES_IN/), 'None of these']);
    const yes = await call('POST', `/api/v1/chat/${session.id}/message`, user, { content: 'yes' });
    expect(yes.json()).toMatchObject({ run_id: asked.runId });
    expect((await session.stream.waitForEvent(runEvent(asked.runId, ['run_completed', 'run_failed']))).event).toBe('run_completed');
    const expected = (
      await t.app.deps.graph.runReadOnly("MATCH (p:Person)-[:LIVES_IN]->(:City)-[:LOCATED_IN]->(:Country {name: 'Germany'}) WHERE p.born > 2015 RETURN DISTINCT p.name AS name")
    ).rows.map((r) => r.name);
    expect((await answerOf(asked.runId)).rows.map((r) => Object.values(r)[0]).sort()).toEqual([...expected].sort());

    const again = await say(session, question);
    await session.stream.waitForEvent(runEvent(again.runId, ['disambiguation_required']));
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice: 'none' })).statusCode).toBe(200);
    const ended = await session.stream.waitForEvent(runEvent(again.runId, ['answer_ready']));
    expect(ended.data.data).toMatchObject({ query: null });
    expect(String(ended.data.data.text)).toMatch(/^Then I can’t answer that as asked: .* Please ask it in other words\.$/);
    session.stream.close();
  });

  it('a message answers 202 at once, the answer arrives on the stream, and the history holds both', async () => {
    const session = await newSession();
    const { runId, messageId, settled } = await say(session, 'How many people work at Orbital Systems?');
    expect(settled.event).toBe('run_completed');
    const ready = await session.stream.waitForEvent(runEvent(runId, ['answer_ready']));
    expect(ready.data.data).toMatchObject({ used_template: false, row_count: 1, files: ['answer.csv', 'answer.json'] });
    expect(String(ready.data.data.text)).toMatch(/^\d+ people work at Orbital Systems\.$/);
    await session.stream.waitForEvent(runEvent(runId, ['query_generated']));
    expect(await stepTypes(session.id, runId)).toMatchObject({ resolve: 'none', match_template: 'none', generate: 'generated', execute: 'generated' });

    const history = (await call('GET', `/api/v1/chat/${session.id}/history`, user)).json();
    expect(history.items).toHaveLength(2);
    const [question, answer] = history.items;
    expect(question).toMatchObject({ message_id: messageId, role: 'user', content: 'How many people work at Orbital Systems?', run_id: runId, answer: null });
    expect(answer).toMatchObject({ role: 'assistant', content: ready.data.data.text, run_id: runId });
    expect(answer.answer).toMatchObject({ kind: 'count', used_template: false, template_id: null, generator: 'planner', columns: ['count'], row_count: 1 });
    expect(answer.answer.query).toContain('WORKS_AT');
    const status = (await call('GET', `/api/v1/chat/${session.id}/status`, user)).json();
    expect(status).toMatchObject({ state: 'idle', message_count: 2, current_run_id: null });
    session.stream.close();
  });

  it('keeps at most CHAT_ANSWER_MAX_ROWS rows in the history (the files keep them all)', async () => {
    const session = await newSession();
    const { runId } = await say(session, 'Which people work at Orbital Systems?');
    const answer = (await call('GET', `/api/v1/chat/${session.id}/history`, user)).json().items[1].answer;
    const all = await answerOf(runId);
    expect(all.rows.length).toBeGreaterThan(5);
    expect(answer.rows).toHaveLength(5);
    expect(answer).toMatchObject({ rows_cut: true, row_count: all.rows.length });
    session.stream.close();
  });

  // (A second message while the first is still being answered is a 409: test/platform/rate-limit.test.ts, idempotency.test.ts.)
  it('refuses an empty message, a too long one, and other people', async () => {
    const session = await newSession();
    const waiting = await say(session, 'Where does Alex Kim live?');
    expect(waiting.settled.event).toBe('run_awaiting_input');
    expect((await call('POST', `/api/v1/chat/${session.id}/message`, user, { content: '   ' })).statusCode).toBe(400);
    const long = await call('POST', `/api/v1/chat/${session.id}/message`, user, { content: 'x'.repeat(t.config.chat.messageMaxChars + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([expect.objectContaining({ path: 'body.content' })]);
    const stranger = await t.token(['user']);
    expect((await call('POST', `/api/v1/chat/${session.id}/message`, stranger, { content: 'hi' })).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/chat/${session.id}/history`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, stranger, { choice: 'x' })).statusCode).toBe(404);
    session.stream.close();
  });

  it('refuses a message in a closed session, and stores nothing of it', async () => {
    const session = await newSession();
    await t.app.deps.relational.query(`UPDATE chat_sessions SET state = 'closed' WHERE id = $1`, [session.id]);
    const res = await call('POST', `/api/v1/chat/${session.id}/message`, user, { content: 'Who is Maya Patel?' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ current_state: 'closed' });
    const stored = await t.app.deps.relational.query<{ messages: number; runs: number; events: number }>(
      `SELECT (SELECT count(*) FROM chat_messages WHERE session_id = $1) AS messages, (SELECT count(*) FROM runs WHERE session_id = $1) AS runs,
              (SELECT count(*) FROM session_events WHERE session_id = $1 AND kind <> 'session_created') AS events`,
      [session.id],
    );
    expect(stored.rows[0]).toEqual({ messages: 0, runs: 0, events: 0 });
    session.stream.close();
  });

  it('starts the run at once, as its first attempt', async () => {
    const session = await newSession();
    const { runId } = await say(session, 'Who works at Nimbus Labs?');
    const started = await session.stream.waitForEvent(runEvent(runId, ['run_started']));
    expect(started.data.data).toMatchObject({ attempt: 1, resumed_from: null });
    expect((await call('GET', `/api/v1/runs/${runId}`, user)).json()).toMatchObject({ status: 'succeeded', attempts: 1, started_at: expect.any(String) });
    session.stream.close();
  });

  it('reads the session’s memories only when they decide something (an ambiguous name, a pronoun) or a query is written', async () => {
    const recalledIn = async (sessionId: string, runId: string) =>
      (await call('GET', `/api/v1/chat/${sessionId}/events?kind=tool_executed&run_id=${runId}&limit=100`, user))
        .json()
        .items.filter((e: { data: { tool_name: string } }) => e.data.tool_name === 'memory_recall')
        .map((e: { data: { node: string } }) => e.data.node);
    const session = await newSession();
    // A name that means one thing, answered by a template: nothing to recall.
    const plain = await say(session, 'Who works at Nimbus Labs?');
    expect((await answerOf(plain.runId)).query.template_id).not.toBeNull();
    expect(await recalledIn(session.id, plain.runId)).toEqual([]);
    // A new query: the writer gets the memories.
    const written = await say(session, 'How many people work at Nimbus Labs?');
    expect(await recalledIn(session.id, written.runId)).toEqual(['generate']);
    // A pronoun: the memories say what it refers to.
    const followUp = await say(session, 'And where is it located?');
    expect(await recalledIn(session.id, followUp.runId)).toContain('resolve');
    // An ambiguous name: the memories may hold the choice.
    const ambiguous = AMBIGUOUS_QUESTIONS[0]!;
    const asked = await say(session, ambiguous.question);
    expect(asked.settled.event).toBe('run_awaiting_input');
    expect(await recalledIn(session.id, asked.runId)).toEqual(['resolve']);
    session.stream.close();
  });

  it.each(AMBIGUOUS_QUESTIONS.map((q) => [q.question, q] as const))('asks which one is meant: %s', async (_q, ambiguous) => {
    const session = await newSession();
    const { runId, settled } = await say(session, ambiguous.question);
    expect(settled.event).toBe('run_awaiting_input');
    const asked = await session.stream.waitForEvent(runEvent(runId, ['disambiguation_required']));
    const options = asked.data.data.options as { id: string; label: string; details: Record<string, unknown> }[];
    expect(options.map((o) => o.id).sort()).toEqual(ambiguous.candidates.map((c) => c.key).sort());
    for (const option of options) {
      expect(option.details).toMatchObject({ name: ambiguous.name, label: expect.any(String) });
      // Something beyond the label and the name tells them apart.
      expect(Object.keys(option.details).length).toBeGreaterThan(2);
    }
    const status = (await call('GET', `/api/v1/chat/${session.id}/status`, user)).json();
    expect(status).toMatchObject({ state: 'awaiting_disambiguation', waiting_for: 'disambiguation', current_run_id: runId });
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice: 'nobody' })).statusCode).toBe(400);
    const choice = ambiguous.candidates[1]!.key;
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice })).statusCode).toBe(200);
    const done = await session.stream.waitForEvent(runEvent(runId, ['run_completed', 'run_failed']));
    expect(done.event).toBe('run_completed');
    expect(await stepTypes(session.id, runId)).toMatchObject({ resolve: 'clarification' });
    expect((await answerOf(runId)).query.cypher).toContain(choice);
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice })).statusCode).toBe(409);
    session.stream.close();
  });

  it('does not ask when the question itself settles the name (only a company has people working at it)', async () => {
    const session = await newSession();
    const { runId, settled } = await say(session, 'Which people work at Mercury?');
    expect(settled.event).toBe('run_completed');
    expect((await answerOf(runId)).query.cypher).toContain(':Company');
    session.stream.close();
  });

  it('remembers a choice: the next mention of the name, even a part of it, resolves without asking', async () => {
    const session = await newSession();
    const first = await say(session, 'Where does Alex Kim live?');
    await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice: 'person:alex-kim-2' });
    await session.stream.waitForEvent(runEvent(first.runId, ['run_completed']));
    expect((await answerOf(first.runId)).rows).toEqual([{ name: 'Toronto' }]);

    const again = await say(session, 'When was Alex Kim born?');
    expect(again.settled.event).toBe('run_completed');
    expect((await answerOf(again.runId)).rows).toEqual([{ born: 1992 }]);
    const partial = await say(session, 'Which papers has Alex authored?');
    expect(partial.settled.event).toBe('run_completed');
    expect((await answerOf(partial.runId)).query.cypher).toContain('person:alex-kim-2');

    const memories = (await call('GET', `/api/v1/review/${session.id}/memories`, user)).json().items;
    const choice = memories.find((m: { kind: string }) => m.kind === 'disambiguation');
    expect(choice).toMatchObject({ key: 'alex kim', value: { candidate: { key: 'person:alex-kim-2' } }, source: { run_id: first.runId, node: 'resolve' } });
    expect((await call('GET', `/api/v1/review/${session.id}/memories`, await t.token(['user']))).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/review/${session.id}/memories`, await t.token(['reviewer']))).statusCode).toBe(200);
    session.stream.close();
  });

  it('follows up on the thing last talked about ("and where does she live?")', async () => {
    const session = await newSession();
    await say(session, 'Who is Maya Patel?');
    const followUp = await say(session, 'And where does she live?');
    expect(followUp.settled.event).toBe('run_completed');
    const expected = await t.app.deps.graph.runReadOnly("MATCH (:Person {name: 'Maya Patel'})-[:LIVES_IN]->(c:City) RETURN c.name AS name");
    expect((await answerOf(followUp.runId)).rows).toEqual(expected.rows);
    const focus = (await call('GET', `/api/v1/review/${session.id}/memories`, user)).json().items.find((m: { kind: string }) => m.kind === 'focus');
    expect(focus.value.entities[0]).toMatchObject({ label: 'City' });
    session.stream.close();
  });

  it('a name that matches nothing gets a helpful answer, not an empty table, and nothing is queued', async () => {
    const session = await newSession();
    const { runId, settled } = await say(session, 'Who works at Zyxwvut Corporation?');
    expect(settled.event).toBe('run_completed');
    const ready = await session.stream.waitForEvent(runEvent(runId, ['answer_ready']));
    expect(ready.data.data).toMatchObject({ query: null });
    expect(String(ready.data.data.text)).toContain('I could not find anything called “Zyxwvut Corporation”');
    const pending = (await call('GET', `/api/v1/aim/queries/pending?session_id=${session.id}`, curator)).json();
    expect(pending.items).toEqual([]);
    session.stream.close();
  });

  it('a question naming more things than CHAT_MAX_MENTIONS is answered without searching for them', async () => {
    const session = await newSession();
    const names = Array.from({ length: t.config.chat.maxMentions + 1 }, (_, i) => `Name${i} Person${i}`).join(', ');
    const { runId } = await say(session, `Who knows ${names}?`);
    const ready = await session.stream.waitForEvent(runEvent(runId, ['answer_ready']));
    expect(ready.data.data).toMatchObject({ query: null });
    expect(String(ready.data.data.text)).toContain(`at most ${t.config.chat.maxMentions}`);
    session.stream.close();
  });

  it('queues a new query for curation; once approved, a paraphrase reuses the template and queues nothing', async () => {
    const session = await newSession();
    const first = await say(session, 'How many projects does Orbital Systems maintain?');
    const pending = (await call('GET', `/api/v1/aim/queries/pending?session_id=${session.id}`, curator)).json().items;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ question: 'How many projects does Orbital Systems maintain?', source: { session_id: session.id, run_id: first.runId } });
    const approved = await call('POST', `/api/v1/aim/queries/${pending[0].id}/approve`, curator);
    expect(approved.statusCode, approved.body).toBe(200);

    const paraphrase = await say(session, 'How many projects does Nimbus Labs maintain?');
    const ready = await session.stream.waitForEvent(runEvent(paraphrase.runId, ['answer_ready']));
    expect(ready.data.data).toMatchObject({ used_template: true });
    await session.stream.waitForEvent(runEvent(paraphrase.runId, ['query_reused']));
    expect(await stepTypes(session.id, paraphrase.runId)).toMatchObject({ match_template: 'template', execute: 'template' });
    const expected = await t.app.deps.graph.runReadOnly("MATCH (:Company {name: 'Nimbus Labs'})-[:MAINTAINS]->(p:Project) RETURN count(p) AS n");
    expect(Object.values((await answerOf(paraphrase.runId)).rows[0]!)).toEqual([expected.rows[0]!.n]);
    const template = await t.app.services.queries.get(pending[0].id);
    expect(template.template).toMatchObject({ reuse_count: 1, reuse_sessions: 1 });
    expect((await call('GET', `/api/v1/aim/queries/pending?session_id=${session.id}`, curator)).json().items).toEqual([]);
    const history = (await call('GET', `/api/v1/chat/${session.id}/history`, user)).json().items;
    expect(history.at(-1).answer).toMatchObject({ used_template: true, template_id: pending[0].id, generator: 'template' });
    session.stream.close();
  });

  it('a run waiting for a disambiguation survives a restart: answered while no worker runs, resumed by a new one', async () => {
    const session = await newSession();
    const { runId, settled } = await say(session, 'When was Jordan Lee born?');
    expect(settled.event).toBe('run_awaiting_input');
    await t.app.engine.worker.stop(0);
    try {
      expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice: 'person:jordan-lee-1' })).statusCode).toBe(200);
      expect((await call('GET', `/api/v1/runs/${runId}`, user)).json().status).toBe('queued');
      const restarted = new JobWorker(t.app.deps.relational, t.app.engine.queue, [t.app.engine.executor], {
        concurrency: 1,
        leaseMs: 30_000,
        pollIntervalMs: 100,
        logger: pino({ level: 'silent' }),
      });
      await restarted.start();
      const done = await session.stream.waitForEvent(runEvent(runId, ['run_completed', 'run_failed']));
      await restarted.stop(0);
      expect(done.event).toBe('run_completed');
      expect((await answerOf(runId)).rows).toEqual([{ born: 1979 }]);
    } finally {
      await t.app.engine.worker.start();
    }
    session.stream.close();
  });
});
