import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, plannerOnScratch } from '../support/planner.js';

/**
 * "Where does Aiko Tanaka work?": after "does" and its subject the last word is the verb, though
 * the tagger reads "work" as a noun; it names the relationship (WORKS_AT), on graphs whose things
 * and names have nothing in common.
 */
const BAKERY: UpsertBatch = {
  nodes: [
    { key: 'e1', labels: ['Employee'], properties: { name: 'Aiko Tanaka' } },
    { key: 'e2', labels: ['Employee'], properties: { name: 'Ines Duarte' } },
    { key: 's1', labels: ['Store'], properties: { name: 'Rua Nova' } },
    { key: 's2', labels: ['Store'], properties: { name: 'Old Market' } },
  ],
  relationships: [
    { fromKey: 'e1', type: 'WORKS_AT', toKey: 's1' },
    { fromKey: 'e2', type: 'WORKS_AT', toKey: 's2' },
  ],
};
const FLEET: UpsertBatch = {
  nodes: [
    { key: 'c1', labels: ['Crew'], properties: { name: 'Ola Berg' } },
    { key: 'v1', labels: ['Vessel'], properties: { name: 'Sea Wolf' } },
    { key: 'v2', labels: ['Vessel'], properties: { name: 'Grey Heron' } },
  ],
  relationships: [
    { fromKey: 'c1', type: 'SERVES_ON', toKey: 'v1' },
    { fromKey: 'v2', type: 'SAILS_TO', toKey: 'v1' },
  ],
};

describe.each([
  { graph: 'bakery', batch: BAKERY, cases: [['Where does Aiko Tanaka work?', ['Rua Nova']], ['Where does Ines Duarte work?', ['Old Market']]] },
  { graph: 'fleet', batch: FLEET, cases: [['Which vessel does Ola Berg serve on?', ['Sea Wolf']], ['Where does Grey Heron sail?', ['Sea Wolf']], ['Where does Ola Berg serve?', ['Sea Wolf']]] },
] as const)('a verb after “does” and its subject, on the $graph graph', ({ graph, batch, cases }) => {
  const planner = plannerOnScratch(`do-support-${graph}`, batch);
  it.each(cases.map((c) => [...c]))('%s', async (question, expected) => {
    expect(firstValues(await planner().ask(question as string))).toEqual(expected);
  });
});
