import { describe, expect, it } from 'vitest';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "reviews both above and below 4 stars": the first comparison borrows the second's value, and
 * one review can never be both. Not read yet: declined, saying the words, never answered by the
 * last comparison alone. On invented shop reviews.
 */
describe('a comparison whose value is said only with the next one', () => {
  const planner = plannerOnScratch('shared comparison', {
    nodes: [
      node('s1', 'Shop', { name: 'Mill' }),
      node('s2', 'Shop', { name: 'Quay' }),
      node('r1', 'Review', { reviewId: 'r1', stars: 5 }),
      node('r2', 'Review', { reviewId: 'r2', stars: 2 }),
      node('r3', 'Review', { reviewId: 'r3', stars: 3 }),
    ],
    relationships: [rel('r1', 'REVIEWS', 's1'), rel('r2', 'REVIEWS', 's1'), rel('r3', 'REVIEWS', 's2')],
  });

  it('is declined, saying the words', async () => {
    for (const question of ['Find shops that have reviews both above and below 4 stars.', 'Which shops have reviews over or under 4 stars?']) {
      const answer = await planner().ask(question);
      expect(answer.reading.ok, question).toBe(false);
      expect(answer.reading.ok ? '' : answer.reading.reason, question).toMatch(/^I can’t yet read “(above and below|over or under) 4”: say each comparison with its own value$/);
    }
    // Each said with its value, the comparison is read.
    const below = await planner().ask('Which shops have reviews below 4 stars?');
    expect(below.rows.map((r) => r.name).sort()).toEqual(['Mill', 'Quay']);
  });
});
