import { describe } from 'vitest';
import { WHOLE_FORM_CONSTRUCTIONS } from '../../../src/planner/interpret/interpret-forms.js';
import { describeTable } from './harbour.js';

/** Each question of a whole form, on the invented harbour: a path, two things compared, when a thing was. */
describe('the constructions of whole forms', () => {
  describeTable(WHOLE_FORM_CONSTRUCTIONS, {
    path: [['What is the path between Ines and Oslo?', { values: [['Ines', 'Sea Wolf', 'Oslo']] }]],
    comparedByValue: [
      ['Does Kestrel have more tonnage than Sea Wolf?', { values: ['Kestrel'], says: /^Yes/ }],
      ['Was Kestrel built before Sea Wolf?', { values: ['Kestrel'], says: /^No/ }],
    ],
    comparedByCount: [['Did Sea Wolf make more voyages than Kestrel?', { values: ['Sea Wolf'], says: /^Yes/ }]],
    whenNamed: [['When was Kestrel built?', { values: ['2012-07-30'] }]],
  });
});
