import { describe, expect, it } from 'vitest';
import { cutAtRowLimit } from '../../eval/cut-at-limit.js';
import type { Answered } from '../../eval/grade.js';

/** Wrong answers set apart because the gold lists more rows than one answer shows, the answer saying so (invented rows). */

const answer = (names: string[], text: string): Answered => ({ query: 'MATCH …', columns: ['name'], rows: names.map((name) => ({ name })), text, asked: false });
const gold = { mode: 'values' as const, expected: ['Ash', 'Birch', 'Cedar', 'Elm'], gold_total: 4 };

describe('an answer cut at the row limit that says so', () => {
  it('is set apart when it says the gold’s count and shows only the gold’s rows', () => {
    expect(cutAtRowLimit(gold, answer(['Ash', 'Birch'], 'There are 4 trees (planted after 1990); the first 2 are: Ash and Birch.'))).toBe(true);
    expect(cutAtRowLimit({ ...gold, gold_total: 2754 }, answer(['Ash', 'Birch'], 'There are 2,754 trees; the first 2 are: Ash and Birch.'))).toBe(true);
    // The gold's rows repeat a tree (one per grove it grows in): the answer counts the trees.
    expect(cutAtRowLimit({ ...gold, gold_total: 9 }, answer(['Ash', 'Birch'], 'There are 4 trees; the first 2 are: Ash and Birch.'))).toBe(true);
  });

  it('is not when the count differs, a row is not the gold’s, it says nothing of a cut, or the gold ranks', () => {
    expect(cutAtRowLimit(gold, answer(['Ash', 'Birch'], 'There are 5 trees; the first 2 are: Ash and Birch.'))).toBe(false);
    expect(cutAtRowLimit(gold, answer(['Ash', 'Oak'], 'There are 4 trees; the first 2 are: Ash and Oak.'))).toBe(false);
    expect(cutAtRowLimit(gold, answer(['Ash', 'Birch'], '2 trees: Ash and Birch.'))).toBe(false);
    expect(cutAtRowLimit(gold, answer(['Ash', 'Birch', 'Cedar'], 'There are 4 trees; the first 2 are: Ash and Birch.'))).toBe(false);
    expect(cutAtRowLimit({ mode: 'top', required: ['Ash'], gold_total: 4 }, answer(['Ash', 'Birch'], 'There are 4 trees; the first 2 are: Ash and Birch.'))).toBe(false);
  });
});
