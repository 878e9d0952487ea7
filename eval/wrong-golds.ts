import type { UpsertBatch } from '../src/stores/graph/port.js';
import type { EvalQuestion } from './question-set.js';

/**
 * Golds believed wrong, found from the graph itself: a "none" gold that follows a relationship in
 * a direction the graph never has between those labels (`(:Business)-[:REVIEWS]->(:Review)` where
 * every REVIEWS runs from a review to a business) finds nothing because of its own pattern. Such
 * questions are reported apart, with the reason; their questions and golds are never changed.
 */

const NODE = /\(\s*([A-Za-z_][A-Za-z0-9_]*)?\s*((?::\s*`?[A-Za-z_][A-Za-z0-9_]*`?\s*)*)[^()]*\)/y;
const REL = /\s*(<)?-\s*\[\s*[A-Za-z_0-9]*\s*:\s*`?([A-Za-z_][A-Za-z0-9_]*)`?[^\]]*\]\s*-(>)?\s*/y;

/** (from label, type, to label) triples the graph has. */
function triplesOf(graph: UpsertBatch): Set<string> {
  const labels = new Map(graph.nodes.map((n) => [n.key, n.labels]));
  const out = new Set<string>();
  for (const r of graph.relationships) for (const a of labels.get(r.fromKey) ?? []) for (const b of labels.get(r.toKey) ?? []) out.add(`${a}|${r.type}|${b}`);
  return out;
}

/** The labelled steps of a gold's patterns: [from label, type, to label], as written. */
function stepsOf(cypher: string): [string, string, string][] {
  const labelOf = new Map<string, string>();
  const steps: [string, string, string][] = [];
  for (let start = cypher.indexOf('('); start >= 0; start = cypher.indexOf('(', start + 1)) {
    NODE.lastIndex = start;
    let node = NODE.exec(cypher);
    if (!node) continue;
    const read = (m: RegExpExecArray) => {
      const v = m[1];
      const label = /:\s*`?([A-Za-z_][A-Za-z0-9_]*)/.exec(m[2] ?? '')?.[1];
      if (v && label) labelOf.set(v, label);
      return label ?? (v ? labelOf.get(v) : undefined);
    };
    let left = read(node);
    let at = NODE.lastIndex;
    for (;;) {
      REL.lastIndex = at;
      const rel = REL.exec(cypher);
      if (!rel) break;
      NODE.lastIndex = REL.lastIndex;
      node = NODE.exec(cypher);
      if (!node) break;
      const right = read(node);
      if (left && right && (rel[1] === '<') !== (rel[3] === '>')) steps.push(rel[1] === '<' ? [right, rel[2]!, left] : [left, rel[2]!, right]);
      left = right;
      at = NODE.lastIndex;
    }
  }
  return steps;
}

/** The questions whose "none" gold follows a relationship the graph never has that way, with the reason. */
export function wrongGolds(questions: EvalQuestion[], graph: UpsertBatch): Map<string, string> {
  const triples = triplesOf(graph);
  const out = new Map<string, string>();
  for (const q of questions) {
    if (q.mode !== 'none' || !q.gold_cypher) continue;
    const missing = stepsOf(q.gold_cypher).find(([a, t, b]) => !triples.has(`${a}|${t}|${b}`) && triples.has(`${b}|${t}|${a}`));
    if (missing) out.set(q.id, `(:${missing[0]})-[:${missing[1]}]->(:${missing[2]}) runs the other way in the graph`);
  }
  return out;
}
