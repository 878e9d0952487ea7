import { describe, expect, it } from 'vitest';
import { dumpGraph } from '../../../eval/documents-graph.js';
import { deleteDocuments, documentsTestApp, ingest, ingestFiles } from '../../support/documents.js';
import { auth } from '../../support/runs.js';

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

  it('keeps the node through a re-ingestion of the text and a rejection of the document that made it, as through a deletion', { timeout: 120_000 }, async () => {
    const ids = await ingestFiles(setup.t, setup.admin, FILES, ['staff.csv', 'log.txt']);
    const idOf = (file: string) => [...ids].find(([, name]) => name === file)![0];
    const again = await ingest(setup.t, setup.admin, idOf('log.txt'));
    again.stream.close();
    expect(again.settled).toBe('run_completed');
    expect(await filesOf(ids, 'Ida Fjell')).toEqual(['log.txt', 'staff.csv']);

    const rejected = await setup.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/documents/${idOf('staff.csv')}/status`,
      headers: auth(setup.admin),
      payload: { status: 'rejected', reason: 'The staff list is out of date.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await filesOf(ids, 'Ida Fjell')).toEqual(['log.txt']);
    expect(await filesOf(ids, 'Per Aas')).toBeUndefined();
    await deleteDocuments(setup.t, setup.admin, ids.keys());
  });
});
