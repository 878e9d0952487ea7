import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Two labels joined through a third by one relationship type twice (routes and ships both call
 * at a port) are a way of joining them like any other: before, only a way through two different
 * types was seen, so "routes that have ships …" was silently read through the one other way
 * (the ports that belong to a route) and answered "none". Now both ways are offered.
 */
const FERRIES: UpsertBatch = {
  nodes: [
    node('r:1', 'Route', { name: 'North Loop' }),
    node('r:2', 'Route', { name: 'South Loop' }),
    node('p:1', 'Port', { name: 'Skarvik' }),
    node('p:2', 'Port', { name: 'Ostrand' }),
    node('p:3', 'Port', { name: 'Lerholm' }),
    node('s:1', 'Ship', { name: 'Tern', flag: 'NO-11' }),
    node('s:2', 'Ship', { name: 'Gull', flag: 'DK-40' }),
  ],
  relationships: [
    rel('r:1', 'CALLS_AT', 'p:1'),
    rel('r:2', 'CALLS_AT', 'p:2'),
    rel('s:1', 'CALLS_AT', 'p:1'),
    rel('s:2', 'CALLS_AT', 'p:2'),
    // The ports' own home route: a second way between ports and routes, which no ship's port has.
    rel('p:3', 'BELONGS_TO', 'r:1'),
  ],
};

describe('joins through one relationship type twice', () => {
  const planner = plannerOnScratch('sametype', FERRIES);

  it('offers the way through one type twice beside the other', async () => {
    const answer = await planner().ask("Which routes have ships with a flag starting with 'NO'?");
    expect(answer.reading.ok).toBe(false);
    const choices = answer.reading.ok ? [] : (answer.reading.choices ?? []);
    expect(choices.map((c) => c.label)).toEqual(
      expect.arrayContaining([expect.stringContaining('“calls at” then “calls at”'), expect.stringContaining('“belongs to” then “calls at”')]),
    );
    expect(choices.every((c) => c.label.includes('through ports'))).toBe(true);
  });

  it('answers by the way chosen', async () => {
    const asked = await planner().ask("Which routes have ships with a flag starting with 'NO'?");
    const twice = (asked.reading.ok ? [] : (asked.reading.choices ?? [])).find((c) => c.label.includes('“calls at” then “calls at”'))!;
    const answer = await planner().ask("Which routes have ships with a flag starting with 'NO'?", undefined, [twice.id]);
    expect(firstValues(answer)).toEqual(['North Loop']);
  });

  it('still never joins a label to itself through one type twice unasked', async () => {
    const answer = await planner().ask('Which routes call at Skarvik?');
    expect(firstValues(answer)).toEqual(['North Loop']);
  });
});
