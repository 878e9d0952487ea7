import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A second question at the end of a list asks for things beside it, on invented shop reviews:
 * "… and who wrote them?" shows each one's writer; "… and what are those shops?" shows the
 * shops named before, each user's own (not a second set of shops, which would find none).
 */
const REVIEWS: UpsertBatch = {
  nodes: [
    node('u1', 'User', { name: 'Ida' }),
    node('u2', 'User', { name: 'Olav' }),
    node('u3', 'User', { name: 'Per' }),
    node('s1', 'Shop', { name: 'Mill', city: 'Bergen' }),
    node('s2', 'Shop', { name: 'Quay', city: 'Bergen' }),
    node('s3', 'Shop', { name: 'Dock', city: 'Oslo' }),
    node('r1', 'Review', { reviewId: 'r1', stars: 4, date: '2016-01-02' }),
    node('r2', 'Review', { reviewId: 'r2', stars: 5, date: '2016-03-02' }),
    node('r3', 'Review', { reviewId: 'r3', stars: 2, date: '2017-01-02' }),
    node('r4', 'Review', { reviewId: 'r4', stars: 3, date: '2018-01-02' }),
  ],
  relationships: [
    rel('u1', 'WROTE', 'r1'),
    rel('u1', 'WROTE', 'r2'),
    rel('u2', 'WROTE', 'r3'),
    rel('u3', 'WROTE', 'r4'),
    rel('r1', 'REVIEWS', 's1'),
    rel('r2', 'REVIEWS', 's2'),
    rel('r3', 'REVIEWS', 's1'),
    rel('r4', 'REVIEWS', 's3'),
  ],
};

describe('things asked for beside a list', () => {
  const planner = plannerOnScratch('asked beside', REVIEWS);

  it('shows who did it, after "and who … them?"', async () => {
    const reviews = await planner().ask('Which reviews were written in 2016 and who wrote them?');
    expect(reviews.rows.map((r) => [r.name, r.user])).toEqual([
      ['r1', 'Ida'],
      ['r2', 'Ida'],
    ]);
    expect(reviews.text).toContain('user Ida');
    // Through another thing: the users who wrote each shop's reviews.
    const shops = await planner().ask('Which shops were reviewed and who reviewed them?');
    expect(shops.rows.filter((r) => r.name === 'Mill').map((r) => r.user)).toEqual(['Ida', 'Olav']);
  });

  it('shows the things named before, after "and what are those …?", with a count on them kept', async () => {
    const counted = await planner().ask("Which users have reviewed more than one shop in 'Bergen' and what are those shops?");
    expect(counted.rows).toEqual([{ name: 'Ida', shop: ['Mill', 'Quay'], count: 2 }]);
    const listed = await planner().ask("Which users reviewed shops in 'Bergen' and what are those shops?");
    expect(listed.rows.map((r) => [r.name, r.shop])).toEqual([
      ['Ida', 'Mill'],
      ['Ida', 'Quay'],
      ['Olav', 'Mill'],
    ]);
  });

  it('declines things asked beside a ranking by how many, which would drop them', async () => {
    const answer = await planner().ask('Which user wrote the most reviews and what are those reviews?');
    expect(answer.reading.ok ? '' : answer.reading.reason).toBe('I can’t yet give reviews beside a ranking by how many');
  });
});
