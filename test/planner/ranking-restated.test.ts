import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, plannerOnScratch } from '../support/planner.js';

/**
 * A ranking among some things says which: "The 2 ships (built after 1990) with the highest
 * tonnage", not "The 2 ships with the highest tonnage", which reads as the fleet's top two when the
 * query ranked only some. On an invented graph.
 */
const FLEET: UpsertBatch = {
  nodes: [
    node('s:1', 'Ship', { name: 'Tern', tonnage: 900, built: 1995 }),
    node('s:2', 'Ship', { name: 'Gull', tonnage: 4000, built: 1980 }),
    node('s:3', 'Ship', { name: 'Skua', tonnage: 1200, built: 2001 }),
    node('s:4', 'Ship', { name: 'Auk', tonnage: 300, built: 2010 }),
  ],
  relationships: [],
};

describe('a ranking restates what it ranked among', () => {
  const planner = plannerOnScratch('rankingrestated', FLEET);

  it('in the plural', async () => {
    const answer = await planner().ask('List the top 2 ships by tonnage built after 1990.');
    expect(answer.text).toMatch(/^The 2 ships \(built after 1990\) with the highest tonnage: Skua \(1200\) and Tern \(900\)\.$/);
  });

  it('for one', async () => {
    const answer = await planner().ask('Which ship built after 1990 has the highest tonnage?');
    expect(answer.text).toMatch(/^Skua has the highest tonnage of the ships \(built after 1990\) \(1200\)\.$/);
  });

  it('and says nothing more when it ranked all', async () => {
    const answer = await planner().ask('Which ship has the highest tonnage?');
    expect(answer.text).toBe('Gull has the highest tonnage (4000).');
  });
});
