import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "only" and "all" say every one, which a pattern match reads as some: "hotels with only 5-star
 * reviews" listed the hotels with any 5-star review, and "hotels reviewed by all guests" those
 * reviewed by any guest (the verb was linked to the `Review` label, so "all" was not seen as its
 * object's). Both are declined, saying why, except "every"/"all" before a thing of one label joined
 * by one relationship ("guests who visited every city", "every review with 5 stars"), counted
 * against all there are;
 * "only" before a count or the request, "only wrote … and never visited …" (the denial says what
 * "only" leaves out) and "all" before what is listed read as before. On an invented graph.
 */
const INN: UpsertBatch = {
  nodes: [
    node('g:1', 'Guest', { name: 'Ines' }),
    node('g:2', 'Guest', { name: 'Tor' }),
    node('c:1', 'City', { name: 'Lyon' }),
    node('c:2', 'City', { name: 'Oslo' }),
    node('h:1', 'Hotel', { name: 'Quay House' }),
    node('h:2', 'Hotel', { name: 'Mill Lodge' }),
    node('v:1', 'Review', { reviewId: 'v1', stars: 5 }),
    node('v:2', 'Review', { reviewId: 'v2', stars: 4 }),
    node('v:3', 'Review', { reviewId: 'v3', stars: 5 }),
  ],
  relationships: [rel('g:2', 'VISITED', 'c:1'), rel('g:2', 'VISITED', 'c:2'), rel('g:1', 'WROTE', 'v:1'), rel('g:2', 'WROTE', 'v:2'), rel('g:1', 'WROTE', 'v:3'), rel('v:1', 'ABOUT', 'h:1'), rel('v:2', 'ABOUT', 'h:1'), rel('v:3', 'ABOUT', 'h:2')],
};

describe('"only" and "all" are every one, never some', () => {
  const planner = plannerOnScratch('onlyandall', INN);

  it.each([
    ['Which hotels have only 5-star reviews?', /only 5 star reviews/],
    ['Which guests only wrote reviews with 5 stars?', /only wrote/],
    ['Which hotels have been reviewed by all guests?', /all “guests”/],
    // Every one of the things joined to something else too: not written yet.
    ['Which guests wrote every review about Quay House?', /all “review”/],
  ])('%s is declined', async (question, why) => {
    const answer = await planner().ask(question);
    expect(answer.reading.ok).toBe(false);
    expect(answer.rows).toEqual([]);
    if (!answer.reading.ok) expect(answer.reading.reason).toMatch(why);
  });

  it.each([
    ['Show only the names of the hotels.', ['Mill Lodge', 'Quay House']],
    ['Find all hotels reviewed by Ines.', ['Mill Lodge', 'Quay House']],
    ['Which hotels have reviews with 5 stars?', ['Mill Lodge', 'Quay House']],
    // The denial says what "only" leaves out.
    ['Which guests have only written reviews and never visited a city?', ['Ines']],
  ])('%s is answered', async (question, names) => {
    expect(firstValues(await planner().ask(question))).toEqual(names);
  });

  it.each([
    ['Which guests visited every city?', ['Tor'], 'every city'],
    ['Which guests visited all the cities?', ['Tor'], 'all cities'],
    ['Which cities were visited by all guests?', [], 'all guests'],
    // With conditions of their own: all those there are.
    ['Which guests wrote every review with 5 stars?', ['Ines'], 'every review (stars 5)'],
  ])('%s is read as every one of them', async (question, names, said) => {
    const answer = await planner().ask(question);
    expect(answer.cypher).toMatch(/= COUNT \{ \(x:(City|Guest|Review)\)( WHERE x\.stars = 5)? \}/);
    expect(firstValues(answer)).toEqual(names);
    expect(answer.text).toContain(said);
  });
});
