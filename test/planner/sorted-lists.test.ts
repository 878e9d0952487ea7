import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * An order asked for a whole list ("from the heaviest to the lightest", "sorted by weight", "in
 * descending order of fee", "youngest first") lists every thing in that order, not the top few of
 * a ranking, and says the order; those without the value come last. A verb that only looks like
 * sorting ("ordered by Ann") stays a verb. Invented graph: a kennel's dogs (12, more than a
 * ranking shows by default), their keepers and the collars owners ordered.
 */

const DOGS: [string, number, string, number | undefined][] = [
  ['Ace', 31, '2019-04-02', 120],
  ['Biscuit', 8, '2021-09-15', 90],
  ['Clover', 22, '2018-01-20', 150],
  ['Dottie', 5, '2022-06-01', undefined],
  ['Ember', 27, '2017-11-11', 60],
  ['Fudge', 12, '2020-02-29', 110],
  ['Gus', 40, '2016-07-07', 200],
  ['Hazel', 18, '2019-12-24', 75],
  ['Iggy', 3, '2023-03-03', 140],
  ['Juno', 25, '2018-08-08', 95],
  ['Koda', 35, '2015-05-05', 180],
  ['Luna', 15, '2021-01-01', 130],
];

const KENNEL: UpsertBatch = {
  nodes: [
    ...DOGS.map(([name, weight, born, fee], i) => node(`d:${i}`, 'Dog', { name, weight, bornOn: born, ...(fee === undefined ? {} : { adoptionFee: fee }) })),
    node('k:1', 'Keeper', { name: 'Mara', birthYear: 1980 }),
    node('k:2', 'Keeper', { name: 'Nils', birthYear: 1992 }),
    node('k:3', 'Keeper', { name: 'Oona', birthYear: 1975 }),
    node('o:1', 'Owner', { name: 'Ann' }),
    node('c:1', 'Collar', { name: 'Red Leather' }),
    node('c:2', 'Collar', { name: 'Blue Nylon' }),
  ],
  relationships: [
    ...[0, 1, 2, 3, 4].map((i) => rel('k:1', 'KEEPS', `d:${i}`)),
    ...[5, 6].map((i) => rel('k:2', 'KEEPS', `d:${i}`)),
    rel('o:1', 'ORDERED', 'c:1'),
  ],
};

const byWeight = [...DOGS].sort((a, b) => a[1] - b[1]).map(([name]) => name);

describe('a whole list in the order asked (kennel)', () => {
  const planner = plannerOnScratch('sortedlists', KENNEL);
  const names = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.name));

  it('lists every dog "from the heaviest to the lightest", not the top ten', async () => {
    const answer = await planner().ask('List the dogs from the heaviest to the lightest.');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual([...byWeight].reverse());
    expect(answer.text).toMatch(/^12 dogs, by weight, highest first: Gus \(weight 40\), Koda \(weight 35\)/);
  });

  it('lists every dog "sorted by weight", lightest first', async () => {
    const answer = await planner().ask('Show the dogs sorted by weight.');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(byWeight);
    expect(answer.text).toMatch(/^12 dogs, by weight, lowest first: Iggy \(weight 3\)/);
  });

  it('reads "in descending order of" and puts the dog without a fee last', async () => {
    const answer = await planner().ask('List the dogs in descending order of adoption fee.');
    const byFee = DOGS.filter((d) => d[3] !== undefined).sort((a, b) => b[3]! - a[3]!).map(([name]) => name);
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual([...byFee, 'Dottie']);
  });

  it('takes the direction from "youngest first" on a date', async () => {
    const answer = await planner().ask('List the dogs ordered by born on date, youngest first.');
    expect(names(answer.rows).slice(0, 3), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Iggy', 'Dottie', 'Biscuit']);
    expect(answer.rows).toHaveLength(12);
  });

  it('reads a request opening on its verb before a bare plural ("List dogs …") and the order "heaviest first"', async () => {
    const answer = await planner().ask('List dogs ordered by weight, heaviest first.');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual([...byWeight].reverse());
  });

  it('reads "youngest first" on a year as the latest year first', async () => {
    const answer = await planner().ask('List the keepers by birth year, youngest first.');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Nils', 'Mara', 'Oona']);
    expect(answer.text).toMatch(/^3 keepers, by birth year, latest first: Nils \(birth year 1992\)/);
  });

  it('lists every keeper "from most to fewest dogs", and how many have none', async () => {
    const answer = await planner().ask('List the keepers from the most to the fewest dogs.');
    expect(answer.rows.map((r) => [r.name, Number(r.count)]), answer.cypher ?? JSON.stringify(answer.reading)).toEqual([
      ['Mara', 5],
      ['Nils', 2],
    ]);
    expect(answer.text).toBe('The number of dogs of each keeper, most first: Mara (5) and Nils (2). The other 1 keeper has none.');
  });

  it('still cuts when a number is said with the order', async () => {
    const answer = await planner().ask('Show the first 3 dogs sorted by weight.');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(byWeight.slice(0, 3));
  });

  it('keeps "ordered by Ann" a verb of ordering things, not a sort', async () => {
    const answer = await planner().ask('Which collars were ordered by Ann?');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Red Leather']);
  });
});
