import { describe } from 'vitest';
import { RELATIONSHIP_CONSTRUCTIONS } from '../../../src/planner/interpret/relationship-constructions.js';
import { describeTable } from './harbour.js';

/** Each construction that joins things by a relationship's word, on the invented harbour: the things it joins, seen in the rows. */
describe('the constructions of relationships', () => {
  describeTable(RELATIONSHIP_CONSTRUCTIONS, {
    countedAfterRanking: [['Which vessels inspected by Tor have the most inspections?', { values: ['Kestrel', 'Sea Wolf'] }]],
    nounOfPlaced: [['Which vessels inspected by Tor have an inspection rating of 5?', { values: ['Kestrel'] }]],
    agentsThings: [
      ['Which inspectors inspected vessels built after 2000?', { values: ['Ines', 'Tor'] }],
      ['Which commanders commanded vessels built after 2000?', { values: ['Ines', 'Tor'] }],
    ],
    verbOfDate: [
      ['Which vessels were inspected after 2022?', { values: ['Kestrel', 'Sea Wolf'] }],
      ['Which vessels were inspected before 2022?', { values: ['Morning Star'] }],
    ],
    reducedRelativeClause: [['Who commands the vessels inspected with a rating of 5?', { values: ['Ines'] }]],
    subjectAndObject: [
      ['Which vessels did Tor inspect?', { values: ['Kestrel', 'Sea Wolf'] }],
      ['Which captains inspected vessels commanded by Ines?', { values: ['Tor'] }],
      ['Which captains did not inspect Kestrel?', { values: ['Ines'] }],
      ['Which ports are linked to Oslo?', { values: ['Bergen'] }],
    ],
    // LINKED_TO joins ports, not vessels: "linked to" takes the one relationship that joins vessels and ports.
    unjoinable: [['Which vessels are linked to Oslo?', { values: ['Sea Wolf'] }]],
    oneEndNamed: [
      ['How many captains inspected?', { values: [2] }],
      ['Which vessels docked?', { values: ['Kestrel', 'Morning Star', 'Sea Wolf'] }],
    ],
  });
});
