import { describe, expect, it } from 'vitest';
import { pickedColumn } from '../../src/planner/build/cypher-builder.js';
import type { Meaning } from '../../src/planner/meaning.js';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "the first 3 <things>" when the things listed are others ("the authors of the first 2
 * papers"): those things are picked in the order of their one date, and every listed thing
 * joined to them is given, beside which of them it is joined to; a role noun reaches its thing
 * past what counts or ranks it ("reviewers of the 2 oldest products"). A count that ranks
 * another thing than the one listed ("the reviewers of the 2 products with the most reviewers")
 * is declined, not read as a ranking of the listed things. Each on two small invented graphs.
 */

/** A lab: researchers write papers, each of a year. */
const LAB: UpsertBatch = {
  nodes: [
    node('r:1', 'Researcher', { name: 'Ada Moreau' }),
    node('r:2', 'Researcher', { name: 'Bo Lind' }),
    node('r:3', 'Researcher', { name: 'Cy Oduya' }),
    node('r:4', 'Researcher', { name: 'Dee Marsh' }),
    node('p:1', 'Paper', { title: 'Tidal Locking', year: 2011 }),
    node('p:2', 'Paper', { title: 'Dust Lanes', year: 2015 }),
    node('p:3', 'Paper', { title: 'Cold Jupiters', year: 2019 }),
  ],
  relationships: [rel('r:1', 'WROTE', 'p:1'), rel('r:2', 'WROTE', 'p:1'), rel('r:3', 'WROTE', 'p:2'), rel('r:4', 'WROTE', 'p:3'), rel('r:1', 'WROTE', 'p:3')],
};

/** A shop: customers review products, each added on a day. */
const SHOP: UpsertBatch = {
  nodes: [
    node('c:1', 'Customer', { name: 'Ines Varga' }),
    node('c:2', 'Customer', { name: 'Omar Haddad' }),
    node('c:3', 'Customer', { name: 'Lena Brandt' }),
    node('p:1', 'Product', { name: 'Steel Kettle', added: '2022-01-10' }),
    node('p:2', 'Product', { name: 'Desk Lamp', added: '2023-05-02' }),
    node('p:3', 'Product', { name: 'Clay Mug', added: '2024-09-30' }),
  ],
  relationships: [rel('c:1', 'REVIEWED', 'p:1'), rel('c:2', 'REVIEWED', 'p:2'), rel('c:3', 'REVIEWED', 'p:3'), rel('c:1', 'REVIEWED', 'p:3')],
};

describe('things picked in date order, others listed (a lab)', () => {
  const planner = plannerOnScratch('picked lab', LAB);

  it('"the first 2 papers": those two, and everyone who wrote them', async () => {
    const first = await planner().ask('Who wrote the first 2 papers?');
    expect(firstValues(first)).toEqual(['Ada Moreau', 'Bo Lind', 'Cy Oduya']);
    expect(first.text).toMatch(/^The researchers that wrote the first 2 papers \(by year\): .*Ada Moreau \(paper Tidal Locking\)/);
    expect(firstValues(await planner().ask('List the writers of the last 2 papers.'))).toEqual(['Ada Moreau', 'Cy Oduya', 'Dee Marsh']);
  });

  it('a count ranking another thing than the one listed is declined', async () => {
    const declined = await planner().ask('List the writers of the 2 papers with the most writers.');
    expect(declined.cypher).toBeUndefined();
    expect(!declined.reading.ok && declined.reading.reason).toMatch(/I can’t rank the papers by how many/);
  });
});

describe('things picked in date order, others listed (a shop)', () => {
  const planner = plannerOnScratch('picked shop', SHOP);

  it('"the first 2 products": those two, and everyone who reviewed them', async () => {
    expect(firstValues(await planner().ask('List the reviewers of the first 2 products.'))).toEqual(['Ines Varga', 'Omar Haddad']);
    expect(firstValues(await planner().ask('Which customers reviewed the last 2 products?'))).toEqual(['Ines Varga', 'Lena Brandt', 'Omar Haddad']);
  });

  it('a role noun reaches its thing past what counts or ranks it', async () => {
    expect(firstValues(await planner().ask('List the reviewers of the 2 newest products.'))).toEqual(['Ines Varga', 'Lena Brandt', 'Omar Haddad']);
  });

  it('a count ranking another thing than the one listed is declined', async () => {
    const declined = await planner().ask('List the reviewers of the 2 products with the most reviewers.');
    expect(declined.cypher).toBeUndefined();
  });
});

describe('the column saying which picked thing each listed one is joined to', () => {
  const meaning = (extra: string[]): Meaning => ({
    nodes: [
      { id: 'n0', label: 'Researcher', conditions: [] },
      { id: 'n1', label: 'Paper', conditions: [] },
    ],
    edges: [{ from: 'n0', to: 'n1', type: 'WROTE', conditions: [] }],
    focus: 'n0',
    ask: { kind: 'list', extra: extra.map((key) => ({ of: 'n0', key })) },
    order: { by: { of: 'n1', key: 'year' }, direction: 'ASC', chronological: true, pick: 2 },
  });

  it('is the picked label, unless the query returns a column of that name', () => {
    expect(pickedColumn(meaning([]))).toBe('paper');
    expect(pickedColumn(meaning(['paper']))).toBe('paper_name');
    expect(pickedColumn({ ...meaning([]), order: undefined })).toBeUndefined();
  });
});
