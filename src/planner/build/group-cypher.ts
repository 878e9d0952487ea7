import type { Meaning, MeaningNode } from '../meaning.js';
import { LIST_LIMIT } from '../meaning.js';
import { cypherName } from '../../cypher/text.js';
import { edgeVar, figureWith, keepingTies, valueOf } from './cypher-parts.js';

/**
 * Values grouped by ("each town", "the town with the most bakeries"): each value the focus things
 * hold, with how many of what is counted those holding it have (the things themselves, or things
 * joined to them), or a figure over them; how many values there are, for a count. `where` is the MATCH and its WHERE so far.
 */
export function groupCypher(m: Meaning, focus: MeaningNode, key: string, where: string): string {
  const value = valueOf(focus.id, key, focus);
  const known = `${where} ${value} IS NOT NULL`;
  if (m.ask.kind === 'count') return `${known} RETURN count(DISTINCT ${value}) AS count`;
  const order = m.order!;
  const by = order.by;
  if ('aggregate' in by) {
    // "the town with the highest average price": the figure over the things holding each value.
    const values = by.edge ? `${edgeVar(Number(by.of))}.${cypherName(by.key)}` : valueOf(by.of, by.key, m.nodes.find((n) => n.id === by.of));
    const figures = `${known} ${figureWith(`${value} AS grp`, by, values)} WHERE value IS NOT NULL`;
    if (order.each) return `${figures} RETURN grp AS name, value ORDER BY value ${order.direction}, name LIMIT ${m.limit ?? LIST_LIMIT}`;
    return `${figures} ${keepingTies([['grp', 'name'], ['value', 'value']], `value ${order.direction}, name`, 'value', m.limit ?? 1)}`;
  }
  const counted = 'count' in by ? by.count : focus.id;
  const grouped = `${known} WITH ${value} AS grp, count(DISTINCT ${counted}) AS count`;
  if (order.each) return `${grouped} RETURN grp AS name, count ORDER BY count ${order.direction}, name LIMIT ${m.limit ?? LIST_LIMIT}`;
  return `${grouped} ${keepingTies([['grp', 'name'], ['count', 'count']], `count ${order.direction}, name`, 'count', m.limit ?? 1)}`;
}

