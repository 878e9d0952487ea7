import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "reviews with 5 stars", "a 5-star review", "4 stars or more": a number right before a number
 * property's words is that property's value. Before, the number was left unplaced ("I could not
 * place “5”"). A number before a label still counts things ("guests who wrote exactly 2 reviews"). On an
 * invented graph.
 */
const INN: UpsertBatch = {
  nodes: [
    node('g:1', 'Guest', { name: 'Ines' }),
    node('g:2', 'Guest', { name: 'Tor' }),
    node('g:3', 'Guest', { name: 'Mira' }),
    node('h:1', 'Hotel', { name: 'Quay House' }),
    node('h:2', 'Hotel', { name: 'Mill Lodge' }),
    node('v:1', 'Review', { reviewId: 'v1', stars: 5 }),
    node('v:2', 'Review', { reviewId: 'v2', stars: 4 }),
    node('v:3', 'Review', { reviewId: 'v3', stars: 2 }),
    node('v:4', 'Review', { reviewId: 'v4', stars: 5 }),
  ],
  relationships: [
    rel('g:1', 'WROTE', 'v:1'),
    rel('g:1', 'WROTE', 'v:3'),
    rel('g:2', 'WROTE', 'v:2'),
    rel('g:3', 'WROTE', 'v:4'),
    rel('v:1', 'ABOUT', 'h:1'),
    rel('v:2', 'ABOUT', 'h:1'),
    rel('v:3', 'ABOUT', 'h:2'),
    rel('v:4', 'ABOUT', 'h:2'),
  ],
};

describe('a number before a number property', () => {
  const planner = plannerOnScratch('numberbeforeprop', INN);

  it.each([
    ['Which guests wrote a review with 5 stars?', ['Ines', 'Mira']],
    ['Which guests wrote a 5-star review?', ['Ines', 'Mira']],
    ['Which reviews have 4 stars or more?', ['v1', 'v2', 'v4']],
    ['Which guests wrote exactly 2 reviews?', ['Ines']],
  ])('%s', async (question, names) => {
    expect(firstValues(await planner().ask(question))).toEqual(names);
  });
});
