import { buildCypher, buildKeysCypher } from './build/cypher-builder.js';
import { interpret } from './interpret/interpret.js';
import type { Reading } from './interpret/interpret.js';
import type { OpenReading, ReadingChoice } from './interpret/interpret-context.js';
import type { Lexicon } from './link/lexicon.js';
import { linkWords } from './link/links.js';
import type { NamedThing } from './link/links.js';
import type { Meaning } from './meaning.js';
import { leavingOut, LIST_LIMIT } from './meaning.js';
import { askWhichOne } from './build/which-one.js';
import type { NumberedOne } from './interpret/numbered-one.js';
import type { PlanDescription } from './plan.js';
import type { Understanding } from './resolve/understand.js';
import type { GraphStore } from '../stores/graph/port.js';

/**
 * The planner's reading of a question: its words analyzed, linked to the graph's schema and
 * to the things the question names, read as a meaning, and written as Cypher. When a word
 * cannot be placed or a choice is not settled by the words, it says so instead of guessing.
 */

/** Things of a count or an aggregate whose documents are looked up as its sources, at most. */
export const SOURCE_KEYS_MAX = 1000;

export type QuestionReading =
  | {
      ok: true;
      cypher: string;
      meaning: Meaning;
      confidence: number;
      mappings: Reading['mappings'];
      countCypher?: string;
      keysCypher?: string;
      /** A choice to offer when more things match than the meaning shows, and the Cypher counting them (askIfMany). */
      ifMany?: OpenReading & { countCypher: string };
      /** One thing said by a number, to ask about when several things have it (askIfMany). */
      ifSeveral?: NumberedOne;
    }
  | { ok: false; reason: string; unplaced: string[]; scope?: 'instruction' | 'out_of_scope'; choices?: ReadingChoice[] };

/**
 * `understood`: the question as the turn read it once (its tokens are not analyzed again); `chosen`: the
 * ids of choices the person asking made between readings the words left open.
 */
export function readQuestion(understood: Pick<Understanding, 'tokens'>, lexicon: Lexicon, named: NamedThing[], chosen: string[] = []): QuestionReading {
  const { tokens } = understood;
  const items = linkWords(tokens, lexicon, named);
  const read = interpret(tokens, items, lexicon, chosen);
  if (!read.ok) return read;
  const { meaning, confidence, mappings, ifMany, ifSeveral } = read.reading;
  const cypher = buildCypher(meaning);
  // A list may be cut by the row limit: how many there are in all, asked only when it is.
  const countCypher = countCypherOf(meaning);
  // A count or an aggregate names no things: the keys of those it is over find its sources.
  const keysCypher = meaning.ask.kind === 'count' || meaning.ask.kind === 'aggregate' ? buildKeysCypher(meaning, SOURCE_KEYS_MAX) : undefined;
  const many = ifMany && { ...ifMany, countCypher: buildCypher({ ...meaning, ask: { kind: 'count' }, limit: undefined, unranked: undefined, limitSaid: undefined }) };
  return { ok: true, cypher, meaning, confidence, mappings, ...(countCypher ? { countCypher } : {}), ...(keysCypher ? { keysCypher } : {}), ...(many ? { ifMany: many } : {}), ...(ifSeveral ? { ifSeveral } : {}) };
}

/**
 * How many things a list may hold in all, asked when the list may be cut by the row limit; for every
 * group's count ("each country"), how many groups there are, with none or some (only some are listed).
 */
function countCypherOf(m: Meaning): string | undefined {
  if (m.ask.kind !== 'list') return undefined;
  if (m.order?.each && 'count' in m.order.by) return buildCypher({ ...leavingOut(m, m.order.by.count), ask: { kind: 'count' }, order: undefined, limit: undefined });
  return (!m.order || m.order.sorted) && m.limit === undefined ? buildCypher({ ...m, ask: { kind: 'count' } }) : undefined;
}

/**
 * Whether the answer needs the count `countCypher` gives: a list a limit may have cut (the store's
 * row limit, or the list's own LIMIT, which the store cannot see as a cut), or every group's count.
 */
export const needsTotal = (m: Meaning, rowCount: number, truncated: boolean): boolean => truncated || rowCount >= LIST_LIMIT || m.order?.each === true;

/**
 * A reading that leaves a choice open only when the graph says so, asked of it read-only: "the
 * top 5 movies …" with nothing to rank by, when more things match than it shows (otherwise all
 * are shown and no order matters); "rack 1", when several things have the number.
 */
export async function askIfMany(reading: QuestionReading, graph: Pick<GraphStore, 'runReadOnly'>): Promise<QuestionReading> {
  if (!reading.ok) return reading;
  const numbered = reading.ifSeveral && reading.meaning.nodes.some((n) => n.id === reading.ifSeveral!.node && !n.anchor);
  if (numbered) {
    const which = await askWhichOne(reading.ifSeveral!, reading.meaning, graph);
    if (which) return { ok: false, reason: which.reason, unplaced: [], ...(which.choices ? { choices: which.choices } : {}) };
  }
  if (!reading.ifMany || reading.meaning.limit === undefined) return reading;
  if ((await countWith(graph)(reading.ifMany.countCypher)) <= reading.meaning.limit) return reading;
  return { ok: false, reason: reading.ifMany.reason, unplaced: [], choices: reading.ifMany.choices };
}

const KINDS = { list: 'list', count: 'count', value: 'property', aggregate: 'aggregate', exists: 'aggregate', path: 'path', lookup: 'lookup', compare: 'aggregate' } as const;

/** The reading as the plan description the rest of the conversation reads (sentences, sources, memory, curators). */
export function describeReading(reading: Extract<QuestionReading, { ok: true }>, named: NamedThing[]): PlanDescription {
  const m = reading.meaning;
  const focus = m.nodes.find((n) => n.id === m.focus);
  const edge = m.edges.find((e) => e.from === m.focus || e.to === m.focus);
  return {
    kind: m.ask.kind === 'list' && m.order ? 'aggregate' : KINDS[m.ask.kind],
    entities: named.map((e) => ({ name: e.name, label: e.label })),
    ...(focus?.label ? { target: focus.label } : {}),
    ...(edge ? { relationship: { type: edge.type, phrase: edge.type.toLowerCase().replace(/_/g, ' '), entityIsSubject: edge.to === m.focus } } : {}),
    meaning: m,
    ...(reading.countCypher ? { countCypher: reading.countCypher } : {}),
    ...(reading.keysCypher ? { keysCypher: reading.keysCypher } : {}),
    confidence: reading.confidence,
    mappings: reading.mappings,
  };
}

/** The number a count query's one row holds (0 when it returns none), the query run read-only on `graph`. */
export const countWith =
  (graph: Pick<GraphStore, 'runReadOnly'>) =>
  async (cypher: string): Promise<number> =>
    Number(Object.values((await graph.runReadOnly(cypher)).rows[0] ?? {})[0] ?? 0);
