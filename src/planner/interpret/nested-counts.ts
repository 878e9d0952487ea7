import type { Meaning } from '../meaning.js';

/**
 * A count condition said of another thing than the one asked about ("countries by the number of
 * companies that filed more than 3 reports": the companies filed more than 3, not the countries)
 * is a condition of that thing, counted for each of them, not per focus. Moved here from the
 * meaning's `having` to the owner's `counts` (the builder writes a COUNT subquery), the counted
 * thing and its relationship leaving the pattern. Only for a count said as a verb's object (not
 * "books with loans to more than one member", where the loans together reach them),
 * when the counted thing is joined to nothing else and nothing else refers to it, and its owner is
 * a thing the question names.
 */
export function countsOfOwners(m: Meaning): Meaning {
  if (m.ask.kind !== 'list' && m.ask.kind !== 'count' && m.ask.kind !== 'aggregate') return m;
  let out = m;
  for (const condition of m.having ?? []) {
    const counted = condition.count;
    const edges = out.edges.filter((e) => e.from === counted || e.to === counted);
    if (edges.length !== 1 || edges[0]!.negated || typeof condition.value !== 'number') continue;
    const edge = edges[0]!;
    const owner = edge.from === counted ? edge.to : edge.from;
    const node = out.nodes.find((n) => n.id === counted);
    // A count of what hangs off the focus alone is the same counted per focus or as its own
    // condition: written as the latter where the builder writes no per-focus count (a ranking).
    const ofFocus = owner === out.focus && !havingWritten(out);
    if (!condition.byVerb && !ofFocus) continue;
    // "hotels reviewed by more than one critic": the reviews are only passed through, so the
    // critics are counted per hotel, as before; only a thing the question names owns a count.
    const ownerNode = out.nodes.find((n) => n.id === owner);
    if ((owner === out.focus && !ofFocus) || counted === out.focus || !node || node.anchor || !ownerNode || ownerNode.implicit) continue;
    const by = out.order?.by;
    const referred =
      (by && 'count' in by && by.count === counted) ||
      (by && 'of' in by && by.of === counted) ||
      (out.ask.kind === 'list' && out.ask.extra.some((x) => x.of === counted)) ||
      (out.ask.kind === 'aggregate' && out.ask.of === counted) ||
      (out.distinct ?? []).some((pair) => pair.includes(counted));
    if (referred) continue;
    const count = { edge, counted: node, op: condition.op, value: condition.value };
    const having = (out.having ?? []).filter((h) => h !== condition);
    out = {
      ...out,
      nodes: out.nodes.filter((n) => n.id !== counted).map((n) => (n.id === owner ? { ...n, counts: [...(n.counts ?? []), count] } : n)),
      edges: out.edges.filter((e) => e !== edge),
      ...(having.length ? { having } : { having: undefined }),
    };
  }
  return out;
}

/**
 * Whether the builder writes a meaning's `having` (counts per focus thing, after the match): a
 * count and a plain list do; a ranking, an order, a value or an aggregate do not, so a count
 * condition left there must be one countsOfOwners moves, or the question is declined.
 */
export const havingWritten = (m: Meaning): boolean => m.ask.kind === 'count' || (m.ask.kind === 'list' && !m.order);
