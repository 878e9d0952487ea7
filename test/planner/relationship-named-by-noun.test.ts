import { describe, expect, it } from 'vitest';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "the editions of 'Tidewater'" where a book and an edition are joined two ways, one of them a
 * relationship named as the things it reaches (`EDITION` to an `Edition`): the noun names that
 * relationship, so it is the way, without asking; a verb said for the other way still reads it.
 * On an invented graph of books.
 */
describe('a relationship named by the noun of the things it reaches', () => {
  const planner = plannerOnScratch('relationship named by noun', {
    nodes: [
      node('b1', 'Book', { title: 'Tidewater' }),
      node('b2', 'Book', { title: 'Salt Roads' }),
      node('e1', 'Edition', { name: 'Tidewater 1st', year: 1990 }),
      node('e2', 'Edition', { name: 'Tidewater 2nd', year: 2001 }),
      node('e3', 'Edition', { name: 'Salt Roads 1st', year: 1995 }),
    ],
    relationships: [rel('b1', 'EDITION', 'e1'), rel('b1', 'EDITION', 'e2'), rel('b2', 'EDITION', 'e3'), rel('b1', 'MENTIONS', 'e3')],
  });

  it.each([
    ["Which editions of the book 'Tidewater' are there?", ['Tidewater 1st', 'Tidewater 2nd']],
    ["List the editions of 'Salt Roads'.", ['Salt Roads 1st']],
  ])('%s', async (question, names) => {
    const answer = await planner().ask(question);
    expect(answer.reading.ok, JSON.stringify(answer.reading).slice(0, 400)).toBe(true);
    expect(firstValues(answer), answer.cypher).toEqual(names);
  });

  it('counts them so', async () => {
    const answer = await planner().ask("How many editions of 'Tidewater' exist?");
    expect(answer.rows[0], answer.cypher).toMatchObject({ count: 2 });
  });

  it('still reads the other way where its verb is said', async () => {
    const answer = await planner().ask("Which editions does 'Tidewater' mention?");
    expect(firstValues(answer), answer.cypher).toEqual(['Salt Roads 1st']);
  });
});
