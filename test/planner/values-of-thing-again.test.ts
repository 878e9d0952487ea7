import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "… and list the inspection dates": a kind named before, said again in front of a property of it,
 * asks for that property of the same things. Before, it was a second inspection the planner
 * could not place ("harbours and inspections are related in more than one way"), and that choice
 * offered a way from the inspector as if it joined the harbours. On an invented graph.
 */
const HARBOURS: UpsertBatch = {
  nodes: [
    node('h:1', 'Harbour', { name: 'Aldby', address: '4 Quay Rd' }),
    node('h:2', 'Harbour', { name: 'Brekke', address: '9 Quay Rd' }),
    node('h:3', 'Harbour', { name: 'Corran', address: '2 Mill Ln' }),
    node('i:1', 'Inspection', { code: 'I1', date: '2019-09-14' }),
    node('i:2', 'Inspection', { code: 'I2', date: '2019-02-01' }),
    node('i:3', 'Inspection', { code: 'I3', date: '2020-05-20' }),
    node('p:1', 'Inspector', { name: 'Vera' }),
    node('p:2', 'Inspector', { name: 'Odd' }),
  ],
  relationships: [
    rel('i:1', 'COVERS', 'h:1'),
    rel('i:2', 'COVERS', 'h:2'),
    rel('i:3', 'COVERS', 'h:3'),
    rel('p:1', 'CARRIED_OUT', 'i:1'),
    rel('p:1', 'CARRIED_OUT', 'i:3'),
    rel('p:2', 'CARRIED_OUT', 'i:2'),
  ],
};

describe('a kind said again before a property of it', () => {
  const planner = plannerOnScratch('valuesagain', HARBOURS);

  it('asks for the property of the things named before', async () => {
    const answer = await planner().ask("List the harbours on 'Quay Rd' covered by inspections carried out by Vera and the inspection dates.");
    expect(answer.reading.ok).toBe(true);
    expect(answer.rows.map((r) => [r.name, r.date])).toEqual([['Aldby', '2019-09-14']]);
  });
});
