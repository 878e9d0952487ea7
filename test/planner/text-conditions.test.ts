import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Conditions on text: a quoted value after the word that leads to it ("a note stating 'fragile'",
 * the lead word placed with it, and "with a note" then goes without saying), a quoted text said
 * to be in a property ("'voyage' mentioned in the blurb"), a quoted value before the property it
 * is of ("a 'fragile' note"), one a thing "received" ("books that received a review summary
 * 'a quiet joy'", the verb a tagger may read as a noun), and a name "ending in" some letters. Each on two small invented graphs, on a node's property and a relationship's.
 */

/** A depot: couriers carry parcels, each carry with a note; parcels are named by a code. */
const DEPOT: UpsertBatch = {
  nodes: [
    node('c:1', 'Courier', { name: 'Ada Jameson' }),
    node('c:2', 'Courier', { name: 'Bo Lind' }),
    node('c:3', 'Courier', { name: 'Cy Robson' }),
    node('p:1', 'Parcel', { name: 'PX-100', weight: 3 }),
    node('p:2', 'Parcel', { name: 'PX-200', weight: 12 }),
    node('p:3', 'Parcel', { name: 'QY-300', weight: 7 }),
  ],
  relationships: [
    rel('c:1', 'CARRIED', 'p:1', { note: 'fragile' }),
    rel('c:2', 'CARRIED', 'p:2', { note: 'leave at door' }),
    rel('c:3', 'CARRIED', 'p:3', { note: 'fragile' }),
    rel('c:3', 'CARRIED', 'p:2'),
    rel('c:2', 'INSPECTED', 'p:3', { remark: 'dented' }),
    rel('c:1', 'INSPECTED', 'p:1', { remark: 'sound' }),
  ],
};

/** A library: members borrow books; books carry a blurb. */
const LIBRARY: UpsertBatch = {
  nodes: [
    node('m:1', 'Member', { name: 'Ines Carlson' }),
    node('m:2', 'Member', { name: 'Omar Haddad' }),
    node('b:1', 'Book', { title: 'Salt Roads', blurb: 'a voyage east' }),
    node('b:2', 'Book', { title: 'Glass Hours', blurb: 'a quiet year' }),
    node('b:3', 'Book', { title: 'Iron Tide', blurb: 'a voyage east' }),
  ],
  relationships: [
    rel('m:1', 'BORROWED', 'b:1'),
    rel('m:2', 'BORROWED', 'b:2'),
    rel('m:2', 'BORROWED', 'b:3'),
    rel('m:1', 'REVIEWED', 'b:2', { summary: 'a quiet joy' }),
    rel('m:2', 'REVIEWED', 'b:1', { summary: 'too long' }),
  ],
};

describe('conditions on text (a depot)', () => {
  const planner = plannerOnScratch('text depot', DEPOT);

  it('a quoted value after its lead word, on a relationship’s property', async () => {
    const stating = await planner().ask("Which couriers carried a parcel with a note stating 'fragile'?");
    expect(firstValues(stating)).toEqual(['Ada Jameson', 'Cy Robson']);
    expect(stating.cypher).not.toMatch(/IS NOT NULL/);
    expect(stating.text).toMatch(/\(note “fragile”\)/);
    expect(firstValues(await planner().ask("Which parcels were carried with a note reading 'leave at door'?"))).toEqual(['PX-200']);
  });

  it('a quoted text said to be in a property: it contains the text', async () => {
    expect(firstValues(await planner().ask("Which couriers carried parcels with 'door' written in the note?"))).toEqual(['Bo Lind']);
  });

  it('a quoted value before the property it is of', async () => {
    expect(firstValues(await planner().ask("Which parcels were carried with a 'fragile' note?"))).toEqual(['PX-100', 'QY-300']);
  });

  it('"received" a relationship’s value: the things it was given to', async () => {
    expect(firstValues(await planner().ask("List the parcels that received an inspection remark 'dented'."))).toEqual(['QY-300']);
  });

  it('a name ending in some letters', async () => {
    expect(firstValues(await planner().ask("Which couriers have a name ending in 'son'?"))).toEqual(['Ada Jameson', 'Cy Robson']);
    expect(firstValues(await planner().ask("Which parcels carried by a courier with a name ending in 'son' have a weight above 5?"))).toEqual(['PX-200', 'QY-300']);
  });
});

describe('conditions on text (a library)', () => {
  const planner = plannerOnScratch('text library', LIBRARY);

  it('a quoted value after its lead word, on a node’s property', async () => {
    const stating = await planner().ask("Which books have a blurb stating 'a voyage east'?");
    expect(firstValues(stating)).toEqual(['Iron Tide', 'Salt Roads']);
    expect(stating.cypher).not.toMatch(/IS NOT NULL/);
    expect(firstValues(await planner().ask("Who borrowed a book with a blurb saying 'a quiet year'?"))).toEqual(['Omar Haddad']);
  });

  it('a quoted value before the property it is of', async () => {
    expect(firstValues(await planner().ask("Which books have the 'a quiet year' blurb?"))).toEqual(['Glass Hours']);
  });

  it('a quoted text a thing "mentions" is in its text, not a name', async () => {
    expect(firstValues(await planner().ask("Which members borrowed books that mention 'voyage'?"))).toEqual(['Ines Carlson', 'Omar Haddad']);
    expect(firstValues(await planner().ask("Which books mention 'quiet'?"))).toEqual(['Glass Hours']);
  });

  it('"received" a relationship’s value: the things it was given to', async () => {
    expect(firstValues(await planner().ask("What are the titles of the books that received a review summary 'a quiet joy'?"))).toEqual(['Glass Hours']);
  });

  it('a quoted text said to be in a property: it contains the text', async () => {
    const mentioned = await planner().ask("Which books have 'voyage' mentioned in the blurb?");
    expect(firstValues(mentioned)).toEqual(['Iron Tide', 'Salt Roads']);
    expect(mentioned.cypher).toMatch(/CONTAINS 'voyage'/);
  });

  it('a name ending in some letters', async () => {
    expect(firstValues(await planner().ask("Which members with a name ending in 'son' borrowed a book?"))).toEqual(['Ines Carlson']);
    expect(firstValues(await planner().ask("Which books have a title ending in 'Tide'?"))).toEqual(['Iron Tide']);
  });
});
