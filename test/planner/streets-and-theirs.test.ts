import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A street said with "on" or "along" needs no verb of place: "shops on 'Quay St'", "Which shops are
 * on 'Quay St'?" and "shops with addresses on 'Mill Rd'" hold it in their address. "… and their categories", "… and their owners" at the end of
 * a question asks for those beside each thing listed, never dropped. On an invented high street.
 */
const HIGH_STREET: UpsertBatch = {
  nodes: [
    node('s:1', 'Shop', { name: 'Tide Books', address: '4 Quay St', city: 'Lyon' }),
    node('s:2', 'Shop', { name: 'Mill Bakery', address: '12 Mill Rd', city: 'Lyon' }),
    node('s:3', 'Shop', { name: 'Quay Coffee', address: '9 Quay St', city: 'Nantes' }),
    node('c:1', 'Category', { name: 'Books' }),
    node('c:2', 'Category', { name: 'Cafe' }),
    node('c:3', 'Category', { name: 'Bakery' }),
    node('p:1', 'Person', { name: 'Lea Marin' }),
    node('p:2', 'Person', { name: 'Omar Diallo' }),
  ],
  relationships: [
    rel('s:1', 'IN_CATEGORY', 'c:1'),
    rel('s:1', 'IN_CATEGORY', 'c:2'),
    rel('s:2', 'IN_CATEGORY', 'c:3'),
    rel('s:3', 'IN_CATEGORY', 'c:2'),
    rel('p:1', 'OWNS', 's:1'),
    rel('p:2', 'OWNS', 's:2'),
  ],
};

describe('streets and "and their …" (a high street)', () => {
  const planner = plannerOnScratch('streets and theirs', HIGH_STREET);

  it('"on \'Quay St\'" is part of the address', async () => {
    expect(firstValues(await planner().ask("List all shops on 'Quay St'."))).toEqual(['Quay Coffee', 'Tide Books']);
    expect(firstValues(await planner().ask("Show the shops with addresses on 'Mill Rd'."))).toEqual(['Mill Bakery']);
    // After "be", and with "along".
    expect(firstValues(await planner().ask("Which shops are on 'Quay St'?"))).toEqual(['Quay Coffee', 'Tide Books']);
    expect(firstValues(await planner().ask("List all the shops along 'Mill Rd'."))).toEqual(['Mill Bakery']);
  });

  it('"and their categories" and "and their owners" are shown beside each', async () => {
    const categories = await planner().ask("List the shops on 'Quay St' and their categories.");
    expect(categories.rows.map((r) => [r.name, r.category]).sort(), categories.cypher).toEqual([
      ['Quay Coffee', 'Cafe'],
      ['Tide Books', 'Books'],
      ['Tide Books', 'Cafe'],
    ]);
    expect(categories.text).toBe('2 shops (address on “Quay St”) that are in category a category: Quay Coffee (category Cafe; address 9 Quay St) and Tide Books (category Books and Cafe; address 4 Quay St).');
    const named = await planner().ask('List the shops and their category names for shops in Nantes.');
    expect(named.rows.map((r) => [r.name, r.category]), named.cypher).toEqual([['Quay Coffee', 'Cafe']]);
    const owners = await planner().ask('List the shops in Lyon and their owners.');
    expect(owners.rows.map((r) => [r.name, r.owner]).sort(), owners.cypher).toEqual([
      ['Mill Bakery', 'Omar Diallo'],
      ['Tide Books', 'Lea Marin'],
    ]);
  });

  it('"and their corresponding categories": the word only says each has its own', async () => {
    const categories = await planner().ask("List the shops on 'Quay St' and their corresponding categories.");
    expect(categories.rows.map((r) => [r.name, r.category]).sort(), categories.cypher).toEqual([
      ['Quay Coffee', 'Cafe'],
      ['Tide Books', 'Books'],
      ['Tide Books', 'Cafe'],
    ]);
  });

  // A possessive for a named thing: its things are the answer.
  it.each(["Show Tide Books and its categories.", "List the shops named 'Tide Books' and their categories."])('%s', async (question) => {
    const answer = await planner().ask(question);
    expect(answer.rows.map((r) => r.name).sort(), answer.cypher).toEqual(['Books', 'Cafe']);
  });

  it('"their" after one named thing is not read as its', async () => {
    const answer = await planner().ask("Show the shop named 'Tide Books' and their categories.");
    expect(answer.cypher, answer.cypher).toBeUndefined();
  });

  it('a possessive for things the answer does not show is not passed over', async () => {
    const answer = await planner().ask('Find the shop with the most categories and list its owners.');
    expect(answer.cypher, answer.cypher).toBeUndefined();
  });
});
