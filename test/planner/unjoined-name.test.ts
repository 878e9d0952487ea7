import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode, graphRel, plannerOnScratch } from '../support/planner.js';

/**
 * A name that is both a thing and a recurring value of the things asked about ("shops in Narvik":
 * shops hold `town: "Narvik"`, and a place Narvik is joined to no shop) is read as the value when
 * no relationship joins the thing to them; before, the question ended in "I can't tell how shops
 * and Narvik are related"; and a value beats a join through a third thing. Each on two small
 * invented graphs.
 */
const node = graphNode;
const rel = graphRel;

const SHOPS: UpsertBatch = {
  nodes: [
    node('s:1', 'Shop', { name: 'Quay Road', town: 'Narvik' }),
    node('s:2', 'Shop', { name: 'Fjord Lane', town: 'Hammerfest' }),
    node('s:3', 'Shop', { name: 'Harbour Gate', town: 'Narvik' }),
    node('k:1', 'Keeper', { name: 'Mira Holt' }),
    node('k:2', 'Keeper', { name: 'Per Aas' }),
    node('p:1', 'Place', { name: 'Narvik' }),
    node('p:2', 'Place', { name: 'Ofoten' }),
    node('m:1', 'Mill', { name: 'Brask Mill' }),
  ],
  // A mill in Narvik supplies a shop elsewhere: a join through it is a guess the town value beats.
  relationships: [rel('k:1', 'KEEPS', 's:1'), rel('k:2', 'KEEPS', 's:2'), rel('p:1', 'PART_OF', 'p:2'), rel('m:1', 'SITS_IN', 'p:1'), rel('m:1', 'SUPPLIES', 's:2')],
};

const CLINICS: UpsertBatch = {
  nodes: [
    node('c:1', 'Clinic', { name: 'Lark Clinic', district: 'Eastmere' }),
    node('c:2', 'Clinic', { name: 'Birch Clinic', district: 'Westholm' }),
    node('c:3', 'Clinic', { name: 'Alder Clinic', district: 'Eastmere' }),
    node('d:1', 'Doctor', { name: 'Ines Varga' }),
    node('r:1', 'Region', { name: 'Eastmere' }),
    node('r:2', 'Region', { name: 'Westholm' }),
    node('v:1', 'Vendor', { name: 'Heron Medical' }),
  ],
  relationships: [rel('d:1', 'WORKS_AT', 'c:1'), rel('r:1', 'BORDERS', 'r:2'), rel('v:1', 'BASED_IN', 'r:1'), rel('v:1', 'SERVES', 'c:2')],
};

const cases: [string, UpsertBatch, [string, string[]][]][] = [
  ['shops', SHOPS, [['Which shops are in Narvik?', ['Harbour Gate', 'Quay Road']], ['How many shops are in Narvik?', ['2']]]],
  ['clinics', CLINICS, [['Which clinics are in Eastmere?', ['Alder Clinic', 'Lark Clinic']], ['How many clinics are in Westholm?', ['1']]]],
];

describe.each(cases)('a name nothing joins, read as a value (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`unjoinedname${name}`, batch);

  it.each(questions)('%s', async (question, expected) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, answer.resolution ?? JSON.stringify(answer.reading)).toBeDefined();
    expect(firstValues(answer).map(String), answer.cypher).toEqual(expected);
  });
});
