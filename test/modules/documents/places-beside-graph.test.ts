import { beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../../ingest/fixtures.js';
import { deleteDocuments, documentsTestApp, ingest, uploadOne } from '../../support/documents.js';
import { auth, followSession, runEvent } from '../../support/runs.js';

/**
 * Prose ingested beside a graph of its own: "The Harbour Museum is located in Bergen" in a PDF or
 * a DOCX places the graph's own museum in Bergen, written under the broad label `Place`, as the
 * graph has two labels of places (`City`, `Country`). "Where is the Harbour Museum located?" follows the relationship to
 * whatever place is there, the graph's cities as the document's places; before, it looked among
 * cities only and said it found none.
 */
describe('where a thing a document places is, beside a graph with places of its own', () => {
  const setup = documentsTestApp();
  let user: string;
  beforeAll(async () => {
    user = await setup.t.token(['user']);
    await setup.t.app.deps.graph.upsert(
      {
        nodes: [
          { key: 'own:museum:rail', labels: ['Museum'], properties: { name: 'Rail Museum' } },
          { key: 'own:museum:harbour', labels: ['Museum'], properties: { name: 'Harbour Museum' } },
          { key: 'own:city:oslo', labels: ['City'], properties: { name: 'Oslo' } },
          { key: 'own:country:norway', labels: ['Country'], properties: { name: 'Norway' } },
        ],
        relationships: [
          { fromKey: 'own:museum:rail', type: 'LOCATED_IN', toKey: 'own:city:oslo' },
          { fromKey: 'own:city:oslo', type: 'LOCATED_IN', toKey: 'own:country:norway' },
        ],
      },
      'import:own-data',
    );
  });

  async function ask(question: string) {
    const { t } = setup;
    const call = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: auth(user), ...(payload ? { payload } : {}) });
    const session = (await call('/api/v1/chat')).json().session_id as string;
    const stream = await followSession(t, user, session);
    try {
      const res = await call(`/api/v1/chat/${session}/message`, { content: question });
      expect(res.statusCode, res.body).toBe(202);
      const ready = await stream.waitForEvent(runEvent(res.json().run_id, ['answer_ready', 'run_failed']), 30_000);
      return ready.data.data as { text: string; sources?: { file_name: string }[] };
    } finally {
      stream.close();
    }
  }

  const files: [string, () => Promise<Uint8Array>][] = [
    ['museum.pdf', () => makePdf(['The Harbour Museum is located in Bergen. It opened in 1998.'])],
    ['museum.docx', () => makeDocx(['The Harbour Museum is located in Bergen.', 'It opened in 1998.'])],
  ];

  it.each(files)('answers where a museum %s places is, and where the graph’s own museum is', { timeout: 120_000 }, async (fileName, content) => {
    const { t, admin } = setup;
    const id = await uploadOne(t, admin, { fileName, content: await content() });
    const done = await ingest(t, admin, id);
    done.stream.close();
    expect(done.settled).toBe('run_completed');
    try {
      const bergen = await t.app.deps.graph.runReadOnly("MATCH (p {name: 'Bergen'}) RETURN labels(p) AS labels", {}, { maxRows: 5 });
      expect(bergen.rows.map((r) => (r.labels as string[]).filter((l) => !l.startsWith('_')))).toEqual([['Place']]);
      const placed = await t.app.deps.graph.runReadOnly("MATCH (:Museum {name: 'Harbour Museum'})-[:LOCATED_IN]->(p) RETURN p.name AS name", {}, { maxRows: 5 });
      expect(placed.rows).toEqual([{ name: 'Bergen' }]);

      console.log(JSON.stringify((await t.app.deps.graph.runReadOnly('MATCH (a)-[r]->(b) RETURN a.name AS a, labels(a) AS la, type(r) AS t, b.name AS b, labels(b) AS lb', {}, { maxRows: 50 })).rows));
      const harbour = await ask('Where is the Harbour Museum located?');console.log(JSON.stringify(harbour));
      expect(harbour.text).toContain('Bergen');
      expect(harbour.text).not.toMatch(/no cities|found no/);
      expect(harbour.sources?.map((s) => s.file_name)).toContain(fileName);
      const rail = await ask('Where is the Rail Museum located?');
      expect(rail.text).toContain('Oslo');
      expect(rail.text).not.toContain('Bergen');
    } finally {
      await deleteDocuments(t, admin, [id]);
    }
  });
});
