import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { uniqueName } from '../../support/config.js';
import type { StreamClient } from '../../support/event-stream.js';
import { auth, followSession, runEvent } from '../../support/runs.js';

/** Reviews of generated queries (REVIEW_POLICY=generated): approve, edit, reject, by a reviewer or the owner. */
describe('review', () => {
  let t: TestApp;
  let user: string;
  let reviewer: string;
  const reviewerSub = uniqueName('reviewer');
  let curator: string;

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

  async function waitingForReview(content: string, app: TestApp = t, token = user) {
    const id = (await app.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(token) })).json().session_id as string;
    const stream = await followSession(app, token, id);
    const res = await app.app.inject({ method: 'POST', url: `/api/v1/chat/${id}/message`, headers: auth(token), payload: { content } });
    const runId = res.json().run_id as string;
    const required = await stream.waitForEvent(runEvent(runId, ['review_required', 'run_completed', 'run_failed']));
    expect(required.event).toBe('review_required');
    const reviewId = (required.data.data.data as { review_id: string }).review_id;
    return { id, stream, runId, reviewId };
  }
  const finished = (s: { stream: StreamClient; runId: string }) => s.stream.waitForEvent(runEvent(s.runId, ['run_completed', 'run_failed']));
  const answerOf = async (runId: string) => (await call('GET', `/api/v1/runs/${runId}/download/answer.json`, user)).json();

  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_DATA: 'true', REVIEW_POLICY: 'generated', JOB_POLL_INTERVAL_MS: '100', RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '10000' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.token(['user']);
    reviewer = await t.token(['reviewer'], reviewerSub);
    curator = await t.token(['curator']);
  });
  afterAll(() => t.close());

  it('a generated query waits for a reviewer; approving it runs it; a decided item is a 409', async () => {
    const s = await waitingForReview('How many people work at Orbital Systems?');
    const status = (await call('GET', `/api/v1/chat/${s.id}/status`, user)).json();
    expect(status).toMatchObject({ state: 'awaiting_review', waiting_for: 'review', current_run_id: s.runId });
    const pending = (await call('GET', `/api/v1/review/${s.id}/pending`, reviewer)).json();
    expect(pending.items).toEqual([
      expect.objectContaining({ review_id: s.reviewId, subject: 'query', status: 'pending', question: 'How many people work at Orbital Systems?', owner_may_decide: true }),
    ]);
    expect((await call('GET', `/api/v1/review/${s.id}/pending`, user)).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/review/${s.id}/approve`, user, { review_id: s.reviewId })).statusCode).toBe(403);

    const approved = await call('POST', `/api/v1/review/${s.id}/approve`, reviewer, { review_id: s.reviewId, comment: 'Looks right.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decided_by: reviewerSub, decided_as: 'reviewer', comment: 'Looks right.' });
    expect((await finished(s)).event).toBe('run_completed');
    const again = await call('POST', `/api/v1/review/${s.id}/reject`, reviewer, { review_id: s.reviewId, reason: 'late' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ current_status: 'approved' });
    expect((await call('GET', `/api/v1/review/${s.id}/pending`, reviewer)).json().items).toEqual([]);
    const comment = (await call('GET', `/api/v1/review/${s.id}/memories`, reviewer)).json().items.find((m: { kind: string }) => m.kind === 'comment');
    expect(comment).toMatchObject({ value: { comment: 'Looks right.' }, source: { review_id: s.reviewId, by: reviewerSub } });
    s.stream.close();
  });

  it('a reviewer may approve an edited query (which must pass validation); the edit is remembered as a correction', async () => {
    const s = await waitingForReview('Which people live in Berlin?');
    const writing = await call('POST', `/api/v1/review/${s.id}/approve`, reviewer, { review_id: s.reviewId, cypher: "MATCH (p:Person) SET p.name = 'x' RETURN p" });
    expect(writing.statusCode).toBe(422);
    const edited = "MATCH (p:Person)-[:LIVES_IN]->(:City {name: 'Berlin'}) RETURN p.name AS name ORDER BY name LIMIT 2";
    expect((await call('POST', `/api/v1/review/${s.id}/approve`, reviewer, { review_id: s.reviewId, cypher: edited })).statusCode).toBe(200);
    expect((await finished(s)).event).toBe('run_completed');
    const answer = await answerOf(s.runId);
    expect(answer.query.cypher).toBe(edited);
    expect(answer.rows).toHaveLength(2);
    const correction = (await call('GET', `/api/v1/review/${s.id}/memories`, reviewer)).json().items.find((m: { kind: string }) => m.kind === 'correction');
    expect(correction).toMatchObject({ key: 'Which people live in Berlin?', value: { corrected: edited } });
    const names = await t.app.deps.graph.runReadOnly("MATCH (p:Person {name: 'x'}) RETURN count(p) AS n");
    expect(names.rows[0]).toEqual({ n: 0 });

    // The same question later in the session starts from the correction.
    const again = await call('POST', `/api/v1/chat/${s.id}/message`, user, { content: 'Which people live in Berlin?' });
    const runId = again.json().run_id as string;
    const generated = await s.stream.waitForEvent(runEvent(runId, ['query_generated']));
    expect(generated.data.data).toMatchObject({ generator: 'correction', cypher: edited });
    const review = await s.stream.waitForEvent(runEvent(runId, ['review_required']));
    expect(review.data.data.data).toMatchObject({ cypher: edited });
    s.stream.close();
  });

  it('a rejected query does not run: the user is told why and the query is recorded as declined', async () => {
    const s = await waitingForReview('How many papers has Maya Patel authored?');
    expect((await call('POST', `/api/v1/review/${s.id}/reject`, reviewer, { review_id: s.reviewId })).statusCode).toBe(400);
    const rejected = await call('POST', `/api/v1/review/${s.id}/reject`, reviewer, { review_id: s.reviewId, reason: 'Not a question for this graph.' });
    expect(rejected.statusCode).toBe(200);
    expect((await finished(s)).event).toBe('run_completed');
    const ready = await s.stream.waitForEvent(runEvent(s.runId, ['answer_ready']));
    expect(ready.data.data).toMatchObject({ query: null, text: 'A reviewer declined the query: Not a question for this graph..' });
    const declined = await t.app.deps.relational.query<{ status: string; reason: string }>(
      'SELECT status, reason FROM queries WHERE session_id = $1',
      [s.id],
    );
    expect(declined.rows).toEqual([{ status: 'declined', reason: expect.stringContaining('Not a question for this graph.') }]);
    s.stream.close();
  });

  it('the owner may decide their own review (REVIEW_OWNER_DECIDES); another user may not', async () => {
    const s = await waitingForReview('How many companies are there?');
    const stranger = await t.token(['user']);
    expect((await call('POST', `/api/v1/chat/${s.id}/review`, stranger, { review_id: s.reviewId, decision: 'approve' })).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/chat/${s.id}/review`, user, { review_id: s.reviewId, decision: 'reject' })).statusCode).toBe(400);
    const decided = await call('POST', `/api/v1/chat/${s.id}/review`, user, { review_id: s.reviewId, decision: 'approve' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'approved', decided_as: 'owner' });
    expect((await finished(s)).event).toBe('run_completed');
    s.stream.close();
  });

  it('an owner may approve or reject but not edit the query; a reviewer may, and the answer reads the edited rows as they are', async () => {
    const s = await waitingForReview('How many projects does Orbital Systems maintain?');
    const edit = { review_id: s.reviewId, decision: 'approve', cypher: 'UNWIND range(1, 3) AS x RETURN x' };
    const refused = await call('POST', `/api/v1/chat/${s.id}/review`, user, edit);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/reviewer role/);
    const decided = await call('POST', `/api/v1/review/${s.id}/approve`, reviewer, { review_id: s.reviewId, cypher: edit.cypher });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await finished(s)).event).toBe('run_completed');
    const history = (await call('GET', `/api/v1/chat/${s.id}/history`, user)).json().items;
    const answer = history.at(-1).content as string;
    expect(answer).not.toMatch(/NaN/);
    expect(answer).toBe('The query found 3 rows: x 1, 2 and 3.');
    s.stream.close();
  });

  it('templates are not reviewed under the `generated` policy', async () => {
    const id = (await call('POST', '/api/v1/chat', user)).json().session_id;
    const stream = await followSession(t, user, id);
    const res = await call('POST', `/api/v1/chat/${id}/message`, user, { content: 'Which projects use Rust?' });
    const ready = await stream.waitForEvent(runEvent(res.json().run_id, ['answer_ready', 'review_required']));
    expect(ready.event).toBe('answer_ready');
    expect(ready.data.data).toMatchObject({ used_template: true });
    stream.close();
  });

  it('lists decisions, newest first, filtered by session, reviewer, decision and time', async () => {
    const all = (await call('GET', '/api/v1/review/history?limit=100', reviewer)).json().items;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const times = all.map((r: { decided_at: string }) => r.decided_at);
    expect(times).toEqual([...times].sort().reverse());
    const rejected = (await call('GET', '/api/v1/review/history?decision=rejected', reviewer)).json().items;
    expect(rejected.every((r: { status: string }) => r.status === 'rejected')).toBe(true);
    expect(rejected).toHaveLength(1);
    const mine = (await call('GET', `/api/v1/review/history?reviewer=${reviewerSub}`, reviewer)).json().items;
    expect(mine.every((r: { decided_by: string }) => r.decided_by === reviewerSub)).toBe(true);
    const one = all[0];
    const bySession = (await call('GET', `/api/v1/review/history?session_id=${one.session_id}`, reviewer)).json().items;
    expect(bySession.every((r: { session_id: string }) => r.session_id === one.session_id)).toBe(true);
    const future = (await call('GET', `/api/v1/review/history?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, reviewer)).json();
    expect(future.items).toEqual([]);
    const page = (await call('GET', '/api/v1/review/history?limit=2', reviewer)).json();
    const next = (await call('GET', `/api/v1/review/history?limit=100&cursor=${page.next_cursor}`, reviewer)).json();
    expect([...page.items, ...next.items].map((r: { review_id: string }) => r.review_id)).toEqual(all.map((r: { review_id: string }) => r.review_id));
    expect((await call('GET', '/api/v1/review/history', user)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/review/history', curator)).statusCode).toBe(200);
  });

  it('with REVIEW_OWNER_DECIDES=false the owner gets 403 and a reviewer decides', async () => {
    const strict = await startTestApp({ env: { DEMO_DATA: 'true', REVIEW_POLICY: 'always', REVIEW_OWNER_DECIDES: 'false', JOB_POLL_INTERVAL_MS: '100' } });
    try {
      await strict.app.listen({ host: '127.0.0.1', port: 0 });
      const owner = await strict.token(['user']);
      const s = await waitingForReview('Which projects use Rust?', strict, owner);
      const res = await strict.app.inject({ method: 'POST', url: `/api/v1/chat/${s.id}/review`, headers: auth(owner), payload: { review_id: s.reviewId, decision: 'approve' } });
      expect(res.statusCode).toBe(403);
      const boss = await strict.token(['reviewer']);
      const ok = await strict.app.inject({ method: 'POST', url: `/api/v1/review/${s.id}/approve`, headers: auth(boss), payload: { review_id: s.reviewId } });
      expect(ok.statusCode).toBe(200);
      expect((await finished(s)).event).toBe('run_completed');
      s.stream.close();
    } finally {
      await strict.close();
    }
  });
});
