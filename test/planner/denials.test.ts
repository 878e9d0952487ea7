import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A denial reaches the meaning, or the question is declined: "no X", "without X", "do not have",
 * "never", "VERB no X" are never read as having one. A join the question does not name ("branches
 * with no librarians") is denied as a named verb is; a property not recorded is `IS NULL`; a thing
 * denied with conditions of its own is denied as a whole (`NOT EXISTS { … }`), not matched apart.
 * Each on two small invented graphs.
 */

/** A library: branches employ librarians, members borrow books. */
const LIBRARY: UpsertBatch = {
  nodes: [
    node('b:1', 'Branch', { name: 'Harbour Branch', website: 'harbour.example' }),
    node('b:2', 'Branch', { name: 'Hill Branch' }),
    node('b:3', 'Branch', { name: 'Mill Branch', website: 'mill.example' }),
    node('l:1', 'Librarian', { name: 'Aino Salo', hired: 2018 }),
    node('l:2', 'Librarian', { name: 'Rui Costa', hired: 2022 }),
    node('m:1', 'Member', { name: 'Ines Varga' }),
    node('m:2', 'Member', { name: 'Omar Haddad' }),
    node('k:1', 'Book', { title: 'Salt Roads' }),
  ],
  relationships: [rel('b:1', 'EMPLOYS', 'l:1'), rel('b:3', 'EMPLOYS', 'l:2'), rel('m:1', 'BORROWED', 'k:1')],
};

/** Shipping: depots dispatch parcels, carriers have a licence number or not. */
const SHIPPING: UpsertBatch = {
  nodes: [
    node('d:1', 'Depot', { name: 'North Depot' }),
    node('d:2', 'Depot', { name: 'South Depot' }),
    node('d:3', 'Depot', { name: 'East Depot' }),
    node('p:1', 'Parcel', { code: 'PX-1', weight: 2 }),
    node('p:2', 'Parcel', { code: 'PX-2', weight: 40 }),
    node('c:1', 'Carrier', { name: 'Swift Lines', licence: 'L-77' }),
    node('c:2', 'Carrier', { name: 'Blue Vans' }),
  ],
  relationships: [rel('d:1', 'DISPATCHES', 'p:1'), rel('d:2', 'DISPATCHES', 'p:2'), rel('c:1', 'SERVES', 'd:1')],
};

describe('denials (a library)', () => {
  const planner = plannerOnScratch('denials library', LIBRARY);

  it('"have no X", "do not have any X", "without X": the join the question leaves unnamed is denied', async () => {
    for (const question of ['Which branches have no librarians?', 'Which branches do not have any librarians?', 'List the branches without librarians.']) {
      const answer = await planner().ask(question);
      expect(firstValues(answer), question).toEqual(['Hill Branch']);
      expect(answer.cypher, question).toMatch(/NOT \(n\d\)-\[:EMPLOYS\]->\(:Librarian\)/);
    }
    // Without the denial, the same words find those that have one.
    expect(firstValues(await planner().ask('Which branches have librarians?'))).toEqual(['Harbour Branch', 'Mill Branch']);
  });

  it('a property not recorded is IS NULL, not IS NOT NULL', async () => {
    const answer = await planner().ask('Which branches do not have a website?');
    expect(firstValues(answer)).toEqual(['Hill Branch']);
    expect(answer.cypher).toMatch(/website` IS NULL|\.website IS NULL/);
    expect(firstValues(await planner().ask('Which branches have a website?'))).toEqual(['Harbour Branch', 'Mill Branch']);
  });

  it('a denied thing with a condition of its own is denied as a whole', async () => {
    const answer = await planner().ask('Which branches have no librarians hired after 2020?');
    expect(answer.cypher).toMatch(/NOT EXISTS \{ MATCH/);
    expect(firstValues(answer)).toEqual(['Harbour Branch', 'Hill Branch']);
  });

  it('"VERB no X" and "never VERB": the verb is denied', async () => {
    expect(firstValues(await planner().ask('Which members borrowed no books?'))).toEqual(['Omar Haddad']);
    expect(firstValues(await planner().ask('Which members never borrowed a book?'))).toEqual(['Omar Haddad']);
  });
});

describe('denials (shipping)', () => {
  const planner = plannerOnScratch('denials shipping', SHIPPING);

  it('"with no X" and "have no X" on another graph', async () => {
    expect(firstValues(await planner().ask('Which depots have no parcels?'))).toEqual(['East Depot']);
    expect(firstValues(await planner().ask('Depots with no parcels?'))).toEqual(['East Depot']);
  });

  it('a property not recorded, and a denied thing with a condition', async () => {
    expect(firstValues(await planner().ask('Which carriers do not have a licence?'))).toEqual(['Blue Vans']);
    expect(firstValues(await planner().ask('Which depots have no parcels with a weight above 10?'))).toEqual(['East Depot', 'North Depot']);
  });

  it('a denial nothing in the reading takes is never dropped: the question is declined instead', async () => {
    // The thing asked about is the one denied: not read as the depots that have parcels.
    const answer = await planner().ask('Which no depots have parcels?');
    expect(answer.cypher).toBeUndefined();
  });
});
