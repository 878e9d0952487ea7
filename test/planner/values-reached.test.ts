import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "the average stars of the shops" where only reviews have stars: the value of the things joined
 * to those asked about by the one relationship between their labels, averaged or ranked by, said
 * so. Where two relationships join them, nothing says which: declined. On an invented graph.
 */
const SHOPS: UpsertBatch = {
  nodes: [
    node('s:1', 'Shop', { name: 'Mill' }),
    node('s:2', 'Shop', { name: 'Quay' }),
    node('r:1', 'Review', { reviewId: 'r1', stars: 4 }),
    node('r:2', 'Review', { reviewId: 'r2', stars: 5 }),
    node('r:3', 'Review', { reviewId: 'r3', stars: 2 }),
  ],
  relationships: [rel('r:1', 'REVIEWS', 's:1'), rel('r:2', 'REVIEWS', 's:1'), rel('r:3', 'REVIEWS', 's:2')],
};

describe('a value of the things joined by the one relationship', () => {
  const planner = plannerOnScratch('values reached', SHOPS);

  it('averages it', async () => {
    const all = await planner().ask('What is the average stars of the shops?');
    expect(all.rows).toEqual([{ value: 11 / 3 }]);
    expect(all.text).toBe('The average stars of reviews that review a shop is 3.67.');
    expect((await planner().ask('What is the average stars of Mill?')).rows).toEqual([{ value: 4.5 }]);
  });

  it('ranks by its average', async () => {
    const best = await planner().ask('Which shop has the highest average stars?');
    expect(firstValues(best)).toEqual(['Mill']);
    expect(best.text).toBe('Mill has the highest average stars (4.5).');
  });
});

describe('a value of things joined two ways', () => {
  const planner = plannerOnScratch('values reached two ways', { ...SHOPS, relationships: [...SHOPS.relationships, rel('s:2', 'FEATURES', 'r:1')] });

  it('is declined, not averaged over one of them', async () => {
    for (const question of ['What is the average stars of the shops?', 'Which shop has the highest average stars?']) {
      const answer = await planner().ask(question);
      expect(answer.reading.ok, question).toBe(false);
    }
  });
});
