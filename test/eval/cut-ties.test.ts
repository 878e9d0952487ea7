import { describe, expect, it } from 'vitest';
import { tiedPastCut } from '../../eval/cut-ties.js';
import type { Answered } from '../../eval/grade.js';

/** Wrong answers set apart because the gold's LIMIT cut through a tie the answer lists whole (invented rows). */

const answer = (rows: { name: string; count: number }[], text: string): Answered => ({ query: 'MATCH …', columns: ['name', 'count'], rows, text, asked: false });
const gold = 'MATCH (p:Person)-[:PLANTED]->(t:Tree) WITH p, count(t) AS n ORDER BY n DESC LIMIT 2 RETURN p.name, n';
const ranked = [
  { name: 'Ada', count: 3 },
  { name: 'Ben', count: 1 },
  { name: 'Cai', count: 1 },
];

describe('an answer that lists the tie a gold cut through', () => {
  it('is set apart when it holds every kept value and its extra rows tie with the last kept', () => {
    expect(tiedPastCut({ mode: 'values', expected: ['Ada', 'Cai'], gold_cypher: gold }, answer(ranked, 'The 3 people …. The last 2 tie at 1, so 3 are listed for the 2 asked.'))).toBe(true);
  });

  it('is not when a kept value is missing, a row past the cut does not tie, or nothing was said of a tie', () => {
    expect(tiedPastCut({ mode: 'values', expected: ['Ada', 'Dee'], gold_cypher: gold }, answer(ranked, 'The last 2 tie at 1.'))).toBe(false);
    expect(tiedPastCut({ mode: 'values', expected: ['Ada', 'Ben'], gold_cypher: gold }, answer([...ranked.slice(0, 2), { name: 'Cai', count: 0 }], 'The last 2 tie at 1.'))).toBe(false);
    expect(tiedPastCut({ mode: 'values', expected: ['Ada', 'Cai'], gold_cypher: gold }, answer(ranked, 'The 3 people with the most trees.'))).toBe(false);
    expect(tiedPastCut({ mode: 'values', expected: ['Ada', 'Cai'], gold_cypher: gold.replace(/ LIMIT 2/, '') }, answer(ranked, 'The last 2 tie at 1.'))).toBe(false);
  });

  it('is set apart, on a gold noted as order-dependent, when more tie than the answer shows', () => {
    const note = 'order-dependent gold: a LIMIT cuts through ties';
    const many = 'The 3 people with the most trees: … The last 2 tie at 1 (and more tie with them than are shown), so 3 are listed for the 2 asked.';
    expect(tiedPastCut({ mode: 'values', expected: ['Ada', 'Dee'], gold_cypher: gold, note }, answer(ranked, many))).toBe(true);
    expect(tiedPastCut({ mode: 'values', expected: ['Ada', 'Dee'], gold_cypher: gold }, answer(ranked, many))).toBe(false);
    expect(tiedPastCut({ mode: 'values', expected: ['Ada', 'Dee'], gold_cypher: gold, note }, answer(ranked, 'The last 2 tie at 1.'))).toBe(false);
  });
});
