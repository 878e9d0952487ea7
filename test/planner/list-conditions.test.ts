import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Conditions on a property that holds a list hold for one of its items: "a tag listed as 'sea'"
 * is a tag equal to it, "tags that include 'wa'" a tag containing it; never the list's text
 * (which Neo4j refuses to make: `toString` of a list is an error there). Each on two small
 * invented graphs, on a node's list and a relationship's.
 */

/** A library: books with tags; members borrow them. */
const LIBRARY: UpsertBatch = {
  nodes: [
    node('b:1', 'Book', { title: 'Salt Roads', tags: ['sea', 'voyage'] }),
    node('b:2', 'Book', { title: 'Glass Hours', tags: ['war', 'city'] }),
    node('b:3', 'Book', { title: 'Iron Tide', tags: ['sea', 'war'] }),
    node('m:1', 'Member', { name: 'Ines Carlson' }),
    node('m:2', 'Member', { name: 'Omar Haddad' }),
  ],
  relationships: [rel('m:1', 'BORROWED', 'b:1'), rel('m:2', 'BORROWED', 'b:2')],
};

/** A depot: couriers carry parcels, each carry with handling labels. */
const DEPOT: UpsertBatch = {
  nodes: [
    node('c:1', 'Courier', { name: 'Ada Jameson' }),
    node('c:2', 'Courier', { name: 'Bo Lind' }),
    node('p:1', 'Parcel', { name: 'PX-100' }),
    node('p:2', 'Parcel', { name: 'PX-200' }),
  ],
  relationships: [rel('c:1', 'CARRIED', 'p:1', { labels: ['fragile', 'cold'] }), rel('c:2', 'CARRIED', 'p:2', { labels: ['upright'] })],
};

describe('conditions on a list (a library, a node’s list)', () => {
  const planner = plannerOnScratch('lists library', LIBRARY);

  it('an item equal to a value, and an item containing a text', async () => {
    const listed = await planner().ask("Which books have a tag listed as 'sea'?");
    expect(firstValues(listed)).toEqual(['Iron Tide', 'Salt Roads']);
    expect(listed.cypher).toMatch(/'sea' IN /);
    expect(firstValues(await planner().ask("Which books have tags that include 'wa'?"))).toEqual(['Glass Hours', 'Iron Tide']);
    expect(firstValues(await planner().ask("Who borrowed a book with tags containing 'voy'?"))).toEqual(['Ines Carlson']);
    expect(firstValues(await planner().ask("Which books have the 'war' tag?"))).toEqual(['Glass Hours', 'Iron Tide']);
  });
});

describe('conditions on a list (a depot, a relationship’s list)', () => {
  const planner = plannerOnScratch('lists depot', DEPOT);

  it('an item equal to a value, and an item containing a text', async () => {
    expect(firstValues(await planner().ask("Which parcels were carried with a label listed as 'cold'?"))).toEqual(['PX-100']);
    const containing = await planner().ask("Which couriers carried parcels with labels containing 'right'?");
    expect(firstValues(containing)).toEqual(['Bo Lind']);
    expect(containing.cypher).toMatch(/any\(item IN /);
  });
});
