import type { UpsertBatch } from '../src/stores/graph/port.js';
import type { EvalQuestion } from './question-set.js';

/**
 * Golds believed wrong, found from the graph itself: a "none" gold that follows a relationship in
 * a direction the graph never has between those labels (`(:Business)-[:REVIEWS]->(:Review)` where
 * every REVIEWS runs from a review to a business), or one the graph never has between them at all,
 * finds nothing because of its own pattern; a gold returning a property no node of its label has
 * (`s.name` of switches, which have only `ip`) gives only nulls. Such questions are reported
 * apart, with the reason; their questions and golds are never changed.
 */

const NODE = /\(\s*([A-Za-z_][A-Za-z0-9_]*)?\s*((?::\s*`?[A-Za-z_][A-Za-z0-9_]*`?\s*)*)[^()]*\)/y;
const REL = /\s*(<)?-\s*\[\s*[A-Za-z_0-9]*\s*:\s*`?([A-Za-z_][A-Za-z0-9_]*)`?[^\]]*\]\s*-(>)?\s*/y;

/** (from label, type, to label) triples the graph has. */
function triplesOf(graph: UpsertBatch): Set<string> {
  const labels = new Map(graph.nodes.map((n) => [n.key, n.labels]));
  const out = new Set<string>();
  for (const r of graph.relationships) {
    for (const a of labels.get(r.fromKey) ?? []) for (const b of labels.get(r.toKey) ?? []) out.add(`${a}|${r.type}|${b}`);
    // Either end left open, for steps with one unlabelled end.
    for (const a of labels.get(r.fromKey) ?? []) out.add(`${a}|${r.type}|`);
    for (const b of labels.get(r.toKey) ?? []) out.add(`|${r.type}|${b}`);
  }
  return out;
}

/** The steps of a gold's patterns with at least one labelled end: [from label, type, to label], as written ('' for an end without one). */
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
      // An end without a label is '' (any label).
      if ((left || right) && (rel[1] === '<') !== (rel[3] === '>')) steps.push(rel[1] === '<' ? [right ?? '', rel[2]!, left ?? ''] : [left ?? '', rel[2]!, right ?? '']);
      left = right;
      at = NODE.lastIndex;
    }
  }
  return steps;
}

const endOf = (label: string) => (label ? `(:${label})` : '()');

/** The keys each label's nodes have, over the whole graph. */
function keysByLabel(graph: UpsertBatch): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const n of graph.nodes) for (const l of n.labels) for (const k of Object.keys(n.properties ?? {})) out.set(l, (out.get(l) ?? new Set()).add(k));
  return out;
}

/** The properties a gold's RETURN reads as `variable.key`, with the variable's label where the gold gives one. */
function returnedProperties(cypher: string): { label: string | undefined; key: string }[] {
  const labelOf = variableLabels(cypher);
  return [...lastReturn(cypher).matchAll(/\b([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => ({ label: labelOf.get(m[1]!), key: m[2]! }));
}

/** The label a gold's Cypher gives each variable it labels (`(u:User)`: u → User). */
const variableLabels = (cypher: string) => new Map([...cypher.matchAll(/\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*`?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => [m[1]!, m[2]!]));

/** A gold's last RETURN clause, to its end ('' when it has none). */
function lastReturn(cypher: string): string {
  const at = cypher.search(/\bRETURN\b(?![\s\S]*\bRETURN\b)/i);
  return at < 0 ? '' : cypher.slice(at);
}

/**
 * The questions whose gold finds nothing, or only nulls, because of its own pattern, with the
 * reason: a "none" gold following a relationship the other way from every such relationship in
 * the graph, or a relationship the graph never has between those labels either way, or looking for
 * a number, quoted, under a key its label's things hold it under another (wrong key); a gold whose
 * rows are all null because every property it returns is one no node of its label has; a "top" gold
 * ranking in descending order things that have no value at all, or rows whose computed value is
 * none (Neo4j sorts nulls first then).
 */
export function wrongGolds(questions: EvalQuestion[], graph: UpsertBatch): Map<string, string> {
  const triples = triplesOf(graph);
  const keys = keysByLabel(graph);
  const out = new Map<string, string>();
  for (const q of questions) {
    if (!q.gold_cypher) continue;
    if (q.mode === 'none') {
      // An OPTIONAL MATCH never empties a result: its steps are not why a gold finds nothing.
      const required = q.gold_cypher.replace(/\bOPTIONAL\s+MATCH\b[\s\S]*?(?=\b(?:MATCH|RETURN|WITH|WHERE|UNWIND)\b)/gi, '');
      const steps = stepsOf(required).filter(([a, , b]) => (a === '' || keys.has(a)) && (b === '' || keys.has(b)));
      const backwards = steps.find(([a, t, b]) => !triples.has(`${a}|${t}|${b}`) && triples.has(`${b}|${t}|${a}`));
      if (backwards) {
        out.set(q.id, `${endOf(backwards[0])}-[:${backwards[1]}]->${endOf(backwards[2])} runs the other way in the graph`);
        continue;
      }
      const never = steps.find(([a, t, b]) => a !== '' && b !== '' && !triples.has(`${a}|${t}|${b}`) && !triples.has(`${b}|${t}|${a}`));
      if (never) {
        out.set(q.id, `(:${never[0]})-[:${never[1]}]-(:${never[2]}) is never in the graph, either way`);
        continue;
      }
      const misplaced = valueUnderAnotherKey(q.gold_cypher, graph);
      if (misplaced) {
        out.set(q.id, misplaced);
        continue;
      }
    }
    const sample = (q as { gold_rows_sample?: Record<string, unknown>[] }).gold_rows_sample ?? [];
    const unvalued = nullsRankedFirst(q, sample);
    if (unvalued) {
      out.set(q.id, unvalued);
      continue;
    }
    const returned = returnedProperties(q.gold_cypher);
    const allNull = sample.length > 0 && sample.every((row) => Object.values(row).every((v) => v === null));
    if (allNull && returned.length > 0 && returned.every((r) => r.label !== undefined && keys.has(r.label) && !keys.get(r.label)!.has(r.key))) {
      out.set(q.id, `returns ${returned.map((r) => `${r.label}.${r.key}`).join(', ')}, which no ${returned[0]!.label} has: every row is null`);
      continue;
    }
    const unasked = gradesAnUnaskedKind(q);
    if (unasked) out.set(q.id, unasked);
  }
  return out;
}

/**
 * The reason, when a gold matches `(:Label {key: 'digits'})` where no node of that label has that
 * text under that key but some have it as a number under another (`{name: '8966'}` where 8966 is
 * a process's `pid`): the gold finds nothing because it looks under the wrong key.
 */
function valueUnderAnotherKey(cypher: string, graph: UpsertBatch): string | undefined {
  for (const m of cypher.matchAll(/\(\s*[A-Za-z_]\w*\s*:\s*`?([A-Za-z_]\w*)`?\s*\{\s*([A-Za-z_]\w*)\s*:\s*'([^']*)'\s*\}\s*\)/g)) {
    const [, label, key, value] = m as unknown as [string, string, string, string];
    const nodes = graph.nodes.filter((n) => n.labels.includes(label));
    if (nodes.some((n) => String(n.properties?.[key]) === value)) continue;
    // (Only a number quoted as text: a text that is simply not among a key's values is a fair "none".)
    const other = nodes.flatMap((n) => Object.entries(n.properties ?? {})).find(([k, v]) => k !== key && typeof v === 'number' && String(v) === value);
    if (other) return `(:${label} {${key}: '${value}'}) matches nothing: ${value} is the ${other[0]} of a ${label}, not its ${key}`;
  }
  return undefined;
}

/** The reason, when a descending "top" gold counts among its top rows things without the value it ranks by. */
function nullsRankedFirst(q: EvalQuestion, sample: Record<string, unknown>[]): string | undefined {
  const said = (q as { order_by?: string }).order_by ?? '';
  // A column the gold computes and ranks by ("duration.between(…) AS Duration … ORDER BY Duration DESC"): null in its first row.
  const column = /^[A-Za-z_]\w*$/.test(said) && new RegExp(`ORDER BY\\s+${said}\\s+DESC`, 'i').test(q.gold_cypher ?? '') ? said : undefined;
  if (q.mode === 'top' && column && sample.length > 0 && column in sample[0]! && sample[0]![column] === null) {
    return `ranks by ${column} descending: Neo4j puts rows with no ${column} first`;
  }
  const orderBy = /^([A-Za-z_]\w*)\.([A-Za-z_]\w*)$/.exec(said);
  if (q.mode !== 'top' || !orderBy || !new RegExp(`ORDER BY\\s+${orderBy[1]}\\.${orderBy[2]}\\s+DESC`, 'i').test(q.gold_cypher ?? '')) return undefined;
  const variable = orderBy[1]!;
  const key = orderBy[2]!;
  const unvalued = sample.filter((row) => {
    const cell = row[variable] as { properties?: Record<string, unknown> } | undefined;
    return cell?.properties !== undefined && cell.properties[key] === undefined;
  });
  return unvalued.length > 0 ? `ranks by ${variable}.${key} descending: Neo4j puts things with no ${key} first` : undefined;
}

/** The forms a label is asked by: `Review` as "review" or "reviews", `DataCenter` also by its last word. */
function namesLabel(word: string, label: string): boolean {
  const forms = new Set([label.toLowerCase(), label.replace(/^.*(?=[A-Z][a-z]+$)/, '').toLowerCase()]);
  return [...forms].some((f) => word === f || word === `${f}s` || word === `${f}es` || (f.endsWith('y') && word === `${f.slice(0, -1)}ies`));
}

/** "Find all reviews …", "Show the first 3 reviews …", "Which reviews …": the thing a question opens by asking for. */
const ASKED = /^(?:(?:find|list|show|retrieve|get|return|give|identify|name)\s+(?:me\s+)?(?:all\s+)?(?:the\s+)?(?:(?:first|top|last)\s+\w+\s+)?|which\s+(?:\d+\s+)?)([a-z]+)\b/i;

/**
 * The reason, when a gold grades (its key column) a thing of a label other than the one the
 * question opens by asking for, and the question never names the graded one ("Find all reviews
 * …" graded by the users who wrote them, `RETURN u, r, b`): an answer listing what was asked is
 * graded on what was not.
 */
function gradesAnUnaskedKind(q: EvalQuestion): string | undefined {
  const cypher = q.gold_cypher ?? '';
  const keyColumn = (q as { key_columns?: string[] }).key_columns?.[0];
  const head = ASKED.exec(q.question)?.[1]?.toLowerCase();
  if (!keyColumn || !head || q.mode === 'none') return undefined;
  const labelOf = variableLabels(cypher);
  const returning = lastReturn(cypher);
  const aliased = new RegExp(`\\b([A-Za-z_]\\w*)(?:\\.\\w+)?\\s+AS\\s+\`?${keyColumn.replace(/[.]/g, '\\.')}\\b`, 'i').exec(returning);
  const keyLabel = labelOf.get(aliased?.[1] ?? keyColumn.split('.')[0]!);
  if (!keyLabel) return undefined;
  const words = q.question.toLowerCase().match(/[a-z]+/g) ?? [];
  if (words.some((w) => namesLabel(w, keyLabel) || w === 'who' || w === 'whom' || w === 'whose')) return undefined;
  const asked = [...returning.matchAll(/\b([A-Za-z_]\w*)\b/g)].map((m) => labelOf.get(m[1]!)).find((l) => l !== undefined && l !== keyLabel && namesLabel(head, l));
  return asked ? `grades the ${keyLabel} (its first column) where the question asks for ${head}, and never names a ${keyLabel}` : undefined;
}
