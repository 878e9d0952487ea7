import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Two named things of one kind joined by "and" do what the verb says to the same things: the
 * relationship the verb placed for one holds for the other too ("the papers Ada and Bo wrote
 * together" are the papers both wrote; "who reviewed both the lamp and the mug" reviewed each).
 * Without "both" or "together" the reading is the same, a little less sure. Two such things are
 * never joined to each other by a relationship the question does not name: a question about each
 * of them ("When were Ada and Bo born?") is declined, not answered as how one relates to the other.
 * Each on two small invented graphs, each holding a relationship between things of that one kind.
 */

/** A lab: researchers write papers and mentor one another. */
const LAB: UpsertBatch = {
  nodes: [
    node('r:1', 'Researcher', { name: 'Ada Moreau', born: 1961 }),
    node('r:2', 'Researcher', { name: 'Bo Lind', born: 1988 }),
    node('r:3', 'Researcher', { name: 'Cy Oduya', born: 1979 }),
    node('p:1', 'Paper', { title: 'Tidal Locking', year: 2011 }),
    node('p:2', 'Paper', { title: 'Dust Lanes', year: 2015 }),
    node('p:3', 'Paper', { title: 'Cold Jupiters', year: 2019 }),
  ],
  relationships: [
    rel('r:1', 'WROTE', 'p:1'),
    rel('r:1', 'WROTE', 'p:2'),
    rel('r:2', 'WROTE', 'p:2'),
    rel('r:2', 'WROTE', 'p:3'),
    rel('r:3', 'WROTE', 'p:2'),
    rel('r:3', 'WROTE', 'p:3'),
    rel('r:1', 'MENTORS', 'r:2'),
  ],
};

/** A shop: customers review products and refer one another. */
const SHOP: UpsertBatch = {
  nodes: [
    node('c:1', 'Customer', { name: 'Ines Varga', born: 1990 }),
    node('c:2', 'Customer', { name: 'Omar Haddad', born: 1975 }),
    node('c:3', 'Customer', { name: 'Lena Brandt', born: 1984 }),
    node('p:1', 'Product', { name: 'Steel Kettle', price: 40 }),
    node('p:2', 'Product', { name: 'Desk Lamp', price: 25 }),
    node('p:3', 'Product', { name: 'Clay Mug', price: 9 }),
  ],
  relationships: [
    rel('c:1', 'REVIEWED', 'p:1'),
    rel('c:1', 'REVIEWED', 'p:2'),
    rel('c:1', 'REVIEWED', 'p:3'),
    rel('c:2', 'REVIEWED', 'p:2'),
    rel('c:3', 'REVIEWED', 'p:2'),
    rel('c:3', 'REVIEWED', 'p:3'),
    rel('c:2', 'REFERRED', 'c:3'),
  ],
};

describe('named things joined by "and" (a lab)', () => {
  const planner = plannerOnScratch('coordinated lab', LAB);

  it('"together" and "both": the things each of them is joined to', async () => {
    const together = await planner().ask('Which papers did Ada Moreau and Bo Lind write together?');
    expect(firstValues(together)).toEqual(['Dust Lanes']);
    expect(together.text).toMatch(/Ada Moreau wrote and that Bo Lind wrote/);
    expect((await planner().ask('How many papers have Bo Lind and Cy Oduya both written?')).rows).toEqual([{ count: 2 }]);
    expect(firstValues(await planner().ask('Who wrote both Dust Lanes and Cold Jupiters?'))).toEqual(['Bo Lind', 'Cy Oduya']);
  });

  it('a bare "and" reads the same, noted and less sure', async () => {
    const bare = await planner().ask('Which papers did Ada Moreau and Cy Oduya write?');
    expect(firstValues(bare)).toEqual(['Dust Lanes']);
    expect(bare.reading.ok && bare.reading.confidence).toBeLessThan(0.95);
  });

  it('a question about each of them is declined, not read as how one relates to the other (MENTORS)', async () => {
    const each = await planner().ask('When were Ada Moreau and Bo Lind born?');
    expect(each.cypher).toBeUndefined();
    expect(each.reading.ok).toBe(false);
    expect(!each.reading.ok && each.reading.reason).toMatch(/one named thing at a time/);
  });
});

describe('named things joined by "and" (a shop)', () => {
  const planner = plannerOnScratch('coordinated shop', SHOP);

  it('"together" and "both": the things each of them is joined to', async () => {
    expect(firstValues(await planner().ask('Which products did Ines Varga and Lena Brandt both review?'))).toEqual(['Clay Mug', 'Desk Lamp']);
    expect(firstValues(await planner().ask('Which products have Omar Haddad and Lena Brandt reviewed together?'))).toEqual(['Desk Lamp']);
    expect(firstValues(await planner().ask('Which customers reviewed both Steel Kettle and Clay Mug?'))).toEqual(['Ines Varga']);
  });

  it('a bare "and" reads the same, noted and less sure', async () => {
    const bare = await planner().ask('Who reviewed Desk Lamp and Clay Mug?');
    expect(firstValues(bare)).toEqual(['Ines Varga', 'Lena Brandt']);
    expect(bare.reading.ok && bare.reading.confidence).toBeLessThan(0.95);
  });

  it('a question about each of them is declined, not read as how one relates to the other (REFERRED)', async () => {
    const each = await planner().ask('When were Omar Haddad and Lena Brandt born?');
    expect(each.cypher).toBeUndefined();
    expect(!each.reading.ok && each.reading.reason).toMatch(/one named thing at a time/);
  });
});

describe('named things joined by "and" with no verb (shops in categories)', () => {
  const planner = plannerOnScratch('coordinated categories', {
    nodes: [
      node('s1', 'Shop', { name: 'Mill' }),
      node('s2', 'Shop', { name: 'Quay' }),
      node('s3', 'Shop', { name: 'Dock' }),
      node('c1', 'Category', { name: 'Bakery' }),
      node('c2', 'Category', { name: 'Cafe' }),
    ],
    relationships: [
      rel('s1', 'IN_CATEGORY', 'c1'),
      rel('s1', 'IN_CATEGORY', 'c2'),
      rel('s2', 'IN_CATEGORY', 'c1'),
      rel('s3', 'IN_CATEGORY', 'c2'),
    ],
  });

  it('joins the things said beside them to both', async () => {
    for (const question of ["Which shops are in both 'Bakery' and 'Cafe' categories?", "Show shops that are both in 'Bakery' and 'Cafe' categories."]) {
      const answer = await planner().ask(question);
      expect(firstValues(answer), `${question} ${JSON.stringify(answer.reading).slice(0, 300)}`).toEqual(['Mill']);
    }
  });
});
