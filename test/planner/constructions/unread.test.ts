import { describe } from 'vitest';
import { UNREAD_CONSTRUCTIONS } from '../../../src/planner/interpret/quantifiers.js';
import { describeTable } from './harbour.js';

/** Each quantifier the planner cannot read yet, on the invented harbour: declined, saying why, never read as "some". */
describe('the constructions declined as unread', () => {
  describeTable(UNREAD_CONSTRUCTIONS, {
    every: [['Which captains have commanded all vessels?', { declined: /all “vessels”/ }]],
    only: [['Which vessels made only voyages to Oslo?', { declined: /only voyages/ }]],
  });
});
