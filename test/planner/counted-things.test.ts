import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * How many related things a thing has, as a condition: "more than 1 other researcher" (a word
 * between the number and the things counted says which of them count), and "at least 2
 * reviews" (a relationship's noun counts the things at its other end, with any condition said on
 * that relationship). Each on two small invented graphs.
 */

/** A lab: researchers mentor one another and review papers, each review with a verdict. */
const LAB: UpsertBatch = {
  nodes: [
    node('r:1', 'Researcher', { name: 'Ada Moreau' }),
    node('r:2', 'Researcher', { name: 'Bo Lind' }),
    node('r:3', 'Researcher', { name: 'Cy Oduya' }),
    node('r:4', 'Researcher', { name: 'Dee Marsh' }),
    node('p:1', 'Paper', { title: 'Tidal Locking' }),
    node('p:2', 'Paper', { title: 'Dust Lanes' }),
    node('p:3', 'Paper', { title: 'Cold Jupiters' }),
  ],
  relationships: [
    rel('r:1', 'MENTORS', 'r:2'),
    rel('r:1', 'MENTORS', 'r:3'),
    rel('r:1', 'MENTORS', 'r:4'),
    rel('r:2', 'MENTORS', 'r:3'),
    rel('r:2', 'MENTORS', 'r:4'),
    rel('r:3', 'MENTORS', 'r:4'),
    rel('r:1', 'REVIEWED', 'p:1', { verdict: 'accept' }),
    rel('r:2', 'REVIEWED', 'p:1', { verdict: 'reject' }),
    rel('r:3', 'REVIEWED', 'p:1', { verdict: 'accept' }),
    rel('r:1', 'REVIEWED', 'p:2', { verdict: 'accept' }),
    rel('r:4', 'REVIEWED', 'p:2', { verdict: 'accept' }),
    rel('r:2', 'REVIEWED', 'p:3', { verdict: 'reject' }),
  ],
};

/** A shop: customers refer one another and review products, each review with a star rating. */
const SHOP: UpsertBatch = {
  nodes: [
    node('c:1', 'Customer', { name: 'Ines Varga' }),
    node('c:2', 'Customer', { name: 'Omar Haddad' }),
    node('c:3', 'Customer', { name: 'Lena Brandt' }),
    node('p:1', 'Product', { name: 'Steel Kettle' }),
    node('p:2', 'Product', { name: 'Desk Lamp' }),
    node('p:3', 'Product', { name: 'Clay Mug' }),
  ],
  relationships: [
    rel('c:1', 'REFERRED', 'c:2'),
    rel('c:1', 'REFERRED', 'c:3'),
    rel('c:2', 'REFERRED', 'c:3'),
    rel('c:1', 'REVIEWED', 'p:1', { stars: 5 }),
    rel('c:2', 'REVIEWED', 'p:1', { stars: 2 }),
    rel('c:1', 'REVIEWED', 'p:2', { stars: 4 }),
    rel('c:2', 'REVIEWED', 'p:2', { stars: 5 }),
    rel('c:3', 'REVIEWED', 'p:2', { stars: 4 }),
    rel('c:3', 'REVIEWED', 'p:3', { stars: 1 }),
  ],
};

describe('how many related things, as a condition (a lab)', () => {
  const planner = plannerOnScratch('counted lab', LAB);

  it('"more than 1 other researcher": the word between says which count', async () => {
    expect(firstValues(await planner().ask('Which researchers mentor more than one other researcher?'))).toEqual(['Ada Moreau', 'Bo Lind']);
    expect(firstValues(await planner().ask('List the researchers who reviewed at least 2 different papers.'))).toEqual(['Ada Moreau', 'Bo Lind']);
  });

  it('"at least 2 reviews": a relationship’s noun counts, with the conditions on it', async () => {
    expect(firstValues(await planner().ask('Which papers have at least 2 reviews?'))).toEqual(['Dust Lanes', 'Tidal Locking']);
    expect(firstValues(await planner().ask("Which papers have at least 2 reviews with verdict 'accept'?"))).toEqual(['Dust Lanes', 'Tidal Locking']);
    expect(firstValues(await planner().ask("Which papers have more than 2 reviews with verdict 'accept'?"))).toEqual([]);
  });
});

describe('how many related things, as a condition (a shop)', () => {
  const planner = plannerOnScratch('counted shop', SHOP);

  it('"more than 1 other customer": the word between says which count', async () => {
    expect(firstValues(await planner().ask('Which customers referred more than one other customer?'))).toEqual(['Ines Varga']);
    expect(firstValues(await planner().ask('Which customers reviewed at least 2 distinct products?'))).toEqual(['Ines Varga', 'Omar Haddad', 'Lena Brandt'].sort());
  });

  it('"at least 2 reviews": a relationship’s noun counts, with the conditions on it', async () => {
    expect(firstValues(await planner().ask('Which products have fewer than 3 reviews?'))).toEqual(['Clay Mug', 'Steel Kettle']);
    expect(firstValues(await planner().ask('Which products have at least 2 reviews with more than 3 stars?'))).toEqual(['Desk Lamp']);
  });
});
