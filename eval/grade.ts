/**
 * Grading an answer by value, with the rules of the external benchmark
 * (../shared/benchmarks/text2cypher-movies/README.md): values compared case-, accent-, quote-
 * and space-insensitively, integers exactly, other numbers within 0.006 or 0.1%; a node
 * counts by its name or title, a list by its items; an answer's values are the cells of its
 * rows and, for numbers, its sentence.
 *
 * Each question ends as `right`, `wrong` (an answer was given, with rows or with "none found",
 * that is not right: a confident wrong answer) or `neither` (a refusal, a clarifying question,
 * a failure). Two modes go beyond the benchmark's, for conversations: `ask` (right when the
 * service offers a choice, or answers without a query in words matching `text`, such as a
 * request to name what "she" is), `decline` (right when it says it cannot answer, without
 * running a query) and `text` (a yes/no question: right when a query ran and the sentence
 * matches `text`).
 */

export type Value = string | number;

export interface Expectation {
  mode: 'values' | 'top' | 'any' | 'none' | 'ask' | 'decline' | 'text';
  expected?: Value[];
  required?: Value[];
  tie_allowed?: Value[];
  acceptable?: Value[];
  need?: number;
  /** A regular expression (case-insensitive) the answer's sentence must match as well. */
  text?: string;
}

export interface Answered {
  /** The query that ran, or null when the service answered without one (a refusal, a question back). */
  query: string | null;
  columns: string[];
  rows: Record<string, unknown>[];
  text: string;
  /** The service asked the user to choose or to name something, and the run waits. */
  asked: boolean;
}

export type Outcome = 'right' | 'wrong' | 'neither';

const NAME_KEY = /(^|_)(name|title)$|[a-z](Name|Title)$/;

export const normalize = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/["'`‘’“”«»]/g, '')
    .replace(/\s+/g, '');

/** The values of one cell: scalars as they are, nodes by their name-like properties, lists by their items. */
export function cellValues(cell: unknown): Value[] {
  if (cell === null || cell === undefined) return [];
  if (typeof cell === 'string' || typeof cell === 'number') return [cell];
  if (typeof cell === 'boolean') return [String(cell)];
  if (Array.isArray(cell)) return cell.flatMap(cellValues);
  if (typeof cell === 'object') {
    const properties = ((cell as { properties?: unknown }).properties ?? cell) as Record<string, unknown>;
    const named = Object.entries(properties).filter(([k, v]) => NAME_KEY.test(k) && typeof v === 'string');
    return named.length > 0 ? named.map(([, v]) => v as string) : Object.values(properties).flatMap((v) => (typeof v === 'object' ? [] : cellValues(v)));
  }
  return [];
}

/** Numbers said in a sentence ("There are 12 people", "1,500"). */
export function sentenceNumbers(text: string): number[] {
  return [...text.matchAll(/-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0].replace(/,/g, '')));
}

function sameValue(expected: Value, actual: Value): boolean {
  const asNumber = (v: Value) => (typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : undefined);
  const e = asNumber(expected);
  const a = asNumber(actual);
  if (typeof expected === 'number' || (e !== undefined && typeof actual === 'number')) {
    if (e === undefined || a === undefined) return false;
    if (Number.isInteger(e) && Number.isInteger(a)) return e === a;
    return Math.abs(e - a) <= 0.006 || Math.abs(e - a) <= Math.abs(e) * 0.001;
  }
  return normalize(String(expected)) === normalize(String(actual));
}

/** Whether one of `values` is `wanted`, by the grading rules above. */
export const holds = (values: Value[], wanted: Value) => values.some((v) => sameValue(wanted, v));

/** Distinct rows, each as the values of its cells. */
export function rowValues(answer: Answered): Value[][] {
  const seen = new Set<string>();
  const out: Value[][] = [];
  for (const row of answer.rows) {
    const values = answer.columns.flatMap((c) => cellValues(row[c]));
    const id = JSON.stringify(values);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(values);
  }
  return out;
}

/** Found nothing: no rows, or only zeros and nulls. */
function foundNothing(answer: Answered): boolean {
  const values = answer.rows.flatMap((r) => answer.columns.flatMap((c) => cellValues(r[c])));
  return values.every((v) => v === 0 || v === '0');
}

export const precise = (rows: Value[][], wanted: Value[], share = 0.8) =>
  rows.length === 0 || rows.filter((r) => wanted.some((w) => holds(r, w))).length >= share * rows.length;

export function grade(expectation: Expectation, answer: Answered): Outcome {
  const textOk = !expectation.text || new RegExp(expectation.text, 'i').test(answer.text);
  if (expectation.mode === 'ask') {
    if (answer.asked) return textOk ? 'right' : 'neither';
    if (answer.query === null) return expectation.text && textOk ? 'right' : 'neither';
    return 'wrong';
  }
  if (expectation.mode === 'decline') return answer.query === null && !answer.asked ? (textOk ? 'right' : 'neither') : answer.asked ? 'neither' : 'wrong';
  if (answer.query === null || answer.asked) return 'neither';
  const rows = rowValues(answer);
  const all = [...rows.flat(), ...sentenceNumbers(answer.text)];
  const verdict = (ok: boolean): Outcome => (ok && textOk ? 'right' : 'wrong');
  switch (expectation.mode) {
    case 'text':
      return verdict(true);
    case 'none':
      return verdict(foundNothing(answer));
    case 'values': {
      const expected = expectation.expected ?? [];
      return verdict(expected.every((e) => holds(all, e)) && precise(rows, expected));
    }
    case 'top': {
      const required = expectation.required ?? [];
      const allowed = [...required, ...(expectation.tie_allowed ?? [])];
      const need = expectation.need ?? required.length;
      const present = allowed.filter((v) => holds(all, v)).length;
      const firstRows = rows.slice(0, need);
      const rowsOk = precise(rows, allowed) || (firstRows.length >= need && firstRows.every((r) => allowed.some((w) => holds(r, w))));
      return verdict(required.every((r) => holds(all, r)) && present >= need && rowsOk);
    }
    case 'any': {
      const acceptable = expectation.acceptable ?? [];
      const need = expectation.need ?? 1;
      return verdict(acceptable.filter((v) => holds(all, v)).length >= need && precise(rows, acceptable));
    }
  }
}
