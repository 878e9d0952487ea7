import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A request after the question for how many to show ("… ? Limit to top 2 bakers.", "Limit the
 * results to 2.") is the question's limit, as "the top 2 bakers" would be, not a thing called
 * “Limit” nor a second set of bakers. A request limiting by anything but a number is declined,
 * never dropped. On an invented bakery.
 */
const BAKERY: UpsertBatch = {
  nodes: [
    node('b:1', 'Baker', { name: 'Rosa Lind', town: 'Leeds' }),
    node('b:2', 'Baker', { name: 'Tom Okafor', town: 'York' }),
    node('b:3', 'Baker', { name: 'Ines Kova', town: 'Leeds' }),
    node('b:4', 'Baker', { name: 'Paul Marsh', town: 'Hull' }),
    ...['Lemon Drizzle', 'Black Forest', 'Carrot Cake', 'Battenberg', 'Victoria Sponge', 'Madeira'].map((name, i) => node(`c:${i}`, 'Cake', { name, weight: 400 + i * 100 })),
  ],
  relationships: [
    rel('b:1', 'BAKED', 'c:0'), rel('b:1', 'BAKED', 'c:1'), rel('b:1', 'BAKED', 'c:2'), rel('b:1', 'BAKED', 'c:3'),
    rel('b:2', 'BAKED', 'c:4'), rel('b:2', 'BAKED', 'c:5'), rel('b:2', 'BAKED', 'c:0'),
    rel('b:3', 'BAKED', 'c:1'), rel('b:3', 'BAKED', 'c:2'),
    rel('b:4', 'BAKED', 'c:3'),
  ],
};

describe('a request for how many to show, after the question (a bakery)', () => {
  const planner = plannerOnScratch('limit requests bakery', BAKERY);
  const names = (rows: Record<string, unknown>[]) => rows.map((r) => r.name);

  it('is the ranking’s number, with the things named again or not', async () => {
    for (const question of ['Which bakers baked the most cakes? Limit to 2 bakers.', 'Which bakers baked the most cakes? Limit the results to top 2.', 'Which bakers baked the most cakes? Restrict the list to the first 2.']) {
      const answer = await planner().ask(question);
      expect(answer.reading.ok, question).toBe(true);
      expect(names(answer.rows), question).toEqual(['Rosa Lind', 'Tom Okafor']);
    }
  });

  it('is the number of the heaviest things to show', async () => {
    const answer = await planner().ask('What are the heaviest cakes? Limit to 3.');
    expect(names(answer.rows)).toEqual(['Madeira', 'Victoria Sponge', 'Battenberg']);
  });

  it('makes a count for each a ranking of the groups with the most', async () => {
    const answer = await planner().ask('How many cakes did each baker bake? Limit the results to the top 2 bakers.');
    expect(answer.rows.map((r) => [r.name, Number(r.count)]), answer.cypher).toEqual([['Rosa Lind', 4], ['Tom Okafor', 3]]);
    expect(answer.text).toBe('The 2 bakers with the most cakes: Rosa Lind (4) and Tom Okafor (3).');
  });

  it('limiting by anything but a number is declined', async () => {
    const answer = await planner().ask('Which bakers baked the most cakes? Limit the results to bakers in Leeds.');
    expect(answer.reading.ok).toBe(false);
    expect(answer.rows).toEqual([]);
  });
});
