import { buildCypher } from '../build/cypher-builder.js';
import type { Meaning } from '../meaning.js';
import { withArticle } from './phrases.js';
import { composeMeaningAnswer, phraseOf } from './meaning-answer.js';
import { identifierWords } from '../read/words.js';

/**
 * Why a reading found nothing, before the answer says "none": each part of it left out in turn (a
 * condition, or a thing joined to what is asked, with its own conditions), counted again. Where
 * leaving one part out finds things, the answer says so ("Leaving out “after 2020”: there are 3
 * projects that …"), so an empty answer that comes from one part of a reading is seen as such,
 * not taken for an empty world (a cooperative answer). Nothing is said when nothing alone empties it.
 */

/** Most parts tried: each is one count query, run only when an answer is empty. */
export const EMPTY_PARTS_MAX = 6;

interface Relaxed {
  /** What was left out, as the question said it. */
  without: string;
  meaning: Meaning;
  /** Not a part left out but a relationship read as another that joins the same kinds of thing ("serves" for "closes"). */
  instead?: string;
}

/** The relationship types of the graph and the kinds of thing each joins, for the other ways two things may be joined. */
export interface Ways {
  relationships: readonly { type: string; patterns: readonly { from: string; to: string }[] }[];
}

/** The readings with one part left out, the parts nearest the end of the pattern first. */
export function relaxations(m: Meaning, ways?: Ways): Relaxed[] {
  const out: Relaxed[] = [];
  const base: Meaning = { ...m, ask: { kind: 'count' }, order: undefined, limit: undefined, limitSaid: undefined, unranked: undefined };
  for (const node of m.nodes) {
    node.conditions.forEach((c, i) => {
      out.push({ without: c.words, meaning: { ...base, nodes: m.nodes.map((n) => (n === node ? { ...n, conditions: n.conditions.filter((_, k) => k !== i) } : n)) } });
    });
  }
  m.edges.forEach((e, i) => {
    e.conditions.forEach((c, k) => {
      out.push({ without: c.words, meaning: { ...base, edges: m.edges.map((x, j) => (j === i ? { ...x, conditions: x.conditions.filter((_, q) => q !== k) } : x)) } });
    });
    // A thing at the end of the pattern (joined to nothing else, not what is asked, not named): the join and it go together.
    const end = [e.from, e.to].find((id) => id !== m.focus && m.edges.filter((x) => x.from === id || x.to === id).length === 1);
    const node = m.nodes.find((n) => n.id === end);
    if (!node || node.anchor) return;
    const nodes = m.nodes.filter((n) => n !== node);
    const edges = m.edges.filter((x) => x !== e);
    const said = `${phraseOf(e.said ?? e.type)} ${node.label ? withArticle(identifierWords(node.label).join(' ').toLowerCase()) : ''}`.trim();
    out.push({ without: e.negated ? `not ${said}` : said, meaning: { ...base, nodes, edges, distinct: m.distinct?.filter(([a, b]) => a !== node.id && b !== node.id) } });
  });
  (m.having ?? []).forEach((h, i) => out.push({ without: h.words, meaning: { ...base, having: m.having!.filter((_, k) => k !== i) } }));
  return [...out, ...otherWays(m, base, ways)].slice(0, EMPTY_PARTS_MAX);
}

/**
 * Each relationship of the reading (said plainly, with no condition of its own) read as another
 * type that joins the same two kinds of thing, either way round: "no gate closes it" where the
 * graph has gates that serve it is said beside the "none".
 */
function otherWays(m: Meaning, base: Meaning, ways: Ways | undefined): Relaxed[] {
  const out: Relaxed[] = [];
  m.edges.forEach((e, i) => {
    const from = m.nodes.find((n) => n.id === e.from)?.label;
    const to = m.nodes.find((n) => n.id === e.to)?.label;
    if (!from || !to || e.negated || e.orTypes?.length || e.conditions.length > 0) return;
    for (const r of ways?.relationships ?? []) {
      if (r.type === e.type) continue;
      const forward = r.patterns.some((p) => p.from === from && p.to === to);
      if (!forward && !r.patterns.some((p) => p.from === to && p.to === from)) continue;
      const edge = { from: forward ? e.from : e.to, to: forward ? e.to : e.from, type: r.type, conditions: [] };
      out.push({ without: phraseOf(e.said ?? e.type), instead: phraseOf(r.type), meaning: { ...base, edges: m.edges.map((x, j) => (j === i ? edge : x)) } });
    }
  });
  return out;
}

/** The sentence that says which one part empties the answer, or undefined when none alone does. */
export async function explainEmpty(m: Meaning, count: (cypher: string) => Promise<number>, ways?: Ways): Promise<string | undefined> {
  if (!['list', 'count', 'exists'].includes(m.ask.kind) || m.order?.pick !== undefined) return undefined;
  const unvalued = await noneHasTheValue(m, count);
  if (unvalued) return unvalued;
  const found: string[] = [];
  for (const r of relaxations(m, ways)) {
    let n: number;
    try {
      n = await count(buildCypher(r.meaning));
    } catch {
      continue; // a part that cannot be left out alone says nothing
    }
    if (!Number.isFinite(n) || n <= 0) continue;
    const counted = composeMeaningAnswer({ meaning: r.meaning, columns: ['count'], rows: [{ count: n }], truncated: false });
    found.push(r.instead ? `read as “${r.instead}” instead of “${r.without}”: ${counted}` : `leaving out “${r.without}”: ${counted}`);
    if (found.length === 2) break;
  }
  if (found.length === 0) return undefined;
  const [first, ...rest] = found;
  return `${first!.charAt(0).toUpperCase()}${first!.slice(1)}${rest.map((x) => ` And ${x}`).join('')}`;
}

/**
 * "the 2 oldest people who refereed a match" where no referee has a birth year: the things are
 * there, none has the value ranked by, so nothing can be ranked. Said so, rather than blaming a
 * part of the pattern (leaving one out finds people who have the value, elsewhere). Only for a
 * value of the things asked about.
 */
async function noneHasTheValue(m: Meaning, count: (cypher: string) => Promise<number>): Promise<string | undefined> {
  const by = m.order?.by;
  if (m.ask.kind !== 'list' || !by || !('key' in by) || 'aggregate' in by || by.edge || by.of !== m.focus || m.order?.chronological || m.order?.sorted) return undefined;
  const unranked: Meaning = { ...m, ask: { kind: 'count' }, order: undefined, limit: undefined, limitSaid: undefined, unranked: undefined };
  let n: number;
  try {
    n = await count(buildCypher(unranked));
  } catch {
    return undefined;
  }
  if (!Number.isFinite(n) || n === 0) return undefined;
  const things = composeMeaningAnswer({ meaning: unranked, columns: ['count'], rows: [{ count: n }], truncated: false }).replace(/\.$/, '');
  return `${things}, but none of them has a ${identifierWords(by.key).join(' ').toLowerCase()} recorded to rank by.`;
}
