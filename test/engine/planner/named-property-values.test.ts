import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../../support/planner.js';

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
