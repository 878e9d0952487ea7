import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A count said of the things asked about ("members who attended more than 2 events") holds in
 * every shape of answer: a ranking, a count for each, a list with each one's count ("… and the
 * number of events they attended", where "they" is the members, one by one). Where the query
 * cannot hold it, the question is declined, never answered without it; so is a value asked beside a
 * ranking by how many ("… and what are the themes of those events?"). On an invented club.
 */
const CLUB: UpsertBatch = {
  nodes: [
    node('m:1', 'Member', { name: 'Ada Holm', age: 34 }),
    node('m:2', 'Member', { name: 'Ben Achebe', age: 51 }),
    node('m:3', 'Member', { name: 'Cleo Ruiz', age: 27 }),
    node('m:4', 'Member', { name: 'Dev Patel', age: 45 }),
    node('v:1', 'Venue', { name: 'Hall A' }),
    node('v:2', 'Venue', { name: 'Hall B' }),
    ...[1, 2, 3, 4, 5].map((i) => node(`e:${i}`, 'Event', { name: `Evening ${i}`, held: 2018 + i, theme: `Theme ${i}` })),
  ],
  relationships: [
    ...[1, 2, 3, 4].map((i) => rel('m:1', 'ATTENDED', `e:${i}`)),
    ...[1, 2, 3].map((i) => rel('m:2', 'ATTENDED', `e:${i}`)),
    ...[4, 5].map((i) => rel('m:3', 'ATTENDED', `e:${i}`)),
    rel('m:4', 'ATTENDED', 'e:5'),
    ...[1, 2, 3].map((i) => rel('v:1', 'HOSTED', `e:${i}`)),
    ...[4, 5].map((i) => rel('v:2', 'HOSTED', `e:${i}`)),
  ],
};

describe('a count said of the things asked about, kept (a club)', () => {
  const planner = plannerOnScratch('count conditions kept club', CLUB);
  const counts = (rows: Record<string, unknown>[]) => rows.map((r) => [r.name, Number(r.count)]);

  it('holds in a ranking and in a count for each', async () => {
    const ranked = await planner().ask('Which members that attended more than 2 events attended the most events?');
    expect(counts(ranked.rows), ranked.cypher).toEqual([['Ada Holm', 4], ['Ben Achebe', 3]]);
    const each = await planner().ask('How many events did each member that attended more than 2 events attend?');
    expect(counts(each.rows), each.cypher).toEqual([['Ada Holm', 4], ['Ben Achebe', 3]]);
  });

  it('ranks by how many things a condition keeps ("the most events held after 2020"), not by the condition’s value', async () => {
    const answer = await planner().ask('Which member attended the most events held after 2020?');
    expect(counts(answer.rows), answer.cypher).toEqual([['Ada Holm', 2], ['Cleo Ruiz', 2]]);
  });

  it('reads "the number of events they attended" as each one’s count', async () => {
    const all = await planner().ask('List members and the number of events they attended.');
    expect(counts(all.rows), all.cypher).toEqual([['Ada Holm', 4], ['Ben Achebe', 3], ['Cleo Ruiz', 2], ['Dev Patel', 1]]);
    for (const question of ['List the members who attended more than 2 events and the number of events they attended.', "Which members attended more than 2 events? List their names and the number of events they've attended."]) {
      const answer = await planner().ask(question);
      expect(counts(answer.rows), question).toEqual([['Ada Holm', 4], ['Ben Achebe', 3]]);
    }
  });

  it('declines when the query could not hold the count', async () => {
    const answer = await planner().ask('Which members that attended more than 1 event hosted by Hall B are the oldest?');
    expect(answer.reading.ok, answer.cypher).toBe(false);
    expect(answer.rows).toEqual([]);
  });

  it('declines a value asked beside a ranking by how many, which the ranking would not show', async () => {
    const answer = await planner().ask('Which member attended the most events and what are the themes of those events?');
    expect(answer.reading.ok, answer.cypher).toBe(false);
    expect(answer.rows).toEqual([]);
  });
});
