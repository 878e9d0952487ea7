import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../../support/planner.js';

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
