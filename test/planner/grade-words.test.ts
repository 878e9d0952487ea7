import { describe, expect, it } from 'vitest';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A grade said by another of its words: an invented graph of guesthouses whose reviews hold
 * `stars`, asked by "rating" and "score"; and tours that hold both a `rating` and `stars`, where
 * each word is its own.
 */
describe('a grade said by another word for a grade', () => {
  const planner = plannerOnScratch('grade words', {
    nodes: [
      node('h1', 'Guesthouse', { name: 'Tern Lodge' }),
      node('h2', 'Guesthouse', { name: 'Skerry Inn' }),
      node('r1', 'Review', { code: 'r1', stars: 5 }),
      node('r2', 'Review', { code: 'r2', stars: 2 }),
      node('r3', 'Review', { code: 'r3', stars: 4 }),
      node('t1', 'Tour', { name: 'Puffins', rating: 9, stars: 3 }),
      node('t2', 'Tour', { name: 'Seals', rating: 7, stars: 5 }),
    ],
    relationships: [rel('r1', 'REVIEWS', 'h1'), rel('r2', 'REVIEWS', 'h2'), rel('r3', 'REVIEWS', 'h2')],
  });

  it('reads "rating" as the stars', async () => {
    const answer = await planner().ask('Which reviews have a rating of 4 or higher?');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows.map((r) => r.name).sort()).toEqual(['r1', 'r3']);
  });

  it('takes the grade said again after its number as its unit', async () => {
    const answer = await planner().ask('Which reviews have a rating of 4 stars or higher?');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows.map((r) => r.name).sort()).toEqual(['r1', 'r3']);
  });

  it('ranks by the average "score"', async () => {
    const answer = await planner().ask('Which guesthouse has the highest average review score?');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows[0]).toMatchObject({ name: 'Tern Lodge' });
  });

  it('asks whether a grade of many reviews is their average or the best one', async () => {
    const question = 'Which guesthouse has the lowest rating based on reviews?';
    const open = (await planner().ask(question)).reading;
    const choices = open.ok ? [] : (open.choices ?? []);
    expect(choices.map((c) => c.label), JSON.stringify(open)).toEqual(["The average stars of each one's reviews", "The stars of each one's lowest single one"]);
    const average = await planner().ask(question, undefined, [choices[0]!.id]);
    expect(average.rows).toEqual([{ name: 'Skerry Inn', value: 3 }]);
    const single = await planner().ask(question, undefined, [choices[1]!.id]);
    expect(single.rows.map((r) => r.name)).toEqual(['Skerry Inn']);
    expect(single.rows[0]).toMatchObject({ stars: 2 });
  });

  it('does not ask when the things joined are what is ranked, or how many is', async () => {
    for (const question of ['Which guesthouses are reviewed in the top 2 reviews by stars?', 'Which guesthouse has the most 4-star reviews?']) {
      const answer = await planner().ask(question);
      expect(answer.reading.ok, `${question}: ${JSON.stringify(answer.reading)}`).toBe(true);
    }
  });

  it('keeps each word its own where a thing has both', async () => {
    const answer = await planner().ask('Which tours have a rating above 8?');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows.map((r) => r.name)).toEqual(['Puffins']);
  });
});
