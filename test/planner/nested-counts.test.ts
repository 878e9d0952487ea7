import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A count said of another thing than the one asked about is counted for each of those things:
 * "countries with companies that filed more than 3 reports" keeps the companies that filed more
 * than 3, then their countries. It was dropped when the countries were ranked, and counted per
 * country (all their companies' reports together) when they were listed. On an invented registry.
 */

function registry(): UpsertBatch {
  const nodes = [node('k:1', 'Country', { name: 'Norway' }), node('k:2', 'Country', { name: 'Chile' })];
  const relationships = [];
  // Four companies in Norway file one report each; two in Chile file 12 and 4.
  for (let i = 0; i < 6; i++) {
    nodes.push(node(`c:${i}`, 'Company', { name: `Company ${i}` }));
    relationships.push(rel(`c:${i}`, 'BASED_IN', i < 4 ? 'k:1' : 'k:2'));
  }
  for (let j = 0; j < 20; j++) {
    nodes.push(node(`r:${j}`, 'Report', { code: `R${j}` }));
    relationships.push(rel(j < 12 ? 'c:4' : j < 16 ? 'c:5' : `c:${j - 16}`, 'FILED', `r:${j}`));
  }
  return { nodes, relationships };
}

describe('a count said of another thing (a registry)', () => {
  const planner = plannerOnScratch('nested counts', registry());

  it('lists and counts the things joined to those that pass the count', async () => {
    // Norway's companies filed 4 reports together, but none more than 3 on its own.
    expect(firstValues(await planner().ask('Which countries have companies that filed more than 3 reports?'))).toEqual(['Chile']);
    expect(firstValues(await planner().ask('How many countries have companies that filed more than 3 reports?'))).toEqual([1]);
  });

  it('ranks by how many pass it, the condition kept', async () => {
    const answer = await planner().ask('List the top 3 countries by the number of companies that have filed more than 3 reports.');
    expect(answer.rows).toEqual([{ name: 'Chile', count: 2 }]);
  });

  it('a count said of the thing asked about is counted as before', async () => {
    expect(firstValues(await planner().ask('Which companies filed more than 3 reports?'))).toEqual(['Company 4', 'Company 5']);
  });
});

/** Visits made by patients to clinics: the verb names the visits, which are only passed through. */
const VISITS: UpsertBatch = {
  nodes: [
    node('c:1', 'Clinic', { name: 'North Clinic' }),
    node('c:2', 'Clinic', { name: 'South Clinic' }),
    node('p:1', 'Patient', { name: 'Lea Brandt' }),
    node('p:2', 'Patient', { name: 'Tomas Ruiz' }),
    ...['v:1', 'v:2', 'v:3', 'v:4'].map((key) => node(key, 'Visit', { code: key })),
  ],
  relationships: [
    rel('v:1', 'VISITS', 'c:1'),
    rel('v:2', 'VISITS', 'c:1'),
    rel('v:3', 'VISITS', 'c:2'),
    rel('v:4', 'VISITS', 'c:2'),
    rel('p:1', 'MADE', 'v:1'),
    rel('p:2', 'MADE', 'v:2'),
    rel('p:1', 'MADE', 'v:3'),
    rel('p:1', 'MADE', 'v:4'),
  ],
};

describe('a count said of the thing asked about, through another (clinic visits)', () => {
  const planner = plannerOnScratch('counts through visits', VISITS);

  it('"clinics visited by more than one patient": the visits, named only by the verb, are passed through', async () => {
    expect(firstValues(await planner().ask('Which clinics have been visited by more than one patient?'))).toEqual(['North Clinic']);
    expect(firstValues(await planner().ask('Which patients have visited more than one clinic?'))).toEqual(['Lea Brandt']);
  });

  it('"clinics with visits from more than one patient": the visits together come from them, counted per clinic', async () => {
    expect(firstValues(await planner().ask('Which clinics have visits from more than one patient?'))).toEqual(['North Clinic']);
  });
});
