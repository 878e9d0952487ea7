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

describe('a ranking by how many among some things', () => {
  const planner = plannerOnScratch('ranking by count restated', {
    nodes: [
      node('p:1', 'Port', { name: 'Vik', country: 'Norway' }),
      node('p:2', 'Port', { name: 'Ness', country: 'Norway' }),
      node('p:3', 'Port', { name: 'Brest', country: 'France' }),
      node('c:1', 'Call', { ref: 'c1' }),
      node('c:2', 'Call', { ref: 'c2' }),
      node('c:3', 'Call', { ref: 'c3' }),
      node('c:4', 'Call', { ref: 'c4' }),
    ],
    relationships: [
      { fromKey: 'c:1', type: 'AT', toKey: 'p:1' },
      { fromKey: 'c:2', type: 'AT', toKey: 'p:1' },
      { fromKey: 'c:3', type: 'AT', toKey: 'p:2' },
      { fromKey: 'c:4', type: 'AT', toKey: 'p:3' },
    ],
  });

  it('says which things were ranked', async () => {
    const answer = await planner().ask("Which ports in 'Norway' have the most calls?");
    expect(answer.text).toBe('Of the ports (country Norway), the 2 with the most calls: Vik (2) and Ness (1).');
  });
});

describe('a ranking of things known by a property called as their kind', () => {
  const planner = plannerOnScratch('ranking with own-named value', {
    nodes: [
      node('g:1', 'Grade', { name: 'g-2/low', grade: 'low', fee: 10 }),
      node('g:2', 'Grade', { name: 'g-8/high', grade: 'high', fee: 40 }),
      node('p:1', 'Pupil', { name: 'Ada', age: 10 }),
      node('p:2', 'Pupil', { name: 'Bo', age: 12 }),
      node('p:3', 'Pupil', { name: 'Cy', age: 15 }),
    ],
    relationships: [
      { fromKey: 'p:1', type: 'IN_GRADE', toKey: 'g:1' },
      { fromKey: 'p:2', type: 'IN_GRADE', toKey: 'g:1' },
      { fromKey: 'p:3', type: 'IN_GRADE', toKey: 'g:2' },
    ],
  });

  it('keeps that value in each row and says it, as a list does', async () => {
    const counted = await planner().ask('Which grades have the most pupils?');
    expect(counted.rows).toEqual([
      { name: 'g-2/low', grade: 'low', count: 2 },
      { name: 'g-8/high', grade: 'high', count: 1 },
    ]);
    expect(counted.text).toContain('Their grade: g-2/low (low) and g-8/high (high).');
    // ("highest" is a ranking, never the grade 'high' by its lemma.)
    const averaged = await planner().ask('Which grade has the highest average age of pupils?');
    expect(averaged.cypher).not.toContain("'high'");
    expect(averaged.rows).toEqual([{ name: 'g-8/high', grade: 'high', value: 15 }]);
    expect(averaged.text).toBe('g-8/high has the highest average age (15). Its grade: high.');
  });
});
