import { describe, expect, it } from 'vitest';
import { TIES_SHOWN_MAX } from '../../src/planner/build/cypher-builder.js';
import type { UpsertBatch } from '../../src/stores/graph/port.js';
import { graphNode as node, graphRel as rel, plannerOnScratch } from '../support/planner.js';

/**
 * A ranking cut at the number asked never cuts through a tie: "the top 2" when three share second
 * place lists all four and says why, instead of two of the three picked by name and passed off as
 * the ranking. Counted rankings, rankings by a value, "the one with the most" (a tie at the top),
 * and a tie larger than is shown (then said so) on an invented orchard graph.
 */

/** An orchard: gardeners plant trees, each tree with a height; twelve seedlings are planted by no one. */
const ORCHARD: UpsertBatch = {
  nodes: [
    node('g:1', 'Gardener', { name: 'Ada Brook' }),
    node('g:2', 'Gardener', { name: 'Ben Holm' }),
    node('g:3', 'Gardener', { name: 'Cai Dunn' }),
    node('g:4', 'Gardener', { name: 'Dora Pell' }),
    node('g:5', 'Gardener', { name: 'Eli Marsh' }),
    node('t:1', 'Tree', { name: 'Old Pear', height: 30 }),
    node('t:2', 'Tree', { name: 'Tall Ash', height: 25 }),
    node('t:3', 'Tree', { name: 'Twin Oak', height: 25 }),
    node('t:4', 'Tree', { name: 'Young Fig', height: 12 }),
    node('t:5', 'Tree', { name: 'Bent Plum', height: 8 }),
    node('t:6', 'Tree', { name: 'Lone Elm', height: 40 }),
    ...Array.from({ length: 12 }, (_, i) => node(`s:${i}`, 'Seedling', { name: `Seedling ${String(i + 1).padStart(2, '0')}`, height: 1 })),
  ],
  relationships: [
    // Ada 3 trees; Ben, Cai and Dora 1 each; Eli none.
    rel('g:1', 'PLANTED', 't:1'),
    rel('g:1', 'PLANTED', 't:2'),
    rel('g:1', 'PLANTED', 't:3'),
    rel('g:2', 'PLANTED', 't:4'),
    rel('g:3', 'PLANTED', 't:5'),
    rel('g:4', 'PLANTED', 't:6'),
    // Each tree is watered by people: Old Pear and Twin Oak by two, the rest by one.
    rel('g:2', 'WATERS', 't:1'),
    rel('g:3', 'WATERS', 't:1'),
    rel('g:2', 'WATERS', 't:3'),
    rel('g:4', 'WATERS', 't:3'),
    rel('g:5', 'WATERS', 't:2'),
  ],
};

describe('a ranking keeps the ties at its cut (orchard)', () => {
  const planner = plannerOnScratch('tiesatcut', ORCHARD);
  const names = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.name));

  it('lists everything tied at the last place of a counted ranking, and says so', async () => {
    const answer = await planner().ask('Who are the top 2 gardeners by the number of trees they planted?');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Ada Brook', 'Ben Holm', 'Cai Dunn', 'Dora Pell']);
    expect(answer.text).toMatch(/The last 3 tie at 1, so 4 are listed for the 2 asked\.$/);
  });

  it('lists a tie at the top when one was asked for', async () => {
    const answer = await planner().ask('Which tree is watered by the most gardeners?');
    expect(names(answer.rows).sort(), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Old Pear', 'Twin Oak']);
    expect(answer.text).toMatch(/They tie at 2\.$/);
  });

  it('keeps ties in a ranking by a value', async () => {
    const answer = await planner().ask('What are the 3 tallest trees?');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Lone Elm', 'Old Pear', 'Tall Ash', 'Twin Oak']);
    expect(answer.text).toMatch(/The last 2 tie at 25, so 4 are listed for the 3 asked\.$/);
  });

  it('cuts where nothing ties, and says nothing of ties', async () => {
    const answer = await planner().ask('What are the 2 tallest trees?');
    expect(names(answer.rows), answer.cypher ?? JSON.stringify(answer.reading)).toEqual(['Lone Elm', 'Old Pear']);
    expect(answer.text).not.toMatch(/tie/);
  });

  it('shows a bounded number of a large tie and says that more tie', async () => {
    const answer = await planner().ask('Which seedling is the tallest?');
    expect(answer.rows, answer.cypher ?? JSON.stringify(answer.reading)).toHaveLength(1 + TIES_SHOWN_MAX);
    expect(answer.text).toMatch(/They tie at 1 \(and more tie with them than are shown\)\.$/);
  });
});
