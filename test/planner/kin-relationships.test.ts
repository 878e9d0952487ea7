import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A graph that keeps one relationship in several types named alike but for a number: MET for all
 * seasons, MET1 and MET2 for each (with `season` and `times`). "Who met Ada in season 2?" says
 * MET and a season, which only its kin have: the relationship is any of those kin, under the
 * condition. Before, the question was refused ("nothing in the question is joined by MET1, which
 * season belongs to"). A ranking by how many of them says what it counted ("(season 1)"), and a
 * property used as a condition after the counted noun is not what the ranking measures. On an
 * invented graph.
 */
const CLUB: UpsertBatch = {
  nodes: [node('p:1', 'Person', { name: 'Ada' }), node('p:2', 'Person', { name: 'Bo' }), node('p:3', 'Person', { name: 'Cy' }), node('p:4', 'Person', { name: 'Di' })],
  relationships: [
    rel('p:2', 'MET', 'p:1', { times: 9 }),
    rel('p:3', 'MET', 'p:1', { times: 2 }),
    rel('p:4', 'MET', 'p:2', { times: 1 }),
    rel('p:2', 'MET1', 'p:1', { season: 1, times: 5 }),
    rel('p:3', 'MET1', 'p:1', { season: 1, times: 2 }),
    rel('p:3', 'MET1', 'p:2', { season: 1, times: 1 }),
    rel('p:2', 'MET2', 'p:1', { season: 2, times: 4 }),
    rel('p:4', 'MET2', 'p:2', { season: 2, times: 1 }),
  ],
};

describe('a relationship said by its verb, with a property only its numbered kin have', () => {
  const planner = plannerOnScratch('kinrels', CLUB);

  it.each([
    ['Who met Ada in season 2?', ['Bo']],
    ['Which people met Ada in season 1?', ['Bo', 'Cy']],
    ['Which people met someone in season 1 more than 3 times?', ['Bo']],
    ['Who met Ada?', ['Bo', 'Cy']],
  ])('%s', async (question, people) => {
    const answer = await planner().ask(question);
    expect(firstValues(answer)).toEqual(people);
    expect(answer.text).not.toMatch(/met1|met2/i);
  });

  it('counts them under the condition and says so', async () => {
    const answer = await planner().ask('How many people did Cy meet in season 1?');
    expect(answer.rows).toEqual([{ count: 2 }]);
    expect(answer.text).toContain('season 1');
  });

  it('ranks by how many, not by the property the condition compares', async () => {
    const answer = await planner().ask('Which 2 people have the most meetings in season 1?');
    expect(answer.cypher).toMatch(/count\(/);
    expect(answer.rows.map((r) => [r.name, r.count])).toEqual([
      ['Ada', 2],
      ['Bo', 1],
    ]);
    expect(answer.text).toContain('the most meetings (season 1)');
  });
});
