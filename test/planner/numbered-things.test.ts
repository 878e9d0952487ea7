import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A number is never dropped: "gate 4", "dock 2" name the thing whose own number it is (`Gate.gate`,
 * `Dock.number`); a number nothing in the reading takes makes the question declined, where it
 * used to be left out and every thing listed. Each on two small invented graphs.
 */

/** An airport: flights leave from numbered gates. */
const AIRPORT: UpsertBatch = {
  nodes: [
    node('g:1', 'Gate', { gate: 4, terminal: 'A' }),
    node('g:2', 'Gate', { gate: 7, terminal: 'B' }),
    node('t:1', 'Terminal', { name: 'North Hall' }),
    node('f:1', 'Flight', { code: 'QX 101' }),
    node('f:2', 'Flight', { code: 'QX 202' }),
    node('f:3', 'Flight', { code: 'QX 303' }),
  ],
  relationships: [rel('f:1', 'DEPARTS_FROM', 'g:1'), rel('f:2', 'DEPARTS_FROM', 'g:1'), rel('f:3', 'DEPARTS_FROM', 'g:2'), rel('g:1', 'PART_OF', 't:1'), rel('g:2', 'PART_OF', 't:1')],
};

/** A harbour: vessels moor at numbered docks. */
const HARBOUR: UpsertBatch = {
  nodes: [
    node('d:1', 'Dock', { number: 2, depth: 9 }),
    node('d:2', 'Dock', { number: 5, depth: 14 }),
    node('v:1', 'Vessel', { name: 'Kestrel' }),
    node('v:2', 'Vessel', { name: 'Marlin' }),
  ],
  relationships: [rel('v:1', 'MOORED_AT', 'd:1'), rel('v:2', 'MOORED_AT', 'd:2')],
};

describe('numbered things (an airport)', () => {
  const planner = plannerOnScratch('numbered airport', AIRPORT);

  it('"gate 4" is the gate whose gate number is 4', async () => {
    expect(firstValues(await planner().ask('Which flights depart from gate 4?'))).toEqual(['QX 101', 'QX 202']);
    expect((await planner().ask('How many flights depart from gate 7?')).rows).toEqual([{ count: 1 }]);
  });

  it('a number nothing takes is not dropped: the question is declined, not answered with every flight', async () => {
    // Terminals have no number of their own: "terminal 2" cannot be read, and every gate of any terminal is not the answer.
    const answer = await planner().ask('Which gates are part of terminal 2?');
    expect(answer.cypher).toBeUndefined();
    expect((await planner().ask('Which gates are part of a terminal?')).rows).toHaveLength(2);
  });
});

describe('numbered things (a harbour)', () => {
  const planner = plannerOnScratch('numbered harbour', HARBOUR);

  it('"dock 5" is the dock whose number is 5', async () => {
    expect(firstValues(await planner().ask('Which vessels are moored at dock 5?'))).toEqual(['Marlin']);
  });
});
