import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "shops that have received a review": receiving, like having, says only that the things are
 * joined, the receiver at the end the relationship runs to; it was a word no reading placed ("I
 * could not place “received”"). On an invented graph of shops and their reviews.
 */
const SHOPS: UpsertBatch = {
  nodes: [
    node('s1', 'Shop', { name: 'Mill', city: 'Oslo' }),
    node('s2', 'Shop', { name: 'Quay', city: 'Oslo' }),
    node('s3', 'Shop', { name: 'Dock', city: 'Bergen' }),
    node('r1', 'Review', { code: 'r1', stars: 5 }),
    node('r2', 'Review', { code: 'r2', stars: 2 }),
  ],
  relationships: [rel('r1', 'REVIEWS', 's1'), rel('r2', 'REVIEWS', 's3')],
};

describe('a verb of receiving', () => {
  const planner = plannerOnScratch('receiving verbs', SHOPS);

  it.each([
    ['Which shops have received a review?', ['Dock', 'Mill']],
    ["Which shops in 'Oslo' have received a review?", ['Mill']],
    ['Which shops received a review with 5 stars?', ['Mill']],
    // (With how many or what kind said between the verb and the things received.)
    ["Which shops in 'Oslo' have received a 5-star review?", ['Mill']],
    ['List the shops that have received at least one review with 2 stars.', ['Dock']],
  ])('%s', async (question, names) => {
    const answer = await planner().ask(question);
    expect(firstValues(answer), JSON.stringify(answer.reading).slice(0, 300)).toEqual(names);
  });
});

describe('a verb that only joins, before a kind of thing and its name', () => {
  const planner = plannerOnScratch('joining verbs', {
    nodes: [node('y1', 'Yard', { name: 'North' }), node('y2', 'Yard', { name: 'South' }), node('c1', 'Crane', { name: 'Heron' }), node('c2', 'Crane', { name: 'Stork' })],
    relationships: [rel('y1', 'HOLDS', 'c1'), rel('y2', 'HOLDS', 'c2')],
  });

  it('is taken as joining them ("used in yard \'North\'")', async () => {
    const answer = await planner().ask("Which cranes are used in yard 'North'?");
    expect(firstValues(answer), JSON.stringify(answer.reading).slice(0, 300)).toEqual(['Heron']);
  });
});
