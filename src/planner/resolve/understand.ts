import { z } from 'zod';
import { analyze } from '../../language/analyze.js';
import type { Token } from '../../language/analyze.js';
import { PATH_CUES } from '../read/cues.js';
import type { Lexicon } from '../link/lexicon.js';
import { linkWords } from '../link/links.js';
import type { Item } from '../link/links.js';
import { findMentions } from './mentions.js';
import type { Mention } from './mentions.js';
import { QUESTION_KINDS } from '../plan.js';
import type { QuestionKind } from '../plan.js';
import { PRONOUN_KINDS } from '../read/pronouns.js';
import { isPlainWord, wordKey } from '../read/words.js';
import type { Word } from '../read/words.js';

/**
 * What a question asks at a glance, before the things it names are looked up: its kind, the
 * cues that decide it, the spans that may name things and the words around them. All of it is
 * read by the planner's language layer (the analyzed words linked to the graph's lexicon), so
 * the first step of a run and the planner's reading see the same words the same way.
 */

export type AggregateFunction = 'avg' | 'sum' | 'min' | 'max';

export type { Mention } from './mentions.js';

/** A word of the question as `analyze` read it (plain data: it crosses the run's steps as JSON). */
const TokenSchema = z.object({
  text: z.string(),
  lower: z.string(),
  lemma: z.string(),
  pos: z.enum(['noun', 'proper', 'verb', 'aux', 'adj', 'adv', 'num', 'det', 'prep', 'conj', 'pron', 'wh', 'neg', 'quote', 'other']),
  tags: z.array(z.string()).readonly(),
  start: z.number().int(),
  end: z.number().int(),
  capitalized: z.boolean(),
  number: z.number().optional(),
  ordinal: z.boolean().optional(),
  decade: z.number().int().optional(),
}) satisfies z.ZodType<Token>;

/**
 * The question as read once per turn, before the things it names are looked up: its words
 * analyzed, its kind, the cues that decide it, the spans that may name things and the words
 * around them. Every later step of the turn (the template matcher, the planner, the answer)
 * reads these tokens instead of analyzing the words again.
 */
export const UnderstandingSchema = z.object({
  question: z.string(),
  /** The kind the wording suggests; the planner settles on its own once the names are known. */
  kind: z.enum(QUESTION_KINDS),
  cues: z.object({
    count: z.boolean(),
    path: z.boolean(),
    lookup: z.boolean(),
    /** avg/sum/min/max of a value ("average population"). */
    aggregate: z.enum(['avg', 'sum', 'min', 'max']).optional(),
    /** "the most"/"the least" (which thing ranks first). */
    superlative: z.enum(['most', 'least']).optional(),
    /** "when", "where", "what is the … of": a property of one thing. */
    property: z.boolean(),
    /** she, he, it, they, … : the thing last talked about. */
    pronoun: z.boolean(),
    /** The passive voice: "maintained by X", "is cited the most". */
    passive: z.boolean(),
    negated: z.boolean(),
    /** The question asks to change the graph ("Delete …", "Add …"): declined as such. */
    instruction: z.boolean(),
  }),
  mentions: z.array(z.object({ text: z.string(), start: z.number().int(), end: z.number().int(), quoted: z.boolean(), loose: z.boolean().optional() })),
  /** Every word outside the mentions that carries meaning, with its stem and position. */
  words: z.array(z.object({ word: z.string(), stem: z.string(), start: z.number().int() })),
  /** The question's words, analyzed (of the question as trimmed). */
  tokens: z.array(TokenSchema),
});
export type Understanding = z.infer<typeof UnderstandingSchema>;

const INSTRUCTIONS = /^(delete|remove|create|add|insert|update|set|change|rename|drop|merge|modify|replace|erase|wipe|clear|detach)$/;

/** Whether the question asks to change the graph: it opens with such a verb, unless the verb is the schema's own ("Add" read through WordNet is still an instruction). */
export function asksToChange(tokens: Token[], items: Item[]): boolean {
  const first = tokens.find((t) => !/^(please|can|could|would|you|kindly)$/.test(t.lower));
  return first !== undefined && INSTRUCTIONS.test(first.lower) && items.every((it) => it.kind !== 'rel' || it.related || tokens[it.from] !== first);
}

/** Words whose possessor is what a property question asks about ("what is *its* population"). */
const OWNERS = new Set(['the', 'its', 'his', 'her', 'their']);

function readCues(tokens: Token[], items: Item[], mentions: Mention[], instruction: boolean): Understanding['cues'] {
  const has = (kind: Item['kind']) => items.some((it) => it.kind === kind);
  const [first, second, third] = tokens;
  const aggregate = items.find((it): it is Extract<Item, { kind: 'agg' }> => it.kind === 'agg');
  const rank = items.find((it): it is Extract<Item, { kind: 'rank' }> => it.kind === 'rank' && !it.weak);
  const asks = (...words: string[]) => first !== undefined && words.includes(first.lower);
  const thenBe = second?.lemma === 'be' || second?.lemma === 'is';
  return {
    count: has('count'),
    path: mentions.length >= 2 && tokens.some((t) => PATH_CUES.has(t.lemma)),
    // "Who is X?", "What was Y?" (nothing else asked of it), "Tell me about Z", "Describe Z".
    lookup:
      (asks('who', 'what') && thenBe && tokens.slice(2).every((t) => t.pos !== 'verb')) ||
      (first?.lemma === 'tell' && second?.lower === 'me' && (third?.lower === 'about' || third?.lower === 'who')) ||
      first?.lemma === 'describe',
    ...(aggregate ? { aggregate: aggregate.fn } : {}),
    ...(rank ? { superlative: rank.direction === 'DESC' ? ('most' as const) : ('least' as const) } : {}),
    property: asks('when', 'where') || (asks('what') && OWNERS.has((thenBe ? third : second)?.lower ?? '')),
    pronoun: tokens.some((t) => t.pos === 'pron' && t.lower in PRONOUN_KINDS),
    passive: items.some((it) => it.kind === 'rel' && it.passive) || tokens.some((t) => t.pos === 'verb' && t.tags.includes('Passive')),
    negated: has('neg'),
    instruction,
  };
}

export function understand(question: string, lexicon: Lexicon): Understanding {
  const text = question.trim();
  const tokens = analyze(text);
  const items = linkWords(tokens, lexicon, []);
  // An instruction to change the graph looks nothing up: it is declined as such.
  const instruction = asksToChange(tokens, items);
  const mentions = instruction ? [] : findMentions(text, lexicon, { tokens, items });
  const cues = readCues(tokens, items, mentions, instruction);
  const inMention = (start: number) => mentions.some((m) => !m.loose && start >= m.start && start < m.end);
  const words: Word[] = tokens
    .filter((t) => t.pos !== 'quote' && !inMention(t.start) && /[\p{L}\p{N}]/u.test(t.lower))
    .map((t) => ({ word: t.lower, stem: wordKey(t.lower), start: t.start }))
    .filter((w) => !isPlainWord(w.word) || w.word === 'by');

  let kind: QuestionKind = 'list';
  if (cues.path) kind = 'path';
  else if (cues.aggregate || cues.superlative) kind = 'aggregate';
  else if (cues.count) kind = 'count';
  else if (cues.property) kind = 'property';
  else if (cues.lookup && mentions.length === 1) kind = 'lookup';
  return { question: text, kind, cues, mentions, words, tokens };
}
