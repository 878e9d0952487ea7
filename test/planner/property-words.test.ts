import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode, plannerOnScratch } from '../support/planner.js';

/**
 * A verb names a property by its own word or a noun made from it ("employ" → employees), never by
 * a word that merely starts the same ("started" is not "stars"); a time verb with no property of its
 * own takes the one date there is. Each on two small invented graphs.
 */
const node = graphNode;

const REPOS: UpsertBatch = {
  nodes: [
    node('p:1', 'Repository', { name: 'quartz', stars: 2400, released: '2014-03-01' }),
    node('p:2', 'Repository', { name: 'meadow', stars: 90, released: '2019-06-15' }),
    node('p:3', 'Repository', { name: 'tallow', stars: 2500, released: '2021-01-20' }),
  ],
  relationships: [],
};

const FIRMS: UpsertBatch = {
  nodes: [
    node('f:1', 'Firm', { name: 'Brandt Kessel', employees: 120, founded: '1996-01-01' }),
    node('f:2', 'Firm', { name: 'Lund Optics', employees: 35, founded: '2008-01-01' }),
  ],
  relationships: [],
};

const cases: [string, UpsertBatch, [string, string, string[]][]][] = [
  [
    'repositories',
    REPOS,
    [
      ['Which repositories started after 2015?', 'released', ['meadow', 'tallow']],
      ['Which repositories have more than 2000 stars?', 'stars', ['quartz', 'tallow']],
    ],
  ],
  [
    'firms',
    FIRMS,
    [
      ['Which firms employ more than 50?', 'employees', ['Brandt Kessel']],
      ['Which firms started before 2000?', 'founded', ['Brandt Kessel']],
    ],
  ],
];

describe.each(cases)('property words (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`propwords${name}`, batch);

  it.each(questions)('%s (%s)', async (question, key, expected) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, answer.resolution ?? JSON.stringify(answer.reading)).toContain(`.${key} `);
    expect(firstValues(answer), answer.cypher).toEqual(expected);
  });
});
