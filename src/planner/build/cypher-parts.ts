import { cypherName } from '../../cypher/text.js';
import type { MeaningNode } from '../meaning.js';

/** Pieces of Cypher the meaning's queries share (cypher-builder.ts, group-cypher.ts). */

/**
 * Most rows shown past a ranking's cut because they tie with the last one before it: "the top 3" when
 * four share third place lists all six, not three picked by name (the answer says the tie aside).
 */
export const TIES_SHOWN_MAX = 10;

export const edgeVar = (index: number) => `r${index}`;

/**
 * The end of a ranked query: `columns` (expression, column) in `order`, the first `limit` of them and
 * every one after them whose `key` ties with the last of those (up to TIES_SHOWN_MAX more), in order.
 * A cut through a tie would pick among equals by name alone and pass the pick off as the ranking.
 */
export function keepingTies(columns: [string, string][], order: string, key: string, limit: number, distinct = false): string {
  const projected = columns.map(([value, column]) => (value === column ? column : `${value} AS ${column}`)).join(', ');
  const fields = columns.map(([, column]) => `${column}: ${column}`).join(', ');
  const back = columns.map(([, column]) => `row.${column} AS ${column}`).join(', ');
  return (
    `WITH ${distinct ? 'DISTINCT ' : ''}${projected} ORDER BY ${order} WITH collect({${fields}}) AS ranked ` +
    `UNWIND range(0, size(ranked) - 1) AS i WITH ranked[i] AS row, i, ranked[${limit - 1}] AS last WHERE i < ${limit} OR row.${key} = last.${key} ` +
    `RETURN ${back} ORDER BY i LIMIT ${limit + TIES_SHOWN_MAX}`
  );
}

/**
 * A value of a thing: its property, or the days between two of its dates where the key is a span
 * (link/spans.ts). Both engines read `epochSeconds` of a datetime held by a variable, and parse the
 * text of a date, a datetime or an ISO date alike (the comprehensions bind the two).
 */
export function valueOf(target: string, key: string, node?: MeaningNode): string {
  const span = node?.spans?.[key];
  if (!span) return `${target}.${cypherName(key)}`;
  const at = (k: string) => `datetime(toString(${target}.${cypherName(k)}))`;
  return `[t0 IN [${at(span.from)}] | [t1 IN [${at(span.to)}] | (t1.epochSeconds - t0.epochSeconds) / 86400][0]][0]`;
}

/**
 * `WITH <group>, <figure> AS value`: the figure a ranking is by, over `values` for each `group`
 * ("n0", or "n0.town AS grp"): how many different ones, the total of the lists' sizes, or the
 * aggregate of the values.
 */
export function figureWith(group: string, by: { aggregate: string; size?: boolean; distinct?: 'values' }, values: string): string {
  if (by.distinct) return `WITH ${group}, count(DISTINCT ${values}) AS value`;
  return `WITH ${group}, ${by.aggregate}(${by.size ? `size(${values})` : values}) AS value`;
}

