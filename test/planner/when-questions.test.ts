import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, plannerOnScratch } from '../support/planner.js';

/**
 * "When was X published?", "What year was X published?", "In which year …": the date its verb
 * names, the year asked for placed with the question word; a date named by a participle is said
 * as a verb ("Tidal Locking was published in 2011", "… opened on 2021-03-04"). Each on two small
 * invented graphs, one with years and one with ISO dates.
 */

/** A lab: papers published in a year, researchers born in one. */
const LAB: UpsertBatch = {
  nodes: [node('p:1', 'Paper', { title: 'Tidal Locking', published: 2011, pages: 14 }), node('r:1', 'Researcher', { name: 'Ada Moreau', born: 1961 })],
  relationships: [],
};

/** A shop: stores opened on a day (ISO dates). */
const SHOP: UpsertBatch = {
  nodes: [node('s:1', 'Store', { name: 'Harbour Store', opened: '2021-03-04', floors: 2 }), node('s:2', 'Store', { name: 'Hill Store', opened: '2019-11-20', floors: 1 })],
  relationships: [],
};

describe('when something happened (a lab, years)', () => {
  const planner = plannerOnScratch('when lab', LAB);

  it('"what year", "in which year" and "when" ask the date its verb names, said as a verb', async () => {
    for (const question of ['What year was Tidal Locking published?', 'In which year was Tidal Locking published?', 'When was Tidal Locking published?']) {
      const answer = await planner().ask(question);
      expect(answer.rows, question).toEqual([{ published: 2011 }]);
      expect(answer.text, question).toBe('Tidal Locking was published in 2011.');
    }
    expect((await planner().ask('What year was Ada Moreau born?')).text).toBe('Ada Moreau was born in 1961.');
  });

  it('a value named by a noun is said as a noun', async () => {
    const pages = await planner().ask('What is the pages of Tidal Locking?');
    expect(pages.rows).toEqual([{ pages: 14 }]);
    expect(pages.text).toMatch(/^The pages of Tidal Locking/);
  });
});

describe('when something happened (a shop, ISO dates)', () => {
  const planner = plannerOnScratch('when shop', SHOP);

  it('"what year", "in which year" and "when" ask the date its verb names, said as a verb', async () => {
    for (const question of ['When was Hill Store opened?', 'What year was Hill Store opened?']) {
      const answer = await planner().ask(question);
      expect(answer.rows, question).toEqual([{ opened: '2019-11-20' }]);
      expect(answer.text, question).toBe('Hill Store was opened on 2019-11-20.');
    }
  });
});
