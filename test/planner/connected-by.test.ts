import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { plannerOnScratch } from '../support/planner.js';

/**
 * "connected by <a relationship's name>": the verb of being joined says no more than the
 * relationship named after it. An invented rail graph whose links carry a distance.
 */
const RAIL: UpsertBatch = {
  nodes: ['Ash', 'Birch', 'Cedar', 'Dale'].map((name) => ({ key: name, labels: ['Station'], properties: { name } })),
  relationships: [
    { fromKey: 'Ash', type: 'RAIL_LINK', toKey: 'Birch', properties: { distance: 250 } },
    { fromKey: 'Birch', type: 'RAIL_LINK', toKey: 'Cedar', properties: { distance: 40 } },
    { fromKey: 'Cedar', type: 'BUS_LINK', toKey: 'Dale', properties: { distance: 300 } },
  ],
};

describe('things connected by a relationship named', () => {
  const planner = plannerOnScratch('connected by', RAIL);

  it('reads the relationship, the verb adding nothing', async () => {
    const answer = await planner().ask('Which stations are connected by RAIL_LINK with a distance greater than 200?');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows.map((r) => r.name)).toEqual(['Ash']);
  });

  it('reads it after "linked via a"', async () => {
    const answer = await planner().ask('Find stations linked via a RAIL_LINK relationship with a distance under 50.');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows.map((r) => r.name)).toEqual(['Birch']);
  });
});

/**
 * "the depot with the most vans associated with it": a verb of mere association and a pronoun for
 * the thing asked, right after the things counted, restate how they are joined. An invented fleet.
 */
const FLEET: UpsertBatch = {
  nodes: [
    { key: 'd1', labels: ['Depot'], properties: { name: 'North Yard' } },
    { key: 'd2', labels: ['Depot'], properties: { name: 'South Yard' } },
    ...['V1', 'V2', 'V3'].map((name) => ({ key: name, labels: ['Van'], properties: { name } })),
  ],
  relationships: [
    { fromKey: 'd1', type: 'HOUSES', toKey: 'V1' },
    { fromKey: 'd2', type: 'HOUSES', toKey: 'V2' },
    { fromKey: 'd2', type: 'HOUSES', toKey: 'V3' },
  ],
};

describe('a join restated with a pronoun', () => {
  const planner = plannerOnScratch('restated join', FLEET);

  it.each(['Which depot has the most vans associated with it?', 'Which depots have the most vans linked to them?'])('%s', async (question) => {
    const answer = await planner().ask(question);
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows[0], answer.cypher).toEqual({ name: 'South Yard', count: 2 });
  });

  it('leaves a pronoun for nothing said unplaced', async () => {
    const answer = await planner().ask('Which vans are associated with it?');
    expect(answer.cypher).toBeUndefined();
  });
});
