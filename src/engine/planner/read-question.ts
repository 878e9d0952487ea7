import { analyze } from '../../language/analyze.js';
import { buildCypher, buildKeysCypher } from './cypher-builder.js';
import { interpret } from './interpret.js';
import type { Reading } from './interpret.js';
import type { ReadingChoice } from './interpret-context.js';
import type { Lexicon } from './lexicon.js';
import { linkWords } from './links.js';
import type { NamedThing } from './links.js';
import type { Meaning } from './meaning.js';
import type { PlanDescription } from './plan.js';

/**
 * The planner's reading of a question: its words analyzed, linked to the graph's schema and
 * to the things the question names, read as a meaning, and written as Cypher. When a word
 * cannot be placed or a choice is not settled by the words, it says so instead of guessing.
 */

/** Things of a count or an aggregate whose documents are looked up as its sources, at most. */
export const SOURCE_KEYS_MAX = 1000;

export type QuestionReading =
  | { ok: true; cypher: string; meaning: Meaning; confidence: number; mappings: Reading['mappings']; countCypher?: string; keysCypher?: string }
  | { ok: false; reason: string; unplaced: string[]; scope?: 'instruction' | 'out_of_scope'; choices?: ReadingChoice[] };

/** `chosen`: the ids of choices the person asking made between readings the words left open. */
export function readQuestion(question: string, lexicon: Lexicon, named: NamedThing[], chosen: string[] = []): QuestionReading {
  const tokens = analyze(question);
  const items = linkWords(tokens, lexicon, named);
  const read = interpret(tokens, items, lexicon, chosen);
  if (!read.ok) return read;
  const { meaning, confidence, mappings } = read.reading;
  const cypher = buildCypher(meaning);
  // A list may be cut by the row limit: how many there are in all, asked only when it is.
  const countCypher = meaning.ask.kind === 'list' && !meaning.order && meaning.limit === undefined ? buildCypher({ ...meaning, ask: { kind: 'count' } }) : undefined;
  // A count or an aggregate names no things: the keys of those it is over find its sources.
  const keysCypher = meaning.ask.kind === 'count' || meaning.ask.kind === 'aggregate' ? buildKeysCypher(meaning, SOURCE_KEYS_MAX) : undefined;
  return { ok: true, cypher, meaning, confidence, mappings, ...(countCypher ? { countCypher } : {}), ...(keysCypher ? { keysCypher } : {}) };
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
