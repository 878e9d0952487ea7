import { describe, expect, it } from 'vitest';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Two verbs said of "the same" thing, with more said after it ("… and what are those boats?",
 * "… ? List the first 2."): one thing both reach, on an invented boatyard graph.
 */
describe('two relationships reaching the same thing, with more said after it', () => {
  const planner = plannerOnScratch('same thing both', {
    nodes: [
      node('p1', 'Sailor', { name: 'Ada' }),
      node('p2', 'Sailor', { name: 'Bo' }),
      node('p3', 'Sailor', { name: 'Cy' }),
      node('b1', 'Boat', { name: 'Wren' }),
      node('b2', 'Boat', { name: 'Gull' }),
    ],
    relationships: [rel('p1', 'BUILT', 'b1'), rel('p1', 'SAILED', 'b1'), rel('p2', 'BUILT', 'b1'), rel('p2', 'SAILED', 'b2'), rel('p3', 'BUILT', 'b2'), rel('p3', 'SAILED', 'b2')],
  });

  it('lists the things reached beside them when asked', async () => {
    const answer = await planner().ask('Which sailors built and sailed the same boat and what are those boats?');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows).toEqual([
      { name: 'Ada', boat: 'Wren' },
      { name: 'Cy', boat: 'Gull' },
    ]);
  });

  it('reads a second sentence saying how many', async () => {
    const answer = await planner().ask('Which sailors built and sailed the same boat? List the first 1.');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows).toHaveLength(1);
  });
});
