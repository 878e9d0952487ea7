import { beforeAll, describe, expect, it } from 'vitest';
import { dumpGraph } from '../../../eval/documents-graph.js';
import { deleteDocuments, documentsTestApp, ingestFiles } from '../../support/documents.js';
import { auth, baseUrl } from '../../support/runs.js';

/**
 * Things free text knows only by their broad kind take the graph's own label of that kind
 * (documents/broad-labels.ts): in a graph whose organizations are `Company`, a company a press
 * release names is a `Company`; with two labels of a kind (`City`, `Town`) a curator's synonym
 * decides. The broad label stays beside it, so a CSV describing the thing later folds it in, and
 * the graph is the same in either order.
 */

const FILES: Record<string, string> = {
  'release.txt':
    'Ida Fjell works at Brask Holdings as head cook. Brask Holdings, based in Tromsdal, runs the night ferries. ' +
    'Ida Fjell joined Brask Holdings in 2019.\n',
  'companies.csv': 'company_id,name,founded\nB1,Brask Holdings,1998\n',
};

describe('the labels of things free text names by kind', () => {
  const setup = documentsTestApp();
  let curator: string;
  beforeAll(async () => {
    curator = await setup.t.token(['curator']);
    // The graph's own data (not from documents): one label of organizations, two of places.
    await setup.t.app.deps.graph.upsert(
      {
        nodes: [
          { key: 'own:company:norrfold', labels: ['Company'], properties: { name: 'Norrfold Shipping' } },
          { key: 'own:city:narvik', labels: ['City'], properties: { name: 'Narvik' } },
          { key: 'own:town:hammerfest', labels: ['Town'], properties: { name: 'Hammerfest' } },
        ],
        relationships: [],
      },
      'import:own-data',
    );
  });

  const labelsOf = async (ids: Map<string, string>) => {
    const dump = await dumpGraph(setup.t.app.deps.graph, (id) => ids.get(id) ?? id);
    return { dump, labels: Object.fromEntries(dump.nodes.filter((n) => n.files.length > 0).map((n) => [String(n.properties.name), [...n.labels].sort()])) };
  };

  it('gives a company from text the graph’s one organization label, and a CSV row of it folds it in, in either order', { timeout: 120_000 }, async () => {
    const text = await ingestFiles(setup.t, setup.admin, FILES, ['release.txt']);
    expect((await labelsOf(text)).labels).toEqual({
      'Brask Holdings': ['Company', 'Organization'],
      'Ida Fjell': ['Person'],
      Tromsdal: ['Place'],
    });
    const employer = await setup.t.app.deps.graph.runReadOnly(
      "MATCH (:Person {name: 'Ida Fjell'})-[:WORKS_AT]->(c:Company) RETURN c.name AS name",
      {},
      { maxRows: 5 },
    );
    expect(employer.rows).toEqual([{ name: 'Brask Holdings' }]);
    await deleteDocuments(setup.t, setup.admin, text.keys());

    const graphs = new Set<string>();
    for (const order of [['release.txt', 'companies.csv'], ['companies.csv', 'release.txt']]) {
      const ids = await ingestFiles(setup.t, setup.admin, FILES, order);
      const { dump, labels } = await labelsOf(ids);
      expect(labels['Brask Holdings'], order.join(', ')).toEqual(['Company']);
      graphs.add(JSON.stringify(dump));
      await deleteDocuments(setup.t, setup.admin, ids.keys());
    }
    expect(graphs.size).toBe(1);
  });

  it('leaves places broad where the graph has two labels of places, until a curator names one', { timeout: 120_000 }, async () => {
    const before = await ingestFiles(setup.t, setup.admin, FILES, ['release.txt']);
    expect((await labelsOf(before)).labels.Tromsdal).toEqual(['Place']);
    await deleteDocuments(setup.t, setup.admin, before.keys());

    const res = await fetch(`${baseUrl(setup.t)}/api/v1/aim/synonyms`, {
      method: 'POST',
      headers: { ...auth(curator), 'content-type': 'application/json' },
      body: JSON.stringify({ word: 'place', stands_for: 'Town' }),
    });
    expect(res.status).toBe(201);
    const after = await ingestFiles(setup.t, setup.admin, FILES, ['release.txt']);
    expect((await labelsOf(after)).labels.Tromsdal).toEqual(['Place', 'Town']);
    await deleteDocuments(setup.t, setup.admin, after.keys());
  });
});
