import { cellValues, holds } from './grade.js';
import type { Answered, Expectation } from './grade.js';

/** How the dataset's README marks a gold whose LIMIT cut through ties ("order-dependent gold: …"). */
const ORDER_DEPENDENT = /^order-dependent gold\b/i;

/**
 * An answer graded wrong only because the gold's LIMIT cut through a tie: the gold ranks and keeps
 * its first n rows, so among things equal at the n-th place the engine's row order chose (the
 * dataset's README notes such golds as order-dependent where it saw them), while the answer lists
 * every one of them and says so. It holds every value the gold kept, and every row past the n-th
 * ties with the n-th in the ranked column. Also one whose tie runs past what it shows ("and more
 * tie with them than are shown") on a gold the dataset notes as order-dependent: the gold's values
 * are then the engine's pick among equals that no answer holds but by chance. Such answers are
 * reported apart, never counted right.
 */
export function tiedPastCut(q: Expectation & { gold_cypher?: string; note?: string }, answer: Answered): boolean {
  const limit = /\bLIMIT\s+(\d+)\s*(?:RETURN\b[^;]*)?;?\s*$/i.exec(q.gold_cypher ?? '');
  const n = limit ? Number(limit[1]) : 0;
  const ranked = answer.columns[1];
  if (n < 1 || !ranked || answer.rows.length <= n || !/\btie at\b/.test(answer.text)) return false;
  // More tie than the answer shows, where the dataset notes that the gold's LIMIT cut through a tie
  // (its values are the engine's pick among equals): no answer could hold the same ones but by chance.
  const cut = JSON.stringify(answer.rows[n - 1]![ranked]);
  const tiedPastShown = /more tie with them than are shown/.test(answer.text) && answer.rows.slice(n).every((r) => JSON.stringify(r[ranked]) === cut);
  if (tiedPastShown && ORDER_DEPENDENT.test(q.note ?? '')) return true;
  const wanted = (q.mode === 'top' ? q.required : q.expected) ?? [];
  const held = answer.rows.flatMap((r) => answer.columns.flatMap((c) => cellValues(r[c])));
  if (wanted.length === 0 || !wanted.every((v) => holds(held, v))) return false;
  return answer.rows.slice(n).every((r) => JSON.stringify(r[ranked]) === cut);
}
