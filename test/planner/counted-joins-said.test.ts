import { describe, expect, it } from 'vitest';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A ranking by how many says what the things counted are joined to: "the most companies that
 * filed a report" is not "the most companies", and a sentence that drops it passes one answer off
 * as another. An invented registry: two companies in Norway (one filed), one in Chile (filed).
 */
describe('a count ranked, said with what the counted things are joined to', () => {
  const planner = plannerOnScratch('counted joins said', {
    nodes: [
      node('k1', 'Country', { name: 'Norway' }),
      node('k2', 'Country', { name: 'Chile' }),
      node('c1', 'Company', { name: 'Fjord AS' }),
      node('c2', 'Company', { name: 'Tind AS' }),
      node('c3', 'Company', { name: 'Andes SA' }),
      node('r1', 'Report', { code: 'R-1' }),
      node('r2', 'Report', { code: 'R-2' }),
    ],
    relationships: [rel('c1', 'BASED_IN', 'k1'), rel('c2', 'BASED_IN', 'k1'), rel('c3', 'BASED_IN', 'k2'), rel('c1', 'FILED', 'r1'), rel('c3', 'FILED', 'r2')],
  });

  it('names the join of the counted things in the sentence', async () => {
    const answer = await planner().ask('Which 2 countries have the most companies that filed reports?');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows.map((r) => [r.name, r.count])).toEqual([
      ['Chile', 1],
      ['Norway', 1],
    ]);
    expect(answer.text).toMatch(/the most companies that filed a report/);
  });
});
