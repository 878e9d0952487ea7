import { describe, expect, it } from 'vitest';
import { dumpGraph } from '../../../eval/documents-graph.js';
import { deleteDocuments, documentsTestApp, ingestFiles, permutations } from '../../support/documents.js';

/**
 * A column links only when every value in it names something (value-links.ts): with one town of
 * two described, the shops' `town` column stays text in any order (a link for one shop only would
 * make "the town of the shop" answer for that shop alone); once both towns are described, both
 * shops link, whichever came first. The `keeper` column, whose values all name people, links as
 * soon as they are there.
 */

const FILES: Record<string, string> = {
  'shops.csv': 'shop_id,name,town,keeper\nK1,Quay Road,Narvik,Mira Holt\nK2,Fjord Lane,Hammerfest,Per Aas\n',
  'towns-north.csv': 'town_id,name,county\nT1,Narvik,Lofoten North\n',
  'towns-far.csv': 'town_id,name,county\nT2,Hammerfest,Finnmark West\n',
  'keepers.csv': 'keeper_id,name,since\nP1,Mira Holt,2019\nP2,Per Aas,2021\n',
};

describe('value links by column', () => {
  const setup = documentsTestApp();

  const ingestAll = (order: readonly string[]) => ingestFiles(setup.t, setup.admin, FILES, order);

  async function links(ids: Map<string, string>) {
    const dump = await dumpGraph(setup.t.app.deps.graph, (id) => ids.get(id) ?? id);
    return { dump, links: dump.relationships.map((r) => `${r.from} -${r.type}-> ${r.to} (${r.files.join(', ')})`).sort() };
  }

  const deleteAll = (ids: Map<string, string>) => deleteDocuments(setup.t, setup.admin, ids.keys());

  it('leaves a column with a value naming nothing as text, in either order, and keeps the values', { timeout: 120_000 }, async () => {
    for (const order of [['shops.csv', 'towns-north.csv', 'keepers.csv'], ['keepers.csv', 'towns-north.csv', 'shops.csv']]) {
      const ids = await ingestAll(order);
      const { dump, links: found } = await links(ids);
      expect(found, order.join(', ')).toEqual([
        'Fjord Lane -KEEPER-> Per Aas (shops.csv)',
        'Quay Road -KEEPER-> Mira Holt (shops.csv)',
      ]);
      expect(dump.nodes.filter((n) => n.properties.town).map((n) => n.properties.town).sort()).toEqual(['Hammerfest', 'Narvik']);
      await deleteAll(ids);
    }
  });

  it('links the whole column once every value names something, whichever document came first', { timeout: 300_000 }, async () => {
    const seen = new Set<string>();
    for (const order of permutations(['shops.csv', 'towns-north.csv', 'towns-far.csv'])) {
      const ids = await ingestAll(order);
      const { links: found } = await links(ids);
      expect(found, order.join(', ')).toEqual([
        'Fjord Lane -TOWN-> Hammerfest (shops.csv)',
        'Quay Road -TOWN-> Narvik (shops.csv)',
      ]);
      seen.add(JSON.stringify((await links(ids)).dump));
      expect(seen.size, `order ${order.join(', ')} built another graph`).toBe(1);
      await deleteAll(ids);
    }
  });
});
