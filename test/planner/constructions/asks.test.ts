import { describe } from 'vitest';
import { ASK_CONSTRUCTIONS } from '../../../src/planner/interpret/ask-constructions.js';
import { describeTable } from './harbour.js';

/** Each construction of what is asked, on the invented harbour: the answer it gives, or why it declines. */
describe('the constructions of what is asked', () => {
  describeTable(ASK_CONSTRUCTIONS, {
    holds: [
      ['Does Ines command Sea Wolf?', { values: [true], says: /^Yes/ }],
      ['Does Tor command Kestrel?', { values: [false], says: /^No/ }],
    ],
    ranking: [
      ['Which vessel has the highest tonnage?', { values: ['Kestrel'] }],
      ['Show the highest tonnage of any vessel.', { values: [2500] }],
    ],
    aggregate: [
      ['What is the average tonnage of vessels?', { values: [1500] }],
      ['What is the total crew of the vessels?', { values: [38] }],
    ],
    countedValue: [['How many crew does Sea Wolf have?', { values: [12] }]],
    countPerGroup: [['How many vessels does each captain command?', { values: ['Ines', 'Tor'] }]],
    count: [['How many ports are there?', { values: [3] }]],
    valueOfNamed: [['What is the tonnage of Sea Wolf?', { values: [1200] }]],
    whereNamed: [
      ['Where is Tor?', { values: ['Trondheim'] }],
      // A port has an address and a country: no single place.
      ['Where is Oslo?', { declined: /no single place/ }],
    ],
    lookup: [['Tell me about Kestrel.', { values: ['Kestrel'] }]],
    listed: [
      ['Which vessels does Ines command?', { values: ['Kestrel', 'Sea Wolf'] }],
      ['Which vessels made the first 2 voyages?', { values: ['Sea Wolf', 'Sea Wolf'] }],
      // A vessel has two dates: none says which vessels come first.
      ['Which voyages did the first 2 vessels make?', { declined: /no one date/ }],
    ],
  });
});
