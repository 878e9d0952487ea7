import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode, graphRel, plannerOnScratch } from '../support/planner.js';

/**
 * Common ways of saying what the schema holds, each read on two small invented graphs:
 * "the highest number of reviewers" ranks by how many; "release year" and "founding year" are
 * the dates `released` and `founded`; "before the year 2000" compares with 2000; "and their
 * titles" asks for what names the things (every answer shows it); "albums with a score above 8"
 * is the score of the relationship that has one, from anyone; "the albums reviewed with a
 * score above 8" says what was done to the albums, by anyone, not by who the question asks about.
 */

const node = graphNode;
const rel = graphRel;

const RECORDS: UpsertBatch = {
  nodes: [
    node('p:1', 'Person', { name: 'Ines Varga' }),
    node('p:2', 'Person', { name: 'Tor Lunde' }),
    node('p:3', 'Person', { name: 'Mira Holt' }),
    node('a:1', 'Album', { title: 'Salt Hymns', released: 1994 }),
    node('a:2', 'Album', { title: 'Night Ferry', released: 2003 }),
    node('a:3', 'Album', { title: 'Low Tide', released: 2011 }),
  ],
  relationships: [
    rel('p:1', 'PRODUCED', 'a:1'),
    rel('p:1', 'PRODUCED', 'a:2'),
    rel('p:2', 'PRODUCED', 'a:3'),
    rel('p:2', 'REVIEWED', 'a:1', { score: 9 }),
    rel('p:3', 'REVIEWED', 'a:1', { score: 6 }),
    rel('p:3', 'REVIEWED', 'a:3', { score: 7 }),
  ],
};

const JOURNALS: UpsertBatch = {
  nodes: [
    node('p:1', 'Person', { name: 'Ada Moreau' }),
    node('p:2', 'Person', { name: 'Bo Lind' }),
    node('p:3', 'Person', { name: 'Cy Okafor' }),
    node('j:1', 'Journal', { title: 'Harbor Review', founded: 1962 }),
    node('j:2', 'Journal', { title: 'Field Notes', founded: 1998 }),
    node('j:3', 'Journal', { title: 'Quay Letters', founded: 2009 }),
  ],
  relationships: [
    rel('p:1', 'WRITES_FOR', 'j:1'),
    rel('p:1', 'WRITES_FOR', 'j:3'),
    rel('p:2', 'WRITES_FOR', 'j:2'),
    rel('p:1', 'EDITS', 'j:2', { salary: 300 }),
    rel('p:2', 'EDITS', 'j:2', { salary: 900 }),
    rel('p:3', 'EDITS', 'j:3', { salary: 700 }),
  ],
};

const cases: [string, UpsertBatch, [string, string[]][]][] = [
  [
    'records',
    RECORDS,
    [
      ['Which album has the highest number of reviewers?', ['Salt Hymns']],
      ['List the albums with a release year before 2000.', ['Salt Hymns']],
      ['Which albums were released before the year 2005?', ['Night Ferry', 'Salt Hymns']],
      ['Which albums did Ines Varga produce and what are their titles?', ['Night Ferry', 'Salt Hymns']],
      ['Find all albums with a score above 8.', ['Salt Hymns']],
      ['Who produced the albums reviewed with a score above 6?', ['Ines Varga', 'Tor Lunde']],
    ],
  ],
  [
    'journals',
    JOURNALS,
    [
      ['Which journal has the highest number of editors?', ['Field Notes']],
      ['List the journals with a founding year after 1990.', ['Field Notes', 'Quay Letters']],
      ['Which journals were founded after the year 2000?', ['Quay Letters']],
      ['Which journals does Ada Moreau write for and what are their titles?', ['Harbor Review', 'Quay Letters']],
      ['Find all journals with a salary above 800.', ['Field Notes']],
      ['Who writes for the journals edited with a salary above 500?', ['Ada Moreau', 'Bo Lind']],
    ],
  ],
];

describe.each(cases)('common phrasings (%s)', (name, batch, questions) => {
  const planner = plannerOnScratch(`phrasings${name}`, batch);

  it.each(questions)('%s', async (question, expected) => {
    const answer = await planner().ask(question);
    expect(answer.cypher, answer.resolution ?? JSON.stringify(answer.reading)).toBeDefined();
    expect(answer.rows.map((r) => String(Object.values(r)[0])).sort(), answer.cypher).toEqual(expected);
  });
});
