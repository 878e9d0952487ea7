import { describe, expect, it } from 'vitest';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Two values of one thing compared with each other ("where the sender country and the receiver
 * country are the same"): a condition between two of its properties, not a value each. Said of
 * two properties outright, of two roles sharing the value's word ("the sender and receiver cities
 * are different"), or of two roles and the kind of value ("sender and receiver from different
 * countries"). On an invented graph of parcels.
 */
describe('two values of one thing compared', () => {
  const planner = plannerOnScratch('two values compared', {
    nodes: [
      node('p1', 'Parcel', { code: 'P-1', sender_country: 'Norway', receiver_country: 'Norway', sender_city: 'Oslo', receiver_city: 'Bergen', weight: 2 }),
      node('p2', 'Parcel', { code: 'P-2', sender_country: 'Norway', receiver_country: 'Chile', sender_city: 'Oslo', receiver_city: 'Lima', weight: 9 }),
      node('p3', 'Parcel', { code: 'P-3', sender_country: 'Chile', receiver_country: 'Chile', sender_city: 'Lima', receiver_city: 'Lima', weight: 4 }),
      node('p4', 'Parcel', { code: 'P-4', sender_country: 'Peru', receiver_country: 'Chile', sender_city: 'Cusco', receiver_city: 'Arica', weight: 7 }),
      // (A kind of thing called as the shared word: "from different countries" still names the parcels' values.)
      node('c1', 'Country', { name: 'Norway' }),
      node('c2', 'Country', { name: 'Chile' }),
    ],
    relationships: [rel('p1', 'CLEARED_IN', 'c1')],
  });

  it.each([
    ['List the parcels where the sender country and the receiver country are the same.', ['P-1', 'P-3']],
    ['Which parcels have the same sender country and receiver country?', ['P-1', 'P-3']],
    ["Which parcels have a sender country that is the same as the receiver country?", ['P-1', 'P-3']],
    ['Find the parcels whose sender country is different from the receiver country.', ['P-2', 'P-4']],
    ['Which parcels have a sender country and a receiver country that are not the same?', ['P-2', 'P-4']],
    ['Which parcels have the sender and receiver from the same country?', ['P-1', 'P-3']],
    ['Which parcels have sender and receiver cities that are different?', ['P-1', 'P-2', 'P-4']],
    ['List the parcels where the sender and receiver are from different countries.', ['P-2', 'P-4']],
    ['How many parcels have the sender and receiver in the same city?', ['P-3']],
    ['Which parcels with a weight over 5 have sender and receiver from different countries?', ['P-2', 'P-4']],
  ])('%s', async (question, codes) => {
    const answer = await planner().ask(question);
    expect(answer.reading.ok, JSON.stringify(answer.reading).slice(0, 400)).toBe(true);
    if (/^How many/.test(question)) expect(answer.rows[0]).toMatchObject({ count: codes.length });
    else expect(firstValues(answer), answer.cypher).toEqual(codes);
  });

  it('leaves "different" before two kinds of value as it was (things of many kinds, not a comparison)', async () => {
    const answer = await planner().ask('How many different sender countries and receiver countries are there?');
    expect(answer.cypher ?? '').not.toMatch(/sender_country <> /);
  });

  it('says the comparison back', async () => {
    const answer = await planner().ask('List the parcels where the sender country and the receiver country are different.');
    expect(answer.text).toMatch(/sender country.*different.*receiver country|sender country other than receiver country/i);
  });
});
