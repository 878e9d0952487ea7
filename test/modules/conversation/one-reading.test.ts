import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANALYZE_CHANNEL } from '../../../src/language/analyze.js';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import type { StreamClient } from '../../support/event-stream.js';
import { auth, followSession, runEvent } from '../../support/runs.js';

/**
 * A question is read once per turn: the steps of `ask` (understanding, the template matcher, the
 * planner, the answer) share that one reading instead of analyzing the words again.
 */
describe('one reading of a question per turn', () => {
  let t: TestApp;
  let user: string;
  let curator: string;
  const analyzed: string[] = [];
  const listen = (message: unknown) => analyzed.push((message as { text: string }).text);

  const SETTLED = ['run_completed', 'run_failed', 'run_awaiting_input'];
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

  async function newSession() {
    const id = (await call('POST', '/api/v1/chat', user)).json().session_id as string;
    return { id, stream: await followSession(t, user, id) };
  }

  async function say(session: { id: string; stream: StreamClient }, content: string) {
    const res = await call('POST', `/api/v1/chat/${session.id}/message`, user, { content });
    expect(res.statusCode, res.body).toBe(202);
    const runId = res.json().run_id as string;
    return { runId, settled: await session.stream.waitForEvent(runEvent(runId, SETTLED)) };
  }

  /** How many times the words of `question` were analyzed. */
  const readingsOf = (question: string) => analyzed.filter((text) => text === question).length;

  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_DATA: 'true', JOB_POLL_INTERVAL_MS: '100', RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '10000' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.token(['user']);
    curator = await t.token(['curator']);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    analyzed.length = 0;
    subscribe(ANALYZE_CHANNEL, listen);
  });
  afterEach(() => void unsubscribe(ANALYZE_CHANNEL, listen));

  it('a question the planner answers is analyzed once, from the message to answer_ready', async () => {
    const session = await newSession();
    const question = 'Which projects does Orbital Systems maintain?';
    const { settled } = await say(session, question);
    expect(settled.event).toBe('run_completed');
    expect(readingsOf(question)).toBe(1);
    session.stream.close();
  });

  it('a paraphrase answered by an approved template is analyzed once (matcher and answer share the reading)', async () => {
    const session = await newSession();
    await say(session, 'How many projects does Orbital Systems maintain?');
    const pending = (await call('GET', `/api/v1/aim/queries/pending?session_id=${session.id}`, curator)).json().items;
    expect((await call('POST', `/api/v1/aim/queries/${pending[0].id}/approve`, curator)).statusCode).toBe(200);
    const paraphrase = 'How many projects does Nimbus Labs maintain?';
    const { runId, settled } = await say(session, paraphrase);
    expect(settled.event).toBe('run_completed');
    const ready = await session.stream.waitForEvent(runEvent(runId, ['answer_ready']));
    expect(ready.data.data).toMatchObject({ used_template: true });
    expect(readingsOf(paraphrase)).toBe(1);
    session.stream.close();
  });

  it('a question that asks which thing is meant is analyzed once, before and after the choice', async () => {
    const session = await newSession();
    const question = 'When was Jordan Lee born?';
    const { runId, settled } = await say(session, question);
    expect(settled.event).toBe('run_awaiting_input');
    const offer = await session.stream.waitForEvent(runEvent(runId, ['disambiguation_required']));
    const choice = (offer.data.data.options as { id: string }[])[0]!.id;
    expect((await call('POST', `/api/v1/chat/${session.id}/disambiguate`, user, { choice })).statusCode).toBe(200);
    const done = await session.stream.waitForEvent(runEvent(runId, ['run_completed', 'run_failed']));
    expect(done.event).toBe('run_completed');
    expect(readingsOf(question)).toBe(1);
    session.stream.close();
  });
});
