import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, plannerOnScratch } from '../support/planner.js';

/**
 * A thing's name that is also a recurring value of another label's property (a store's `manager`
 * naming an employee, as documents leave it) names the thing; a value no thing has as its name is
 * read as the value. On two graphs whose things and names have nothing in common.
 */
const BAKERY: UpsertBatch = {
  nodes: [
    { key: 'e1', labels: ['Employee'], properties: { name: 'Aiko Tanaka', role: 'Shop Manager' } },
    { key: 'e2', labels: ['Employee'], properties: { name: 'Ines Duarte', role: 'Head Baker' } },
    { key: 's1', labels: ['Store'], properties: { name: 'Rua Nova', manager: 'Aiko Tanaka', city: 'Porto' } },
    { key: 's2', labels: ['Store'], properties: { name: 'Old Market', manager: 'Aiko Tanaka', city: 'Porto' } },
    { key: 's3', labels: ['Store'], properties: { name: 'Harbour Street', manager: 'Ines Duarte', city: 'Lisbon' } },
  ],
  relationships: [
    { fromKey: 'e1', type: 'WORKS_AT', toKey: 's1' },
    { fromKey: 'e2', type: 'WORKS_AT', toKey: 's3' },
  ],
};
const FLEET: UpsertBatch = {
  nodes: [
    { key: 'v1', labels: ['Vessel'], properties: { name: 'Sea Wolf', tonnage: 1200 } },
    { key: 'v2', labels: ['Vessel'], properties: { name: 'Grey Heron', tonnage: 800 } },
    { key: 'c1', labels: ['Sailor'], properties: { name: 'Ola Berg', ship: 'Sea Wolf', port: 'Bergen' } },
    { key: 'c2', labels: ['Sailor'], properties: { name: 'Kari Lund', ship: 'Sea Wolf', port: 'Bergen' } },
    { key: 'c3', labels: ['Sailor'], properties: { name: 'Nils Dahl', ship: 'Grey Heron', port: 'Tromsø' } },
  ],
  relationships: [{ fromKey: 'c1', type: 'COMMANDS', toKey: 'v1' }],
};

describe.each([
  {
    graph: 'bakery',
    batch: BAKERY,
    cases: [
      ['What is the role of Aiko Tanaka?', ['Shop Manager']],
      ['Where does Aiko Tanaka work?', ['Rua Nova']],
      ['Which stores are in Porto?', ['Old Market', 'Rua Nova']],
    ],
  },
  {
    graph: 'fleet',
    batch: FLEET,
    cases: [
      ['What is the tonnage of Sea Wolf?', [1200]],
      ['Who commands Sea Wolf?', ['Ola Berg']],
      ['Which sailors are in Bergen?', ['Kari Lund', 'Ola Berg']],
    ],
  },
] as const)('a name that is also a value, on the $graph graph', ({ graph, batch, cases }) => {
  const planner = plannerOnScratch(`name-as-value-${graph}`, batch);
  it.each(cases.map((c) => [...c]))('%s', async (question, expected) => {
    expect(firstValues(await planner().ask(question as string))).toEqual(expected);
  });
});
