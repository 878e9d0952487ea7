import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';
import { uploadOne } from '../support/documents.js';
import { fuzzRequests } from '../support/fuzz/requests.js';
import type { FuzzRequest } from '../support/fuzz/requests.js';
import { sendRaw } from '../support/fuzz/send.js';
import type { FuzzAnswer } from '../support/fuzz/send.js';
import { auth, baseUrl } from '../support/runs.js';

/**
 * Seeded hostile-request fuzz over real HTTP (raw bytes on real sockets): FUZZ_REQUESTS requests
 * (2,000 here; `npm run fuzz` sends 10,000) drawn from the OpenAPI document by
 * `fuzzRequests`, FUZZ_SEED choosing them. Never a 5xx, never a dropped connection, every
 * refusal problem+json; afterwards the service is ready and answers a question.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const CONCURRENCY = 8;
const ANSWER_WAIT_MS = 30_000;
const histogram = (counts: Map<number, number>) =>
  [...counts].sort(([a], [b]) => a - b).map(([s, c]) => `${s}: ${c}`).join(', ');

describe('hostile-request fuzz', () => {
  let t: TestApp;
  let port: number;
  let document: OpenAPIV3_1.Document;
  const tokens: string[] = [];
  const ids: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        DEMO_DATA: 'true',
        RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
        RATE_LIMIT_CHAT_CREATE_PER_MINUTE: '1000000',
        RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '1000000',
        RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000',
        DOCUMENT_UPLOADS_PER_MINUTE: '1000000',
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
    document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const roles of [['user'], ['user'], ['curator'], ['reviewer'], ['admin']] as const) tokens.push(await t.token([...roles]));
    // Things that exist, so requests reach past 404: a session, its run and messages, a document, a query.
    const user = tokens[0]!;
    const session = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(user), payload: { title: 'fuzz' } })).json().session_id as string;
    const sent = (await t.app.inject({ method: 'POST', url: `/api/v1/chat/${session}/message`, headers: auth(user), payload: { content: 'How many people work at Nimbus Labs?' } })).json();
    const doc = await uploadOne(t, user, { fileName: 'staff.csv', content: 'name,city\nMira Holt,Narvik\n', contentType: 'text/csv' });
    const pending = (await t.app.inject({ method: 'GET', url: '/api/v1/aim/queries/pending', headers: auth(tokens[2]!) })).json().items as { id: string }[];
    ids.push(session, sent.run_id, sent.message_id, doc, ...pending.slice(0, 2).map((q) => q.id), 'cypher_read', 'answer.json');
  }, 120_000);
  afterAll(() => t?.close());

  it(`answers ${REQUESTS} hostile requests (seed ${SEED}) without a 5xx, and stays ready`, async () => {
    const requests = fc.sample(fuzzRequests(document, { tokens, ids }), { seed: SEED, numRuns: REQUESTS });
    const statuses = new Map<number, number>();
    const uploads = new Map<number, number>();
    const failures: { request: FuzzRequest; answer: FuzzAnswer }[] = [];
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const request = requests[next++]!;
          const answer = await sendRaw(port, request, ANSWER_WAIT_MS);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (request.operation === 'POST /api/v1/documents/upload') uploads.set(answer.status, (uploads.get(answer.status) ?? 0) + 1);
          const refusedWell = answer.status < 400 || answer.contentType.startsWith('application/problem+json');
          if (answer.status >= 500 || answer.status < 100 || !refusedWell) failures.push({ request, answer });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const fiveHundreds = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(
      `fuzz: ${requests.length} requests (seed ${SEED}) in ${seconds.toFixed(1)} s: ${fiveHundreds} x 5xx; statuses ` +
        histogram(statuses) +
        `; of them multipart uploads ${histogram(uploads)}`,
    );
    const report = failures
      .slice(0, 10)
      .map(({ request: r, answer: a }) => `${a.status} ${a.contentType} <- ${r.method} ${r.path.slice(0, 120)} [${r.operation}] ${r.body.subarray(0, 80).toString('latin1')} :: ${a.body.slice(0, 200)}`);
    expect(report, `${failures.length} bad answers`).toEqual([]);

    const ready = await fetch(`${baseUrl(t)}/health/ready`);
    expect(ready.status).toBe(200);
    // Still answers a question.
    const user = tokens[1]!;
    const session = (await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(user), payload: {} })).json().session_id as string;
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/chat/${session}/message`, headers: auth(user), payload: { content: 'Who works at Nimbus Labs?' } });
    expect(res.statusCode).toBe(202);
  }, 600_000);
});
