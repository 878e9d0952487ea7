import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import grafeo from '@grafeo-db/js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGraphStore } from '../../src/stores/graph/index.js';
import { SchemaCache } from '../../src/planner/link/schema-cache.js';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode, plannerOn, plannerOnScratch } from '../support/planner.js';
import { openScratchGraph } from '../support/scratch-graph.js';

/**
 * What names a label's things on the embedded engine: a name-like key, else the text whose values
 * never repeat, else what the deployment says (GRAPH_NAME_PROPERTIES). Name search finds things by
 * it (a text index of its own where `_search` does not hold it), and answers show it. The same on
 * Neo4j, for a graph the service did not write: neo4j-store.integration.test.ts.
 */
const node = graphNode;
const GRAPH: UpsertBatch = {
  nodes: [
    node('s:1', 'Orchard', { orchardName: 'Hillside Orchard', hectares: 12 }),
    node('s:2', 'Orchard', { orchardName: 'River Bend Orchard', hectares: 7 }),
    node('c:1', 'Cultivar', { label: 'Cox Orange Pippin', code: 'C-11' }),
    node('c:2', 'Cultivar', { label: 'Bramley Seedling', code: 'C-12' }),
    node('c:3', 'Cultivar', { label: 'Discovery', code: 'C-13' }),
    node('t:1', 'Truck', { plate: 'KX 4410', vin: 'WDB9066331S123456 (white)' }),
    node('t:2', 'Truck', { plate: 'KX 5521', vin: 'WDB9066331S654321 (red)' }),
  ],
  relationships: [
    { fromKey: 's:1', type: 'GROWS', toKey: 'c:1' },
    { fromKey: 's:1', type: 'GROWS', toKey: 'c:2' },
    { fromKey: 's:2', type: 'GROWS', toKey: 'c:3' },
    { fromKey: 't:1', type: 'COLLECTS_FROM', toKey: 's:1' },
    { fromKey: 't:2', type: 'COLLECTS_FROM', toKey: 's:2' },
  ],
};

describe('naming properties (embedded engine)', () => {
  let scratch: Awaited<ReturnType<typeof openScratchGraph>>;
  beforeAll(async () => {
    scratch = await openScratchGraph('naming', GRAPH);
  });
  afterAll(() => scratch?.close());

  it('reads each label’s naming property from its keys, its values, or the deployment', async () => {
    const { lexicon } = await new SchemaCache({ graph: scratch.graph, ttlMs: 0, nameProperties: { Truck: 'plate' } }).get();
    expect(Object.fromEntries(lexicon.labels.map((l) => [l.label, l.nameKey]))).toEqual({
      Orchard: 'orchardName',
      Cultivar: 'label', // never repeats, and longer than the code
      Truck: 'plate', // the deployment's choice (by values it would be the longer vin)
    });
    const { lexicon: byValues } = await new SchemaCache({ graph: scratch.graph, ttlMs: 0 }).get();
    expect(byValues.labels.find((l) => l.label === 'Truck')?.nameKey).toBe('vin');
  });

  it('finds things by that property and answers with it', async () => {
    const planner = await plannerOn(scratch.graph, [], { Truck: 'plate' });
    expect((await scratch.graph.findNodesByName('Bramley')).map((m) => m.node.properties.label)).toEqual(['Bramley Seedling']);
    expect((await scratch.graph.findNodesByName('KX 4410')).map((m) => m.node.properties.plate)[0]).toBe('KX 4410'); // best first; 'KX' also names the other
    const values = async (question: string) => {
      const answer = await planner.ask(question);
      expect(answer.cypher, `${question}: ${answer.resolution ?? JSON.stringify(answer.reading)}`).toBeDefined();
      return answer.rows.map((r) => Object.values(r)[0]);
    };
    expect(await values('Which cultivars does Hillside Orchard grow?')).toEqual(['Bramley Seedling', 'Cox Orange Pippin']);
    expect(await values('Which orchard grows Discovery?')).toEqual(['River Bend Orchard']);
    expect(await values('Which truck collects from River Bend Orchard?')).toEqual(['KX 5521']);
    expect(await values('Where does KX 4410 collect from?')).toEqual(['Hillside Orchard']);
  });

  it('drops the index of a naming property no longer chosen', async () => {
    await plannerOn(scratch.graph); // Truck named by vin now: plate is no longer searched
    expect(await scratch.graph.findNodesByName('KX 4410')).toEqual([]);
    expect((await scratch.graph.findNodesByName('WDB9066331S123456')).map((m) => m.node.properties.plate)).toEqual(['KX 4410']);
  });

  it('drops, in a later process, the index an earlier one made for a naming property no longer chosen', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cqks-naming-restart-'));
    const open = () => openGraphStore({ dataDir: dir, queryTimeoutMs: 5000, maxRows: 1000, allowedProcedures: [] });
    const probe = async (key: string) => {
      const db = grafeo.GrafeoDB.open(path.join(dir, 'graph', 'knowledge.grafeo'));
      try {
        return await db.textSearch('Truck', key, 'KX', 5).then(
          () => 'indexed',
          (error: Error) => (/no text index/i.test(error.message) ? 'none' : error.message),
        );
      } finally {
        db.close();
      }
    };
    try {
      const first = await open();
      await first.upsert(GRAPH, 'test:naming-restart');
      await plannerOn(first, [], { Truck: 'plate' });
      await first.close();
      expect(await probe('plate')).toBe('indexed');
      const second = await open(); // GRAPH_NAME_PROPERTIES no longer names Truck's plate
      await plannerOn(second);
      expect(await second.findNodesByName('KX 4410')).toEqual([]);
      await second.close();
      expect(await probe('plate')).toBe('none');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/**
 * A thing found by the whole value of its naming property, where dozens of written names hold the
 * value's words ("the meter '7.2'" beside cabinets "CAB1-2-7", "CAB2-2-7", …). The indexes'
 * scores do not compare, so by score alone the cabinets filled the search and the meter was not
 * among what it returned ("Which “7.2” do you mean?", listing cabinets). Merged by rank, each
 * index's best is there. The same on Neo4j: neo4j-store.integration.test.ts.
 */
describe('a naming property’s whole value among many names that hold its words', () => {
  const planner = plannerOnScratch('namingrank', {
    nodes: [
      node('m:1', 'Meter', { reading: '7.2', unit: 'kWh' }),
      node('m:2', 'Meter', { reading: '9.4', unit: 'kWh' }),
      node('h:1', 'House', { name: 'Ivy Cottage' }),
      node('h:2', 'House', { name: 'Old Forge' }),
      // Dozens of names holding "2" and "7", among hundreds that do not (so the two words weigh in their index).
      ...Array.from({ length: 40 }, (_, i) => node(`c:${i}`, 'Cabinet', { name: `CAB${i}-2-7` })),
      ...Array.from({ length: 400 }, (_, i) => node(`d:${i}`, 'Cabinet', { name: `CAB${i}-${i % 2 === 0 ? 1 : 3}-5` })),
    ],
    relationships: [
      { fromKey: 'm:1', type: 'MEASURES', toKey: 'h:1' },
      { fromKey: 'm:2', type: 'MEASURES', toKey: 'h:2' },
    ],
  });

  it('finds the thing whose whole value it is, and the question is answered', async () => {
    const answer = await planner().ask("Which house does '7.2' measure?");
    expect(answer.resolution).toBeUndefined();
    expect(answer.rows.map((r) => Object.values(r)[0])).toEqual(['Ivy Cottage']);
  });
});
