import { describe, expect, it } from 'vitest';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "Which lake has the smallest area and what is its depth?": "its" before a property of the thing
 * asked about says whose the property is, as "their" does. Before, "its" was a word the planner
 * could not place and the question was declined. Not a person's "his" for a lake. On an invented graph.
 */
describe('a possessive pronoun before a property of the thing asked about', () => {
  const planner = plannerOnScratch('possessiveproperty', {
    nodes: [
      node('l:1', 'Lake', { name: 'Mirror Lake', area: 12, depth: 40 }),
      node('l:2', 'Lake', { name: 'Stone Lake', area: 3, depth: 9 }),
      node('l:3', 'Lake', { name: 'Long Lake', area: 30, depth: 80 }),
      node('t:1', 'Town', { name: 'Ashby' }),
      node('t:2', 'Town', { name: 'Brill' }),
    ],
    relationships: [rel('t:1', 'BORDERS', 'l:1'), rel('t:2', 'BORDERS', 'l:2'), rel('t:2', 'BORDERS', 'l:3')],
  });

  it.each([
    ['Which lake has the smallest area and what is its depth?', [{ name: 'Stone Lake', depth: 9 }]],
    ['Which lake has the largest area, and what is its depth?', [{ name: 'Long Lake', depth: 80 }]],
    ['Which lake does Ashby border and what is its depth?', [{ name: 'Mirror Lake', depth: 40 }]],
  ])('%s', async (question, expected) => {
    const answer = await planner().ask(question);
    expect(answer.rows).toEqual(expected.map((e) => expect.objectContaining(e)));
  });

  it('"his" is no lake’s', async () => {
    const answer = await planner().ask('Which lake has the smallest area and what is his depth?');
    expect(answer.reading.ok).toBe(false);
  });
});
