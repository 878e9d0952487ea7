import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A value said of a thing ("users from 'WV'") is that thing's, on an invented graph of shop
 * reviews: compared on its own property of the same key when it has one, and declined when it
 * has none, never moved onto the shops whose property holds the value.
 */
const REVIEWS: UpsertBatch = {
  nodes: [
    node('u1', 'User', { name: 'Ida' }),
    node('u2', 'User', { name: 'Olav' }),
    node('m1', 'Member', { name: 'Per', city: 'Oslo' }),
    node('m2', 'Member', { name: 'Liv', city: 'Tromsø' }),
    node('s1', 'Shop', { name: 'Mill', city: 'Bergen', state: 'WV' }),
    node('s2', 'Shop', { name: 'Quay', city: 'Bergen', state: 'WV' }),
    node('s3', 'Shop', { name: 'Dock', city: 'Oslo', state: 'EA' }),
    node('d1', 'Delivery', { code: 'D1' }),
    node('d2', 'Delivery', { code: 'D2' }),
  ],
  relationships: [rel('u1', 'VISITED', 's1'), rel('u2', 'VISITED', 's3'), rel('m1', 'VISITED', 's1'), rel('m2', 'VISITED', 's3'), rel('d1', 'DELIVERED_TO', 's1'), rel('d2', 'DELIVERED_TO', 's3')],
};

describe('a value said of a thing', () => {
  const planner = plannerOnScratch('values said of', REVIEWS);

  it('is declined where the thing has no such property, saying whose the value is', async () => {
    const answer = await planner().ask("Which shops were visited by users from 'WV'?");
    expect(answer.reading.ok).toBe(false);
    expect(answer.reading.ok ? '' : answer.reading.reason).toBe('the graph records no state of users: “WV” is the state of some shops');
  });

  it('is compared on the thing’s own property of that key where it has one', async () => {
    // No member is from Bergen (Mill, in Bergen, was visited by a member from Oslo).
    const answer = await planner().ask("Which shops were visited by members from 'Bergen'?");
    expect(answer.cypher).toMatch(/\(n\d:Member\)/);
    expect(answer.rows).toEqual([]);
    expect(firstValues(await planner().ask("Which shops were visited by members from 'Tromsø'?"))).toEqual(['Dock']);
    // Said of the shops, it is theirs.
    expect(firstValues(await planner().ask("Which shops in 'Bergen' were visited?"))).toEqual(['Mill']);
  });

  it('is not declined so when said of things other than people, which may be where what they are of is', async () => {
    const answer = await planner().ask("List the deliveries in 'Bergen'.");
    expect(answer.reading.ok ? '' : answer.reading.reason).not.toContain('records no city');
  });
});
