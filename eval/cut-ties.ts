import { cellValues, holds } from './grade.js';
import type { Answered, Expectation } from './grade.js';

/**
 * An answer graded wrong only because the gold's LIMIT cut through a tie: the gold ranks and keeps
 * its first n rows, so among things equal at the n-th place the engine's row order chose (the
 * dataset's README notes such golds as order-dependent where it saw them), while the answer lists
 * every one of them and says so. It holds every value the gold kept, and every row past the n-th
 * ties with the n-th in the ranked column. Such answers are reported apart, never counted right.
 */
export function tiedPastCut(q: Expectation & { gold_cypher?: string }, answer: Answered): boolean {
  const limit = /\bLIMIT\s+(\d+)\s*(?:RETURN\b[^;]*)?;?\s*$/i.exec(q.gold_cypher ?? '');
  const n = limit ? Number(limit[1]) : 0;
  const ranked = answer.columns[1];
  if (n < 1 || !ranked || answer.rows.length <= n || !/\btie at\b/.test(answer.text)) return false;
  const wanted = (q.mode === 'top' ? q.required : q.expected) ?? [];
  const held = answer.rows.flatMap((r) => answer.columns.flatMap((c) => cellValues(r[c])));
  if (wanted.length === 0 || !wanted.every((v) => holds(held, v))) return false;
  const cut = JSON.stringify(answer.rows[n - 1]![ranked]);
  return answer.rows.slice(n).every((r) => JSON.stringify(r[ranked]) === cut);
}
