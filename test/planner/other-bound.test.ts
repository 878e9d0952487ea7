import { describe, expect, it } from 'vitest';
import { graphNode as node, plannerOnScratch } from '../support/planner.js';

/**
 * "an area over 5 and under 20", "founded after 1950 and before 1990": a comparison right after "and"
 * and another comparison is the other bound of the same property. Before, the second number was a
 * value the planner could not place ("I can’t tell what 20 is about here"). A comparison that says
 * its own property keeps it. On an invented graph.
 */
describe('the other bound of a property compared', () => {
  const planner = plannerOnScratch('otherbound', {
    nodes: [
      node('l:1', 'Lake', { name: 'Mirror Lake', area: 12, depth: 40, surveyed: 1961 }),
      node('l:2', 'Lake', { name: 'Stone Lake', area: 3, depth: 9, surveyed: 1932 }),
      node('l:3', 'Lake', { name: 'Long Lake', area: 30, depth: 80, surveyed: 1995 }),
    ],
    relationships: [],
  });
  const names = async (question: string) => (await planner().ask(question)).rows.map((r) => r.name).sort();

  it.each([
    ['Which lakes have an area over 5 and under 20?', ['Mirror Lake']],
    ['Which lakes have an area greater than 5 and less than 20?', ['Mirror Lake']],
    ['Which lakes were surveyed after 1950 and before 1990?', ['Mirror Lake']],
    ['Which lakes have an area over 5 and a depth under 50?', ['Mirror Lake']],
    ['Which lakes have an area over 10 and a depth under 90?', ['Long Lake', 'Mirror Lake']],
  ])('%s', async (question, expected) => {
    expect(await names(question)).toEqual(expected);
  });
});
