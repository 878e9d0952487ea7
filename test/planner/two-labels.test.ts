import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A thing with two labels is read by the one the question says: "the gate 'G9'" of a `Gate:Exit`
 * is that gate, not an exit named G9 joined to some other gate. Invented graph: an airport's gates
 * (two of them also exits) leading to halls.
 */

const AIRPORT: UpsertBatch = {
  nodes: [
    { key: 'g:9', labels: ['Gate', 'Exit'], properties: { name: 'G9' } },
    { key: 'g:4', labels: ['Gate', 'Exit'], properties: { name: 'G4' } },
    node('g:2', 'Gate', { name: 'G2' }),
    node('h:1', 'Hall', { name: 'North Hall' }),
    node('h:2', 'Hall', { name: 'South Hall' }),
    node('h:3', 'Hall', { name: 'East Hall' }),
  ],
  relationships: [rel('g:9', 'LEADS_TO', 'h:1'), rel('g:4', 'LEADS_TO', 'h:3'), rel('g:2', 'LEADS_TO', 'h:2')],
};

describe('a thing with two labels, said by one of them (airport)', () => {
  const planner = plannerOnScratch('twolabels', AIRPORT);

  it('reads "the exit G9" as that one gate', async () => {
    const answer = await planner().ask("Which halls does the exit 'G9' lead to?");
    expect(answer.rows.map((r) => r.name), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['North Hall']);
  });

  it('reads it by its other label too', async () => {
    const answer = await planner().ask("Which halls does the gate 'G9' lead to?");
    expect(answer.rows.map((r) => r.name), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['North Hall']);
  });
});
