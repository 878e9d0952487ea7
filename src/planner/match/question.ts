/**
 * Questions as text to compare: a normalized form for storage and trigram similarity, and
 * canonical tokens for template matching (`pattern-match.ts`). Pure functions.
 *
 * A token's canonical form is its lemma, as the planner's language layer reads it in the
 * question ("films" → film, "starred" → star); a deployment synonym (`MatcherWords`) turns a word
 * or phrase into the concept of the graph's name it stands for, and `PHRASES` merge general
 * ones ("how many" → `count`). Nothing here knows a graph or a domain. Every token gets a role
 * (`roleOf`, from its canonical form):
 *
 * - `stop`: does not change what is asked (what compromise's lexicon tags as a determiner,
 *   preposition, pronoun, copula, modal or conjunction, and auxiliaries); matching skips it freely;
 * - `frame`: asks for a listing (`what`, and `which` read as it, `list`, `show`); interchangeable, cheap to add or omit;
 * - `filler`: adds nothing (`ever`, `also`, ...); cheap to add or omit;
 * - `critical`: changes the query (`CRITICAL_WORDS`: negations, comparisons, order,
 *   `count`, question words other than `what`); never skipped, never part of a value;
 * - `content`: every other word (domain words, entity names, numbers).
 */

import { wordTable } from '../../platform/word-table.js';
import { createHash } from 'node:crypto';
import { analyze, fold, isFunctionWord, lemmasOf } from '../../language/analyze.js';
import type { Token } from '../../language/analyze.js';
import { identifierWords } from '../read/words.js';

export type TokenRole = 'stop' | 'frame' | 'filler' | 'content' | 'critical';

export interface QuestionToken {
  /** The text of the token in the original question (for "n't": the "n't"). */
  token: string;
  /** Canonical form: the lemma, or the concept a deployment synonym stands for. */
  canonical: string;
  /** Span in the original text: `text.slice(start, end)`. */
  start: number;
  end: number;
  /** True for stop words, which matching may skip. */
  stop: boolean;
  role: TokenRole;
  /** NFKC lower-case form without apostrophes, as written: to find a value's words in a question. */
  surface: string;
}

/** Two-word phrases read as one token (general English, no domain). */
export const PHRASES: Readonly<Record<string, string>> = wordTable({
  'how many': 'count',
  'number of': 'count',
});

/** Question words that ask the same ("which films" is "what films"): one canonical form each. */
const SAME_QUESTION_WORDS: Readonly<Record<string, string>> = wordTable({ which: 'what', whom: 'who' });


export const FILLER_WORDS: ReadonlySet<string> = new Set(['also', 'ever', 'just', 'exactly', 'actually', 'really', 'currently', 'kindly']);

/** Question words and request verbs that all ask for a listing: interchangeable in a pattern. */
export const FRAME_WORDS: ReadonlySet<string> = new Set(['what', 'list', 'show', 'give', 'tell', 'find', 'name', 'display', 'get']);

export const CRITICAL_WORDS: ReadonlySet<string> = new Set(
  (
    'not no none nor neither never without except only before after since until more less than over under most least ' +
    'first last top between who where when how why count'
  ).split(' '),
);

/**
 * The deployment's words for the template matcher: each synonym (a lemma or a phrase of lemmas,
 * "work for") read as the concept of the graph's name it stands for, so "films" meets "movies"
 * when a curator said `film` stands for `Movie`. `stamp` changes whenever the canonical forms
 * of any question could (a new synonym, a new canonicalization): templates are re-keyed then.
 */
export interface MatcherWords {
  phrases: ReadonlyMap<string, string>;
  /** The longest phrase, in words. */
  longest: number;
  /** The concepts: domain words, suspicious inside a captured value. */
  concepts: ReadonlySet<string>;
  stamp: string;
}

/** Bumped whenever the canonical form of a word changes in code: every template is re-keyed once. */
const CANONICAL_FORMS_VERSION = 2;

export const NO_WORDS: MatcherWords = { phrases: new Map(), longest: 0, concepts: new Set(), stamp: `v${CANONICAL_FORMS_VERSION}` };

/**
 * The one word a graph's name is asked by: a label's head noun (`PurchaseOrder` → "order"), a
 * relationship type's verb (`WORKS_AT` → "work"), a property key's last word (`releaseYear` → "year"),
 * as lemmas; a name's own word is its concept, so "movies" and a synonym of `Movie` meet.
 */
export function conceptOf(name: string, kind: 'label' | 'relationship' | 'property'): string {
  const words = identifierWords(name);
  const lemmas = lemmasOf(words, kind === 'relationship' ? 'verb' : 'noun').filter((w) => roleOf(w) !== 'stop');
  const chosen = kind === 'relationship' ? lemmas[0] : lemmas.at(-1);
  return chosen ?? fold(name);
}

/** The matcher's words from the deployment's synonyms. */
export function matcherWords(synonyms: readonly { word: string; stands_for: string; kind: 'label' | 'relationship' | 'property' }[]): MatcherWords {
  const concepts = new Map<string, Set<string>>();
  for (const s of synonyms) {
    const key = lemmaWords(s.word).join(' ');
    if (key) concepts.set(key, (concepts.get(key) ?? new Set()).add(conceptOf(s.stands_for, s.kind)));
  }
  // A word said for two names stands for neither: the question must say which.
  const phrases = new Map([...concepts].filter(([, c]) => c.size === 1).map(([key, c]) => [key, [...c][0]!] as const));
  const sorted = [...phrases].sort(([a], [b]) => a.localeCompare(b));
  const stamp = `v${CANONICAL_FORMS_VERSION}:${createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16)}`;
  return {
    phrases,
    longest: Math.max(0, ...[...phrases.keys()].map((k) => k.split(' ').length)),
    concepts: new Set(phrases.values()),
    stamp,
  };
}

/** The lemmas of a text's words, as a question's tokens get them. */
const lemmaWords = (text: string) => questionTokens(text).map((t) => t.canonical);

/** NFKC, lower case, punctuation to spaces, whitespace collapsed, trimmed. */
export function normalizeQuestion(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The role of a canonical form (see the module comment). */
export function roleOf(canonical: string): TokenRole {
  if (CRITICAL_WORDS.has(canonical)) return 'critical';
  if (FRAME_WORDS.has(canonical)) return 'frame';
  if (FILLER_WORDS.has(canonical)) return 'filler';
  if (isFunctionWord(canonical)) return 'stop';
  return 'content';
}

/** Words, numbers (`1,000`, `3.5`) and words with inner apostrophes (`O'Brien`, `didn't`). */
const WORD = /[\p{L}\p{M}\p{N}]+(?:(?:['\u2019]|[.,](?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu;

/** A question's text with its words as the turn read them once (`Understanding.tokens`): matched without reading them again. */
export interface ReadText {
  text: string;
  tokens: readonly Token[];
}

/** A text the matcher reads itself (a template's question, a slot's value) or one the turn has read already. */
export const asRead = (question: string | ReadText): ReadText => (typeof question === 'string' ? { text: question, tokens: analyze(question) } : question);

const token = (text: string, start: number, end: number, canonical: string, surface: string): QuestionToken => {
  const role = roleOf(canonical);
  return { token: text.slice(start, end), canonical, start, end, stop: role === 'stop', role, surface };
};

/** A question's matcher tokens, made once for all the templates it is matched against. */
export interface MatchingQuestion {
  text: string;
  tokens: QuestionToken[];
}

export function matchingQuestion(question: string | ReadText, words: MatcherWords = NO_WORDS): MatchingQuestion {
  const read = asRead(question);
  return { text: read.text, tokens: questionTokens(read, words) };
}

/**
 * The tokens of a question with their spans in the original text, each with its lemma (from the
 * language layer, read in the question's context) as its canonical form, and the deployment's
 * synonyms and `PHRASES` merged into one token each. "n't" becomes its own `not` token (didn't →
 * did + not; can't → can + not; won't → will + not); a possessive "'s" and contractions ('re, 've,
 * 'll, 'd, 'm) are dropped from the word and its span; other apostrophes are ignored (O'Brien → obrien).
 */
export function questionTokens(question: string | ReadText, words: MatcherWords = NO_WORDS): QuestionToken[] {
  const { text, tokens } = asRead(question);
  const lemmaAt = new Map<number, { lower: string; lemma: string }>();
  for (const t of tokens) if (t.pos !== 'quote') lemmaAt.set(t.start, { lower: t.lower.replace(/'s$/, ''), lemma: t.lemma });
  // The lemma of the word at `start` when the language layer read the same word there.
  const canonicalAt = (start: number, word: string) => {
    const read = lemmaAt.get(start);
    const lemma = read && read.lower.replace(/'/g, '') === word && /^[\p{L}\p{N}]+$/u.test(read.lemma) ? read.lemma : word;
    const folded = fold(lemma);
    return SAME_QUESTION_WORDS[folded] ?? folded;
  };
  const raw: QuestionToken[] = [];
  for (const m of text.matchAll(WORD)) {
    const written = m[0];
    const start = m.index;
    let end = start + written.length;
    const lower = written.normalize('NFKC').toLowerCase().replace(/\u2019/g, "'");
    const negation = /n't$/.exec(lower);
    if (negation && lower.length > 3) {
      const base = lower.slice(0, -3);
      const word = base === 'ca' ? 'can' : base === 'wo' ? 'will' : base === 'sha' ? 'shall' : base;
      const cut = end - 3;
      raw.push(token(text, start, cut, canonicalAt(start, word), word));
      raw.push(token(text, cut, end, 'not', 'not'));
      continue;
    }
    let word = lower;
    const suffix = /'(s|re|ve|ll|d|m)$/.exec(word);
    if (suffix) {
      word = word.slice(0, -suffix[0].length);
      end -= suffix[0].length;
    }
    word = word.replace(/'/g, '');
    if (!word) continue;
    raw.push(token(text, start, end, /\p{N}/u.test(word) ? word : canonicalAt(start, word), word));
  }
  // Phrases: the deployment's synonyms (longest first), then the general ones.
  const out: QuestionToken[] = [];
  for (let i = 0; i < raw.length; i++) {
    let merged = false;
    for (let n = Math.min(words.longest, raw.length - i); n >= 1 && !merged; n--) {
      const run = raw.slice(i, i + n);
      const concept = words.phrases.get(run.map((t) => t.canonical).join(' '));
      if (concept === undefined) continue;
      out.push(token(text, run[0]!.start, run[n - 1]!.end, concept, run.map((t) => t.surface).join(' ')));
      i += n - 1;
      merged = true;
    }
    if (merged) continue;
    const a = raw[i]!;
    const b = raw[i + 1];
    const phrase = b ? PHRASES[`${a.surface} ${b.surface}`] : undefined;
    if (b && phrase) {
      out.push(token(text, a.start, b.end, phrase, `${a.surface} ${b.surface}`));
      i++;
    } else out.push(a);
  }
  return out;
}
