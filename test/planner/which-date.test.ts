import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, plannerOnScratch } from '../support/planner.js';

/**
 * A year said of things with several dates ("voyages in 2015" where a voyage departs and arrives):
 * which date it is about is not said, so the person asking chooses among the things' dates (it was
 * declined with no way on); the one chosen is compared. On an invented graph.
 */
const VOYAGES: UpsertBatch = {
  nodes: [
    node('v1', 'Voyage', { code: 'V1', departed: { temporal: 'date', value: '2014-12-20' }, arrived: { temporal: 'date', value: '2015-01-10' } }),
    node('v2', 'Voyage', { code: 'V2', departed: { temporal: 'date', value: '2015-03-01' }, arrived: { temporal: 'date', value: '2015-03-20' } }),
    node('v3', 'Voyage', { code: 'V3', departed: { temporal: 'date', value: '2016-05-01' }, arrived: { temporal: 'date', value: '2016-06-01' } }),
  ],
  relationships: [],
};

describe('a year said of things with several dates', () => {
  const planner = plannerOnScratch('which date', VOYAGES);
  const question = 'List the voyages in 2015.';

  it('offers each of their dates', async () => {
    const answer = await planner().ask(question);
    expect(answer.reading.ok).toBe(false);
    const open = answer.reading.ok ? undefined : answer.reading;
    expect(open?.reason).toMatch(/which date/i);
    expect((open?.choices ?? []).map((c) => c.label).sort()).toEqual(['Their arrived in 2015', 'Their departed in 2015']);
  });

  it('compares the one chosen', async () => {
    const open = (await planner().ask(question)).reading;
    const choices = open.ok ? [] : (open.choices ?? []);
    const departed = choices.find((c) => /departed/.test(c.label))!;
    const arrived = choices.find((c) => /arrived/.test(c.label))!;
    expect(firstValues(await planner().ask(question, undefined, [departed.id]))).toEqual(['V2']);
    expect(firstValues(await planner().ask(question, undefined, [arrived.id]))).toEqual(['V1', 'V2']);
  });
});
