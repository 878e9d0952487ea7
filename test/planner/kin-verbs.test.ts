import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A verb that names a relationship joining other things ("contain", where CONTAINS runs from
 * depots to yards) said of two things another relationship joins, whose verb WordNet gives for it
 * ("hold" for "contain": yards HOLD cranes), is that relationship; it was left unplaced. On an
 * invented graph of depots, yards and cranes.
 */
const DEPOTS: UpsertBatch = {
  nodes: [
    node('d1', 'Depot', { name: 'East' }),
    node('y1', 'Yard', { name: 'North' }),
    node('y2', 'Yard', { name: 'South' }),
    node('c1', 'Crane', { name: 'Heron' }),
    node('c2', 'Crane', { name: 'Stork' }),
    node('c3', 'Crane', { name: 'Ibis' }),
    // A yard no depot contains: its cranes count as any other's.
    node('y3', 'Yard', { name: 'West' }),
    node('c4', 'Crane', { name: 'Crake' }),
    node('c5', 'Crane', { name: 'Rail' }),
  ],
  relationships: [
    rel('d1', 'CONTAINS', 'y1'),
    rel('d1', 'CONTAINS', 'y2'),
    rel('y1', 'HOLDS', 'c1'),
    rel('y1', 'HOLDS', 'c2'),
    rel('y2', 'HOLDS', 'c3'),
    rel('y3', 'HOLDS', 'c4'),
    rel('y3', 'HOLDS', 'c5'),
  ],
};

describe('a verb whose relationship joins other things', () => {
  const planner = plannerOnScratch('kin verbs', DEPOTS);

  it.each([
    ['Which yards contain more than 1 crane?', ['North', 'West']],
    ["Which yard contains crane 'Rail'?", ['West']],
    ["Which yard contains crane 'Ibis'?", ['South']],
    // Its own relationship where it joins the things said.
    ["Which yards does depot 'East' contain?", ['North', 'South']],
  ])('%s', async (question, names) => {
    const answer = await planner().ask(question);
    expect(firstValues(answer), JSON.stringify(answer.reading).slice(0, 300)).toEqual(names);
  });
});
