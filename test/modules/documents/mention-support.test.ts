import { describe, expect, it } from 'vitest';
import { dumpGraph } from '../../../eval/documents-graph.js';
import { deleteDocuments, documentsTestApp, ingestFiles } from '../../support/documents.js';

/**
 * A name a text mentions once, in no relation, is noise: alone it makes no node. When another
 * document makes the thing, the text is one more of its sources, whichever came first
 * (ingest/resolve when the node is there, documents/mention-support when it comes after), so
 * deleting that other document leaves the node while the text still names it.
 */

const FILES: Record<string, string> = {
  'staff.csv': 'staff_id,name,role\nS1,Ida Fjell,head cook\nS2,Per Aas,porter\n',
  'log.txt': 'The night shift went quietly. On Fridays Ida Fjell drives the van between the two kitchens.\n',
};

describe('a name mentioned once', () => {
  const setup = documentsTestApp();

  const dump = (ids: Map<string, string>) => dumpGraph(setup.t.app.deps.graph, (id) => ids.get(id) ?? id);
  const filesOf = async (ids: Map<string, string>, name: string) => (await dump(ids)).nodes.find((n) => n.properties.name === name)?.files;

  it('makes no node alone', { timeout: 60_000 }, async () => {
    const ids = await ingestFiles(setup.t, setup.admin, FILES, ['log.txt']);
    expect(await filesOf(ids, 'Ida Fjell')).toBeUndefined();
    await deleteDocuments(setup.t, setup.admin, ids.keys());
  });

  it('counts the text among the sources of the node another document makes, in either order, and keeps the node when that document goes', { timeout: 120_000 }, async () => {
    const graphs = new Set<string>();
    for (const order of [['log.txt', 'staff.csv'], ['staff.csv', 'log.txt']]) {
      const ids = await ingestFiles(setup.t, setup.admin, FILES, order);
      expect(await filesOf(ids, 'Ida Fjell'), order.join(', ')).toEqual(['log.txt', 'staff.csv']);
      expect(await filesOf(ids, 'Per Aas'), order.join(', ')).toEqual(['staff.csv']);
      graphs.add(JSON.stringify(await dump(ids)));

      await deleteDocuments(setup.t, setup.admin, [...ids].filter(([, file]) => file === 'staff.csv').map(([id]) => id));
      expect(await filesOf(ids, 'Ida Fjell'), `${order.join(', ')}, then staff.csv deleted`).toEqual(['log.txt']);
      expect(await filesOf(ids, 'Per Aas')).toBeUndefined();
      await deleteDocuments(setup.t, setup.admin, [...ids].filter(([, file]) => file === 'log.txt').map(([id]) => id));
      expect(await filesOf(ids, 'Ida Fjell')).toBeUndefined();
    }
    expect(graphs.size).toBe(1);
  });
});
