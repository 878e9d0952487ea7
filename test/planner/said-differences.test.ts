import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "Different", "distinct", "unique" said of what is counted changes nothing ("the number of
 * different cities" is how many cities). Said of other things ("the most parcels sent by customers
 * from different cities", "parcels of customers in different cities"), it is a condition the
 * meaning cannot hold: the question is declined with the words, not answered with the word dropped.
 */

/** Parcels, the depots that handled them, their senders and the cities those live in. */
const POST: UpsertBatch = {
  nodes: [
    node('c:1', 'Customer', { name: 'Ines Varga' }),
    node('c:2', 'Customer', { name: 'Omar Haddad' }),
    node('c:3', 'Customer', { name: 'Lena Brandt' }),
    node('t:1', 'City', { name: 'Lyon' }),
    node('t:2', 'City', { name: 'Porto' }),
    node('p:1', 'Parcel', { code: 'P-100' }),
    node('p:2', 'Parcel', { code: 'P-200' }),
    node('p:3', 'Parcel', { code: 'P-300' }),
    node('d:1', 'Depot', { name: 'North Depot' }),
    node('d:2', 'Depot', { name: 'Quay Depot' }),
  ],
  relationships: [
    rel('c:1', 'LIVES_IN', 't:1'),
    rel('c:2', 'LIVES_IN', 't:1'),
    rel('c:3', 'LIVES_IN', 't:2'),
    rel('c:1', 'SENT', 'p:1'),
    rel('c:2', 'SENT', 'p:2'),
    rel('c:3', 'SENT', 'p:3'),
    rel('d:1', 'HANDLED', 'p:1'),
    rel('d:1', 'HANDLED', 'p:2'),
    rel('d:2', 'HANDLED', 'p:3'),
  ],
};

describe('differences said of things', () => {
  const planner = plannerOnScratch('saiddifferences', POST);

  it.each([
    'Which depot handled the most parcels sent by customers from different cities?',
    'Which depots handled parcels of customers in different cities?',
  ])('declines a difference among things it does not count: %s', async (question) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, answer.cypher).toBeUndefined();
    expect(answer.reading.ok ? '' : answer.reading.reason).toContain('different cities');
  });

  it.each([
    ['How many different cities do customers live in?', ['2']],
    ['Which depot handled the most different parcels?', ['North Depot']],
  ])('reads a difference among what is counted as the count itself: %s', async (question, expected) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, answer.reading.ok ? '' : answer.reading.reason).toBeDefined();
    expect(firstValues(answer).map(String)).toEqual(expected);
  });
});
