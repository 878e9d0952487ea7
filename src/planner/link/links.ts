import type { Token } from '../../language/analyze.js';
import { analyze, fold, wordKey } from '../../language/analyze.js';
import { AGGREGATE_CUES, COMPARATOR_CUES, dimensionOfWord, RANK_CUES, SCHEMA_PART_NOUNS, STAMP_WORDS, SUPERLATIVE_DIMENSIONS, SUPPORT_VERBS } from '../read/cues.js';
import type { ComparatorCue, Dimension } from '../read/cues.js';
import type { RelatedWord } from '../../language/wordnet.js';
import type { LexLabel, Lexicon, LexProperty, LexRelationship, LexValue } from './lexicon.js';
import { valueWords } from './lexicon.js';
import { linkIndexOf } from './link-index.js';
import { nounEndOf } from './related-words.js';
import { CENTURY, HOW_MANY_LEADS, HOW_OFTEN, TIMES } from '../read/word-classes.js';
import type { LinkIndex } from './link-index.js';
import type { ResolvedEntity } from '../plan.js';

/**
 * Links a question's words to what they stand for: a thing named in it (already resolved), a
 * label, a relationship (by its verb or by the noun of who does it), a property, a recurring
 * value, a number, a date, a comparison, a count, an aggregate or a ranking. What is left is a
 * function word or a word the graph does not explain (reported, never guessed).
 */

/** A named thing of the question, as the resolve step linked it. */
export type NamedThing = ResolvedEntity;

interface Span {
  /** First and last token, inclusive. */
  from: number;
  to: number;
}

export type Item = Span &
  (
    | { kind: 'entity'; entity: NamedThing }
    | { kind: 'label'; label: LexLabel; plural: boolean; synonym?: boolean; related?: RelatedWord }
    | { kind: 'rel'; rel: LexRelationship; passive: boolean; event?: boolean; synonym?: boolean; related?: RelatedWord }
    | { kind: 'agent'; rel: LexRelationship; role: 'from' | 'to'; plural: boolean; related?: RelatedWord }
    | { kind: 'prop'; props: LexProperty[] }
    | { kind: 'value'; values: LexValue[] }
    | { kind: 'literal'; text: string }
    /** `times`: how often, said "once", "twice", "3 times". */
    | { kind: 'number'; value: number; year: boolean; ordinal: boolean; times?: boolean }
    /** A span of years: a decade ("the 1990s"), or a century ("the 21st century", `years` 100). */
    | { kind: 'decade'; year: number; years?: number }
    | { kind: 'date'; iso: string; precision: 'month' | 'day' }
    | { kind: 'cmp'; cue: ComparatorCue }
    | { kind: 'count' }
    | { kind: 'agg'; fn: 'avg' | 'sum' | 'min' | 'max' }
    | { kind: 'rank'; direction: 'DESC' | 'ASC'; dimension?: Dimension; word: string; weak?: boolean }
    | { kind: 'neg' }
    | { kind: 'wh'; word: string }
    /** `modifier`: a participle that only says how the noun before it came about ("reviews written"). */
    | { kind: 'word'; token: Token; modifier?: boolean }
  );

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A word after "first"/"last" that says which ones it picks (a number, a thing, "last year"), so it is no ranking of its own. */
const saysWhich = (next: Token | undefined) => next !== undefined && (next.number !== undefined || next.pos === 'noun' || next.pos === 'adj' || next.pos === 'proper' || next.pos === 'quote');
const isYear = (t: Token) => t.number !== undefined && !t.ordinal && Number.isInteger(t.number) && t.number >= 1000 && t.number <= 2999 && /^\d{4}$/.test(t.lower);
/** "founded in '1998'": a quoted year after a preposition is that year, as it would be unquoted. */
const quotedYear = (tokens: Token[], i: number): number | undefined => {
  const t = tokens[i];
  const text = t?.pos === 'quote' ? t.text.trim() : '';
  return /^[12]\d{3}$/.test(text) && tokens[i - 1]?.pos === 'prep' ? Number(text) : undefined;
};

/** Whether tokens from `at` spell `words` exactly (by lemma or as written). */
function spells(tokens: Token[], at: number, words: string[], asWritten = false): boolean {
  return words.every((w, i) => {
    const t = tokens[at + i];
    return t !== undefined && t.pos !== 'quote' && ((!asWritten && t.lemma === w) || t.lower === w);
  });
}

/** Small words a question may put between the words of a name ("date of birth" for dateOfBirth); not "by", which says what ranks or groups ("racks by size" is no "rack size"). */
const JOINERS = new Set(['of', 'the', 'a', 'an', 'in', 'on', 'at', 'for', 'to', 'with', 'per']);

/** Words a number is said with right after its name ("screen size", "star rating"): never across a joining word ("racks with size 48"). */
const MEASURES = new Set(['count', 'size', 'rating', 'score']);

/** How many tokens from `at` spell `words` in order, small joining words allowed between them; undefined when they do not. */
function spanOf(tokens: Token[], at: number, words: string[]): number | undefined {
  let k = at;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    while (i > 0 && !MEASURES.has(w) && tokens[k] && JOINERS.has(tokens[k]!.lower) && tokens[k]!.lemma !== w && tokens[k]!.lower !== w) k++;
    const t = tokens[k];
    if (!t || t.pos === 'quote' || (t.lemma !== w && t.lower !== w)) return undefined;
    k++;
  }
  return k - at;
}

/** Nouns that say what kind of value a property holds, said after its words ("IP address", "ISO code", "serial number", "RAM capacity"). */
const VALUE_HEADS: ReadonlySet<string> = new Set(['address', 'number', 'code', 'id', 'identifier', 'value', 'capacity', 'size']);

export function linkWords(tokens: Token[], lexicon: Lexicon, named: NamedThing[]): Item[] {
  const items: Item[] = [];
  let i = 0;
  while (i < tokens.length) {
    // "'shelf 4'" quoted: a number property's word and its value, as "shelf 4" would be unquoted.
    const numbered = tokens[i]!.pos === 'quote' && !named.some((e) => tokens[i]!.start >= e.position && tokens[i]!.start < e.position + e.mention.length) ? quotedNumberedProperty(tokens[i]!, i, lexicon) : undefined;
    if (numbered) {
      items.push(...numbered);
      i++;
      continue;
    }
    const item = linkAt(tokens, i, lexicon, named);
    // "the IP addresses", "the serial number", "the ISO code": a noun after a property's words that only says what kind of value it holds.
    const head = tokens[item.to + 1];
    if (item.kind === 'prop' && head && VALUE_HEADS.has(head.lemma) && linkAt(tokens, item.to + 1, lexicon, named).kind === 'word') item.to++;
    items.push(item);
    i = item.to + 1;
  }
  return items.map((item, k): Item => (madeEvent(items, k, tokens) ? { kind: 'word', token: tokens[item.from]!, modifier: true, from: item.from, to: item.to } : item));
}

/**
 * A quoted "<a number property's words> <digits>" ("'shelf 4'", "'bay 12'") that no name or value
 * is: that property and its value, two items over the one quoted token.
 */
function quotedNumberedProperty(t: Token, i: number, lexicon: Lexicon): Item[] | undefined {
  const text = t.text.trim();
  // (Split, not one pattern with two open-ended parts: a long quote is read in linear time.)
  const number = /\s(\d{1,9})$/.exec(text);
  const said = number ? text.slice(0, number.index).trim() : '';
  if (!number || !/^\p{L}[\p{L}\s-]*$/u.test(said) || lexicon.values.has(fold(text))) return undefined;
  const words = said.split(/[\s-]+/).map((w) => wordKey(w));
  const props = lexicon.properties.filter((p) => p.kind === 'number' && p.forms.some((f) => f.length === words.length && f.every((w, k) => wordKey(w) === words[k])));
  if (props.length === 0) return undefined;
  return [
    { kind: 'prop', props, from: i, to: i },
    { kind: 'number', value: Number(number[1]), year: false, ordinal: false, from: i, to: i },
  ];
}

/**
 * "the most reviews written", "ratings given": a support verb's participle right after a noun of
 * an event says the event was made, not a second relationship ("orders returned" is one, and so is
 * a verb with "by" after it).
 */
function madeEvent(items: Item[], k: number, tokens: Token[]): boolean {
  const item = items[k]!;
  const before = items[k - 1];
  if (item.kind !== 'rel' || item.event || item.from !== item.to || before?.kind !== 'rel' || before.rel === item.rel) return false;
  // The noun of an event: "reviews" for REVIEWED, as the schema's word or one made from it.
  if (!before.event && tokens[before.to]?.pos !== 'noun') return false;
  const t = tokens[item.from]!;
  return SUPPORT_VERBS.has(t.lemma) && (t.tags.includes('Participle') || t.tags.includes('PastTense')) && tokens[item.to + 1]?.lower !== 'by';
}

function linkAt(tokens: Token[], i: number, lexicon: Lexicon, named: NamedThing[]): Item {
  const t = tokens[i]!;
  // A named thing covers the tokens of its mention.
  const entity = named.find((e) => t.start >= e.position && t.start < e.position + e.mention.length);
  if (entity) {
    let to = i;
    while (to + 1 < tokens.length && tokens[to + 1]!.start < entity.position + entity.mention.length) to++;
    // "ada moreau" found as "ada": the rest of the name's words go with it.
    const nameWords = new Set(fold(entity.name).split(/[^\p{L}\p{N}]+/u));
    while (to + 1 < tokens.length && nameWords.has(tokens[to + 1]!.lower) && !named.some((e) => e !== entity && tokens[to + 1]!.start >= e.position && tokens[to + 1]!.start < e.position + e.mention.length)) to++;
    // "St Mary's Harbour": the possessive is part of the name.
    return { kind: 'entity', entity, from: i, to };
  }
  if (t.pos === 'quote') {
    const year = quotedYear(tokens, i);
    if (year !== undefined && !lexicon.values.has(String(year))) return { kind: 'number', value: year, year: true, ordinal: false, from: i, to: i };
    // "the job '4411'": digits quoted right after a kind of thing are its number, as they would be unquoted.
    const digits = t.text.trim();
    if (/^\d{1,15}$/.test(digits) && i > 0 && schemaAt(tokens, i - 1, lexicon)?.kind === 'label' && !lexicon.values.has(digits)) return { kind: 'number', value: Number(digits), year: false, ordinal: false, from: i, to: i };
    return quotedSchemaName(tokens, i, lexicon) ?? quotedValue(tokens, i, lexicon) ?? quotedDate(t, i) ?? { kind: 'literal', text: t.text, from: i, to: i };
  }

  // Dates: "March 2020", "April 1, 2016", "1 April 2016", "2020-03-15"; decades; numbers.
  const date = dateAt(tokens, i);
  if (date) return date;
  if (ISO_DATE.test(t.lower)) return { kind: 'date', iso: t.lower, precision: t.lower.length > 7 ? 'day' : 'month', from: i, to: i };
  if (t.decade !== undefined) return { kind: 'decade', year: t.decade, from: i, to: i };
  // "the 21st century": the years 2000 to 2099, as people say it.
  if (t.ordinal && t.number !== undefined && t.number >= 1 && t.number <= 30 && CENTURY.has(tokens[i + 1]?.lower ?? '')) return { kind: 'decade', year: (t.number - 1) * 100, years: 100, from: i, to: i + 1 };
  // "released first", "born last": the earliest or the latest, by a date ("the first 3 movies" and "the first movie" say how many).
  if ((t.lower === 'first' || t.lower === 'last') && !saysWhich(tokens[i + 1])) {
    const dimension = SUPERLATIVE_DIMENSIONS[t.lower === 'first' ? 'early' : 'late']!;
    return { kind: 'rank', direction: dimension.onValues, dimension, word: t.lower, from: i, to: i };
  }
  // "more than once", "exactly twice", "at least 3 times": how often.
  const often = HOW_OFTEN[t.lower];
  if (often !== undefined) return { kind: 'number', value: often, year: false, ordinal: false, times: true, from: i, to: i };
  if (t.number !== undefined && (t.pos === 'num' || t.ordinal)) {
    // (Unless the graph has a property called so: "met more than 3 times" compares `times`.)
    const timesNamed = lexicon.properties.some((p) => p.words.length === 1 && p.words[0] === tokens[i + 1]?.lemma);
    if (!t.ordinal && !timesNamed && TIMES.has(tokens[i + 1]?.lower ?? '')) return { kind: 'number', value: t.number, year: false, ordinal: false, times: true, from: i, to: i + 1 };
    return { kind: 'number', value: t.number, year: isYear(t), ordinal: t.ordinal === true, from: i, to: i };
  }

  // Comparisons, longest first.
  for (const cue of [...COMPARATOR_CUES].sort((a, b) => b.words.length - a.words.length)) {
    if (spells(tokens, i, cue.words, cue.asWritten) && (!cue.asWritten || tokens[i + cue.words.length]?.pos === 'quote')) {
      // "before 2000", "before the year 2000", "in the 1990s".
      const at = i + cue.words.length;
      const yearWords = tokens[at]?.lower === 'the' && tokens[at + 1]?.lemma === 'year' ? 2 : tokens[at]?.lemma === 'year' ? 1 : 0;
      // "after timestamp 1500000000000": a word that only says the number is a time.
      const stampWords = STAMP_WORDS.test(tokens[at]?.lower ?? '') && tokens[at + 1]?.number !== undefined ? 1 : 0;
      const next = tokens[at + (yearWords > 0 && tokens[at + yearWords] && isYear(tokens[at + yearWords]!) ? yearWords : stampWords)];
      const numeric = next && (next.number !== undefined || quotedYear(tokens, at) !== undefined || next.decade !== undefined || MONTHS.includes(next.lower) || ISO_DATE.test(next.lower) || (next.lower === 'the' && (tokens[at + 1]?.decade !== undefined || (tokens[at + 1]?.ordinal === true && CENTURY.has(tokens[at + 2]?.lower ?? '')))));
      if (cue.numberOnly && !numeric) continue;
      // "closed in 2019", "ended in the year 2019": a verb with a time, not text that ends so ("codes ending in 42" is).
      if (cue.text && next && (yearWords > 0 || isYear(next) || MONTHS.includes(next.lower) || next.decade !== undefined || CENTURY.has(tokens[at + 2]?.lower ?? ''))) continue;
      // "racks contained in DC1", "items included with the kit": a passive verb joining things, not text that contains.
      if (cue.text && t.tags.includes('PastTense') && next?.pos === 'prep') continue;
      // "crates that contain parcels", "kits that include tools": things contained, not text.
      if (cue.text && !cue.asWritten && thingsAt(tokens, at, lexicon)) continue;
      // "Which yards does depot East contain?": nothing after it to find in a text.
      if (cue.text && !tokens[at]) continue;
      return { kind: 'cmp', cue, from: i, to: i + cue.words.length - 1 };
    }
  }

  if (t.lower === 'how' && tokens[i + 1] && /^(many|much)$/.test(tokens[i + 1]!.lower)) {
    return tokens[i + 1]!.lower === 'many' ? { kind: 'count', from: i, to: i + 1 } : { kind: 'agg', fn: 'sum', from: i, to: i + 1 };
  }
  if ((t.lower === 'number' && tokens[i + 1]?.lower === 'of') || t.lower === 'count') {
    // "the number of seats" may be a property of its own (seatCount).
    const named = schemaAt(tokens, i, lexicon);
    if (named?.kind === 'prop' && named.to > i + 1) return named;
    return { kind: 'count', from: i, to: t.lower === 'number' ? i + 1 : i };
  }
  if (t.lower === 'total' && tokens[i + 1]?.lower === 'number' && tokens[i + 2]?.lower === 'of') return { kind: 'count', from: i, to: i + 2 };

  // Schema words: the longest match among labels, relationships, properties and values.
  const schema = schemaAt(tokens, i, lexicon);
  if (schema) return withPartNoun(schema, tokens);

  if (t.lower in AGGREGATE_CUES) return { kind: 'agg', fn: AGGREGATE_CUES[t.lower]!, from: i, to: i };
  // "top 3 ports (by cargo)": ranks only when something says by what; otherwise it says how many.
  if ((t.lower === 'top' || t.lower === 'bottom') && tokens[i + 1] && (tokens[i + 1]!.number !== undefined || tokens[i + 1]!.pos === 'noun')) {
    return { kind: 'rank', direction: t.lower === 'top' ? 'DESC' : 'ASC', word: t.lower, weak: true, from: i, to: i };
  }
  if (t.lower in RANK_CUES) {
    // "the most expensive", "the least crowded": the adjective says what ranks.
    const next = tokens[i + 1];
    const dimension = next && (t.lower === 'most' || t.lower === 'least') ? dimensionOfWord(next) ?? propertyDimension(lexicon, next) : undefined;
    if (dimension) {
      const least = t.lower === 'least';
      const ranked = least ? { ...dimension, onValues: flipDir(dimension.onValues), ...(dimension.onDates ? { onDates: flipDir(dimension.onDates) } : {}) } : dimension;
      return { kind: 'rank', direction: ranked.onValues, dimension: ranked, word: `${t.lower} ${next!.lower}`, from: i, to: i + 1 };
    }
    return { kind: 'rank', direction: RANK_CUES[t.lower]!, word: t.lower, from: i, to: i };
  }
  if (t.tags.includes('Superlative') || /est$/.test(t.lower)) {
    const dimension = SUPERLATIVE_DIMENSIONS[t.lemma] ?? SUPERLATIVE_DIMENSIONS[t.lower.replace(/i?est$/, '')] ?? SUPERLATIVE_DIMENSIONS[t.lower.replace(/est$/, 'e')];
    if (dimension) return { kind: 'rank', direction: dimension.onValues, dimension, word: t.lower, from: i, to: i };
  }
  if (t.pos === 'neg') return { kind: 'neg', from: i, to: i };
  if (t.pos === 'wh') return { kind: 'wh', word: t.lower, from: i, to: i };
  return relatedAt(tokens, i, lexicon) ?? { kind: 'word', token: t, from: i, to: i };
}

/** The noun of a schema part after a name of one ("the ACTED_IN relationship") goes with the name. */
function withPartNoun(item: Item, tokens: Token[]): Item {
  const part = item.kind === 'label' || item.kind === 'rel' || item.kind === 'prop' ? SCHEMA_PART_NOUNS[item.kind] : undefined;
  const next = tokens[item.to + 1];
  return part && next && next.pos === 'noun' && part.has(next.lemma) ? { ...item, to: item.to + 1 } : item;
}

/** A day or a month as ISO text ("2020-03-15", "2020-03"). */
const ISO_DATE = /^\d{4}-\d{2}(-\d{2})?$/;
const dayOf = (t: Token | undefined) => (t?.number !== undefined && Number.isInteger(t.number) && t.number >= 1 && t.number <= 31 && /^\d{1,2}(st|nd|rd|th)?$/.test(t.lower) ? t.number : undefined);
const monthOf = (t: Token | undefined) => (t ? MONTHS.indexOf(t.lower) + 1 : 0);
const two = (n: number) => String(n).padStart(2, '0');

/** A date said in words from `i`: month and year ("March 2020"), with a day before or after the month ("April 1, 2016", "1 April 2016"). */
function dateAt(tokens: Token[], i: number): Item | undefined {
  const [a, b, c] = [tokens[i], tokens[i + 1], tokens[i + 2]];
  const month = monthOf(a);
  if (month > 0 && dayOf(b) !== undefined && c && isYear(c)) return { kind: 'date', iso: `${c.number}-${two(month)}-${two(dayOf(b)!)}`, precision: 'day', from: i, to: i + 2 };
  if (month > 0 && b && isYear(b)) return { kind: 'date', iso: `${b.number}-${two(month)}`, precision: 'month', from: i, to: i + 1 };
  if (dayOf(a) !== undefined && monthOf(b) > 0 && c && isYear(c)) return { kind: 'date', iso: `${c.number}-${two(monthOf(b))}-${two(dayOf(a)!)}`, precision: 'day', from: i, to: i + 2 };
  return undefined;
}

/** A quoted date the graph holds no value of ("'November 2019'", "'2019-11-20'") is that date. */
function quotedDate(t: Token, i: number): Item | undefined {
  const text = t.text.trim();
  if (ISO_DATE.test(text)) return { kind: 'date', iso: text, precision: text.length > 7 ? 'day' : 'month', from: i, to: i };
  // (A date in words holds a year: most quoted texts are not read again for one.)
  if (!/\b\d{4}\b/.test(text)) return undefined;
  const words = analyze(t.text);
  const date = dateAt(words, 0);
  return date && date.to === words.length - 1 ? { ...date, from: i, to: i } : undefined;
}

/**
 * "branches in 'Lyon'": quoted text after a preposition that is a recurring value of a property is
 * that value, as it would be unquoted (text compared with "containing 'x'" stays a literal). So is
 * quoted text right after a kind of thing that holds it ("boats of class 'xl'": the class's own `class`).
 */
function quotedValue(tokens: Token[], i: number, lexicon: Lexicon): Item | undefined {
  const found = lexicon.values.get(valueWords(tokens[i]!.text).join(' '));
  if (!found) return undefined;
  if (tokens[i - 1]?.pos === 'prep') return { kind: 'value', values: found, from: i, to: i };
  const before = tokens[i - 1];
  const kinds = lexicon.labels.filter((l) => l.words.length === 1 && (l.words[0] === before?.lemma || l.words[0] === before?.lower)).map((l) => l.label);
  const held = found.filter((v) => v.property.ownerKind === 'label' && kinds.includes(v.property.owner));
  return held.length > 0 ? { kind: 'value', values: held, from: i, to: i } : undefined;
}

/** "in 'ACTED_IN' relationships": a quoted name of the schema, written as the schema writes it, with the noun of its part after it. */
function quotedSchemaName(tokens: Token[], i: number, lexicon: Lexicon): Item | undefined {
  const text = tokens[i]!.text;
  const rel = lexicon.relationships.find((r) => r.type === text);
  const label = lexicon.labels.find((l) => l.label === text);
  const named: Item[] = [
    ...(rel ? [{ kind: 'rel' as const, rel, passive: false, from: i, to: i }] : []),
    ...(label ? [{ kind: 'label' as const, label, plural: tokens[i + 1]?.tags.includes('Plural') === true, from: i, to: i }] : []),
  ];
  const found = named.map((item) => withPartNoun(item, tokens)).find((item) => item.to > i);
  if (found) return found;
  // "the 'unitPrice' of Chai": a property's own key, quoted as the schema writes it (a compound, or after "the").
  const props = lexicon.properties.filter((p) => p.key === text);
  const keyLike = /[_-]|[a-z][A-Z]/.test(text) || tokens[i - 1]?.pos === 'det';
  return props.length > 0 && keyLike ? { kind: 'prop', props, from: i, to: i } : undefined;
}

const flipDir = (d: 'ASC' | 'DESC'): 'ASC' | 'DESC' => (d === 'ASC' ? 'DESC' : 'ASC');

/** "the most experienced": an adjective made from a word of a property ("experience") ranks by that property. */
function propertyDimension(lexicon: Lexicon, t: Token): Dimension | undefined {
  if (t.pos !== 'adj' && t.pos !== 'verb') return undefined;
  const bases = [t.lower.replace(/d$/, ''), t.lower.replace(/ed$/, ''), t.lemma];
  const word = bases.find((b) => b.length >= 4 && lexicon.properties.some((p) => (p.kind === 'number' || p.kind === 'date') && p.words.includes(b)));
  return word ? { words: [word], onValues: 'DESC' } : undefined;
}

/** Whether a kind of thing is said at `at`, after an article or a quantifier ("the routers", "any switches"). */
function thingsAt(tokens: Token[], at: number, lexicon: Lexicon): boolean {
  let k = at;
  // ("contain more than 5 cranes", "include at least 2 tools": how many, then the things.)
  while (tokens[k]?.pos === 'det' || tokens[k]?.number !== undefined || HOW_MANY_LEADS.has(tokens[k]?.lower ?? '')) k++;
  const item = tokens[k] ? schemaAt(tokens, k, lexicon) : undefined;
  return item?.kind === 'label' || item?.kind === 'agent';
}

function schemaAt(tokens: Token[], i: number, lexicon: Lexicon): Item | undefined {
  const t = tokens[i]!;
  if (t.pos === 'quote' || t.pos === 'num' || t.pos === 'det' || t.pos === 'wh') return undefined;
  const candidates: Item[] = [];
  // "Persons" the tagger did not mark plural is, by its lemma; "business", "process", "user's" are not.
  const plural = (at: number) => tokens[at]?.tags.includes('Plural') === true || (/s$/.test(tokens[at]?.lower ?? '') && tokens[at]!.lemma !== tokens[at]!.lower && !tokens[at]!.tags.includes('Possessive'));
  const index = linkIndexOf(lexicon);
  const verb = participleAsVerb(tokens, i);
  // Most words begin no schema word: only recurring values are looked up for them.
  if (index.firsts.has(t.lemma) || index.firsts.has(t.lower) || index.foldedNames.has(t.lower) || (verb && index.firsts.has(verb))) {
    schemaWordsAt(verb ? tokens.with(i, { ...t, lemma: verb, pos: 'verb' }) : tokens, i, lexicon, index, candidates, plural);
  }
  valueAt(tokens, i, lexicon, index, candidates);
  if (candidates.length === 0) return undefined;
  // The longest span; on a tie a label, then a relationship, then a property, then a value.
  const order = ['label', 'agent', 'rel', 'prop', 'value'];
  candidates.sort((a, b) => b.to - a.to || order.indexOf(a.kind) - order.indexOf(b.kind));
  return candidates[0];
}

/** Whether the word at `i` stands where a noun does: tagged one, or after an article, "which"/"what", an adjective or a number. */
function nounPlace(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  const before = tokens[i - 1];
  if (t.tags.includes('PastTense') || t.tags.includes('Participle') || t.tags.includes('Gerund')) return false;
  return t.pos === 'noun' || (before !== undefined && (['det', 'adj', 'num'].includes(before.pos) || /^(which|what|whose)$/.test(before.lower)));
}

/** A noun said of something else ("as the sender", "been an owner"), not a thing of its own. */
function predicative(tokens: Token[], i: number): boolean {
  const before = tokens[i - 1]?.pos === 'det' ? tokens[i - 2] : tokens[i - 1];
  return /^(as|been|being|become|became)$/.test(before?.lower ?? '');
}

/**
 * "have not directed any", "people directed or produced …": a participle the tagger read as an
 * adjective where a verb stands (after "have", "not" or a conjunction; before a conjunction, a
 * determiner or a preposition) is its verb, for the relationships it may name. Not before a noun
 * ("married people").
 */
function participleAsVerb(tokens: Token[], i: number): string | undefined {
  const t = tokens[i]!;
  if (t.pos !== 'adj' || !t.lower.endsWith('ed')) return undefined;
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  const verbal = (prev !== undefined && (prev.pos === 'neg' || prev.pos === 'conj' || /^(have|has|had|having)$/.test(prev.lower))) || (next !== undefined && ['conj', 'det', 'prep'].includes(next.pos));
  if (!verbal) return undefined;
  const verb = wordKey(t.lower);
  return verb !== t.lower ? verb : undefined;
}

/** Labels, relationships and properties whose words begin at `i`, added to `candidates`. */
function schemaWordsAt(tokens: Token[], i: number, lexicon: Lexicon, index: LinkIndex, candidates: Item[], plural: (at: number) => boolean): void {
  const t = tokens[i]!;
  for (const label of lexicon.labels) {
    // A name written as the schema writes it ("CargoShip", "SAILED_TO").
    if (t.lower === index.folded.get(label) && label.words.length > 1) candidates.push({ kind: 'label', label, plural: false, from: i, to: i });
    if (label.words.length > 0 && spells(tokens, i, label.words)) candidates.push({ kind: 'label', label, plural: plural(i + label.words.length - 1), from: i, to: i + label.words.length - 1 });
    for (const s of label.synonyms) if (s.length > 0 && spells(tokens, i, s)) candidates.push({ kind: 'label', label, plural: plural(i + s.length - 1), synonym: true, from: i, to: i + s.length - 1 });
  }
  // A multi-word label by its head noun alone ("ships" for CargoShip), when no other label ends so.
  for (const label of index.ownHeads) {
    const head = label.words.at(-1)!;
    if ((t.lemma === head || t.lower === head) && (t.pos === 'noun' || t.pos === 'proper')) {
      candidates.push({ kind: 'label', label, plural: plural(i), from: i, to: i });
    }
  }
  for (const rel of lexicon.relationships) {
    if (t.lower === index.folded.get(rel) && /[_A-Z]/.test(t.text.slice(1))) candidates.push({ kind: 'rel', rel, passive: false, from: i, to: i });
    if (rel.allWords.length > 0 && spells(tokens, i, rel.allWords)) candidates.push({ kind: 'rel', rel, passive: !namedAsSaid(tokens, i, rel) && passiveAt(tokens, i, rel.allWords.length), from: i, to: i + rel.allWords.length - 1 });
    else if (rel.words.length > 0 && spells(tokens, i, rel.words) && (t.pos !== 'noun' || afterDoSupport(tokens, i))) {
      // The particle may follow: "act in", "located in", "indicated for".
      let to = i + rel.words.length - 1;
      const rest = rel.allWords.slice(rel.allWords.indexOf(rel.words.at(-1)!) + 1);
      if (rest.length > 0 && spells(tokens, to + 1, rest)) to += rest.length;
      const asSaid = to - i + 1 === rel.allWords.length && namedAsSaid(tokens, i, rel);
      candidates.push({ kind: 'rel', rel, passive: !asSaid && passiveAt(tokens, i, to - i + 1), from: i, to });
    }
    // A relationship named by a noun of who holds a role (`ORIGINATOR`, `MANAGER`), said as that noun
    // ("Which sender …", "the sender accounts"): the one holding it, at the end the noun names.
    // Not said of another thing ("listed as senders", "has been the sender in"): the relationship.
    if (rel.relatedDoings && (t.pos === 'noun' || t.pos === 'proper') && rel.words.length === 1 && spells(tokens, i, rel.words) && !predicative(tokens, i)) {
      candidates.push({ kind: 'agent', rel, role: rel.relatedDoings.end, plural: plural(i), from: i, to: i });
    }
    // A relationship of a kind to itself named by an adjective (`PREVIOUS`, `NEXT`): the word says what the far end
    // is to the near one ("the previous edition of 3.0", "editions previous to 2.0"), as a noun would (nounEndOf).
    if (t.pos === 'adj' && rel.words.length === 1 && spells(tokens, i, rel.words) && rel.patterns.length > 0 && rel.patterns.every((p) => p.from === p.to)) {
      candidates.push({ kind: 'agent', rel, role: nounEndOf(rel.type), plural: plural(i), from: i, to: i });
    }
    for (const s of rel.synonyms) {
      const length = s.length > 0 ? spanOf(tokens, i, s) : undefined;
      if (length) candidates.push({ kind: 'rel', rel, passive: passiveAt(tokens, i, length), synonym: true, from: i, to: i + length - 1 });
    }
    // (The verb's own word is the doer only as a noun: "captains", "which coaches", not "has captained",
    // "who coaches" or "does the sensor … monitor".)
    if ((rel.agentNouns.includes(t.lemma) || rel.agentNouns.includes(t.lower)) && (!spells(tokens, i, rel.words) || (nounPlace(tokens, i) && !afterDoSupport(tokens, i)))) candidates.push({ kind: 'agent', rel, role: 'from', plural: plural(i), from: i, to: i });
    if ((rel.eventNouns.includes(t.lemma) || rel.eventNouns.includes(t.lower)) && t.pos === 'noun') candidates.push({ kind: 'rel', rel, passive: false, event: true, from: i, to: i });
    if (rel.objectNouns.includes(t.lemma) || rel.objectNouns.includes(t.lower)) candidates.push({ kind: 'agent', rel, role: 'to', plural: plural(i), from: i, to: i });
  }
  const props = new Map<number, LexProperty[]>();
  for (const property of lexicon.properties) {
    // A label's naming key is its name: "name" and "title" are read where they compare ("a name containing …").
    if (index.namingKeys.has(property)) continue;
    const length = Math.max(...property.forms.map((f) => (f.length > 0 ? spanOf(tokens, i, f) ?? 0 : 0)));
    if (length > 0) {
      const to = i + length - 1;
      props.set(to, [...(props.get(to) ?? []).filter((p) => p !== property), property]);
    }
  }
  for (const [to, ps] of props) candidates.push({ kind: 'prop', props: ps, from: i, to });
}

/** The longest recurring value whose words begin at `i`, added to `candidates`. */
function valueAt(tokens: Token[], i: number, lexicon: Lexicon, { valueFirsts }: LinkIndex, candidates: Item[]): void {
  const t = tokens[i]!;
  const own = valueWords(t.text)[0];
  if (own !== undefined && !valueFirsts.has(own) && !valueFirsts.has(fold(t.lemma))) return;
  for (let n = Math.min(lexicon.valueWordsMax, tokens.length - i); n >= 1; n--) {
    const span = tokens.slice(i, i + n);
    if (span.some((x) => x.pos === 'quote')) continue;
    const words = valueWords(span.map((x) => x.text).join(' '));
    // "shift leaders" for a recurring value "Shift Leader": the last word also as its lemma, never an adjective's ("highest" is no "high").
    const last = span.at(-1)!;
    const graded = last.pos === 'adj' || last.tags.includes('Superlative') || last.tags.includes('Comparative');
    const byLemma = !graded ? lexicon.values.get([...valueWords(span.slice(0, -1).map((x) => x.text).join(' ')), fold(last.lemma)].join(' ')) : undefined;
    const found = lexicon.values.get(words.join(' ')) ?? byLemma;
    if (found && !(n === 1 && (t.pos === 'prep' || t.pos === 'aux' || t.pos === 'conj'))) {
      candidates.push({ kind: 'value', values: found, from: i, to: i + n - 1 });
      break;
    }
  }
}

/**
 * A word nothing else explains that WordNet relates to a schema word ("film" for Movie, "oversee"
 * for SUPERVISES, "supplier" for who SUPPLIES): the longest, then the most trusted. Never a cue
 * or a function word: those were read before this is tried.
 */
function relatedAt(tokens: Token[], i: number, lexicon: Lexicon): Item | undefined {
  const t = tokens[i]!;
  const index = linkIndexOf(lexicon);
  if (!index.relatedFirsts.has(t.lemma) && !index.relatedFirsts.has(t.lower)) return undefined;
  const nounish = t.pos === 'noun' || t.pos === 'proper';
  const candidates: (Item & { related: RelatedWord })[] = [];
  const plural = (at: number) => tokens[at]?.tags.includes('Plural') === true;
  for (const label of lexicon.labels) {
    for (const r of label.related ?? []) {
      const length = nounish ? spanOf(tokens, i, r.words) : undefined;
      if (length) candidates.push({ kind: 'label', label, plural: plural(i + length - 1), related: r, from: i, to: i + length - 1 });
    }
  }
  for (const rel of lexicon.relationships) {
    for (const r of rel.related ?? []) {
      const length = t.pos === 'verb' ? spanOf(tokens, i, r.words) : undefined;
      if (length) candidates.push({ kind: 'rel', rel, passive: passiveAt(tokens, i, length), related: r, from: i, to: i + length - 1 });
    }
    for (const r of rel.relatedAgents ?? []) {
      const length = nounish ? spanOf(tokens, i, r.words) : undefined;
      if (length) candidates.push({ kind: 'agent', rel, role: 'from', plural: plural(i + length - 1), related: r, from: i, to: i + length - 1 });
    }
    for (const r of rel.relatedEvents ?? []) {
      const length = nounish ? spanOf(tokens, i, r.words) : undefined;
      if (length) candidates.push({ kind: 'rel', rel, passive: false, event: true, related: r, from: i, to: i + length - 1 });
    }
    // "applications dependent on java": an adjective of the verb before a preposition, said as the verb is.
    for (const r of rel.relatedStates ?? []) {
      const length = t.pos === 'adj' || t.pos === 'noun' ? spanOf(tokens, i, r.words) : undefined;
      if (length && tokens[i + length]?.pos === 'prep') candidates.push({ kind: 'rel', rel, passive: false, related: r, from: i, to: i + length - 1 });
    }
    // "Who manages the store?" for MANAGER: its subject is where the relationship ends, as a passive's is.
    for (const r of rel.relatedDoings?.verbs ?? []) {
      const length = t.pos === 'verb' || afterDoSupport(tokens, i) ? spanOf(tokens, i, r.words) : undefined;
      if (!length) continue;
      const passive = passiveAt(tokens, i, length);
      candidates.push({ kind: 'rel', rel, passive: rel.relatedDoings!.end === 'to' ? !passive : passive, related: r, from: i, to: i + length - 1 });
    }
  }
  return candidates.sort((a, b) => b.to - a.to || b.related.score - a.related.score)[0];
}

/**
 * "Where does Mira Holt work?": after "do/does/did" and its subject, the next word is the verb,
 * though a tagger may read it as a noun (no verb stands between them).
 */
export function afterDoSupport(tokens: Token[], at: number): boolean {
  for (let k = at - 1; k >= 0; k--) {
    const t = tokens[k]!;
    // (A tagger may take "does" itself for a verb.)
    if (t.lemma === 'do' && (t.pos === 'aux' || t.pos === 'verb')) return k < at - 1;
    if (t.pos === 'verb' || t.pos === 'aux') return false;
  }
  return false;
}

/** "directed by", "is cited the most": a participle with "by" after it, or after a form of "be". */
/**
 * A relationship named in the passive with its preposition (`LINKED_TO`, `OWNED_BY`, `LOCATED_IN`),
 * said as named ("Lyon is linked to Narvik"): the type's own direction, not a passive to turn round.
 */
function namedAsSaid(tokens: Token[], at: number, rel: LexRelationship): boolean {
  const named = rel.phrase.toLowerCase().split(' ');
  return rel.allWords.length >= 2 && tokens[at]?.lower === named[0] && passiveAt(tokens, at, rel.allWords.length);
}

function passiveAt(tokens: Token[], at: number, length: number): boolean {
  const verb = tokens[at]!;
  const participle = verb.tags.includes('PastTense') || verb.tags.includes('Participle') || verb.tags.includes('Passive') || /(ed|en|wn)$/.test(verb.lower);
  const be = tokens.slice(Math.max(0, at - 2), at).some((t) => /^(is|are|was|were|been|being|be|get|gets|got)$/.test(t.lower));
  return participle && (tokens[at + length]?.lower === 'by' || be);
}
