import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A number that grades may be called by what it is: "stars" as "the star rating", "quality" as
 * "the quality score". A ranking by such a value of a thing joined to the ranked ones says what
 * else that thing is joined to ("the review with the lowest stars (that Vera wrote)"), not only
 * the value; other values the question asks for follow the ranking ("the text of the review with
 * the lowest stars"). "Which critic's reviews …" asks for the critic. Invented graph: critics'
 * reviews of hotels.
 */

const HOTELS: UpsertBatch = {
  nodes: [
    node('h:1', 'Hotel', { name: 'Cliff House', quality: 7 }),
    node('h:2', 'Hotel', { name: 'Dune Inn', quality: 9 }),
    node('h:3', 'Hotel', { name: 'Elm Lodge', quality: 4 }),
    node('c:1', 'Critic', { name: 'Vera' }),
    node('c:2', 'Critic', { name: 'Wes' }),
    node('r:1', 'Review', { name: 'R1', stars: 5, text: 'Glorious view' }),
    node('r:2', 'Review', { name: 'R2', stars: 2, text: 'Noisy pipes' }),
    node('r:3', 'Review', { name: 'R3', stars: 4, text: 'Kind staff' }),
    node('r:4', 'Review', { name: 'R4', stars: 1, text: 'Cold rooms' }),
  ],
  relationships: [
    rel('c:1', 'WROTE', 'r:1'),
    rel('c:1', 'WROTE', 'r:2'),
    rel('c:2', 'WROTE', 'r:3'),
    rel('c:2', 'WROTE', 'r:4'),
    rel('r:1', 'REVIEWS', 'h:1'),
    rel('r:2', 'REVIEWS', 'h:2'),
    rel('r:3', 'REVIEWS', 'h:2'),
    rel('r:4', 'REVIEWS', 'h:3'),
  ],
};

describe('grading numbers called by what they are (hotels)', () => {
  const planner = plannerOnScratch('ratingwords', HOTELS);
  const names = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.name)).sort();

  it('reads "a star rating of 5" and "the highest quality score" as the grading numbers', async () => {
    const rated = await planner().ask('Which reviews have a star rating of 5?');
    expect(names(rated.rows), rated.cypher ?? JSON.stringify(rated.reading)).toEqual(['R1']);
    const best = await planner().ask('Which hotel has the highest quality score?');
    expect(names(best.rows), best.cypher ?? JSON.stringify(best.reading)).toEqual(['Dune Inn']);
  });

  it('says the values asked for beside the ranked value', async () => {
    const answer = await planner().ask('What is the text of the review with the lowest star rating?');
    expect(answer.text).toBe('R4 has the lowest stars (1). Its text: Cold rooms.');
    const two = await planner().ask('What are the texts of the 2 reviews with the highest star ratings?');
    expect(two.text).toBe('The 2 reviews with the highest stars: R1 (5) and R3 (4). Their text: R1 (Glorious view) and R3 (Kind staff).');
  });

  it('asks for the possessor in "Which critic\'s reviews …"', async () => {
    const answer = await planner().ask("Which critic's reviews have the highest average star rating?");
    expect(answer.rows.map((r) => [r.name, Number(r.value)]), answer.cypher ?? JSON.stringify(answer.reading)).toEqual([['Vera', 3.5]]);
  });

  it('says what else the ranked thing is joined to', async () => {
    const answer = await planner().ask('Which hotel reviewed by Vera has the lowest star rating?');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Dune Inn']);
    expect(answer.text).toBe('The review with the lowest stars that Vera wrote (stars 2) reviews Dune Inn.');
  });
});

/** Servers whose numbers are named by what they count or measure ("cores", "disk"). */
const SERVERS: UpsertBatch = {
  nodes: [
    node('s:1', 'Server', { name: 'atlas', cores: 4, disk: 250 }),
    node('s:2', 'Server', { name: 'boreas', cores: 16, disk: 1000 }),
    node('s:3', 'Server', { name: 'castor', cores: 8, disk: 500 }),
    node('k:1', 'Rack', { name: 'R1', rack: 1, size: 42 }),
    node('k:2', 'Rack', { name: 'R2', rack: 2, size: 24 }),
    node('k:3', 'Rack', { name: 'R3', rack: 3, size: 48 }),
  ],
  relationships: [],
};

describe('numbers said with what they measure (servers)', () => {
  const planner = plannerOnScratch('measurewords', SERVERS);
  const names = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.name)).sort();

  it('reads "a core count of at least 8" and "a disk size under 600" as the numbers', async () => {
    const many = await planner().ask('Which servers have a core count of at least 8?');
    expect(names(many.rows), many.cypher ?? JSON.stringify(many.reading)).toEqual(['boreas', 'castor']);
    const small = await planner().ask('Which servers have a disk size under 600?');
    expect(names(small.rows), small.cypher ?? JSON.stringify(small.reading)).toEqual(['atlas', 'castor']);
  });

  it('"racks by size" and "racks with size 48" are of the racks\' size, not of a "rack size"', async () => {
    const answer = await planner().ask('List the top 2 racks by size.');
    expect(answer.rows.map((r) => r.name), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['R3', 'R1']);
    const sized = await planner().ask('Which are the racks with size 48?');
    expect(sized.rows.map((r) => r.name), sized.cypher ?? JSON.stringify(sized.reading)).toEqual(['R3']);
  });
});

describe('a number of a thing named before it, ranked (hotels)', () => {
  const planner = plannerOnScratch('ratingwordsavg', HOTELS);

  it('ranks by "the highest average review stars", not by how many reviews', async () => {
    const answer = await planner().ask('Which hotel has the highest average review stars?');
    expect(answer.rows.map((r) => [r.name, Number(r.value)]), answer.cypher ?? JSON.stringify(answer.reading)).toEqual([['Cliff House', 5]]);
  });
});
