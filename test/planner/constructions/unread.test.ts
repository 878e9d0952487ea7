import { describe } from 'vitest';
import { UNREAD_CONSTRUCTIONS } from '../../../src/planner/interpret/quantifiers.js';
import { describeTable } from './harbour.js';

/** Each quantifier the planner cannot read yet ("every" of things joined to more than the ones asked about), on the invented harbour: declined, saying why, never read as "some". */
describe('the constructions declined as unread', () => {
  describeTable(UNREAD_CONSTRUCTIONS, {
    // (Every one of a kind joined by one relationship is read: "commanded all vessels", only-and-all.test.ts.)
    every: [['Which captains have commanded all vessels that Tor inspected?', { declined: /all “vessels”/ }]],
    only: [['Which vessels made only voyages to Oslo?', { declined: /only voyages/ }]],
  });
});
