import { precise, rowValues } from './grade.js';
import type { Answered, Expectation } from './grade.js';

/** How an answer says it shows only the first of more rows than one answer holds: "There are 2,754 …; the first 1000 are: …". */
const SAID_CUT = /^There are ([\d,]+) [^;]*; the first (\d+)\b/;

/**
 * An answer graded wrong only because the gold lists more rows than the service puts in one answer
 * (its row limit): it says how many there are, that count is the gold's (of rows, or of the distinct
 * things they name), and every row it shows is one of the gold's. The person asking is told the list is cut and how long it is, so it is no
 * confident wrong answer, nor a right one: reported apart, never counted right.
 */
export function cutAtRowLimit(q: Expectation & { gold_total?: number }, answer: Answered): boolean {
  const said = SAID_CUT.exec(answer.text);
  if (!said || q.mode !== 'values' || q.gold_total === undefined) return false;
  const expected = q.expected ?? [];
  const count = Number(said[1]!.replace(/,/g, ''));
  // The gold's count is of its rows, or of the things they name when rows repeat one (a machine per service it runs).
  if ((count !== q.gold_total && count !== expected.length) || Number(said[2]) !== answer.rows.length) return false;
  const rows = rowValues(answer);
  // Every row shown one of the gold's (precise alone passes an answer with no rows).
  return rows.length > 0 && precise(rows, expected, 1);
}
