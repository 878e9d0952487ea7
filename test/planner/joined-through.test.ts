import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Two things the question joins through a third it does not name, on an invented graph of a
 * yard: the same relationships through different kinds of thing (a yard holds cranes and trucks,
 * each uses sockets) are different ways, offered to choose, not the first one taken.
 */
const YARD: UpsertBatch = {
  nodes: [
    node('y1', 'Yard', { name: 'North' }),
    node('c1', 'Crane', { name: 'Heron' }),
    node('t1', 'Truck', { name: 'Mule' }),
    node('s1', 'Socket', { code: 'S-1' }),
    node('s2', 'Socket', { code: 'S-2' }),
  ],
  relationships: [rel('y1', 'HOLDS', 'c1'), rel('y1', 'HOLDS', 't1'), rel('c1', 'USES', 's1'), rel('t1', 'USES', 's2')],
};

describe('a join through a thing the question leaves unnamed', () => {
  const planner = plannerOnScratch('joined through', YARD);
  const question = "Which sockets are in yard 'North'?";

  it('offers each kind of thing it may go through', async () => {
    const answer = await planner().ask(question);
    expect(answer.reading.ok).toBe(false);
    const labels = answer.reading.ok ? [] : (answer.reading.choices ?? []).map((c) => c.label);
    expect(labels).toHaveLength(2);
    expect(labels.join(' | ')).toMatch(/through cranes/);
    expect(labels.join(' | ')).toMatch(/through trucks/);
  });

  it('goes through the one chosen', async () => {
    const open = (await planner().ask(question)).reading;
    const choices = open.ok ? [] : (open.choices ?? []);
    const cranes = choices.find((c) => /cranes/.test(c.label))!;
    const trucks = choices.find((c) => /trucks/.test(c.label))!;
    expect(firstValues(await planner().ask(question, undefined, [cranes.id]))).toEqual(['S-1']);
    expect(firstValues(await planner().ask(question, undefined, [trucks.id]))).toEqual(['S-2']);
  });
});

describe('one way read from either end', () => {
  const planner = plannerOnScratch('joined either end', {
    nodes: [
      node('s1', 'Shop', { name: 'Mill', city: 'Oslo' }),
      node('r1', 'Review', { code: 'r1', date: '2016-05-01' }),
      node('r2', 'Review', { code: 'r2', date: '2017-05-01' }),
      node('u1', 'User', { name: 'Ida' }),
      node('u2', 'User', { name: 'Olav' }),
    ],
    relationships: [rel('r1', 'REVIEWS', 's1'), rel('r2', 'REVIEWS', 's1'), rel('u1', 'WROTE', 'r1'), rel('u2', 'WROTE', 'r2')],
  });

  it('is one way, not offered twice as the two ends', async () => {
    const answer = await planner().ask("What are the names of shops in 'Oslo' with reviews dated in '2016' and the names of the reviewers?");
    const choices = answer.reading.ok ? [] : (answer.reading.choices ?? []);
    expect(choices.filter((c) => /reviews/.test(c.label)).length, JSON.stringify(answer.reading)).toBeLessThanOrEqual(1);
  });
});

/**
 * A thing inside a thing inside another: an estate has orchards, an orchard grows trees, a tree
 * bears fruit. "Fruit on estate 'Vale'" names neither the orchards nor the trees; the one way of
 * three steps joins them (no way of one or two does), and its answer says the way.
 */
describe('a join three steps long', () => {
  const planner = plannerOnScratch('joined three steps', {
    nodes: [
      node('e1', 'Estate', { name: 'Vale' }),
      node('e2', 'Estate', { name: 'Brook' }),
      node('o1', 'Orchard', { name: 'East Field' }),
      node('o2', 'Orchard', { name: 'West Field' }),
      node('t1', 'Tree', { name: 'T-1' }),
      node('t2', 'Tree', { name: 'T-2' }),
      node('f1', 'Fruit', { name: 'Russet' }),
      node('f2', 'Fruit', { name: 'Damson' }),
      node('w1', 'Worker', { name: 'Ines' }),
    ],
    relationships: [
      rel('e1', 'HAS', 'o1'),
      rel('e2', 'HAS', 'o2'),
      rel('o1', 'GROWS', 't1'),
      rel('o2', 'GROWS', 't2'),
      rel('t1', 'BEARS', 'f1'),
      rel('t2', 'BEARS', 'f2'),
      rel('w1', 'PICKS', 'f1'),
    ],
  });

  it('goes through the things between', async () => {
    const answer = await planner().ask("Which fruits are on estate 'Vale'?");
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(firstValues(answer)).toEqual(['Russet']);
  });

  it('counts through them', async () => {
    const answer = await planner().ask("How many fruits are there in estate 'Brook'?");
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows).toEqual([{ count: 1 }]);
  });
});
