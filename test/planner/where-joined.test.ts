import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode, graphRel, plannerOnScratch } from '../support/planner.js';

/**
 * "Where is X?" answers with the one place X is joined to (by a relationship of place, or one
 * ending at a label of places) when X's label has no property of place; a property word of
 * another label ("based", a supplier's `based_in`) is the question's verb, not what is asked.
 * Before, both ended in "I can't tell …". Each on two small invented graphs.
 */
const node = graphNode;
const rel = graphRel;

const TRADE: UpsertBatch = {
  nodes: [
    node('o:1', 'Company', { name: 'Brask & Co' }),
    node('o:2', 'Company', { name: 'Lund Optics' }),
    node('p:1', 'Place', { name: 'Narvik' }),
    node('p:2', 'Place', { name: 'Hammerfest' }),
    node('s:1', 'Supplier', { name: 'Quay Mills', based_in: 'Hammerfest' }),
    node('s:2', 'Supplier', { name: 'Fjord Grain', based_in: 'Narvik' }),
  ],
  relationships: [rel('o:1', 'LOCATED_IN', 'p:1'), rel('o:2', 'LOCATED_IN', 'p:2'), rel('s:1', 'SUPPLIES', 'o:1')],
};

const LABS: UpsertBatch = {
  nodes: [
    node('l:1', 'Lab', { name: 'Lark Institute' }),
    node('l:2', 'Lab', { name: 'Birch Centre' }),
    node('c:1', 'City', { name: 'Eastmere' }),
    node('c:2', 'City', { name: 'Westholm' }),
    node('r:1', 'Researcher', { name: 'Ines Varga' }),
  ],
  relationships: [rel('l:1', 'SITS_IN', 'c:1'), rel('l:2', 'SITS_IN', 'c:2'), rel('r:1', 'WORKS_AT', 'l:1')],
};

// Places of the graph's own (`City`, `Country`) and one a document named only as a `Place`.
const MUSEUMS: UpsertBatch = {
  nodes: [
    node('m:1', 'Museum', { name: 'Harbour Museum' }),
    node('m:2', 'Museum', { name: 'Rail Museum' }),
    node('m:3', 'Museum', { name: 'Salt Museum' }),
    node('c:1', 'City', { name: 'Oslo' }),
    node('k:1', 'Country', { name: 'Norway' }),
    node('p:1', 'Place', { name: 'Bergen' }),
    node('d:1', 'Report', { name: 'Annual Review' }),
    node('q:1', 'Person', { name: 'Ola Brenn' }),
  ],
  relationships: [
    rel('m:1', 'LOCATED_IN', 'p:1'),
    rel('m:2', 'LOCATED_IN', 'c:1'),
    rel('m:3', 'LOCATED_IN', 'k:1'),
    rel('c:1', 'LOCATED_IN', 'k:1'),
    rel('d:1', 'MENTIONS', 'q:1'),
    rel('d:1', 'MENTIONS', 'm:2'),
  ],
};

const cases: [string, UpsertBatch, [string, string[]][]][] = [
  ['trade', TRADE, [['Where is Brask & Co based?', ['Narvik']], ['Where is Lund Optics?', ['Hammerfest']], ['Where is Quay Mills based?', ['Hammerfest']]]],
  ['labs', LABS, [['Where is Lark Institute?', ['Eastmere']], ['Where is Birch Centre located?', ['Westholm']]]],
  // A relationship reaching several labels reaches any of them: the end no label was named for is not one of them alone.
  [
    'museums',
    MUSEUMS,
    [
      ['Where is the Harbour Museum located?', ['Bergen']],
      ['Where is the Rail Museum located?', ['Oslo']],
      ['Where is the Salt Museum?', ['Norway']],
      ['What does the Annual Review mention?', ['Ola Brenn', 'Rail Museum']],
      // The broad label a document gives a place is read as the family of places, the graph's cities and countries with it.
      ['How many places are there?', ['3']],
      ['Which places are museums located in?', ['Bergen', 'Norway', 'Oslo']],
    ],
  ],
];

describe.each(cases)('where a thing is, by what it is joined to (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`wherejoined${name}`, batch);

  it.each(questions)('%s', async (question, expected) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, answer.resolution ?? JSON.stringify(answer.reading)).toBeDefined();
    expect(firstValues(answer).map(String), answer.cypher).toEqual(expected);
  });
});
