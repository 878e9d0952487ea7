import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Which thing a value is said of, on an invented harbour: "sheds in row 3" where sheds have a
 * `row` and rows are things too; "berths higher than 10" where a berth is known by its number;
 * "from 1980 to 2005" as a range; "in 2015" after an amount is when, not the amount; "people who
 * captained a ship and have a name starting with J" is said of the people, not the ship.
 */
const HARBOUR: UpsertBatch = {
  nodes: [
    node('s1', 'Ship', { name: 'Aurora', tonnage: 5000, launched: 1990 }),
    node('s2', 'Ship', { name: 'Boreas', tonnage: 12000, launched: 2001 }),
    node('s3', 'Ship', { name: 'Calypso', tonnage: 800, launched: 1975, startTime: 1600000000000 }),
    node('b1', 'Berth', { berth: 4 }),
    node('b2', 'Berth', { berth: 12 }),
    node('b3', 'Berth', { berth: 30 }),
    node('h1', 'Shed', { name: 'North shed', row: 2 }),
    node('h2', 'Shed', { name: 'South shed', row: 3 }),
    node('r2', 'Row', { row: 2 }),
    node('r3', 'Row', { row: 3 }),
    node('c1', 'Crane', { name: 'K1' }),
    node('c2', 'Crane', { name: 'K2' }),
    node('p1', 'Person', { name: 'Jane Ash', born: 1960 }),
    node('p2', 'Person', { name: 'Tom Birch', born: 1980 }),
    node('p3', 'Person', { name: 'Jack Cole' }),
    node('f1', 'Fee', { ref: 'F1', amount: 120, charged: '2015-03-01' }),
    node('f2', 'Fee', { ref: 'F2', amount: 80, charged: '2016-05-01' }),
    node('f3', 'Fee', { ref: 'F3', amount: 300, charged: '2015-11-11' }),
    node('l1', 'Lease', { ref: 'L1', rent: 900, starts: '2015-01-01', ends: '2016-01-01' }),
  ],
  relationships: [
    rel('s1', 'DOCKS_AT', 'b1'),
    rel('s2', 'DOCKS_AT', 'b2'),
    rel('s3', 'DOCKS_AT', 'b3'),
    rel('h1', 'HOLDS', 'c1'),
    rel('h2', 'HOLDS', 'c2'),
    rel('c1', 'SERVES', 'r3'),
    rel('c2', 'SERVES', 'r2'),
    rel('r2', 'LIGHTS', 'c1'),
    rel('r3', 'LIGHTS', 'c2'),
    rel('p1', 'CAPTAINED', 's1'),
    rel('p1', 'OWNS', 's1'),
    rel('p2', 'CAPTAINED', 's2'),
    rel('p2', 'OWNS', 's3'),
    rel('p3', 'OWNS', 's2'),
    rel('s1', 'PAID', 'f1'),
    rel('s2', 'PAID', 'f2'),
    rel('s3', 'PAID', 'f3'),
  ],
};

describe('what a value is said of', () => {
  const planner = plannerOnScratch('harbour attachments', HARBOUR);

  it('reads a kind and a number after "in" as the number of the thing before, where it has one called so', async () => {
    const cranes = await planner().ask('List the cranes held by sheds in row 3.');
    expect(cranes.cypher).toContain('n1.row = 3');
    expect(cranes.cypher).not.toContain(':Row');
    expect(firstValues(cranes)).toEqual(['K2']);
    // Said of the cranes, which have no row: rows are things they are joined to.
    const served = await planner().ask('Which cranes serve row 3?');
    expect(firstValues(served)).toEqual(['K1']);
  });

  it('compares the number a kind is known by when the comparison follows it, even a number like a year', async () => {
    const ships = await planner().ask('Which ships dock at berths higher than 10?');
    expect(ships.cypher).toContain('.berth > 10');
    expect(firstValues(ships)).toEqual(['Boreas', 'Calypso']);
    const none = await planner().ask('Which ships dock at berths higher than 1024?');
    expect(none.cypher).toContain('.berth > 1024');
    expect(none.rows).toEqual([]);
  });

  it('reads "from A to B" as a range', async () => {
    const ships = await planner().ask('Which ships were launched from 1980 to 2005?');
    expect(ships.cypher).toContain('n0.launched >= 1980 AND n0.launched <= 2005');
    expect(firstValues(ships)).toEqual(['Aurora', 'Boreas']);
    expect(ships.text).toContain('launched from 1980 to 2005');
  });

  it('reads a year "in" after an amount as when, on the thing’s one date', async () => {
    const fees = await planner().ask('What are the top 2 fees by amount in 2015?');
    expect(fees.cypher).not.toContain('amount = 2015');
    expect(fees.rows.map((r) => r.name)).toEqual(['F3', 'F1']);
    const over = await planner().ask('List fees with an amount over 100 in 2015.');
    expect(firstValues(over)).toEqual(['F1', 'F3']);
    // Two dates, neither said: declined, never the amount equal to the year.
    const leases = await planner().ask('What are the top 2 leases by rent in 2015?');
    expect(leases.reading.ok).toBe(false);
  });

  it('says "and have a name …" of the thing the clause is about, not the nearest one', async () => {
    const captains = await planner().ask("Find the people who captained a ship and have a name starting with 'J'.");
    expect(firstValues(captains)).toEqual(['Jane Ash']);
    const owners = await planner().ask("Which people own a ship and have a name starting with 'J'?");
    expect(firstValues(owners)).toEqual(['Jack Cole', 'Jane Ash']);
    const ships = await planner().ask('Which ships are owned by people and have a tonnage above 1000?');
    expect(ships.cypher).toContain('.tonnage > 1000');
    expect(firstValues(ships)).toEqual(['Aurora', 'Boreas']);
  });
});

describe('a kind and a number after "in", where the kinds are joined', () => {
  const planner = plannerOnScratch('piers and bollards', {
    nodes: [
      node('p1', 'Pier', { name: 'North-1', pier: 1 }),
      node('p2', 'Pier', { name: 'South-1', pier: 1 }),
      node('p3', 'Pier', { name: 'North-2', pier: 2 }),
      node('b1', 'Bollard', { code: 'B11', pier: 1 }),
      node('b2', 'Bollard', { code: 'B21', pier: 1 }),
      node('b3', 'Bollard', { code: 'B12', pier: 2 }),
    ],
    relationships: [rel('p1', 'HOLDS', 'b1'), rel('p2', 'HOLDS', 'b2'), rel('p3', 'HOLDS', 'b3')],
  });

  it('is the thing so numbered, asked about when several are', async () => {
    const two = await planner().ask('List all bollards on pier 2.');
    expect(two.cypher).toContain(':HOLDS');
    expect(firstValues(two)).toEqual(['B12']);
    const one = await planner().ask('List all bollards on pier 1.');
    expect(one.reading.ok).toBe(false);
    expect(one.reading.ok ? [] : one.reading.choices?.map((c) => c.label)).toEqual(['North-1', 'South-1']);
  });
});

