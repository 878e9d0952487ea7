import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A thing said twice is one thing: "the clinics and their visit notes for visits over 40 minutes"
 * names the visits twice, and reading them as two visits would pair a clinic's notes with any of
 * its visits (or drop a clinic with one long visit). Two things the question keeps apart ("a
 * visit to North Clinic and a visit to South Clinic") stay two. On an invented clinic graph.
 */

const CLINIC: UpsertBatch = {
  nodes: [
    node('c:1', 'Clinic', { name: 'North Clinic' }),
    node('c:2', 'Clinic', { name: 'South Clinic' }),
    node('c:3', 'Clinic', { name: 'Bay Clinic' }),
    node('p:1', 'Patient', { name: 'Lea Brandt' }),
    node('p:2', 'Patient', { name: 'Tomas Ruiz' }),
    node('v:1', 'Visit', { code: 'V-1', minutes: 55, notes: 'routine check', day: '2021-03-04' }),
    node('v:2', 'Visit', { code: 'V-2', minutes: 10, notes: 'short follow-up', day: '2021-05-09' }),
    node('v:3', 'Visit', { code: 'V-3', minutes: 15, notes: 'routine check', day: '2021-03-20' }),
    node('v:4', 'Visit', { code: 'V-4', minutes: 70, notes: 'surgery consult', day: '2022-01-11' }),
  ],
  relationships: [
    rel('v:1', 'HELD_AT', 'c:1'),
    rel('v:2', 'HELD_AT', 'c:1'),
    rel('v:3', 'HELD_AT', 'c:2'),
    rel('v:4', 'HELD_AT', 'c:3'),
    rel('p:1', 'BOOKED', 'v:1'),
    rel('p:1', 'BOOKED', 'v:3'),
    rel('p:2', 'BOOKED', 'v:2'),
    rel('p:2', 'BOOKED', 'v:4'),
  ],
};

describe('a thing said twice (a clinic)', () => {
  const planner = plannerOnScratch('repeated mentions', CLINIC);

  it('"the clinics and their visit notes for visits over 40 minutes": one visit, its notes', async () => {
    const answer = await planner().ask('List the clinics and their visit notes for visits longer than 40 minutes.');
    expect(answer.cypher).not.toMatch(/\(n\d:Visit\)[^,]*,[^W]*\(n\d:Visit\)/);
    expect(answer.rows.map((r) => [r.name, r.notes]).sort()).toEqual([
      ['Bay Clinic', 'surgery consult'],
      ['North Clinic', 'routine check'],
    ]);
  });

  it('"patient names and visit codes for visits shorter than 20 minutes": one patient, one visit', async () => {
    const answer = await planner().ask('List the patient names and visit codes for visits shorter than 20 minutes.');
    expect(answer.rows.map((r) => [r.name, r.code]).sort()).toEqual([
      ['Lea Brandt', 'V-3'],
      ['Tomas Ruiz', 'V-2'],
    ]);
  });

  it('two visits each with a condition of its own stay two', async () => {
    // Tomas booked one visit over 60 minutes and another under 12; nobody booked one visit that is both.
    const answer = await planner().ask('Which patients booked a visit longer than 60 minutes and a visit shorter than 12 minutes?');
    expect(firstValues(answer)).toEqual(['Tomas Ruiz']);
  });
});

/** Shops and their categories: the Corner Oven is only a bakery. */
const SHOPS: UpsertBatch = {
  nodes: [
    node('s:1', 'Shop', { name: 'Corner Oven', city: 'Lyon' }),
    node('s:2', 'Shop', { name: 'Rue Crumb', city: 'Lyon' }),
    node('s:3', 'Shop', { name: 'Harbour Buns', city: 'Porto' }),
    node('k:1', 'Category', { name: 'Bakery' }),
    node('k:2', 'Category', { name: 'Cafe' }),
    node('k:3', 'Category', { name: 'Deli' }),
  ],
  relationships: [rel('s:1', 'IN_CATEGORY', 'k:1'), rel('s:2', 'IN_CATEGORY', 'k:1'), rel('s:2', 'IN_CATEGORY', 'k:2'), rel('s:3', 'IN_CATEGORY', 'k:1'), rel('s:3', 'IN_CATEGORY', 'k:3')],
};

describe('a named thing said again by its label (shops)', () => {
  const planner = plannerOnScratch('repeated named mentions', SHOPS);

  it('"shops in Lyon that have \'Bakery\' in their category": the category is Bakery, not Bakery and one more', async () => {
    const answer = await planner().ask("Which shops in Lyon have 'Bakery' in their category?");
    expect(firstValues(answer), answer.cypher).toEqual(['Corner Oven', 'Rue Crumb']);
  });

  it('the bare mention stays apart when it is what is asked: the other categories of the bakeries', async () => {
    const answer = await planner().ask("Which categories do shops in the category 'Bakery' have?");
    // (Cypher matches each relationship once, so Bakery itself, reached by the other pattern, is not listed again.)
    expect(firstValues(answer), answer.cypher).toEqual(['Cafe', 'Deli']);
  });
});
