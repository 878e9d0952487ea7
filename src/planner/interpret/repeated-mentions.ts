import type { Meaning, MeaningEdge, MeaningNode } from '../meaning.js';
import { typesOf } from '../meaning.js';

/**
 * A thing said twice is one thing: "the branches and their loan dates for loans over 30 days"
 * names the loans twice, and two patterns over one relationship type would ask for two loans
 * (Cypher matches each relationship once, so a branch with one such loan drops out, or its
 * dates come from another loan). Two things of one label, each joined to the same third thing by
 * the same relationship the same way, are merged when one of them is a bare mention: no name,
 * no condition, nothing else joined to it (into a named thing too, unless the bare one is what is
 * asked). Things the question set apart ("another", "different": `distinct`), things counted, and
 * two constrained things ("a loan of A and a loan of B") stay apart.
 */
export function mergeRepeatedMentions(meaning: Meaning): Meaning {
  let m = meaning;
  for (let guard = 0; guard < m.nodes.length; guard++) {
    const pair = repeatedPair(m);
    if (!pair) break;
    m = merged(m, pair.gone, pair.kept);
  }
  return m;
}

function repeatedPair(m: Meaning): { gone: string; kept: string } | undefined {
  const counted = new Set([...(m.having ?? []).map((h) => h.count), ...(m.order && 'count' in m.order.by ? [m.order.by.count] : [])]);
  const apart = (a: string, b: string) => (m.distinct ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const edgesOf = (id: string) => m.edges.filter((e) => e.from === id || e.to === id);
  const node = (id: string) => m.nodes.find((n) => n.id === id);
  const bare = (n: MeaningNode) => !n.anchor && n.conditions.length === 0 && edgesOf(n.id).length === 1;
  const far = (e: MeaningEdge, shared: string) => (e.from === shared ? e.to : e.from);
  for (const [i, e1] of m.edges.entries()) {
    for (const e2 of m.edges.slice(i + 1)) {
      if (e1.negated || e2.negated || typesOf(e1).join('|') !== typesOf(e2).join('|')) continue;
      // The same relationship the same way from one shared thing.
      const shared = e1.from === e2.from ? e1.from : e1.to === e2.to ? e1.to : undefined;
      if (!shared) continue;
      const a = node(far(e1, shared));
      const b = node(far(e2, shared));
      if (!a || !b || a === b || a.label === undefined || a.label !== b.label || (a.anchor && b.anchor)) continue;
      if (counted.has(a.id) || counted.has(b.id) || apart(a.id, b.id) || (!bareEdge(e1) && !bareEdge(e2))) continue;
      if (!bare(a) && !bare(b)) continue;
      // "shops that have 'Bakery' in their category": the named thing said again by its label. Not when that
      // mention is what is asked ("the categories of shops in 'Bakery'": all their categories).
      const named = a.anchor ? a : b.anchor ? b : undefined;
      if (named) {
        const other = named === a ? b : a;
        if (bare(other) && !asked(m, other.id)) return { gone: other.id, kept: named.id };
        continue;
      }
      // The focus stays; otherwise the bare mention folds into the other.
      if (b.id === m.focus || (bare(a) && a.id !== m.focus)) return { gone: a.id, kept: b.id };
      return { gone: b.id, kept: a.id };
    }
  }
  return undefined;
}

/** Whether the answer reports on the node: the focus, a value shown of it, or what it ranks by. */
function asked(m: Meaning, id: string): boolean {
  const ask = m.ask;
  if (id === m.focus || (ask.kind === 'list' && ask.extra.some((x) => x.of === id)) || ((ask.kind === 'value' || ask.kind === 'aggregate') && ask.of === id)) return true;
  return m.order !== undefined && 'of' in m.order.by && m.order.by.of === id;
}

/** An edge with no condition of its own: conditions on both edges would be two different relationships. */
const bareEdge = (e: MeaningEdge) => e.conditions.length === 0;

/**
 * The meaning with `gone` read as `kept` everywhere, its conditions kept, its repeated edge dropped
 * (and any pair of things set apart that would now be one thing with itself).
 */
export function merged(m: Meaning, gone: string, kept: string): Meaning {
  const id = (x: string) => (x === gone ? kept : x);
  const keptNode = m.nodes.find((n) => n.id === kept)!;
  const goneNode = m.nodes.find((n) => n.id === gone)!;
  const nodes = m.nodes.filter((n) => n.id !== gone).map((n) => (n.id === kept ? { ...n, conditions: [...keptNode.conditions, ...goneNode.conditions] } : n));
  const edges: MeaningEdge[] = [];
  for (const e of m.edges.map((e) => ({ ...e, from: id(e.from), to: id(e.to) }))) {
    const same = edges.find((x) => x.from === e.from && x.to === e.to && typesOf(x).join('|') === typesOf(e).join('|') && !x.negated && !e.negated);
    if (same) same.conditions = [...same.conditions, ...e.conditions];
    else edges.push(e);
  }
  const ask = m.ask;
  const renamedAsk: Meaning['ask'] =
    ask.kind === 'list'
      ? { ...ask, extra: ask.extra.map((x) => ({ ...x, of: id(x.of) })) }
      : ask.kind === 'value' || ask.kind === 'aggregate'
        ? { ...ask, of: id(ask.of) }
        : ask.kind === 'path' || ask.kind === 'compare'
          ? { ...ask, a: id(ask.a), b: id(ask.b) }
          : ask;
  const order = m.order && { ...m.order, by: 'count' in m.order.by ? { ...m.order.by, count: id(m.order.by.count) } : { ...m.order.by, of: id(m.order.by.of) } };
  return {
    ...m,
    nodes,
    edges,
    focus: id(m.focus),
    ask: renamedAsk,
    ...(order ? { order } : {}),
    ...(m.having ? { having: m.having.map((h) => ({ ...h, count: id(h.count) })) } : {}),
    ...(m.distinct ? { distinct: m.distinct.map(([a, b]) => [id(a), id(b)] as [string, string]).filter(([a, b]) => a !== b) } : {}),
  };
}
