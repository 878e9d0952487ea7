import { describe } from 'vitest';
import { NAMED_TOGETHER_CONSTRUCTIONS, ROLES_TOGETHER_CONSTRUCTIONS } from '../../../src/planner/interpret/interpret-coordination.js';
import { describeTable } from './harbour.js';

/**
 * Things said with "and", on the invented harbour: two named things share what is said of them; two roles
 * said to be the same or different things are one thing or two set apart; two roles sharing a noun are declined.
 */
describe('the constructions of coordination', () => {
  describe('named things together', () => {
    describeTable(NAMED_TOGETHER_CONSTRUCTIONS, {
      namedTogether: [
        ['Which captains command Sea Wolf and Kestrel?', { values: ['Ines'] }],
        // No vessel inspected by both: none, said as both.
        ['Which vessels did Ines and Tor both inspect?', { values: [], says: /Ines inspected and that Tor inspected/ }],
        ['Which vessels are Sea Wolf and Kestrel?', { declined: /one named thing at a time/ }],
      ],
      // Ines commands Sea Wolf and Kestrel and inspected Morning Star, which Tor commands: no vessel has one captain in both roles.
      rolesOneThing: [
        ['List the vessels where the commander and inspector are the same captain.', { values: [], says: /the same captain commands and inspected/ }],
        ['List the vessels where the commander and the inspector are different captains.', { values: ['Kestrel', 'Morning Star', 'Sea Wolf'], says: /that another captain inspected/ }],
      ],
    });
  });

  describe('roles together', () => {
    describeTable(ROLES_TOGETHER_CONSTRUCTIONS, {
      rolesSharingANoun: [['Show the commander and inspector captains of Sea Wolf.', { declined: /both “commander” and “inspector”/ }]],
    });
  });
});
