import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Verbs joined by "or" are alternatives: any one of them joins the things ("customers who
 * returned or reviewed a product"), also denied ("did not return or review any"); "and" alone
 * keeps each ("bought and returned the same product"). A verb denied after another is said of the
 * subject ("bought products but have not returned any": customers who returned nothing, not
 * products nobody returned). A participle a tagger reads as an adjective where a verb stands
 * ("have not returned any", "directed or funded") is that verb. Each on two small invented graphs.
 */

/** A shop: customers buy, return and review products. */
const SHOP: UpsertBatch = {
  nodes: [
    node('c:1', 'Customer', { name: 'Ines Varga' }),
    node('c:2', 'Customer', { name: 'Omar Haddad' }),
    node('c:3', 'Customer', { name: 'Lena Brandt' }),
    node('c:4', 'Customer', { name: 'Tomas Reyes' }),
    node('p:1', 'Product', { name: 'Steel Kettle', price: 40 }),
    node('p:2', 'Product', { name: 'Desk Lamp', price: 25 }),
    node('p:3', 'Product', { name: 'Clay Mug', price: 9 }),
  ],
  relationships: [
    rel('c:1', 'BOUGHT', 'p:1'),
    rel('c:1', 'RETURNED', 'p:1'),
    rel('c:2', 'BOUGHT', 'p:2'),
    rel('c:2', 'REVIEWED', 'p:3'),
    rel('c:3', 'BOUGHT', 'p:3'),
    rel('c:3', 'BOUGHT', 'p:1'),
    rel('c:4', 'REVIEWED', 'p:2'),
  ],
};

/** A lab: researchers lead, direct and fund projects. */
const LAB: UpsertBatch = {
  nodes: [
    node('r:1', 'Researcher', { name: 'Ada Moreau' }),
    node('r:2', 'Researcher', { name: 'Bo Lind' }),
    node('r:3', 'Researcher', { name: 'Cy Oduya' }),
    node('r:4', 'Researcher', { name: 'Dee Marsh' }),
    node('j:1', 'Project', { name: 'Tidal Survey', started: 2019 }),
    node('j:2', 'Project', { name: 'Dust Map', started: 2022 }),
  ],
  relationships: [
    rel('r:1', 'FUNDED', 'j:1'),
    rel('r:1', 'DIRECTED', 'j:1'),
    rel('r:2', 'FUNDED', 'j:2'),
    rel('r:3', 'DIRECTED', 'j:2'),
    rel('r:4', 'LED', 'j:2'),
  ],
};

describe('verbs joined by "or", and a verb denied after another (a shop)', () => {
  const planner = plannerOnScratch('alternatives shop', SHOP);

  it('"returned or reviewed": any one of them', async () => {
    const either = await planner().ask('Which customers returned or reviewed a product?');
    expect(firstValues(either)).toEqual(['Ines Varga', 'Omar Haddad', 'Tomas Reyes']);
    expect(either.text).toMatch(/returned or reviewed/);
    expect(firstValues(await planner().ask('Which customers bought, returned or reviewed the Desk Lamp?'))).toEqual(['Omar Haddad', 'Tomas Reyes']);
  });

  it('denied: neither of them', async () => {
    const neither = await planner().ask('Which customers have not returned or reviewed any product?');
    expect(firstValues(neither)).toEqual(['Lena Brandt']);
    expect(neither.text).toMatch(/did not return or review/);
  });

  it('"and" keeps each', async () => {
    expect(firstValues(await planner().ask('Which customers bought and returned the same product?'))).toEqual(['Ines Varga']);
  });

  it('a verb denied after another is said of the subject', async () => {
    const denied = await planner().ask('Which customers have bought products but have not returned any?');
    expect(firstValues(denied)).toEqual(['Lena Brandt', 'Omar Haddad']);
    expect(denied.text).toMatch(/did not return any product/);
  });
});

describe('verbs joined by "or", and a verb denied after another (a lab)', () => {
  const planner = plannerOnScratch('alternatives lab', LAB);

  it('"directed or funded": any one of them', async () => {
    expect(firstValues(await planner().ask('Which researchers directed or funded a project?'))).toEqual(['Ada Moreau', 'Bo Lind', 'Cy Oduya']);
    expect(firstValues(await planner().ask('Which researchers led or directed a project started after 2020?'))).toEqual(['Cy Oduya', 'Dee Marsh']);
  });

  it('denied: neither of them', async () => {
    expect(firstValues(await planner().ask('Which researchers have not directed or funded any project?'))).toEqual(['Dee Marsh']);
  });

  it('"and" keeps each', async () => {
    expect(firstValues(await planner().ask('Which researchers funded and directed the same project?'))).toEqual(['Ada Moreau']);
  });

  it('a verb denied after another is said of the subject', async () => {
    expect(firstValues(await planner().ask('Which researchers have funded projects but have not directed any?'))).toEqual(['Bo Lind']);
  });
});
