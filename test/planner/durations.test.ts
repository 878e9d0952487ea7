import { describe, expect, it } from 'vitest';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * The time between two dates of one thing, which no property holds: loans of a tool library,
 * each from its start date to its end date (one runs across a year's end, one ends before it
 * starts, as records do). Ranked by it and compared with it, on the embedded engine.
 */
const planner = plannerOnScratch('durations', {
  nodes: [
    node('l1', 'Loan', { code: 'L-1', startDate: '2023-01-10', endDate: '2023-01-20' }),
    node('l2', 'Loan', { code: 'L-2', startDate: '2023-03-01', endDate: '2023-05-30' }),
    node('l3', 'Loan', { code: 'L-3', startDate: '2022-12-20', endDate: '2023-01-04' }),
    node('l4', 'Loan', { code: 'L-4', startDate: '2023-06-10', endDate: '2023-06-08' }),
    node('l5', 'Loan', { code: 'L-5', startDate: '2023-07-01' }),
    node('m1', 'Member', { name: 'Ada' }),
    node('m2', 'Member', { name: 'Bo' }),
  ],
  relationships: [rel('m1', 'BORROWED', 'l1'), rel('m1', 'BORROWED', 'l2'), rel('m2', 'BORROWED', 'l3'), rel('m2', 'BORROWED', 'l4')],
});

const codes = (rows: Record<string, unknown>[]) => rows.map((r) => r.name);

describe('the days between two dates of a thing', () => {
  it('ranks by it, longest first', async () => {
    const answer = await planner().ask('Which 2 loans have the longest duration?');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(codes(answer.rows)).toEqual(['L-2', 'L-3']);
    expect(answer.rows[0]).toMatchObject({ 'duration from startDate to endDate': 90 });
    expect(answer.text).toMatch(/longest duration from start date to end date: L-2 \(90 days\)/);
  });

  it('ranks by it, shortest first, with the dates named', async () => {
    const answer = await planner().ask('List the 2 loans with the shortest duration between start date and end date.');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(codes(answer.rows)).toEqual(['L-4', 'L-1']);
  });

  it('takes the two dates said after it as its own, quoted or not', async () => {
    for (const question of ["What are the top 2 loans by duration (from 'startDate' to 'endDate')?", 'Which 2 loans have the longest duration from the start date to the end date?']) {
      const answer = await planner().ask(question);
      expect(answer.reading.ok, `${question}: ${JSON.stringify(answer.reading)}`).toBe(true);
      expect(codes(answer.rows), question).toEqual(['L-2', 'L-3']);
      expect(answer.columns, question).toEqual(['name', 'duration from startDate to endDate']);
    }
  });

  it('takes a year said right after its two dates as said of both', async () => {
    const answer = await planner().ask('Which loans have the longest duration from start date to end date in 2023?');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    // L-3 ends in 2023 but starts in 2022; L-5 has no end.
    expect(codes(answer.rows)).toEqual(['L-2', 'L-1', 'L-4']);
  });

  it('compares it with a number of days', async () => {
    const answer = await planner().ask('Which loans have a duration of more than 12 days?');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(codes(answer.rows).sort()).toEqual(['L-2', 'L-3']);
  });

  it('counts through a join with it', async () => {
    const answer = await planner().ask('Which member borrowed the loan with the longest duration?');
    expect(answer.reading.ok, JSON.stringify(answer.reading)).toBe(true);
    expect(answer.rows.map((r) => r.name)).toContain('Ada');
  });
});
