import type { Outcome } from './grade.js';

/**
 * The figures of an evaluation: per kind of question and overall, how many were answered
 * right and how many wrong (answered, but not right). Questions whose right answer is "none"
 * are weak evidence (an empty answer passes): counted apart.
 */

export interface Graded {
  id: string;
  kind: string;
  mode: string;
  outcome: Outcome;
}

interface Tally {
  n: number;
  right: number;
  wrong: number;
}

const pct = (k: number, n: number) => (n === 0 ? '   -  ' : `${((100 * k) / n).toFixed(1).padStart(5)}%`);

function tally(items: Graded[]): Tally {
  return { n: items.length, right: items.filter((g) => g.outcome === 'right').length, wrong: items.filter((g) => g.outcome === 'wrong').length };
}

const line = (name: string, t: Tally) =>
  `| ${name.padEnd(34)} | ${String(t.n).padStart(4)} | ${String(t.right).padStart(4)} ${pct(t.right, t.n)} | ${String(t.wrong).padStart(4)} ${pct(t.wrong, t.n)} |`;

export function reportTable(title: string, graded: Graded[]): string {
  const kinds = [...new Set(graded.map((g) => g.kind))].sort();
  const strong = graded.filter((g) => g.mode !== 'none');
  const weak = graded.filter((g) => g.mode === 'none');
  const rows = [
    `${title}`,
    `| ${'kind'.padEnd(34)} | ${'n'.padStart(4)} | ${'right'.padEnd(11)} | ${'wrong'.padEnd(11)} |`,
    `|${'-'.repeat(36)}|------|-------------|-------------|`,
    ...kinds.map((k) => line(k, tally(strong.filter((g) => g.kind === k)))).filter((l) => !/\|\s+0 \|/.test(l)),
    line('all (answer expected)', tally(strong)),
    ...(weak.length ? [line('"none" questions', tally(weak))] : []),
    line('all', tally(graded)),
  ];
  return rows.join('\n');
}
