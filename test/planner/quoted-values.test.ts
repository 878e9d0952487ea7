import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Quoted text right after a kind of thing that holds it as a recurring value ("boats of class
 * 'xl'", a class's own `class`) is that value, as after a preposition; it was a literal that no
 * reading could place ("I could not place “xl”"). On an invented graph of boats and their classes.
 */
const BOATS: UpsertBatch = {
  nodes: [
    node('b1', 'Boat', { name: 'Tern' }),
    node('b2', 'Boat', { name: 'Skua' }),
    node('b3', 'Boat', { name: 'Gull' }),
    node('d1', 'Dock', { name: 'North' }),
    node('c1', 'Class', { name: 'xl-40/12', class: 'xl', berths: 12 }),
    node('c2', 'Class', { name: 's-12/2', class: 's', berths: 2 }),
    node('c3', 'Class', { name: 'm-20/4', class: 'm', berths: 4 }),
  ],
  relationships: [rel('b1', 'OF_CLASS', 'c1'), rel('b2', 'OF_CLASS', 'c2'), rel('b3', 'OF_CLASS', 'c1'), rel('d1', 'MOORS', 'b1'), rel('d1', 'MOORS', 'b2')],
};

describe('quoted text after a kind of thing that holds it', () => {
  const planner = plannerOnScratch('quoted values', BOATS);

  it.each([
    ["Which boats are of class 'xl'?", ['Gull', 'Tern']],
    ["Which boats have a class 's'?", ['Skua']],
    // ("have" before a bare noun is the verb, though the tagger took it for a noun.)
    ["Which boats have class 's'?", ['Skua']],
    ["Which boats have class 'xl-40/12'?", ['Gull', 'Tern']],
    ["Which docks moor boats of class 'xl'?", ['North']],
  ])('%s', async (question, names) => {
    const answer = await planner().ask(question);
    expect(firstValues(answer), JSON.stringify(answer.reading).slice(0, 300)).toEqual(names);
  });

  it('is still a name where it names one of them', async () => {
    expect(firstValues(await planner().ask("Which boats are of class 'xl-40/12'?"))).toEqual(['Gull', 'Tern']);
  });
});
