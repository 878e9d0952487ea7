import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Values are conditions, and dates compare as dates whatever their type. A recurring value of a
 * property ("in 'Lyon'", "in Portugal") is that value, not a thing whose name merely holds it
 * ("Lyon Central Library"), quoted or not; a thing named exactly so still wins. A date the graph
 * keeps typed (DATE, DATETIME) is compared by its text as ISO text is ("after 2017"), so the
 * same question finds the same things on either. Each on two small invented graphs.
 */

const day = (value: string) => ({ temporal: 'date' as const, value });
const instant = (value: string) => ({ temporal: 'datetime' as const, value });

/** A library network: branches in towns, members visiting them on typed dates. */
const LIBRARIES: UpsertBatch = {
  nodes: [
    node('b:1', 'Branch', { name: 'Lyon Central Library', town: 'Lyon' }),
    node('b:2', 'Branch', { name: 'Old Port Branch', town: 'Lyon' }),
    node('b:3', 'Branch', { name: 'Hill Branch', town: 'Nantes' }),
    node('b:4', 'Branch', { name: 'Quay Branch', town: 'Nantes' }),
    node('m:1', 'Member', { name: 'Ines Varga', joined: day('2016-04-02') }),
    node('m:2', 'Member', { name: 'Omar Haddad', joined: day('2019-11-20') }),
    node('m:3', 'Member', { name: 'Lena Brandt', joined: day('2021-01-05') }),
    node('x:1', 'Exhibition', { name: 'Maps of the Rhone', end: day('2019-06-30') }),
    node('x:2', 'Exhibition', { name: 'Printed Lyon', end: day('2022-02-01') }),
  ],
  relationships: [rel('m:1', 'VISITED', 'b:1'), rel('m:2', 'VISITED', 'b:2'), rel('m:3', 'VISITED', 'b:3')],
};

/** Shipping: parcels sent to countries from depots, dispatched at typed instants. */
const SHIPPING: UpsertBatch = {
  nodes: [
    node('d:1', 'Depot', { name: 'Portugal Gateway Depot', country: 'Spain' }),
    node('d:2', 'Depot', { name: 'Porto Depot', country: 'Portugal', site: { point: { srid: 4326, x: -8.61, y: 41.15 } } }),
    node('d:3', 'Depot', { name: 'Braga Depot', country: 'Portugal' }),
    node('d:4', 'Depot', { name: 'Vigo Depot', country: 'Spain' }),
    node('p:1', 'Parcel', { code: 'PX-1', sent: instant('2017-06-01T10:00:00Z'), value: 1800000, startTime: 1496311200000 }),
    node('p:2', 'Parcel', { code: 'PX-2', sent: instant('2018-02-11T08:30:00Z'), value: 2500000, startTime: 1518337800000 }),
    node('p:3', 'Parcel', { code: 'PX-3', sent: instant('2020-09-30T23:00:00Z'), value: 24.5, startTime: 1601506800000 }),
  ],
  relationships: [rel('d:2', 'DISPATCHED', 'p:1'), rel('d:3', 'DISPATCHED', 'p:2'), rel('d:1', 'DISPATCHED', 'p:3')],
};

describe('values and typed dates (a library network)', () => {
  const planner = plannerOnScratch('values dates library', LIBRARIES);

  it('a town said quoted or not is the town, not the branch whose name holds it', async () => {
    for (const question of ["Which branches are in 'Lyon'?", 'Which branches are in Lyon?']) {
      const answer = await planner().ask(question);
      expect(firstValues(answer), question).toEqual(['Lyon Central Library', 'Old Port Branch']);
    }
    expect(firstValues(await planner().ask("Which members visited branches in 'Lyon'?"))).toEqual(['Ines Varga', 'Omar Haddad']);
  });

  it('a thing named exactly so is still that thing', async () => {
    expect(firstValues(await planner().ask("Who visited 'Hill Branch'?"))).toEqual(['Lena Brandt']);
  });

  it('a typed date compares with a year as ISO text does', async () => {
    expect(firstValues(await planner().ask('Which members joined after 2018?'))).toEqual(['Lena Brandt', 'Omar Haddad']);
    expect(firstValues(await planner().ask('Which members joined before 2017?'))).toEqual(['Ines Varga']);
  });

  it('a date said in words or quoted is that day or month; "after" a day starts the next day', async () => {
    for (const question of ['Which members joined after April 1, 2016?', 'Which members joined after 1 April 2016?', 'Which members joined after 2016-04-01?']) {
      expect(firstValues(await planner().ask(question)), question).toEqual(['Ines Varga', 'Lena Brandt', 'Omar Haddad']);
    }
    expect(firstValues(await planner().ask('Which members joined after April 2, 2016?'))).toEqual(['Lena Brandt', 'Omar Haddad']);
    expect(firstValues(await planner().ask("Which members joined in 'November 2019'?"))).toEqual(['Omar Haddad']);
    expect(firstValues(await planner().ask('Which members joined on November 20, 2019?'))).toEqual(['Omar Haddad']);
  });

  it('"ended in the year 2019" is a date, not text ending so', async () => {
    expect(firstValues(await planner().ask('Which exhibitions ended in the year 2019?'))).toEqual(['Maps of the Rhone']);
    expect(firstValues(await planner().ask('Which members joined in 2019?'))).toEqual(['Omar Haddad']);
  });
});

describe('values and typed dates (shipping)', () => {
  const planner = plannerOnScratch('values dates shipping', SHIPPING);

  it('a country said quoted or not is the country, not the depot whose name holds it', async () => {
    expect(firstValues(await planner().ask("Which depots are in 'Portugal'?"))).toEqual(['Braga Depot', 'Porto Depot']);
    expect(firstValues(await planner().ask('How many depots are in Portugal?'))).toEqual([2]);
  });

  it('a typed datetime compares with a year as ISO text does', async () => {
    expect(firstValues(await planner().ask('Which parcels were sent after 2017?'))).toEqual(['PX-2', 'PX-3']);
    expect(firstValues(await planner().ask('Which parcels were sent in 2017?'))).toEqual(['PX-1']);
  });

  it('"after timestamp N" compares the time the verb names with N', async () => {
    expect(firstValues(await planner().ask('Which parcels started after timestamp 1500000000000?'))).toEqual(['PX-2', 'PX-3']);
  });

  it('a point is said by its latitude and longitude', async () => {
    const answer = await planner().ask('What is the site of Porto Depot?');
    expect(answer.text).toContain('latitude 41.15, longitude -8.61');
  });
});

describe('amounts (shipping)', () => {
  const planner = plannerOnScratch('amounts shipping', SHIPPING);

  it('an amount with a currency sign, a scale word or a currency named is the number it says', async () => {
    for (const question of ['Which parcels have a value over $2,000,000?', 'Which parcels have a value above 2 million dollars?', 'Which parcels have a value of more than USD 2,000,000?']) {
      expect(firstValues(await planner().ask(question)), question).toEqual(['PX-2']);
    }
    expect(firstValues(await planner().ask('Which parcels have a value under €25?'))).toEqual(['PX-3']);
  });
});
