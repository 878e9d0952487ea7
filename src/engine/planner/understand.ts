import { readConstraints } from './constraints.js';
import { AGGREGATE_CUES } from './cues.js';
import type { Constraints } from './constraints.js';
import { fold, isPlainWord, tokenize, wordKey } from './words.js';
import type { Lexicon } from './lexicon.js';
import { findMentions } from './mentions.js';
import type { Mention } from './mentions.js';

/**
 * What a question asks, read from its wording alone (no graph): the kind of question, the
 * cues that decide it, and the spans that may name things. Which of those spans are things
 * of the graph, and which words name its labels, relationship types and properties, is
 * decided later against the graph's own schema.
 */

export const QUESTION_KINDS = ['lookup', 'list', 'count', 'aggregate', 'path', 'property'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export type AggregateFunction = 'avg' | 'sum' | 'min' | 'max';

export type { Mention } from './mentions.js';

export interface Word {
  word: string;
  stem: string;
  start: number;
}

export interface Understanding {
  question: string;
  /** The kind the wording suggests; the planner may settle on another once it knows the schema. */
  kind: QuestionKind;
  cues: {
    count: boolean;
    path: boolean;
    lookup: boolean;
    /** avg/sum/min/max of a value ("average population"). */
    aggregate?: AggregateFunction;
    /** "the most"/"the least" (which thing ranks first). */
    superlative?: 'most' | 'least';
    /** "when", "where", "what is the … of": a property of one thing. */
    property: boolean;
    /** she, he, it, they, … with nothing named: the thing last talked about. */
    pronoun: boolean;
    /** The passive voice: "maintained by X", "is cited the most". */
    passive: boolean;
  } & Partial<Constraints>;
  mentions: Mention[];
  /** Every word outside the mentions, with its stem and position. */
  words: Word[];
}

/** Words that start a question or a request: capitalized there without being names. */
const OPENERS = new Set([
  'which', 'who', 'whom', 'whose', 'what', 'when', 'where', 'why', 'how', 'list', 'show', 'name', 'tell', 'give', 'find',
  'count', 'is', 'are', 'was', 'were', 'does', 'do', 'did', 'can', 'could', 'please', 'and', 'in', 'on', 'at', 'for', 'of',
  'the', 'a', 'an', 'i', 'get', 'return', 'display', 'between', 'from', 'to', 'by', 'with', 'has', 'have', 'had',
  // instructions to change the graph, refused as such
  'delete', 'remove', 'create', 'add', 'insert', 'update', 'set', 'change', 'rename', 'drop', 'merge', 'modify', 'replace',
  'erase', 'wipe', 'clear', 'detach', 'write',
]);
/** Lower-case words allowed inside a name ("University of Oslo", "Ludwig van Beethoven"). */
const NAME_CONNECTORS = new Set(['of', 'the', 'de', 'da', 'del', 'van', 'von', 'der', 'den', 'du', 'la', 'le', 'y', 'and', '&']);
const PRONOUNS = new Set(['she', 'he', 'it', 'they', 'her', 'him', 'his', 'its', 'their', 'them', 'hers', 'theirs']);

const AGGREGATE_WORDS: Readonly<Record<string, AggregateFunction>> = AGGREGATE_CUES;
/** Ranking words. Time words rank by the value too: the earliest or oldest has the smallest year. */
const MOST = new Set(['most', 'highest', 'largest', 'biggest', 'greatest', 'top', 'latest', 'newest', 'youngest', 'recent']);
const LEAST = new Set(['least', 'lowest', 'smallest', 'fewest', 'earliest', 'oldest', 'first']);

const isCapitalized = (word: string) => /^[\p{Lu}\p{N}]/u.test(word);
/** A past participle ("maintained", "written", "known"). */
const PARTICIPLE = /(ed|en|wn)$/;

/** Quoted spans, then runs of capitalized words (a question's first word only when it is not an opener). */
function findCapitalized(question: string, tokens: { word: string; start: number; end: number }[]): Mention[] {
  const mentions: Mention[] = [];
  // Each kind of quote closes only itself, so “Quote"d Studio” is one name.
  for (const match of question.matchAll(/"([^"]{1,200})"|“([^”]{1,200})”|‘([^’]{1,200})’|«([^»]{1,200})»/gu)) {
    const text = (match[1] ?? match[2] ?? match[3] ?? match[4]!).trim();
    if (text) mentions.push({ text, start: match.index, end: match.index + match[0].length, quoted: true });
  }
  const insideQuote = (at: number) => mentions.some((m) => at >= m.start && at < m.end);
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    const opener = i === 0 || /[.!?:;]\s*$/.test(question.slice(0, token.start));
    // A number is a value ("after 2023"), not a name, unless it follows one ("Apollo 13").
    const number = /^\d[\d,.]*$/.test(token.word);
    const bare = token.word.toLowerCase().replace(/['’](s|re|ll|ve|d)$/, '');
    if (insideQuote(token.start) || !isCapitalized(token.word) || number || (opener && OPENERS.has(bare))) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < tokens.length) {
      const next = tokens[j + 1]!;
      const gap = question.slice(tokens[j]!.end, next.start);
      if (!/^[\s-]*$/.test(gap) || insideQuote(next.start)) break;
      if (isCapitalized(next.word)) j++;
      else if (NAME_CONNECTORS.has(next.word.toLowerCase()) && j + 2 < tokens.length && isCapitalized(tokens[j + 2]!.word)) j += 2;
      else break;
    }
    const text = question.slice(token.start, tokens[j]!.end).replace(/['’]s$/u, '');
    mentions.push({ text, start: token.start, end: tokens[j]!.end, quoted: false });
    i = j + 1;
  }
  return mentions.sort((a, b) => a.start - b.start);
}

/**
 * With the graph's lexicon, the spans that may name things come from the language layer
 * (mentions.ts: names, not schema words or the question's own words); without it, from
 * capitalization alone.
 */
export function understand(question: string, lexicon?: Lexicon): Understanding {
  const text = question.trim();
  const tokens = tokenize(text);
  const mentions = lexicon ? findMentions(text, lexicon) : findCapitalized(text, tokens);
  const inMention = (start: number) => mentions.some((m) => !m.loose && start >= m.start && start < m.end);
  const words: Word[] = tokens
    .filter((t) => !inMention(t.start))
    .map((t) => ({ word: fold(t.word), stem: wordKey(t.word), start: t.start }));
  const lower = fold(text);

  const aggregateWord = words.find((w) => AGGREGATE_WORDS[w.word]);
  // "at least 1000", "at most 5" compare with a number; they rank nothing.
  const bounded = new Set(words.filter((w, i) => i > 0 && words[i - 1]!.word === 'at' && (w.word === 'least' || w.word === 'most')).map((w) => w.start));
  const ranking = words.filter((w) => !bounded.has(w.start));
  const superlative = ranking.some((w) => MOST.has(w.word)) ? 'most' : ranking.some((w) => LEAST.has(w.word)) ? 'least' : undefined;
  const cues: Understanding['cues'] = {
    count: /\bhow many\b/.test(lower) || /\b(number of|count)\b/.test(lower),
    path: /\b(connected|related|linked|connection|path|link)\b/.test(lower) && mentions.length >= 2,
    lookup: /^(who|what) (is|are|was|were) [^,]+\??$/.test(lower) || /^(tell me (about|who)|describe|who's|what's)\b/.test(lower),
    aggregate: aggregateWord ? AGGREGATE_WORDS[aggregateWord.word] : undefined,
    superlative,
    property: /^(when|where)\b/.test(lower) || /^what(?: is|'s| was)? (the|its|his|her|their) \w+/.test(lower),
    pronoun: words.some((w) => PRONOUNS.has(w.word)),
    passive: false,
  };
  // "maintained by", "written by", "is cited the most": the subject comes after the verb, or is not said.
  cues.passive =
    words.some((w, i) => w.word === 'by' && i > 0 && PARTICIPLE.test(words[i - 1]!.word)) ||
    /\b(is|are|was|were|been|being|get|gets|got)\s+(\w+ly\s+)?\w+(ed|en|wn)\b(?!\s+(in|at|to|on|with|for|from|of)\b)/.test(lower);
  // Inside a name ("Trustworthy Ledgers without Global Consensus", "Apollo 13") words say nothing of the question.
  Object.assign(cues, readConstraints(mentions.reduce((t, m) => t.slice(0, m.start) + ' '.repeat(m.end - m.start) + t.slice(m.end), text)));
  // An instruction to change the graph looks nothing up: it is declined as such.
  if (cues.instruction) mentions.splice(0);

  let kind: QuestionKind = 'list';
  if (cues.path) kind = 'path';
  else if (cues.aggregate || cues.superlative) kind = 'aggregate';
  else if (cues.count) kind = 'count';
  else if (cues.property) kind = 'property';
  else if (cues.lookup && mentions.length === 1) kind = 'lookup';
  return { question: text, kind, cues, mentions, words: words.filter((w) => !isPlainWord(w.word) || w.word === 'by') };
}
