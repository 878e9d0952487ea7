import { displayNameOf } from '../../stores/graph/bookkeeping.js';
import { analyze, lemmasOf } from '../../language/analyze.js';
import { identifierWords, pluralOf } from '../read/words.js';

/**
 * The words an answer is made of, for both kinds of answer (from the planner's meaning and from a
 * query's description): things and their number, values as they are shown, lists of names, a
 * relationship's phrase as a verb for one or many, denied or as a participle.
 */

/**
 * "a parcel", "an event", "a user", "a unit": "an" before a vowel, but not before a "u" said "you"
 * (one consonant, then a vowel: "an update", "an umbrella" keep theirs). By the letters: "an hour" is rare in labels.
 */
export const withArticle = (word: string) => `${/^[aeiou]/i.test(word) && !/^u[bcdfgjklmnprstvz][aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** Names listed in a sentence before "and N more". */
export const NAMES_IN_SENTENCE = 8;

/** A label as the words of `n` of its things: ("PurchaseOrder", 2) → "purchase orders". */
export const labelWord = (label: string, n: number) => {
  const words = identifierWords(label);
  const last = words.pop() ?? label.toLowerCase();
  return [...words, n === 1 ? last : pluralOf(last)].join(' ');
};


export const show = (value: unknown): string => {
  if (value === null || value === undefined) return 'unknown';
  // Thousands are grouped from five digits on, so a year stays a year ("1984", "12,500").
  if (typeof value === 'number') {
    return Math.abs(value) < 10_000 ? String(Math.round(value * 100) / 100) : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  }
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'object' && value && 'properties' in value) {
    const props = (value as { properties: Record<string, unknown> }).properties;
    return displayNameOf(props) ?? JSON.stringify(props);
  }
  if (isPoint(value)) return showPoint(value);
  return JSON.stringify(value);
};

/** A spatial point as the store gives it (`{srid, x, y, z?}`). */
const isPoint = (value: unknown): value is { srid: number; x: number; y: number; z?: number } =>
  typeof value === 'object' && value !== null && ['srid', 'x', 'y'].every((k) => typeof (value as Record<string, unknown>)[k] === 'number');

/** Geographic points (WGS 84, srid 4326 and 4979) by latitude and longitude, others by their coordinates. */
function showPoint(p: { srid: number; x: number; y: number; z?: number }): string {
  const height = p.z === undefined ? '' : `, ${p.srid === 4979 ? 'height' : 'z'} ${show(p.z)}`;
  return p.srid === 4326 || p.srid === 4979 ? `latitude ${show(p.y)}, longitude ${show(p.x)}${height}` : `x ${show(p.x)}, y ${show(p.y)}${height}`;
}

export function listOf(names: string[]): string {
  if (names.length === 0) return '';
  const shown = names.slice(0, NAMES_IN_SENTENCE);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** Participles that name a state ("located in"): they read with "is"/"are" in front. */
const STATE_PARTICIPLES = new Set([
  'located', 'based', 'born', 'married', 'related', 'connected', 'situated', 'headquartered', 'listed', 'employed',
  'involved', 'named', 'called', 'made', 'part', 'member', 'owned', 'linked', 'associated', 'affiliated', 'registered',
]);
/**
 * Of those, the ones that are also the past of a verb taking an object: alone (`MADE`, `OWNED`),
 * with no preposition after them, they say what was done ("made a voyage"), not a state.
 */
const PAST_VERBS_ALONE = new Set(['made', 'owned', 'named', 'called', 'listed', 'employed', 'registered']);
/** A relationship named by a preposition ("in category", `TO`) is a state too: "is in", "is to". */
const PREPOSITIONS = new Set(['in', 'on', 'at', 'of', 'from', 'under', 'within', 'inside', 'to', 'into', 'for', 'near', 'via', 'through', 'by', 'with']);
/** Whether a relationship's phrase reads as a state ("is located in", "is part of"). */
const isState = (first: string, rest: string[]) => STATE_PARTICIPLES.has(first) && (rest.length > 0 || !PAST_VERBS_ALONE.has(first));

/** Relationship phrases whose reading is kept (a graph has a bounded number of types). */
const NOUN_PHRASES_KEPT = 1000;
const nounPhrases = new Map<string, 'has' | 'of' | undefined>();

/**
 * A relationship named by nouns (or one adjective), said from where it starts: `has` for "manager",
 * "home port", "previous" (a store has as manager …), `of` for "author of" (she is author of …);
 * undefined for a verb phrase.
 */
function nounPhrase(phrase: string): 'has' | 'of' | undefined {
  if (nounPhrases.has(phrase)) return nounPhrases.get(phrase);
  const tokens = analyze(phrase);
  const of = tokens.length > 1 && tokens.at(-1)!.lower === 'of';
  const words = of ? tokens.slice(0, -1) : tokens;
  // (A plural is more often a verb misread: "links to", "supplies".)
  // (An adjective alone names what the far end is too: "previous", "next".)
  const nouns = (words.length > 0 && words.every((t) => t.pos === 'noun' && !t.tags.includes('Plural'))) || (!of && words.length === 1 && words[0]!.pos === 'adj' && !/ed$/.test(words[0]!.lower));
  const kind = nouns ? (of ? 'of' : 'has') : undefined;
  if (nounPhrases.size < NOUN_PHRASES_KEPT) nounPhrases.set(phrase, kind);
  return kind;
}

/** The relationship as a verb phrase agreeing with its subject ("works at" / "work at", "is located in" / "are located in", "has as manager"). */
export function verb(phrase: string, plural: boolean): string {
  const [first, ...rest] = phrase.split(' ');
  if (!first) return phrase;
  // ("in category", "of type": a relationship named by a preposition and a noun is a state too.)
  if (isState(first, rest) || PREPOSITIONS.has(first)) return [plural ? 'are' : 'is', first, ...rest].join(' ');
  const noun = nounPhrase(phrase);
  if (noun === 'has') return `${plural ? 'have' : 'has'} as ${phrase}`;
  if (noun === 'of') return `${plural ? 'are' : 'is'} ${phrase}`;
  if (/^(has|have)$/.test(first)) return [plural ? 'have' : 'has', ...rest].join(' ');
  // The verb's own lemma: "supervises" → supervise, "carries" → carry, "passes" → pass.
  const agreed = plural && /[^s]s$/.test(first) ? (lemmasOf([first], 'verb')[0] ?? first) : first;
  return [agreed, ...rest].join(' ');
}

/**
 * The relationship denied: "does not work at" / "do not work at", "did not direct", "is not
 * located in". `or`: phrases of alternatives denied with it ("did not direct or produce").
 */
export function notVerb(phrase: string, plural: boolean, or: string[] = []): string {
  const [first, ...rest] = phrase.split(' ');
  if (!first) return `not ${phrase}`;
  const others = or.map((p) => ` or ${baseVerb(p)}`).join('');
  if (isState(first, rest) || PREPOSITIONS.has(first)) return [plural ? 'are' : 'is', 'not', first, ...rest].join(' ') + others;
  const noun = nounPhrase(phrase);
  if (noun === 'has') return `${plural ? 'do' : 'does'} not have as ${phrase}${others}`;
  if (noun === 'of') return `${plural ? 'are' : 'is'} not ${phrase}${others}`;
  // A verb in the past ("directed", "wrote") is denied in the past.
  const past = !/[^s]s$/.test(first) && baseVerb(first) !== first;
  return `${past ? 'did not' : plural ? 'do not' : 'does not'} ${baseVerb(phrase)}${others}`;
}

/** A relationship's phrase with its verb in the base form ("directed" → "direct", "works at" → "work at"). */
function baseVerb(phrase: string): string {
  const [first, ...rest] = phrase.split(' ');
  if (!first || isState(first, rest) || PREPOSITIONS.has(first) || nounPhrase(phrase)) return phrase;
  return [lemmasOf([first], 'verb')[0] ?? first, ...rest].join(' ');
}

/** "(year after 2023)": the numbers the answer was narrowed by. */

/** "cites" → "cited", "maintains" → "maintained", "authored" stays: for "is cited by". */
export function participle(phrase: string): string {
  const [first, ...rest] = phrase.split(' ');
  if (!first) return phrase;
  if (/ed$/.test(first) || STATE_PARTICIPLES.has(first)) return [first, ...rest].join(' ');
  const base = /[^s]s$/.test(first) ? first.slice(0, -1) : first;
  return [base.endsWith('e') ? `${base}d` : `${base}ed`, ...rest].join(' ');
}

/** "2 rows: name Ada Moreau, Jon Reyes": what a query found, when no sentence of its kind fits it. */
export function plainRows(columns: string[], rows: Record<string, unknown>[], truncated: boolean): string {
  if (rows.length === 0) return 'The query found nothing.';
  const first = columns[0] ?? '';
  if (rows.length === 1) return `The query found: ${columns.map((c) => `${identifierWords(c).join(' ')} ${show(rows[0]![c])}`).join(', ')}.`;
  return `The query found ${rows.length} rows${truncated ? ' (cut at the row limit)' : ''}: ${identifierWords(first).join(' ')} ${listOf(rows.map((r) => show(r[first])))}.`;
}
