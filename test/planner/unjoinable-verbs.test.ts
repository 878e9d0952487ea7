import { describe, expect, it } from 'vitest';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { firstValues, graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A verb that joins neither way the two things it stands between, while another relationship joins
 * them directly, is never read through a third thing. "Lines connected to North Sub" (CONNECTS runs
 * between lines and to regions; FEEDS from substations to lines) are the lines it feeds, read as the
 * one relationship joining them; with two ways to join them, "connected to" is declined. Where
 * nothing joins them directly, through a third thing is the reading ("customers supplied by South
 * Sub": by its lines). On an invented power grid.
 */

const GRID: UpsertBatch = {
  nodes: [
    node('s:1', 'Substation', { name: 'North Sub' }),
    node('s:2', 'Substation', { name: 'South Sub' }),
    node('l:1', 'Line', { code: 'L1' }),
    node('l:2', 'Line', { code: 'L2' }),
    node('l:3', 'Line', { code: 'L3' }),
    node('r:1', 'Region', { name: 'East Region' }),
    node('c:1', 'Customer', { name: 'Acme Mills' }),
    node('c:2', 'Customer', { name: 'Borealis Farm' }),
  ],
  relationships: [
    rel('s:1', 'FEEDS', 'l:1'),
    rel('s:2', 'FEEDS', 'l:2'),
    rel('s:2', 'FEEDS', 'l:3'),
    rel('l:1', 'CONNECTS', 'l:2'),
    rel('l:3', 'CONNECTS', 'r:1'),
    rel('l:1', 'SUPPLIES', 'c:1'),
    rel('l:2', 'SUPPLIES', 'c:2'),
    // A second way lines and customers are joined.
    rel('l:3', 'METERS', 'c:2'),
  ],
};

describe('a verb that cannot join the two things it stands between (a power grid)', () => {
  const planner = plannerOnScratch('unjoinable verbs', GRID);

  it('"lines connected to North Sub": the one relationship joining them, not a line connected to a line it feeds', async () => {
    const answer = await planner().ask('Which lines are connected to North Sub?');
    expect(firstValues(answer)).toEqual(['L1']);
    expect(answer.cypher).toMatch(/FEEDS/);
    expect(answer.cypher).not.toMatch(/CONNECTS/);
    expect(firstValues(await planner().ask('How many lines are connected to South Sub?'))).toEqual([2]);
  });

  it('with several relationships joining them, "connected to" is declined, not answered through a third thing', async () => {
    const answer = await planner().ask('Which customers are connected to L3?');
    expect(answer.reading.ok).toBe(false);
    expect(answer.cypher).toBeUndefined();
  });

  it('where nothing joins the two directly, the verb reaches the other through a third thing as before', async () => {
    expect(firstValues(await planner().ask('Which customers are supplied by South Sub?'))).toEqual(['Borealis Farm']);
  });
});
