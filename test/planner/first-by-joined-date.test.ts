import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "The first 2 harbours inspected in 2019": the order is the one date the question compares, of
 * the things joined to the harbours (each harbour by its earliest inspection then, its latest for
 * "last"), said so and shown beside each. Before, the harbours came in alphabetical order, as if
 * "first" meant nothing. On an invented graph.
 */
const HARBOURS: UpsertBatch = {
  nodes: [
    node('h:1', 'Harbour', { name: 'Aldby' }),
    node('h:2', 'Harbour', { name: 'Brekke' }),
    node('h:3', 'Harbour', { name: 'Corran' }),
    node('h:4', 'Harbour', { name: 'Dunvik' }),
    node('i:1', 'Inspection', { code: 'I1', date: '2019-09-14' }),
    node('i:2', 'Inspection', { code: 'I2', date: '2019-02-01' }),
    node('i:3', 'Inspection', { code: 'I3', date: '2019-05-20' }),
    node('i:4', 'Inspection', { code: 'I4', date: '2018-01-05' }),
    node('i:5', 'Inspection', { code: 'I5', date: '2019-11-30' }),
  ],
  relationships: [
    rel('i:1', 'INSPECTS', 'h:1'),
    rel('i:2', 'INSPECTS', 'h:3'),
    rel('i:3', 'INSPECTS', 'h:2'),
    rel('i:4', 'INSPECTS', 'h:4'),
    rel('i:5', 'INSPECTS', 'h:3'),
  ],
};

describe('the first few by a date of the things joined to them', () => {
  const planner = plannerOnScratch('firstjoined', HARBOURS);

  it('takes the first by their earliest date compared, in that order', async () => {
    const answer = await planner().ask('What are the first 2 harbours inspected in 2019?');
    expect(answer.rows.map((r) => r.name)).toEqual(['Corran', 'Brekke']);
    expect(answer.text).toMatch(/^The first 2 harbours by the earliest date of their inspections/);
    expect(answer.text).toContain('Corran (earliest date 2019-02-01)');
  });

  it('takes the last by their latest date compared', async () => {
    const answer = await planner().ask('What are the last 2 harbours inspected in 2019?');
    expect(answer.rows.map((r) => r.name)).toEqual(['Corran', 'Aldby']);
  });
});
