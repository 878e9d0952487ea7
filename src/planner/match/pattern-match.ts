import { matchingQuestion, NO_WORDS, questionTokens, roleOf, type MatcherWords, type MatchingQuestion, type ReadText, type TokenRole } from './question.js';
import type { MatchResult, PatternItem } from './alignment.js';
import { alignPattern, NUMBER } from './alignment.js';

/**
 * Template patterns: a template's question with its parameter values cut out, and the
 * alignment of a new question with it that fills the parameters. Pure functions.
 *
 * Serialized pattern: the canonical tokens of the template's question (see `question.ts`)
 * separated by single spaces, with each parameter value replaced by a slot marker:
 * `{name}` for a text value, `{name:number}` for a numeric value. Stop words stay in the
 * pattern: they help to split two neighbouring slots. Canonical tokens never contain
 * spaces or braces, so the text splits back unambiguously. Example: "Which books printed
 * after 1995 did Ann Lee write?" with printed=1995 and name='Ann Lee' gives
 * `what book print after {printed:number} do {name} write`.
 *
 * Score: 1 minus the penalties of the cheapest alignment of question and pattern (pattern
 * words in order; question words either matched, inside a slot, or extra).
 * - 0: a pattern `content` or `critical` word is missing, a `critical` word is extra or
 *   inside a captured value, a slot gets nothing (or a non-number for a number slot), the
 *   stop word that alone separates two text slots is missing: a hard rejection, reported
 *   as `{ score: 0, reason }`;
 * - -0.5 for each extra `content` word (outside slots), a deployment synonym's word in
 *   lower case inside a captured value, or two values in one slot ("Ann Lee and Bo
 *   Park", "Red Sky, Blue Sea"): one is enough to fall below the threshold;
 * - -0.06 for each `frame` or `filler` word added or left out ('list' for 'what', 'ever'),
 *   so up to four such differences still match;
 * - stop words cost nothing.
 * So 1 means "the same question up to stop words, with other values"; `MATCH_THRESHOLD` is
 * 0.75.
 *
 * Values are taken from the original text (original casing, inner punctuation such as
 * "O'Brien" or "Carrie-Anne" kept). Stop words at the edges of a value are trimmed unless
 * they are capitalized in mid-sentence ("The Long Road", "When Rivers Meet" keep theirs;
 * "the Long Road" gives "Long Road"); when a value holds capitalized words, lower-case words at
 * its edges are not part of it. Casing is ignored in a question capitalized throughout.
 * Word order matters: "Which films were directed by X?" does not match "Which movies did
 * X direct?" (a template per phrasing).
 */

/** Longest question (in tokens) that is aligned at all. */
const MAX_TOKENS = 80;
const SLOT = /^\{([A-Za-z_][A-Za-z0-9_]*)(?::(number))?\}$/;
const SLOT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface BuiltPattern {
  /** The serialized pattern (see the module comment). */
  pattern: string;
  /** The slot names found in the question, in order of appearance. */
  slots: string[];
}

/** The slots a template's parameters can fill: those whose example is a text or a number, with it as their value. */
export function slotsOf(parameters: readonly { name: string; example: unknown }[]): { name: string; value: string }[] {
  return parameters.filter((p) => typeof p.example === 'string' || typeof p.example === 'number').map((p) => ({ name: p.name, value: String(p.example) }));
}

/**
 * The pattern of a template from its original question and the examples of its parameters.
 * A value found (case-insensitively, as a run of whole words) in the question becomes a
 * slot; one not found is not a slot. Longer values are placed first; a question word
 * belongs to one slot at most.
 */
export function buildPattern(question: string, slots: { name: string; value: string }[], words: MatcherWords = NO_WORDS): BuiltPattern {
  const tokens = questionTokens(question, words);
  const owner = new Array<string | undefined>(tokens.length).fill(undefined);
  const numeric = new Set<string>();
  const ordered = slots
    .map((slot, index) => {
      if (!SLOT_NAME.test(slot.name)) throw new Error(`invalid slot name ${JSON.stringify(slot.name)}`);
      return { ...slot, index, words: questionTokens(String(slot.value)).map((t) => t.surface) };
    })
    .sort((a, b) => b.words.length - a.words.length || a.index - b.index);
  const placed = new Set<string>();
  for (const slot of ordered) {
    const len = slot.words.length;
    if (len === 0 || placed.has(slot.name)) continue;
    for (let i = 0; i + len <= tokens.length; i++) {
      let fits = true;
      for (let j = 0; j < len && fits; j++) fits = owner[i + j] === undefined && tokens[i + j]?.surface === slot.words[j];
      if (!fits) continue;
      for (let j = 0; j < len; j++) owner[i + j] = slot.name;
      placed.add(slot.name);
      if (len === 1 && NUMBER.test(String(slot.value).trim())) numeric.add(slot.name);
      break;
    }
  }
  const items: string[] = [];
  const names: string[] = [];
  tokens.forEach((t, i) => {
    const name = owner[i];
    if (name === undefined) items.push(t.canonical);
    else if (owner[i - 1] !== name) {
      items.push(numeric.has(name) ? `{${name}:number}` : `{${name}}`);
      names.push(name);
    }
  });
  return { pattern: items.join(' '), slots: names };
}

function parsePattern(pattern: string): PatternItem[] {
  const items = pattern
    .split(/\s+/)
    .filter(Boolean)
    .map((part): PatternItem => {
      const slot = SLOT.exec(part);
      if (slot) return { kind: 'slot', name: slot[1] as string, numeric: slot[2] === 'number' };
      return { kind: 'word', canonical: part, role: roleOf(part), separator: false };
    });
  items.forEach((item, i) => {
    if (item.kind !== 'slot' || item.numeric) return;
    let j = i + 1;
    while (items[j]?.kind === 'word' && (items[j] as { role: TokenRole }).role === 'stop') j++;
    const next = items[j];
    if (j > i + 1 && next?.kind === 'slot' && !next.numeric) {
      for (let k = i + 1; k < j; k++) (items[k] as { separator: boolean }).separator = true;
    }
  });
  return items;
}

/**
 * Aligns a question with a pattern and fills its slots (see the module comment for the
 * score). A result with `values` may still be below `MATCH_THRESHOLD`; hard rejections
 * have score 0 and no values. `reason` says in plain words what differs.
 */
export function matchPattern(pattern: string, asked: string | ReadText, words: MatcherWords = NO_WORDS): MatchResult {
  return matchQuestion(pattern, matchingQuestion(asked, words), words);
}

/** `matchPattern` for a question whose matcher tokens were made once, for all the templates it is matched against. */
export function matchQuestion(pattern: string, question: MatchingQuestion, words: MatcherWords): MatchResult {
  const items = parsePattern(pattern);
  if (!items.some((item) => item.kind === 'word' && (item.role === 'content' || item.role === 'critical'))) {
    return { score: 0, reason: 'the template question has no significant words to anchor on' };
  }
  const { tokens } = question;
  if (tokens.length === 0) return { score: 0, reason: 'the question has no words' };
  if (tokens.length > MAX_TOKENS) return { score: 0, reason: `the question is longer than ${MAX_TOKENS} words` };
  return alignPattern(items, question.text, tokens, words);
}
