import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, plannerOnScratch } from '../support/planner.js';

/**
 * "The last 3 contracts by end date": in the order of the date the question names, of the
 * thing's several dates (`start`, `end`, and an `end_date_format` whose words are not all said);
 * those with no such date come last, first or last alike (both engines sort a missing value
 * first when descending). On an invented contracts graph.
 */

const day = (value: string) => ({ temporal: 'date' as const, value });

const CONTRACTS: UpsertBatch = {
  nodes: [
    node('c:1', 'Contract', { ref: 'K-1', start: day('2019-01-01'), end: day('2020-06-30'), end_date_format: '2020-06-30' }),
    node('c:2', 'Contract', { ref: 'K-2', start: day('2018-03-01'), end: day('2023-01-31'), end_date_format: '2023-01-31' }),
    node('c:3', 'Contract', { ref: 'K-3', start: day('2021-05-01'), end: day('2021-12-31'), end_date_format: '2021-12-31' }),
    node('c:4', 'Contract', { ref: 'K-4', start: day('2022-02-01') }),
    node('c:5', 'Contract', { ref: 'K-5', start: day('2017-07-01'), end: day('2018-01-31'), end_date_format: '2018-01-31' }),
  ],
  relationships: [],
};

describe('in the order of the date named (contracts)', () => {
  const planner = plannerOnScratch('date order', CONTRACTS);
  const refs = (rows: Record<string, unknown>[]) => rows.map((r) => r.name);

  it('"the last 3 contracts by end date": latest end first, the one with no end not among them', async () => {
    const answer = await planner().ask('List the last 3 contracts by end date.');
    expect(refs(answer.rows)).toEqual(['K-2', 'K-3', 'K-1']);
  });

  it('"the first 2 contracts by start date": earliest start first', async () => {
    expect(refs((await planner().ask('List the first 2 contracts by start date.')).rows)).toEqual(['K-5', 'K-2']);
  });

  it('a thing with no date comes last when all are listed, in either direction', async () => {
    expect(refs((await planner().ask('List the last 5 contracts by end date.')).rows)).toEqual(['K-2', 'K-3', 'K-1', 'K-5', 'K-4']);
    expect(refs((await planner().ask('List the first 5 contracts by end date.')).rows)).toEqual(['K-5', 'K-1', 'K-3', 'K-2', 'K-4']);
  });
});
