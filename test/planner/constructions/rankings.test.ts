import { describe } from 'vitest';
import { RANKING_CONSTRUCTIONS } from '../../../src/planner/interpret/rank-constructions.js';
import { describeTable } from './harbour.js';

/** Each construction of what a ranking ranks by, on the invented harbour: the things it ranks first. */
describe('the constructions of rankings', () => {
  describeTable(RANKING_CONSTRUCTIONS, {
    topBy: [['Show the top 2 vessels by tonnage.', { values: ['Kestrel', 'Sea Wolf'] }]],
    whatFollows: [
      ['Which vessel has the highest tonnage?', { values: ['Kestrel'] }],
      ['Which captain commands the most vessels?', { values: ['Ines'] }],
      ['Which vessel is the smallest by crew?', { values: ['Morning Star'] }],
    ],
    strongBy: [
      ['Which vessel scores highest overall by number of voyages?', { values: ['Sea Wolf'] }],
      ['Which port scores highest overall by number of voyages?', { values: ['Oslo'] }],
    ],
    dimensionOfFocus: [
      ['Which captain is the oldest?', { values: ['Ines'] }],
      // A vessel has two dates (built, inspected): none is the one its age is read from.
      ['Which vessel is the oldest?', { declined: /what “oldest” ranks by/ }],
    ],
    superlativeItself: [['Which vessel is the biggest?', { values: ['Kestrel'] }]],
    mostJoined: [['Which captain commands the most?', { values: ['Ines'] }]],
  });
});
