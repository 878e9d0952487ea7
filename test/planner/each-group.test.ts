import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "each", "per", "every": a count for each thing, never one total ("How many loans does each
 * member have?" was the number of all loans). Every thing of the group that has any is listed with
 * its count, and the answer says how many have none (a list of zeros buries the answer); an aggregate of the group's own value is each one's value; a figure
 * over the things joined to each is given for each, never once for all. Each on two small invented graphs.
 */

/** A library: members borrow books, branches hold them. */
const LIBRARY: UpsertBatch = {
  nodes: [
    node('m:1', 'Member', { name: 'Ines Varga' }),
    node('m:2', 'Member', { name: 'Omar Haddad' }),
    node('m:3', 'Member', { name: 'Lena Brandt' }),
    node('k:1', 'Book', { title: 'Salt Roads', pages: 320 }),
    node('k:2', 'Book', { title: 'Night Ferry', pages: 210 }),
    node('k:3', 'Book', { title: 'Dust Map', pages: 150 }),
    node('b:1', 'Branch', { name: 'Harbour Branch', seats: 40 }),
    node('b:2', 'Branch', { name: 'Hill Branch', seats: 12 }),
  ],
  relationships: [
    rel('m:1', 'BORROWED', 'k:1'),
    rel('m:1', 'BORROWED', 'k:2'),
    rel('m:2', 'BORROWED', 'k:3'),
    rel('b:1', 'HOLDS', 'k:1'),
    rel('b:1', 'HOLDS', 'k:2'),
    rel('b:1', 'HOLDS', 'k:3'),
    rel('b:2', 'HOLDS', 'k:3'),
  ],
};

/** A shipping network: depots dispatch parcels. */
const SHIPPING: UpsertBatch = {
  nodes: [
    node('d:1', 'Depot', { name: 'North Depot', staff: 9 }),
    node('d:2', 'Depot', { name: 'South Depot', staff: 4 }),
    node('d:3', 'Depot', { name: 'East Depot', staff: 6 }),
    node('p:1', 'Parcel', { code: 'PX-1', weight: 2 }),
    node('p:2', 'Parcel', { code: 'PX-2', weight: 40 }),
    node('p:3', 'Parcel', { code: 'PX-3', weight: 7 }),
  ],
  relationships: [rel('d:1', 'DISPATCHED', 'p:1'), rel('d:1', 'DISPATCHED', 'p:2'), rel('d:2', 'DISPATCHED', 'p:3')],
};

const counts = (rows: Record<string, unknown>[]) => Object.fromEntries(rows.map((r) => [r.name, r.count]));

describe('a count for each thing (a library)', () => {
  const planner = plannerOnScratch('each library', LIBRARY);

  it('"How many books did each member borrow?": every member with their count, those with none counted', async () => {
    const answer = await planner().ask('How many books did each member borrow?');
    expect(counts(answer.rows)).toEqual({ 'Ines Varga': 2, 'Omar Haddad': 1 });
    expect(answer.text).toMatch(/^The number of books of each member, most first: Ines Varga \(2\) and Omar Haddad \(1\)\. The other 1 member has none\.$/);
  });

  it('"per" and "for every" say the same', async () => {
    expect(counts((await planner().ask('Count the books per branch.')).rows)).toEqual({ 'Harbour Branch': 3, 'Hill Branch': 1 });
    expect(counts((await planner().ask('How many books are held by every branch?')).rows)).toEqual({ 'Harbour Branch': 3, 'Hill Branch': 1 });
  });

  it('each one’s own value, not their sum; a figure over things joined to each, for each', async () => {
    const own = await planner().ask('What is the total number of seats of each branch?');
    expect(own.rows.map((r) => [r.name, r.seats])).toEqual([['Harbour Branch', 40], ['Hill Branch', 12]]);
    const average = await planner().ask('What is the average number of pages of the books held by each branch?');
    expect(average.rows.map((r) => [r.name, Math.round(Number(r.value))]), average.cypher).toEqual([['Harbour Branch', 227], ['Hill Branch', 150]]);
    expect(average.text).toMatch(/^The average pages of each branch, highest first: Harbour Branch \(226\.\d+\) and Hill Branch \(150\)\.$/);
  });

  it('a count for each thing through another ("for each branch of the members"): every one with its count', async () => {
    const answer = await planner().ask('How many members borrowed books held by each branch?');
    expect(counts(answer.rows), answer.cypher).toEqual({ 'Harbour Branch': 2, 'Hill Branch': 1 });
  });
});

describe('a count for each thing (shipping)', () => {
  const planner = plannerOnScratch('each shipping', SHIPPING);

  it('every depot with its parcels, those with none counted', async () => {
    const each = await planner().ask('How many parcels did each depot dispatch?');
    expect(counts(each.rows)).toEqual({ 'North Depot': 2, 'South Depot': 1 });
    expect(each.text).toMatch(/The other 1 depot has none\.$/);
    expect(counts((await planner().ask('Count the parcels per depot.')).rows)).toEqual({ 'North Depot': 2, 'South Depot': 1 });
  });

  it('without "each" a count is still one number', async () => {
    expect((await planner().ask('How many parcels did depots dispatch?')).rows).toEqual([{ count: 3 }]);
  });
});

describe('"every" and "all" before a joined thing are not read as "any one"', () => {
  const library = plannerOnScratch('every library', LIBRARY);
  const shipping = plannerOnScratch('every shipping', SHIPPING);

  it('reads "hold every book" and "dispatched all parcels" as all there are; "all" before what is listed stays a list', async () => {
    expect((await library().ask('Which branches hold every book?')).rows.map((r) => r.name)).toEqual(['Harbour Branch']);
    const borrowed = await library().ask('Which members borrowed every book?');
    expect(borrowed.cypher).toMatch(/= COUNT \{ \(x:Book\) \}/);
    expect(borrowed.rows).toEqual([]);
    expect((await shipping().ask('Which depots dispatched all the parcels?')).cypher).toMatch(/= COUNT \{ \(x:Parcel\) \}/);
    expect((await library().ask('List all members who borrowed a book.')).rows.map((r) => r.name).sort()).toEqual(['Ines Varga', 'Omar Haddad']);
  });
});
