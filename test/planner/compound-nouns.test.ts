import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "The shop categories": of two things said one right after the other, the second is the thing
 * asked about (the head of the compound) and the first what it is of; "the names and categories of
 * shops" lists each shop with its categories, not the categories; "how many … and what are they?"
 * lists them with how many there are, not the count alone; and the answer restates a
 * condition two joins away from what it lists ("categories that a shop (that Ada Brook did not
 * visit) …"), instead of leaving it out. Invented graph: a market.
 */

const MARKET: UpsertBatch = {
  nodes: [
    node('s:1', 'Shop', { name: 'Crumb & Co' }),
    node('s:2', 'Shop', { name: 'Bolt Hardware' }),
    node('s:3', 'Shop', { name: 'Leaf Tea' }),
    node('c:1', 'Category', { name: 'Bakery' }),
    node('c:2', 'Category', { name: 'Tools' }),
    node('c:3', 'Category', { name: 'Drinks' }),
    node('u:1', 'Customer', { name: 'Ada Brook' }),
    node('u:2', 'Customer', { name: 'Ben Holm' }),
  ],
  relationships: [
    rel('s:1', 'IN_CATEGORY', 'c:1'),
    rel('s:2', 'IN_CATEGORY', 'c:2'),
    rel('s:3', 'IN_CATEGORY', 'c:3'),
    rel('u:1', 'VISITED', 's:1'),
    rel('u:1', 'VISITED', 's:3'),
    rel('u:2', 'VISITED', 's:2'),
  ],
};

describe('compound nouns and conditions two joins away (market)', () => {
  const planner = plannerOnScratch('compoundnouns', MARKET);

  it('lists the head of "the shop categories", not the shops', async () => {
    expect(firstValues(await planner().ask('List the shop categories.'))).toEqual(['Bakery', 'Drinks', 'Tools']);
    // Written with the label's capital, which the tagger takes for a name.
    expect(firstValues(await planner().ask('Which Shop categories are there?'))).toEqual(['Bakery', 'Drinks', 'Tools']);
    expect((await planner().ask('How many shop categories are there?')).rows).toEqual([{ count: 3 }]);
  });

  it('restates a condition two joins away from what it lists', async () => {
    const answer = await planner().ask('List the categories of shops that Ada Brook did not visit.');
    expect(firstValues(answer), answer.cypher).toEqual(['Tools']);
    expect(answer.text).toBe('1 category that a shop (that Ada Brook did not visit) is in category: Tools.');
  });

  it('lists "the names and categories of shops" as each shop with its category', async () => {
    const answer = await planner().ask('What are the names and categories of shops visited by Ada Brook?');
    expect(answer.rows.map((r) => [r.name, r.category]), answer.cypher ?? JSON.stringify(answer.reading)).toEqual([
      ['Crumb & Co', 'Bakery'],
      ['Leaf Tea', 'Drinks'],
    ]);
    expect(answer.text).toMatch(/^2 shops /);
  });

  it('answers "how many … and what are they?" with the things and how many there are', async () => {
    const answer = await planner().ask('How many shops did Ada Brook visit and what are they?');
    expect(answer.rows.map((r) => r.name), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Crumb & Co', 'Leaf Tea']);
    expect(answer.text).toMatch(/^Ada Brook visited 2 shops: Crumb & Co and Leaf Tea\.$/);
    const kinds = await planner().ask('How many shops did Ada Brook visit and what categories are they in?');
    expect(kinds.rows.map((r) => [r.name, r.category]), kinds.cypher ?? JSON.stringify(kinds.reading)).toEqual([
      ['Crumb & Co', 'Bakery'],
      ['Leaf Tea', 'Drinks'],
    ]);
  });
});

/** Reviews of shops, written by customers: the label `Review` is also the noun of the verb "reviewed". */
const REVIEWS: UpsertBatch = {
  nodes: [
    node('s:1', 'Shop', { name: 'Crumb & Co' }),
    node('s:2', 'Shop', { name: 'Leaf Tea' }),
    node('r:1', 'Review', { reviewId: 'r1', text: 'lovely bread' }),
    node('r:2', 'Review', { reviewId: 'r2', text: 'fine tea' }),
    node('u:1', 'Customer', { name: 'Ada Brook', customerId: 'c1' }),
  ],
  relationships: [rel('r:1', 'REVIEWS', 's:1'), rel('r:2', 'REVIEWS', 's:2'), rel('u:1', 'WROTE', 'r:1')],
};

describe('a noun before a verb is no compound (reviews)', () => {
  const planner = plannerOnScratch('compoundverb', REVIEWS);

  it('reads "the shop reviewed by …" as the shop, though "reviewed" names a label too', async () => {
    const answer = await planner().ask("What is the name of the shop reviewed by the customer with customerId 'c1'?");
    expect(firstValues(answer), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Crumb & Co']);
  });
});
