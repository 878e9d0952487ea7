import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * Things ranked by one figure of their many relationships, on an invented graph of traders and
 * their trades: "the highest volume in their TRADED_WITH relationships" (one volume said of many
 * relationships) may be the sum of them or the single largest, and the two rank differently, so
 * the person asking chooses; a value of one relationship ("in a TRADED_WITH relationship") or
 * values in the plural ("the highest volumes") is each relationship's own, the largest kept.
 */
const TRADES: UpsertBatch = {
  nodes: [node('a', 'Trader', { name: 'Ada' }), node('b', 'Trader', { name: 'Bo' }), node('c', 'Trader', { name: 'Cy' }), node('d', 'Trader', { name: 'Di' })],
  relationships: [
    // Ada: one large trade (90); Bo: many small ones (40 + 40 + 40 = 120); Cy: 50 + 10.
    rel('a', 'TRADED_WITH', 'b', { volume: 90 }),
    rel('b', 'TRADED_WITH', 'a', { volume: 40 }),
    rel('b', 'TRADED_WITH', 'c', { volume: 40 }),
    rel('b', 'TRADED_WITH', 'd', { volume: 40 }),
    rel('c', 'TRADED_WITH', 'a', { volume: 50 }),
    rel('c', 'TRADED_WITH', 'd', { volume: 10 }),
  ],
};

describe('things ranked by a figure of their many relationships', () => {
  const planner = plannerOnScratch('relationship value totals', TRADES);
  const question = 'Who are the top 2 traders with the highest volume in TRADED_WITH relationships?';

  it('asks whether one volume said of their relationships is the total or the largest', async () => {
    const answer = await planner().ask(question);
    expect(answer.reading.ok).toBe(false);
    const open = answer.reading.ok ? undefined : answer.reading;
    expect(open?.reason).toMatch(/total .*or .*(largest|highest)/i);
    expect(open?.choices?.length).toBe(2);
  });

  it('ranks by the total or the single largest, as chosen', async () => {
    const open = (await planner().ask(question)).reading;
    const choices = open.ok ? [] : (open.choices ?? []);
    const total = choices.find((c) => /total/i.test(c.label))!;
    const single = choices.find((c) => c !== total)!;
    const byTotal = await planner().ask(question, undefined, [total.id]);
    expect(byTotal.rows.map((r) => Object.values(r)[0])).toEqual(['Bo', 'Ada']);
    expect(byTotal.text).toMatch(/total/i);
    const bySingle = await planner().ask(question, undefined, [single.id]);
    expect(bySingle.rows.map((r) => Object.values(r)[0])).toEqual(['Ada', 'Cy']);
  });

  it('keeps each relationship’s own value where one relationship or several values are said', async () => {
    expect(firstValues(await planner().ask('Who has the highest volume in a TRADED_WITH relationship?'))).toEqual(['Ada']);
    const plural = await planner().ask('Who are the top 2 traders with the highest volumes in TRADED_WITH relationships?');
    expect(plural.rows.map((r) => Object.values(r)[0])).toEqual(['Ada', 'Cy']);
    // Said how, no question.
    const total = await planner().ask('Who are the top 2 traders with the highest total volume in TRADED_WITH relationships?');
    expect(total.rows.map((r) => Object.values(r)[0])).toEqual(['Bo', 'Ada']);
  });
});
