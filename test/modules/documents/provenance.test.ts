import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { ingest, upload, uploadOne } from '../../support/documents.js';
import { auth, followSession } from '../../support/runs.js';

/**
 * What a document adds to the graph, and what its deletion or a failed new version takes away:
 * exactly what no other writer supports, down to single property values.
 */
describe('documents and the facts they support', () => {
  let t: TestApp;
  let user: string;
  let admin: string;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string) => t.app.inject({ method, url, headers: auth(token) });
  const node = async (key: string) => {
    const { rows } = await t.app.deps.graph.runReadOnly('MATCH (n:_CqksEntity) WHERE n._key = $key RETURN n', { key });
    return rows[0]?.n as { properties: Record<string, unknown>; provenance: string[] } | undefined;
  };
  const ingested = async (docId: string) => {
    const done = await ingest(t, admin, docId);
    done.stream.close();
    return done.settled;
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { JOB_POLL_INTERVAL_MS: '100', INGEST_CSV_MAX_ROWS: '5000', INGEST_WRITE_BATCH: '20' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.token(['user']);
    admin = await t.token(['admin']);
    // A node someone else wrote (not a document).
    await t.app.deps.graph.upsert({ nodes: [{ key: 'person:ada', labels: ['Person'], properties: { name: 'Ada Quill', city: 'Oslo' } }], relationships: [] }, 'seed');
  });
  afterAll(() => t.close());

  it('a document adds values to a node others made, without overwriting theirs; deleting it removes only what it alone said', async () => {
    const a = await uploadOne(t, user, { fileName: 'a.csv', content: 'id,name,type,nickname,shoe_size,city\nada,Ada Quill,Person,Ace,42,Rome\n' });
    expect(await ingested(a)).toBe('run_completed');
    expect((await node('person:ada'))!.properties).toMatchObject({ name: 'Ada Quill', city: 'Oslo', nickname: 'Ace', shoe_size: 42 });
    const warnings = (await call('GET', `/api/v1/documents/${a}`, admin)).json().ingestion.warnings;
    expect(warnings.join(' ')).toMatch(/not overwritten/);

    const b = await uploadOne(t, user, { fileName: 'b.csv', content: 'id,name,type,nickname\nada,Ada Quill,Person,Ace\n' });
    expect(await ingested(b)).toBe('run_completed');
    expect((await node('person:ada'))!.provenance.sort()).toEqual([`document:${a}@1`, `document:${b}@1`, 'seed'].sort());

    expect((await call('DELETE', `/api/v1/documents/${a}`, admin)).statusCode).toBe(204);
    const afterA = (await node('person:ada'))!;
    expect(afterA.properties).toMatchObject({ name: 'Ada Quill', city: 'Oslo', nickname: 'Ace' });
    expect(afterA.properties).not.toHaveProperty('shoe_size');
    expect(afterA.provenance.sort()).toEqual([`document:${b}@1`, 'seed'].sort());

    expect((await call('DELETE', `/api/v1/documents/${b}`, admin)).statusCode).toBe(204);
    const afterB = (await node('person:ada'))!;
    expect(afterB.properties).toEqual({ name: 'Ada Quill', city: 'Oslo' });
    expect(afterB.provenance).toEqual(['seed']);
    // The Document nodes went with their documents.
    expect((await t.app.deps.graph.runReadOnly('MATCH (d:Document) RETURN count(d) AS n')).rows[0]!.n).toBe(0);
  });

  it('a new version that fails leaves the live one as it was', async () => {
    const doc = await uploadOne(t, user, { fileName: 'crew.csv', content: 'id,name,type\nc1,Ivo Brand,Crew\n' });
    expect(await ingested(doc)).toBe('run_completed');
    const tooMany = ['id,name,type', ...Array.from({ length: 5001 }, (_, i) => `c${i},Crew ${i},Crew`)].join('\n');
    expect((await upload(t, user, [{ field: 'replaces', value: doc }, { fileName: 'crew.csv', content: tooMany }])).status).toBe(201);
    expect(await ingested(doc)).toBe('run_failed');
    const ingestion = (await call('GET', `/api/v1/documents/${doc}`, admin)).json().ingestion;
    expect(ingestion).toMatchObject({ state: 'failed', version: 2, live_version: 1, failure: { stage: 'extracting_text', retryable: false } });
    expect((await node('crew:c1'))!.properties).toMatchObject({ name: 'Ivo Brand' });
    expect((await t.app.deps.graph.runReadOnly('MATCH (c:Crew) RETURN count(c) AS n')).rows[0]!.n).toBe(1);
  });

  it('deleting a document while it is being ingested stops the ingestion and leaves nothing of it', async () => {
    const rows = ['id,name,type', ...Array.from({ length: 4000 }, (_, i) => `v${i},Visitor ${i},Visitor`)].join('\n');
    const doc = await uploadOne(t, user, { fileName: 'visitors.csv', content: rows });
    await call('POST', `/api/v1/documents/${doc}/approve`, admin);
    const started = (await call('POST', `/api/v1/documents/${doc}/ingest`, admin)).json();
    const stream = await followSession(t, admin, started.session_id);
    await stream.waitForEvent((e) => e.event === 'ingestion_progress' && e.data.data.stage === 'writing' && Number(e.data.data.done) > 0, 60_000);
    stream.close();
    expect((await call('DELETE', `/api/v1/documents/${doc}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/runs/${started.run_id}`, admin)).json().status).toBe('cancelled');
    // The write step stops at its next batch and removes what it wrote, as the deletion did.
    const deadline = Date.now() + 20_000;
    let left = -1;
    while (Date.now() < deadline) {
      left = Number((await t.app.deps.graph.runReadOnly('MATCH (v:Visitor) RETURN count(v) AS n')).rows[0]!.n);
      if (left === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(left).toBe(0);
  });
});
