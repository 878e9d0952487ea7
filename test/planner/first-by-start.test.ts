import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * "The first 3 …" and "the last 2 …" of things with several dates (when they start and when they
 * end) are taken in the order of the date they start at, not by name, and the answer says by
 * which date and shows it; a date the question names still wins ("by end date"). Invented graph:
 * a shipyard's voyages, each with the day it departed and the day it docked.
 */

const SHIPYARD: UpsertBatch = {
  nodes: [
    node('v:1', 'Voyage', { name: 'Amber Run', departedOn: '2021-05-02', dockedOn: '2021-06-30', cargoTons: 300 }),
    node('v:2', 'Voyage', { name: 'Blue Passage', departedOn: '2019-03-11', dockedOn: '2019-03-20', cargoTons: 120 }),
    node('v:3', 'Voyage', { name: 'Cold Crossing', departedOn: '2023-01-15', dockedOn: '2023-02-01', cargoTons: 80 }),
    node('v:4', 'Voyage', { name: 'Dusk Route', departedOn: '2020-08-09', dockedOn: '2024-01-01', cargoTons: 450 }),
    node('v:5', 'Voyage', { name: 'Early Tide', departedOn: '2022-11-30', dockedOn: '2022-12-05', cargoTons: 210 }),
    node('s:1', 'Ship', { name: 'Morning Star' }),
  ],
  relationships: [rel('s:1', 'SAILED', 'v:1'), rel('s:1', 'SAILED', 'v:2'), rel('s:1', 'SAILED', 'v:4')],
};

describe('the first and the last of things with several dates (shipyard)', () => {
  const planner = plannerOnScratch('firstbystart', SHIPYARD);
  const names = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.name));

  it('takes "the first 3" by the date they start at, and says so', async () => {
    const answer = await planner().ask('What are the first 3 voyages?');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Blue Passage', 'Dusk Route', 'Amber Run']);
    expect(answer.text).toMatch(/^The first 3 voyages by departed on: Blue Passage \(departed on 2019-03-11\), Dusk Route/);
  });

  it('takes "the last 2" by the same date, latest first, with a condition', async () => {
    const answer = await planner().ask('Show the last 2 voyages with more than 100 cargo tons.');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Early Tide', 'Amber Run']);
  });

  it('follows the date the question names', async () => {
    const answer = await planner().ask('Show the last 2 voyages by docked on date.');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Dusk Route', 'Cold Crossing']);
  });
});

describe('"first" and "last" said of one thing (shipyard)', () => {
  const planner = plannerOnScratch('firstoflast', SHIPYARD);
  const names = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.name));

  it('reads "departed first" as the earliest by that date, not a list of all by name', async () => {
    const answer = await planner().ask('Which voyage departed first?');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Blue Passage']);
    expect(answer.text).toMatch(/^Blue Passage \w+ \w+ earliest \(2019-03-11\)\.$/);
  });

  it('reads "docked last" by the date it names', async () => {
    const answer = await planner().ask('Which voyage docked last?');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Dusk Route']);
  });

  it('takes "the first voyage" by its start date and lists what is joined to it', async () => {
    const answer = await planner().ask('Which ship sailed the first voyage?');
    expect(answer.rows.map((r) => [r.name, r.voyage]), answer.cypher ?? JSON.stringify(answer.reading)).toEqual([['Morning Star', 'Blue Passage']]);
    expect(answer.text).toMatch(/the first voyage \(by departed on\)/);
  });
});

describe('the extreme value itself, taken over any of the things (shipyard)', () => {
  const planner = plannerOnScratch('extremevalue', SHIPYARD);

  it('answers "the highest cargo tons of any voyage" with the value, not the voyages', async () => {
    const answer = await planner().ask('Show the highest cargo tons of any voyage sailed by Morning Star.');
    expect(answer.rows, answer.cypher ?? JSON.stringify(answer.reading)).toEqual([{ value: 450 }]);
  });

  it('still lists the things when they are what is asked for', async () => {
    const answer = await planner().ask('Show the voyages with the highest cargo tons.');
    expect(answer.rows[0]?.name, answer.cypher ?? JSON.stringify(answer.reading)).toBe('Dusk Route');
  });
});
