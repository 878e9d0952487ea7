import { describe } from 'vitest';
import { ROLE_NOUN_CONSTRUCTIONS } from '../../../src/planner/interpret/relationship-constructions.js';
import { describeTable } from './harbour.js';

/** Each construction of a role noun ("commanders", "inspectors"), on the invented harbour: the other end it joins. */
describe('the constructions of role nouns', () => {
  describeTable(ROLE_NOUN_CONSTRUCTIONS, {
    endAfter: [
      ['Who are the commanders of Sea Wolf?', { values: ['Ines'] }],
      ['Who are the inspectors of Kestrel?', { values: ['Tor'] }],
    ],
    endBefore: [['Which vessels have inspectors born before 1975?', { values: ['Morning Star'] }]],
    anyEnd: [
      ['List the inspectors.', { values: ['Ines', 'Tor'] }],
      ['List the commanders.', { values: ['Ines', 'Tor'] }],
    ],
  });
});
