import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "Shelves in aisle 2": a numbered thing no one relationship joins to the shelves, whose number the
 * shelves hold under the same key (`aisle`), is that value, not a guess through a third thing (a
 * scanner that covers the aisle and reads some shelf). Things that do not hold the number keep the
 * join. A list of such things shows the number beside their names ("South aisle", aisle 2). On an
 * invented warehouse.
 */

const WAREHOUSE: UpsertBatch = {
  nodes: [
    node('s:1', 'Shelf', { name: 'S1', aisle: 1 }),
    node('s:2', 'Shelf', { name: 'S2', aisle: 2 }),
    node('s:3', 'Shelf', { name: 'S3', aisle: 2 }),
    node('a:1', 'Aisle', { name: 'North aisle', aisle: 1, width: 3 }),
    node('a:2', 'Aisle', { name: 'South aisle', aisle: 2, width: 4 }),
    node('x:1', 'Scanner', { code: 'X-1' }),
    node('x:2', 'Scanner', { code: 'X-2' }),
  ],
  relationships: [rel('x:1', 'COVERS', 'a:2'), rel('x:1', 'READS', 's:1'), rel('x:2', 'COVERS', 'a:1')],
};

describe('a numbered thing as the number its things hold (a warehouse)', () => {
  const planner = plannerOnScratch('numbered values', WAREHOUSE);

  it('"shelves in aisle 2", "located in aisle 2": the shelves\' own aisle', async () => {
    for (const question of ['Which shelves are in aisle 2?', 'Which shelves are located in aisle 2?', 'How many shelves are there in aisle 2?']) {
      const answer = await planner().ask(question);
      expect(answer.cypher, question).toMatch(/\.aisle = 2/);
      expect(answer.cypher, question).not.toMatch(/Scanner/);
    }
    expect(firstValues(await planner().ask('Which shelves are in aisle 2?'))).toEqual(['S2', 'S3']);
    expect(firstValues(await planner().ask('How many shelves are there in aisle 2?'))).toEqual([2]);
  });

  it('a thing that holds no such number keeps the relationship that joins it', async () => {
    expect(firstValues(await planner().ask('Which scanners cover aisle 2?'))).toEqual(['X-1']);
  });
});

describe('a thing spoken of by its number (a warehouse)', () => {
  const planner = plannerOnScratch('own numbers', WAREHOUSE);

  it('a list of things with a property called as their label shows it beside their names', async () => {
    const answer = await planner().ask('List the 2 aisles with the highest width.');
    expect(answer.rows.map((r) => [r.name, r.aisle])).toEqual([
      ['South aisle', 2],
      ['North aisle', 1],
    ]);
    expect((await planner().ask('Which aisles does scanner X-2 cover?')).rows).toEqual([{ name: 'North aisle', aisle: 1 }]);
  });
});
