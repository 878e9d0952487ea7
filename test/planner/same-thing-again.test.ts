import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "the <kind>" as the object of a verb, where that kind was named before, is that thing again
 * ("products returned by a customer who bought the product": the same product); not when the
 * verb joins things of that kind to one another ("customers who referred the customer who …"
 * referred someone else). Each on two small invented graphs.
 */

/** A shop: customers buy, return and refer. */
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
    rel('c:1', 'BOUGHT', 'p:1'),
    rel('c:1', 'RETURNED', 'p:1'),
    rel('c:2', 'BOUGHT', 'p:2'),
    rel('c:3', 'RETURNED', 'p:2'),
    rel('c:3', 'BOUGHT', 'p:3'),
    rel('c:1', 'REFERRED', 'c:2'),
  ],
};

/** A lab: researchers fund, direct and mentor. */
const LAB: UpsertBatch = {
  nodes: [
    node('r:1', 'Researcher', { name: 'Ada Moreau' }),
    node('r:2', 'Researcher', { name: 'Bo Lind' }),
    node('r:3', 'Researcher', { name: 'Cy Oduya' }),
    node('j:1', 'Project', { name: 'Tidal Survey' }),
    node('j:2', 'Project', { name: 'Dust Map' }),
  ],
  relationships: [
    rel('r:1', 'FUNDED', 'j:1'),
    rel('r:1', 'DIRECTED', 'j:1'),
    rel('r:2', 'FUNDED', 'j:2'),
    rel('r:3', 'DIRECTED', 'j:2'),
    rel('r:2', 'MENTORS', 'r:3'),
  ],
};

describe('"the <kind>" named again (a shop)', () => {
  const planner = plannerOnScratch('again shop', SHOP);

  it('is the thing named before', async () => {
    expect(firstValues(await planner().ask('Which products were returned by a customer who bought the product?'))).toEqual(['Steel Kettle']);
  });

  it('is someone else where the verb joins things of its own kind', async () => {
    expect(firstValues(await planner().ask('Which customers referred the customer who bought Desk Lamp?'))).toEqual(['Ines Varga']);
  });
});

describe('"the <kind>" named again (a lab)', () => {
  const planner = plannerOnScratch('again lab', LAB);

  it('is the thing named before', async () => {
    expect(firstValues(await planner().ask('Which projects were funded by a researcher who directed the project?'))).toEqual(['Tidal Survey']);
  });

  it('is someone else where the verb joins things of its own kind', async () => {
    expect(firstValues(await planner().ask('Which researchers mentor the researcher who directed Dust Map?'))).toEqual(['Bo Lind']);
  });
});
