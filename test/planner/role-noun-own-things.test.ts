import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Role nouns on an invented club: "coaches" is the verb's own word (COACHED) naming who does it,
 * as "trainers" is a noun made from TRAINED; both are the people asked about, not the matches.
 * "the matches they coached" are the coaches' own matches, one thing with the matches named.
 */
const CLUB: UpsertBatch = {
  nodes: [
    node('p1', 'Person', { name: 'Ann' }),
    node('p2', 'Person', { name: 'Bo' }),
    node('p3', 'Person', { name: 'Cy' }),
    node('m1', 'Match', { title: 'Cup final' }),
    node('m2', 'Match', { title: 'Derby' }),
  ],
  relationships: [
    rel('p1', 'COACHED', 'm1'),
    rel('p1', 'PLAYED_IN', 'm2'),
    rel('p2', 'COACHED', 'm2'),
    rel('p2', 'PLAYED_IN', 'm2'),
    rel('p3', 'PLAYED_IN', 'm1'),
    rel('p3', 'TRAINED', 'm2'),
    rel('p2', 'TRAINED', 'm2'),
  ],
};

describe('role nouns and their own things', () => {
  const planner = plannerOnScratch('club roles', CLUB);

  it('asks about the people a role noun names, even when it is the verb’s own word', async () => {
    const coaches = await planner().ask('Which coaches played in a match?');
    expect(coaches.cypher).toMatch(/RETURN n0\.name/);
    expect(firstValues(coaches)).toEqual(['Ann', 'Bo']);
    // The verb itself still joins: "has … coached".
    const count = await planner().ask('How many matches has Ann coached?');
    expect(count.rows).toEqual([{ count: 1 }]);
  });

  it('reads "the matches they coached" as the coaches’ own matches', async () => {
    for (const question of ['Which coaches also played in the matches they coached?', 'Which trainers played in the matches that they trained?']) {
      const answer = await planner().ask(question);
      expect(firstValues(answer), question).toEqual(['Bo']);
    }
    const any = await planner().ask('Which trainers played in matches?');
    expect(firstValues(any)).toEqual(['Bo', 'Cy']);
  });
});
