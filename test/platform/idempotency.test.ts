import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { multipartBody } from '../support/documents.js';
import { auth, followSession, runEvent, RUN_SETTLED } from '../support/runs.js';

/**
 * Idempotency-Key on the POSTs that create things: a retry with the same key gets the first
 * answer (marked Idempotent-Replayed) and nothing is done twice; misuse is told apart.
 */
describe('Idempotency-Key', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_DATA: 'true' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    token = await t.token(['curator'], 'idem-user');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, key: string | undefined, payload?: Record<string, unknown>, as = token) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth(as), ...(key === undefined ? {} : { 'idempotency-key': key }) }, ...(payload === undefined ? {} : { payload }) });
  const sessionCount = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/chat/history?limit=100', headers: auth(token) })).json().items.length as number;

  it('creates one session for two requests with one key, and says the second is a replay', async () => {
    const before = await sessionCount();
    const first = await post('/api/v1/chat', 'session-key-1', { title: 'Once' });
    const second = await post('/api/v1/chat', 'session-key-1', { title: 'Once' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toContain('application/json');
    expect(second.json()).toEqual(first.json());
    expect(await sessionCount()).toBe(before + 1);
    // Without a key, or with another, a request is a new one.
    expect((await post('/api/v1/chat', 'session-key-2', { title: 'Once' })).json().session_id).not.toBe(first.json().session_id);
    expect(await sessionCount()).toBe(before + 2);
  });

  it('keeps keys apart per caller', async () => {
    const other = await t.token(['user'], 'idem-other');
    const mine = await post('/api/v1/chat', 'shared-key', {});
    const theirs = await post('/api/v1/chat', 'shared-key', {}, other);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().session_id).not.toBe(mine.json().session_id);
    expect(theirs.json().owner).toBe('idem-other');
  });

  it('refuses a key sent with another request (422) and a malformed key (400 naming the header)', async () => {
    await post('/api/v1/chat', 'reused-key', { title: 'A' });
    const other = await post('/api/v1/chat', 'reused-key', { title: 'B' });
    expect(other.statusCode).toBe(422);
    expect(other.headers['content-type']).toContain('application/problem+json');
    expect(other.json().type).toBe('urn:cqks:problem:idempotency-key-reused');
    const malformed = await post('/api/v1/chat', 'with space', {});
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('idempotency-key');
    expect((await post('/api/v1/chat', 'x'.repeat(256), {})).statusCode).toBe(400);
  });

  it('stores one message and starts one run for a retried message, even while the session works on it', async () => {
    const sessionId = (await post('/api/v1/chat', undefined, {})).json().session_id as string;
    const stream = await followSession(t, token, sessionId);
    const body = { content: 'How many projects does Orbital Systems maintain?' };
    const first = await post(`/api/v1/chat/${sessionId}/message`, 'message-key-1', body);
    const retry = await post(`/api/v1/chat/${sessionId}/message`, 'message-key-1', body);
    expect(first.statusCode).toBe(202);
    expect(retry.statusCode).toBe(202);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    await stream.waitForEvent(runEvent(first.json().run_id, RUN_SETTLED));
    const after = await post(`/api/v1/chat/${sessionId}/message`, 'message-key-1', body);
    expect(after.json()).toEqual(first.json());
    stream.close();
    const history = (await t.app.inject({ method: 'GET', url: `/api/v1/chat/${sessionId}/history`, headers: auth(token) })).json().items as { role: string }[];
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('frees the key of a message refused because the session was busy: its retry later is sent', async () => {
    // Every query waits for a review here, so the session is busy for certain when the second message comes.
    const reviewed = await startTestApp({ env: { DEMO_DATA: 'true', REVIEW_POLICY: 'always' } });
    try {
      await reviewed.app.listen({ host: '127.0.0.1', port: 0 });
      const owner = await reviewed.token(['user'], 'idem-busy-user');
      const send = (sessionId: string, key: string | undefined, content: string) =>
        reviewed.app.inject({ method: 'POST', url: `/api/v1/chat/${sessionId}/message`, headers: { ...auth(owner), ...(key ? { 'idempotency-key': key } : {}) }, payload: { content } });
      const sessionId = (await reviewed.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(owner) })).json().session_id as string;
      const stream = await followSession(reviewed, owner, sessionId);
      const busy = await send(sessionId, undefined, 'How many projects does Nimbus Labs maintain?');
      // (Waits see every event of the stream so far: the run's pause is named, not "settled".)
      const ended = ['run_completed', 'run_failed', 'run_cancelled'];
      const required = await stream.waitForEvent(runEvent(busy.json().run_id, ['review_required', ...ended]));
      expect(required.event).toBe('review_required');
      const refused = await send(sessionId, 'message-key-2', 'Where does Maya Patel live?');
      expect(refused.statusCode).toBe(409);
      const reviewId = (required.data.data.data as { review_id: string }).review_id;
      const decided = await reviewed.app.inject({ method: 'POST', url: `/api/v1/chat/${sessionId}/review`, headers: auth(owner), payload: { review_id: reviewId, decision: 'approve' } });
      expect(decided.statusCode, decided.body).toBe(200);
      await stream.waitForEvent(runEvent(busy.json().run_id, ended));
      const sent = await send(sessionId, 'message-key-2', 'Where does Maya Patel live?');
      expect(sent.statusCode).toBe(202);
      expect(sent.headers['idempotent-replayed']).toBeUndefined();
      stream.close();
    } finally {
      await reviewed.close();
    }
  });

  it('queues one workflow run, and replays an approval instead of answering 409 the second time', async () => {
    const body = { workflow: 'ask', input: { question: 'How many projects does Orbital Systems maintain?' } };
    const first = await post('/api/v1/aim/workflows/execute', 'run-key-1', body);
    const retry = await post('/api/v1/aim/workflows/execute', 'run-key-1', body);
    expect(first.statusCode).toBe(202);
    expect(retry.json()).toEqual(first.json());
    const stream = await followSession(t, token, first.json().session_id);
    await stream.waitForEvent(runEvent(first.json().run_id, RUN_SETTLED));
    stream.close();

    const pending = (await t.app.inject({ method: 'GET', url: '/api/v1/aim/queries/pending', headers: auth(token) })).json().items as { id: number }[];
    expect(pending.length).toBeGreaterThan(0);
    const id = pending[0]!.id;
    const approved = await post(`/api/v1/aim/queries/${id}/approve`, 'approve-key-1');
    const again = await post(`/api/v1/aim/queries/${id}/approve`, 'approve-key-1');
    expect(approved.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await post(`/api/v1/aim/queries/${id}/approve`, undefined)).statusCode).toBe(409);
  });

  it('replays an upload only for the same files: another file under the key is a 422 and is not stored', async () => {
    const upload = (key: string, fileName: string, content: string) => {
      const { body, contentType } = multipartBody([{ fileName, content, contentType: 'text/csv' }]);
      return t.app.inject({ method: 'POST', url: '/api/v1/documents/upload', headers: { ...auth(token), 'content-type': contentType, 'idempotency-key': key }, payload: body });
    };
    const documents = async () =>
      ((await t.app.inject({ method: 'GET', url: '/api/v1/documents/?limit=100', headers: auth(token) })).json().items as { file_name: string }[]).map((d) => d.file_name).sort();
    const before = await documents();

    const first = await upload('upload-key-1', 'alpha.csv', 'id,name\n1,Quay Road\n');
    expect(first.statusCode).toBe(201);
    const retry = await upload('upload-key-1', 'alpha.csv', 'id,name\n1,Quay Road\n');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());

    // Another file (or the same name with other bytes) under that key: the documented 422, nothing stored.
    for (const [name, content] of [['beta.csv', 'id,name\n2,Lark Museum\n'], ['alpha.csv', 'id,name\n1,Quay Road, edited\n']]) {
      const other = await upload('upload-key-1', name!, content!);
      expect(other.statusCode, name).toBe(422);
      expect(other.json().type).toBe('urn:cqks:problem:idempotency-key-reused');
    }
    expect(await documents()).toEqual([...before, 'alpha.csv'].sort());

    // A refused upload keeps nothing, so its key is free for the retry that does the work.
    const empty = await upload('upload-key-2', 'empty.csv', '');
    expect(empty.statusCode).toBe(415);
    const fixed = await upload('upload-key-2', 'gamma.csv', 'id,name\n3,Night Porter\n');
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await documents()).toEqual([...before, 'alpha.csv', 'gamma.csv'].sort());
  });

  it('is described in the OpenAPI document on the creating POSTs only', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const honouring = Object.entries(document.paths).flatMap(([url, item]) =>
      Object.entries(item).flatMap(([method, op]) => ((op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key') ? [`${method.toUpperCase()} ${url}`] : [])),
    );
    expect(honouring.sort()).toEqual(
      [
        'POST /api/v1/chat',
        'POST /api/v1/chat/{session_id}/message',
        'POST /api/v1/chat/{session_id}/review',
        'POST /api/v1/aim/workflows/execute',
        'POST /api/v1/documents/upload',
        'POST /api/v1/documents/{doc_id}/approve',
        'POST /api/v1/documents/{doc_id}/ingest',
        'POST /api/v1/aim/queries/{id}/approve',
        'POST /api/v1/aim/queries/{id}/reject',
        'POST /api/v1/review/{session_id}/approve',
        'POST /api/v1/review/{session_id}/reject',
      ].sort(),
    );
  });
});
