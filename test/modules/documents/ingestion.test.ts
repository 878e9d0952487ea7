import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { uniqueName } from '../../support/config.js';
import { ingest, upload, uploadOne } from '../../support/documents.js';
import { auth, followSession, runEvent } from '../../support/runs.js';

/**
 * From a user's files to an answer and back: upload a Markdown note set and a CSV, approve and
 * ingest them, follow the progress live, ask what only the documents say, re-ingest an edited
 * file with no gap, delete, ask again.
 */

const PEOPLE = [
  'id,name,type,age,lives_in',
  'p-ada,Ada Quill,Person,41,c-porto',
  'p-bo,Bo Lindqvist,Person,35,c-tromso',
  'c-porto,Porto,City,,',
  'c-tromso,Tromsø,City,,',
].join('\n');

const EDITED_PEOPLE = PEOPLE.replace('p-ada,Ada Quill,Person,41,c-porto', 'p-ada,Ada Quill,Person,42,c-tromso');

const NOTES = {
  'vantor.md': '---\ntitle: Vantor Robotics\ntype: Organization\nfounded: 2017\n---\n# Vantor Robotics\n\nVantor Robotics builds warehouse robots. Its partner is [[Keldan Foundry]].\n',
  'keldan.md': '---\ntitle: Keldan Foundry\ntype: Organization\n---\n# Keldan Foundry\n\nKeldan Foundry casts parts for [[Vantor Robotics]].\n',
};

describe('documents into the graph, and answers from them', () => {
  let t: TestApp;
  let user: string;
  let admin: string;
  const userSub = uniqueName('user');
  let people: string;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

  async function ask(question: string) {
    const session = (await call('POST', '/api/v1/chat', user)).json().session_id as string;
    const stream = await followSession(t, user, session);
    try {
      const res = await call('POST', `/api/v1/chat/${session}/message`, user, { content: question });
      expect(res.statusCode, res.body).toBe(202);
      const ready = await stream.waitForEvent(runEvent(res.json().run_id, ['answer_ready', 'run_failed']), 30_000);
      const history = (await call('GET', `/api/v1/chat/${session}/history?limit=10`, user)).json().items as { answer?: { sources_total?: number } }[];
      const total = history.find((m) => m.answer)?.answer?.sources_total;
      return { ...(ready.data.data as { text: string; sources?: { doc_id: string; file_name: string; snippet: string }[] }), total };
    } finally {
      stream.close();
    }
  }

  beforeAll(async () => {
    t = await startTestApp({
      env: { JOB_POLL_INTERVAL_MS: '100', RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '10000', GRAPH_SCHEMA_CACHE_MS: '0', INGEST_WRITE_BATCH: '5' },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.token(['user'], userSub);
    admin = await t.token(['admin']);
  });
  afterAll(() => t.close());

  it('ingests a CSV as an admin, showing each stage live, and tells the state on the document and in ingestion-status', async () => {
    people = await uploadOne(t, user, { fileName: 'people.csv', content: PEOPLE });
    const done = await ingest(t, admin, people);
    done.stream.close();
    expect(done.settled).toBe('run_completed');
    const progress = done.stream.events.filter((e) => e.event === 'ingestion_progress').map((e) => e.data.data);
    expect(progress.every((p) => p.doc_id === people)).toBe(true);
    const stages = [...new Set(progress.map((p) => p.stage))];
    expect(stages).toEqual(expect.arrayContaining(['sniffing', 'extracting_text', 'extracting_entities', 'resolving', 'writing']));
    expect(stages.indexOf('sniffing')).toBeLessThan(stages.indexOf('writing'));
    const steps = done.stream.events.filter((e) => e.event === 'step_completed').map((e) => e.data.data.node);
    expect(steps).toEqual(['sniff', 'extract', 'resolve', 'write']);

    const doc = (await call('GET', `/api/v1/documents/${people}`, user)).json();
    expect(doc.ingestion).toMatchObject({ state: 'ingested', version: 1, live_version: 1, failure: null, run_id: done.runId });
    expect(doc.ingestion.counts).toMatchObject({ entities: 4, relationships: 2 });
    expect(doc.ingestion.counts.parser_peak_rss_mb).toBeGreaterThan(0);
    expect(doc.ingestion.counts.parser_ms).toBeGreaterThan(0);
    const status = (await call('GET', '/api/v1/documents/ingestion-status', user)).json();
    expect(status.counts.ingested).toBe(1);
  });

  it('pages through graph entries with their documents and evidence, filtered by document, label and name', async () => {
    const nodes = (await call('GET', `/api/v1/documents/graph?doc_id=${people}&kind=node&label=Person`, user)).json();
    expect(nodes.items.map((e: { name: string }) => e.name).sort()).toEqual(['Ada Quill', 'Bo Lindqvist']);
    const ada = nodes.items.find((e: { name: string }) => e.name === 'Ada Quill');
    expect(ada.properties).toMatchObject({ age: 41 });
    expect(ada.documents).toEqual([{ doc_id: people, file_name: 'people.csv', version: 1 }]);
    expect(ada.evidence[0]).toMatchObject({ doc_id: people, extractor: 'csv', confidence: 1 });
    expect(ada.evidence[0].snippet).toContain('Ada Quill');
    const rels = (await call('GET', '/api/v1/documents/graph?kind=relationship&label=LIVES_IN', user)).json();
    expect(rels.items).toHaveLength(2);
    const named = (await call('GET', '/api/v1/documents/graph?name=troms', user)).json();
    expect(named.items.map((e: { name: string }) => e.name)).toEqual(['Tromsø']);
    const paged = (await call('GET', '/api/v1/documents/graph?limit=2', user)).json();
    expect(paged.items).toHaveLength(2);
    const next = (await call('GET', `/api/v1/documents/graph?limit=2&cursor=${paged.next_cursor}`, user)).json();
    expect(next.items[0].key > paged.items[1].key || next.items[0].kind > paged.items[1].kind).toBe(true);
    // Another user sees nothing of this user's documents.
    const stranger = await t.token(['user']);
    expect((await call('GET', '/api/v1/documents/graph', stranger)).json().items).toEqual([]);
    expect((await call('GET', `/api/v1/documents/graph?doc_id=${people}`, stranger)).statusCode).toBe(404);
  });

  it('answers a question only the document answers, with its source', async () => {
    const answer = await ask('Where does Ada Quill live?');
    expect(answer.text).toContain('Porto');
    expect(answer.sources?.[0]).toMatchObject({ doc_id: people, file_name: 'people.csv' });
    expect(answer.sources?.[0]?.snippet).toContain('Ada Quill');
  });

  it('cites for a count the documents of the things it counts, and for an empty answer none', async () => {
    const counted = await ask('How many people are there?');
    expect(counted.text).toMatch(/\b2\b/);
    expect(counted.sources?.map((s) => s.file_name)).toEqual(['people.csv']);
    expect(counted.total).toBe(1);
    expect(counted.sources?.[0]?.snippet).toMatch(/Ada Quill|Bo Lindqvist/);
    const averaged = await ask('What is the average age of the people?');
    expect(averaged.sources?.map((s) => s.file_name)).toEqual(['people.csv']);
    // Nobody is that old: the answer came from nothing, so it cites nothing.
    const empty = await ask('Which people have an age over 90?');
    expect(empty.text).toMatch(/no /i);
    expect(empty.sources).toEqual([]);
  });

  it('says how many documents support an answer in all when it shows the first few', { timeout: 120_000 }, async () => {
    const more: string[] = [];
    try {
      for (let n = 1; n <= 6; n++) {
        const id = await uploadOne(t, user, { fileName: `ada-${n}.csv`, content: `id,name,type,note_${n}\np-ada,Ada Quill,Person,seen ${n}\n` });
        more.push(id);
        const done = await ingest(t, admin, id);
        done.stream.close();
      }
      const answer = await ask('Where does Ada Quill live?');
      expect(answer.sources).toHaveLength(5);
      expect(answer.sources?.[0]).toMatchObject({ file_name: 'people.csv' });
      expect(answer.total).toBe(7);
    } finally {
      // The tests after this one read the graph as people.csv and the notes left it.
      for (const id of more) expect((await call('DELETE', `/api/v1/documents/${id}`, admin)).statusCode).toBe(204);
    }
  });

  it('ingests a Markdown note set: front matter describes a node, wiki-links become relationships', async () => {
    const res = await upload(t, user, Object.entries(NOTES).map(([fileName, content]) => ({ fileName, content })));
    expect(res.status).toBe(201);
    for (const doc of res.body.items) {
      const done = await ingest(t, admin, doc.doc_id);
      done.stream.close();
      expect(done.settled).toBe('run_completed');
    }
    const vantor = (await call('GET', '/api/v1/documents/graph?name=vantor&kind=node', user)).json().items;
    expect(vantor[0]).toMatchObject({ label: 'Organization', name: 'Vantor Robotics', properties: { founded: 2017 } });
    // Both notes link the same two organizations, and each is one node.
    expect(vantor[0].documents).toHaveLength(2);
    const links = (await call('GET', '/api/v1/documents/graph?kind=relationship&label=LINKS_TO', user)).json().items;
    expect(links).toHaveLength(2);
  });

  it('re-ingests an edited file with no gap: the old facts answer until the new version is written', async () => {
    const replaced = await upload(t, user, [{ field: 'replaces', value: people }, { fileName: 'people.csv', content: EDITED_PEOPLE }]);
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(201);
    expect(replaced.body.items[0]).toMatchObject({ doc_id: people, revision: 2, status: 'uploaded', ingestion: { state: 'ingested', live_version: 1 } });
    // Until an admin approves and ingests the edit, the graph says what version 1 said.
    expect((await ask('Where does Ada Quill live?')).text).toContain('Porto');
    const same = await upload(t, user, [{ field: 'replaces', value: people }, { fileName: 'people.csv', content: EDITED_PEOPLE }]);
    expect(same.status).toBe(409);

    await call('POST', `/api/v1/documents/${people}/approve`, admin);
    const started = await call('POST', `/api/v1/documents/${people}/ingest`, admin);
    expect(started.statusCode).toBe(202);
    expect(started.json().version).toBe(2);
    expect((await call('POST', `/api/v1/documents/${people}/ingest`, admin)).statusCode).toBe(409);
    const stream = await followSession(t, admin, started.json().session_id);
    const settled = stream.waitForEvent(runEvent(started.json().run_id, ['run_completed', 'run_failed']), 60_000);
    let ended = false;
    void settled.finally(() => (ended = true));
    let reads = 0;
    // Read the graph itself all along: Ada Quill is there at every moment, from one version or the other.
    while (!ended) {
      const { rows } = await t.app.deps.graph.runReadOnly("MATCH (p:Person) WHERE p.name = 'Ada Quill' RETURN count(p) AS n");
      expect(rows[0]!.n).toBe(1);
      reads++;
    }
    expect((await settled).event).toBe('run_completed');
    stream.close();
    expect(reads).toBeGreaterThan(1);

    const answer = await ask('Where does Ada Quill live?');
    expect(answer.text).toContain('Tromsø');
    expect(answer.text).not.toContain('Porto');
    const ada = (await call('GET', `/api/v1/documents/graph?doc_id=${people}&name=ada`, user)).json().items[0];
    expect(ada.properties.age).toBe(42);
    expect(ada.documents).toEqual([{ doc_id: people, file_name: 'people.csv', version: 2 }]);
    const { rows } = await t.app.deps.graph.runReadOnly("MATCH (p:Person) WHERE p.name = 'Ada Quill' RETURN p.age AS age, p");
    expect(rows[0]!.age).toBe(42);
    expect((rows[0]!.p as { provenance: string[] }).provenance).toEqual([`document:${people}@2`]);
  });

  it('cancels an ingestion through its run: it reads cancelled, and what it had written is gone', async () => {
    const rows = ['id,name,type', ...Array.from({ length: 1500 }, (_, i) => `g${i},Guest ${i},Guest`)].join('\n');
    const id = await uploadOne(t, user, { fileName: 'guests.csv', content: rows });
    await call('POST', `/api/v1/documents/${id}/approve`, admin);
    const started = (await call('POST', `/api/v1/documents/${id}/ingest`, admin)).json();
    const stream = await followSession(t, admin, started.session_id);
    await stream.waitForEvent((e) => e.event === 'ingestion_progress' && e.data.data.stage === 'writing' && Number(e.data.data.done) > 0, 60_000);
    expect((await call('POST', `/api/v1/runs/${started.run_id}/cancel`, admin)).statusCode).toBe(200);
    await stream.waitForEvent(runEvent(started.run_id, ['run_cancelled']));
    stream.close();
    expect((await call('GET', `/api/v1/documents/${id}`, admin)).json().ingestion).toMatchObject({ state: 'cancelled', live_version: null });
    // The write step stops at its next batch and removes what it wrote.
    const deadline = Date.now() + 20_000;
    let left = -1;
    while (Date.now() < deadline) {
      left = Number((await t.app.deps.graph.runReadOnly('MATCH (g:Guest) RETURN count(g) AS n')).rows[0]!.n);
      if (left === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(left).toBe(0);
  });

  it('deletes a document: what only it said leaves the graph, and the question is no longer answered', async () => {
    expect((await call('DELETE', `/api/v1/documents/${people}`, user)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/v1/documents/${people}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/documents/${people}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/documents/graph?doc_id=${people}`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/documents/graph?label=Person', admin)).json().items).toEqual([]);
    const answer = await ask('Where does Ada Quill live?');
    expect(answer.text).toBe('I could not find anything called “Ada Quill” in the knowledge graph.');
    expect(answer.sources ?? []).toEqual([]);
  });
});

