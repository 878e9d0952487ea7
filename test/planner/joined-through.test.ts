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
