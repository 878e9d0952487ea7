import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A name right after a text property the question names is that property's value, even where a
 * node bears the name too: "parcels with a sender country of 'Norway'" compares the parcels'
 * `sender_country`, not the customers living in the country Norway. "The city of Harbour Depot"
 * asks the depot's own city. On an invented shipping graph.
 */

const SHIPPING: UpsertBatch = {
  nodes: [
    node('k:no', 'Country', { name: 'Norway' }),
    node('k:pt', 'Country', { name: 'Portugal' }),
    node('c:1', 'Customer', { name: 'Ivar Dahl' }),
    node('c:2', 'Customer', { name: 'Rita Sousa' }),
    node('d:1', 'Depot', { name: 'Harbour Depot', city: 'Bergen' }),
    node('p:1', 'Parcel', { code: 'PX-1', sender_country: 'Portugal', weight: 3 }),
    node('p:2', 'Parcel', { code: 'PX-2', sender_country: 'Norway', weight: 12 }),
    node('p:3', 'Parcel', { code: 'PX-3', sender_country: 'Norway', weight: 1 }),
  ],
  relationships: [
    rel('c:1', 'LIVES_IN', 'k:no'),
    rel('c:2', 'LIVES_IN', 'k:pt'),
    // Ivar (in Norway) ordered the parcel sent from Portugal.
    rel('c:1', 'ORDERED', 'p:1'),
    rel('c:2', 'ORDERED', 'p:2'),
    rel('c:2', 'ORDERED', 'p:3'),
    rel('d:1', 'STORES', 'p:1'),
  ],
};

describe('a name as the value of the property named before it (shipping)', () => {
  const planner = plannerOnScratch('named property values', SHIPPING);

  it('"with a sender country of \'Norway\'", "where the sender country is Norway": the property, not the country node', async () => {
    for (const question of ["Which parcels have a sender country of 'Norway'?", 'List the parcels where the sender country is Norway.', "Show the parcels with the sender country 'Norway'."]) {
      const answer = await planner().ask(question);
      expect(firstValues(answer), question).toEqual(['PX-2', 'PX-3']);
      expect(answer.cypher, question).toMatch(/sender_country = 'Norway'/);
      expect(answer.cypher, question).not.toMatch(/:Country/);
    }
  });

  it('with other conditions and a join: "customers who ordered parcels with a sender country of \'Norway\' and a weight over 10"', async () => {
    const answer = await planner().ask("Which customers ordered parcels with a sender country of 'Norway' and a weight over 10?");
    expect(firstValues(answer)).toEqual(['Rita Sousa']);
  });

  it('"the city of Harbour Depot": the named thing\'s own property is asked', async () => {
    const answer = await planner().ask('What is the city of Harbour Depot?');
    expect(answer.rows.flatMap((r) => Object.values(r))).toContain('Bergen');
  });
});

/** Transfers name their payer bank and its country as text; companies are joined to countries. */
const TRANSFERS: UpsertBatch = {
  nodes: [
    node('k:no', 'Country', { name: 'Norway' }),
    node('k:pt', 'Country', { name: 'Portugal' }),
    node('c:1', 'Company', { name: 'Dahl Fisheries' }),
    node('c:2', 'Company', { name: 'Sousa Cork' }),
    node('t:1', 'Transfer', { ref: 'T-1', payer_bank: 'Fjord Bank', payer_bank_country: 'Norway' }),
    node('t:2', 'Transfer', { ref: 'T-2', payer_bank: 'Lisbon Credit', payer_bank_country: 'Portugal' }),
    node('t:3', 'Transfer', { ref: 'T-3', payer_bank: 'Fjord Bank', payer_bank_country: 'Norway' }),
    node('t:4', 'Transfer', { ref: 'T-4', payer_bank: 'Lisbon Credit', payer_bank_country: 'Portugal' }),
  ],
  relationships: [
    // Dahl (a Norwegian company) filed the Portuguese bank's transfers; Sousa (Portuguese) the Norwegian ones.
    rel('c:1', 'COUNTRY', 'k:no'),
    rel('c:2', 'COUNTRY', 'k:pt'),
    rel('c:1', 'FILED', 't:2'),
    rel('c:1', 'FILED', 't:4'),
    rel('c:2', 'FILED', 't:1'),
    rel('c:2', 'FILED', 't:3'),
  ],
};

describe('a name that a text property of the things in play holds, said after part of its words (transfers)', () => {
  const planner = plannerOnScratch('held property values', TRANSFERS);

  it.each([
    ["Which companies filed transfers with a payer bank from 'Norway'?", ['Sousa Cork']],
    ['List the transfers where the payer bank is located in Portugal.', ['T-2', 'T-4']],
    ["Which company has filed the most transfers with a payer bank from 'Portugal'?", ['Dahl Fisheries']],
  ])('%s', async (question, expected) => {
    const answer = await planner().ask(question);
    expect(String(answer.cypher), answer.reading.ok ? '' : answer.reading.reason).toMatch(/payer_bank_country/);
    expect(firstValues(answer).map(String), answer.cypher).toEqual(expected);
  });
});

/** The same, where the payer banks' countries are too many to be kept as the property's known values (70). */
const MANY_COUNTRIES: UpsertBatch = {
  nodes: [
    ...TRANSFERS.nodes,
    ...Array.from({ length: 70 }, (_, i) => node(`t:x${i}`, 'Transfer', { ref: `X-${i}`, payer_bank: `Bank ${i}`, payer_bank_country: `Land ${i}` })),
  ],
  relationships: TRANSFERS.relationships,
};

describe('a name said after part of a text property\'s words, the rest being its label (transfers to many countries)', () => {
  const planner = plannerOnScratch('named property of its label', MANY_COUNTRIES);

  it.each([
    ["Which companies filed transfers with a payer bank from 'Norway'?", ['Sousa Cork']],
    ["Which company has filed the most transfers with a payer bank from 'Portugal'?", ['Dahl Fisheries']],
  ])('%s', async (question, expected) => {
    const answer = await planner().ask(question);
    expect(String(answer.cypher), answer.reading.ok ? '' : answer.reading.reason).toMatch(/payer_bank_country = 'Norway'|payer_bank_country = 'Portugal'/);
    expect(firstValues(answer).map(String), answer.cypher).toEqual(expected);
  });
});
