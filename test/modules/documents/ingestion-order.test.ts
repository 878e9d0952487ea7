import { describe, expect, it } from 'vitest';
import { checkGraph, dumpGraph } from '../../../eval/documents-graph.js';
import { deleteDocuments, documentsTestApp, ingestFiles, permutations } from '../../support/documents.js';

/**
 * Whatever order the same documents are ingested in, the graph is the same: every one of the 24
 * orders of four related files (two CSVs naming each other's rows by name, a note with wiki-links
 * in its front matter, free text) gives the same canonical dump (labels, properties,
 * relationships, and the files supporting each), with the references as relationships and no
 * brackets left; deleting them all leaves nothing.
 */

const FILES: Record<string, string> = {
  'crew.csv': 'crew_id,name,rank,vessel\nC1,Ola Berg,Captain,Sea Wolf\nC2,Kari Lund,Engineer,Grey Heron\nC3,Nils Dahl,Deckhand,Sea Wolf\n',
  'vessels.csv': 'vessel_id,name,tonnage,captain\nV1,Sea Wolf,1200,Ola Berg\nV2,Grey Heron,800,\n',
  'harbour.md': '---\ntitle: Bergen Harbour\ntype: Harbour\nhosts: ["[[Sea Wolf]]", "[[Grey Heron]]"]\ncity: "[[Bergen]]"\n---\nHome of the [[Sea Wolf]].\n',
  'news.txt':
    'Ola Berg, captain of the Sea Wolf, sailed from Bergen Harbour on Monday. Ola Berg said the Grey Heron would follow.\n' +
    'Kari Lund works at Bergen Harbour.\n',
};

describe('ingestion order', () => {
  const setup = documentsTestApp();

  it('builds the same graph in every order of four related documents, and deleting them all leaves nothing', { timeout: 600_000 }, async () => {
    const dumps = new Set<string>();
    let first: Awaited<ReturnType<typeof dumpGraph>> | undefined;
    for (const order of permutations(Object.keys(FILES))) {
      const ids = await ingestFiles(setup.t, setup.admin, FILES, order);
      const dump = await dumpGraph(setup.t.app.deps.graph, (id) => ids.get(id) ?? id);
      first ??= dump;
      dumps.add(JSON.stringify(dump));
      expect(dumps.size, `order ${order.join(', ')} built another graph:\n${JSON.stringify(dump, null, 1)}\nthan the first:\n${JSON.stringify(first, null, 1)}`).toBe(1);
      await deleteDocuments(setup.t, setup.admin, ids.keys());
      expect((await dumpGraph(setup.t.app.deps.graph, (id) => id)).nodes).toEqual([]);
    }
    expect(
      checkGraph(first!, {
        nodes: ['Ola Berg', 'Kari Lund', 'Sea Wolf', 'Grey Heron', 'Bergen Harbour', 'Bergen'],
        links: [
          ['Ola Berg', 'Sea Wolf'],
          ['Kari Lund', 'Grey Heron'],
          ['Sea Wolf', 'Ola Berg'],
          ['Bergen Harbour', 'Sea Wolf'],
          ['Bergen Harbour', 'Grey Heron'],
          ['Bergen Harbour', 'Bergen'],
        ],
        values: ['[[', ']]'],
      }),
    ).toEqual([]);
    // One node per thing: the vessels the text and the note name are the CSV's rows.
    expect(first!.nodes.filter((n) => n.properties.name === 'Sea Wolf').map((n) => n.labels)).toEqual([['Vessel']]);
  });
});
