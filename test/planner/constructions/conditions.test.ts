import { describe } from 'vitest';
import { CONDITION_CONSTRUCTIONS } from '../../../src/planner/interpret/interpret-conditions.js';
import { describeTable } from './harbour.js';

/** Each construction of a condition, on the invented harbour: the condition it places, seen in the rows it keeps. */
describe('the constructions of conditions', () => {
  describeTable(CONDITION_CONSTRUCTIONS, {
    rangeBetween: [['Which vessels have a tonnage between 1000 and 3000?', { values: ['Kestrel', 'Sea Wolf'] }]],
    comparison: [
      ['Which vessels were built after 2000?', { values: ['Kestrel', 'Morning Star'] }],
      ['Which vessels have more than 1 voyage?', { values: ['Sea Wolf'] }],
      ['Which vessels made fewer than 2 voyages?', { values: ['Kestrel', 'Morning Star'] }],
      ['Which vessels were built in the 21st century?', { values: ['Kestrel', 'Morning Star'], says: /built in the 21st century/ }],
      ['Which vessels were built in the 20th century?', { values: ['Sea Wolf'] }],
    ],
    textContained: [['Which vessels have the word \'onward\' in their motto?', { values: ['Sea Wolf'] }]],
    placeText: [['Which ports are located on \'Quay St\'?', { values: ['Oslo', 'Porto'] }]],
    quotedValue: [['Which vessel has the motto \'ever onward\'?', { values: ['Sea Wolf'] }]],
    recurringValue: [['Which ports are in Norway?', { values: ['Bergen', 'Oslo'] }]],
    flag: [
      ['Which vessels are active?', { values: ['Kestrel', 'Sea Wolf'] }],
      // A relationship's flag, before the relationship is joined: false, not "not recorded".
      ['Which vessels have not been cleared?', { values: ['Morning Star'], says: /not cleared/ }],
    ],
    recorded: [
      ['Which vessels have no motto?', { values: ['Morning Star'] }],
      ['Which vessels have a motto?', { values: ['Kestrel', 'Sea Wolf'] }],
    ],
  });
});
