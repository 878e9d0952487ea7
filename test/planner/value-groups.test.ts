import { describe, expect, it } from 'vitest';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A value many things hold, grouped by ("Which town has the most bakeries?", "How many bakeries
 * are there in each town?", "the top 2 towns by the number of reviews"): the values, each with how
 * many of what is counted the things holding it have. Before, the value's word was placed nowhere
 * ("I could not place “town”"). On an invented graph of bakeries, their towns (a value) and reviews.
 */
describe('values grouped by', () => {
  const planner = plannerOnScratch('value groups', {
    nodes: [
      node('b1', 'Bakery', { name: 'Crumb', town: 'Oslo', oven_count: 2 }),
      node('b2', 'Bakery', { name: 'Loaf', town: 'Oslo', oven_count: 1 }),
      node('b3', 'Bakery', { name: 'Rye', town: 'Oslo', oven_count: 3 }),
      node('b4', 'Bakery', { name: 'Bun', town: 'Bergen', oven_count: 4 }),
      node('b5', 'Bakery', { name: 'Knot', town: 'Bergen', oven_count: 2 }),
      node('b6', 'Bakery', { name: 'Flat', town: 'Tromsø', oven_count: 1 }),
      node('r1', 'Review', { code: 'r1', stars: 5 }),
      node('r2', 'Review', { code: 'r2', stars: 4 }),
      node('r3', 'Review', { code: 'r3', stars: 2 }),
      node('r4', 'Review', { code: 'r4', stars: 5 }),
    ],
    relationships: [rel('r1', 'REVIEWS', 'b6'), rel('r2', 'REVIEWS', 'b6'), rel('r3', 'REVIEWS', 'b6'), rel('r4', 'REVIEWS', 'b4')],
  });

  const pairs = (rows: Record<string, unknown>[]) => rows.map((r) => [r.name, r.count]);

  it('ranks the values by how many things hold each', async () => {
    const answer = await planner().ask('Which town has the most bakeries?');
    expect(answer.reading.ok, JSON.stringify(answer.reading).slice(0, 300)).toBe(true);
    expect(pairs(answer.rows), answer.cypher).toEqual([['Oslo', 3]]);
    expect(answer.text).toMatch(/Oslo/);
    expect(answer.text).toBe('The town with the most bakeries: Oslo (3).');
  });

  it('gives every value with its count after "each" or "per"', async () => {
    for (const question of ['How many bakeries are there in each town?', 'What is the number of bakeries per town?']) {
      const answer = await planner().ask(question);
      expect(answer.reading.ok, `${question} ${JSON.stringify(answer.reading).slice(0, 300)}`).toBe(true);
      expect(pairs(answer.rows), answer.cypher).toEqual([['Oslo', 3], ['Bergen', 2], ['Tromsø', 1]]);
    }
  });

  it('counts the things joined to those holding each value', async () => {
    const answer = await planner().ask('What are the towns with the highest number of reviews?');
    expect(answer.reading.ok, JSON.stringify(answer.reading).slice(0, 300)).toBe(true);
    expect(pairs(answer.rows), answer.cypher).toEqual([['Tromsø', 3], ['Bergen', 1]]);
  });

  it('takes as many as the question says, ranked by a count after "by"', async () => {
    const answer = await planner().ask('List the top 2 towns by the number of bakeries.');
    expect(answer.reading.ok, JSON.stringify(answer.reading).slice(0, 300)).toBe(true);
    expect(pairs(answer.rows), answer.cypher).toEqual([['Oslo', 3], ['Bergen', 2]]);
  });

  it('ranks "the most common" values by how many things hold each', async () => {
    const one = await planner().ask('What is the most common town of the bakeries?');
    expect(pairs(one.rows), one.cypher).toEqual([['Oslo', 3]]);
    const two = await planner().ask('List the 2 least common towns.');
    expect(pairs(two.rows), two.cypher).toEqual([['Tromsø', 1], ['Bergen', 2]]);
    // (Said in the plural with no number: every one, the most common first.)
    const all = await planner().ask('What are the most common towns of bakeries?');
    expect(pairs(all.rows), all.cypher).toEqual([['Oslo', 3], ['Bergen', 2], ['Tromsø', 1]]);
  });

  it('keeps the conditions said of the things counted', async () => {
    const answer = await planner().ask('Which town has the most bakeries with an oven count above 1?');
    expect(answer.reading.ok, JSON.stringify(answer.reading).slice(0, 300)).toBe(true);
    expect(pairs(answer.rows), answer.cypher).toEqual([['Bergen', 2], ['Oslo', 2]]);
  });

  it('ranks the values by a figure over the things holding each', async () => {
    const answer = await planner().ask('Which town has the highest average oven count?');
    expect(answer.reading.ok, JSON.stringify(answer.reading).slice(0, 300)).toBe(true);
    expect(answer.rows.map((r) => [r.name, r.value]), answer.cypher).toEqual([['Bergen', 3]]);
    expect(answer.text).toBe('The town with the highest average oven count: Bergen (3).');
  });

  it('never reads a single value as the group\'s ("the highest oven count" is one bakery\'s)', async () => {
    const answer = await planner().ask('Which town has the highest oven count?');
    expect(answer.rows.map((r) => r.name)).not.toContain('Oslo');
  });
});
