import { wordTable } from '../../platform/word-table.js';
import type { BroadKind, RelatedWord } from '../../language/wordnet.js';
import { ENTITY_LABEL } from '../../stores/graph/bookkeeping.js';
import type { GraphSchema } from '../../stores/graph/port.js';
import { fold, lemmasOf } from '../../language/analyze.js';
import { GRADE_WORDS, holdsDate } from '../read/cues.js';
import { labelNameKey } from './vocabulary.js';
import type { PropertyProfile, ValueKind } from './value-profile.js';
import { spanProperties } from './spans.js';
import { identifierWords } from '../read/words.js';

/**
 * The graph's own names as the words a question uses for them (schema linking), built from the
 * live schema and its value profile, so nothing here knows any one graph:
 * - a label by the lemmas of its words (`CargoShip`: cargo ship; "ships" alone is its head noun);
 * - a relationship type by its verb and particles (`SAILED_TO`: sail to; `approvedBy`: approve
 *   by), and by the nouns of who does it (director, inspector, follower) or receives it
 *   (employee);
 * - a property by the lemmas of its words (`dateOfBirth`: date of birth), with the
 *   kind of its values; boolean properties read as adjectives ("teaching", "on call");
 * - recurring text values (a city, a status, a role) as values of their property.
 */

/** A deployment's word for one of the graph's names (curators keep them: /api/v1/aim/synonyms). */
export interface Synonym {
  word: string;
  stands_for: string;
  kind: 'label' | 'relationship' | 'property';
}

export interface LexLabel {
  label: string;
  count: number;
  /** The lemmas of its words ("care", "unit"). */
  words: string[];
  /** The deployment's words for it, as lemmas ("vessel"). */
  synonyms: string[][];
  properties: string[];
  nameKey: string;
  /** Other words WordNet gives for it (related-words.ts), each scored; empty until they are read. */
  related?: RelatedWord[];
  /** The broad kinds it is of ("place" for a `City`), read with them. */
  kinds?: readonly BroadKind[];
}

export interface LexRelationship {
  type: string;
  count: number;
  patterns: { from: string; to: string }[];
  /** Lemmas of its words that carry meaning (not "in", "of", "has"). */
  words: string[];
  /** Lemmas of every word, particles included. */
  allWords: string[];
  /** The deployment's words for it, as lemmas ("employ", "sail on"). */
  synonyms: string[][];
  /** Nouns for the thing the relationship starts from ("director" for DIRECTED) … */
  agentNouns: string[];
  /** … for the relationship itself ("inspection" for INSPECTED, "registration" for REGISTERED_AT) … */
  eventNouns: string[];
  /** … and for the thing it ends at ("employee" for EMPLOYS). */
  objectNouns: string[];
  properties: string[];
  /** The type as words ("acted in"), for sentences. */
  phrase: string;
  /** Other verbs WordNet gives for it, and nouns it makes of who does it and of the act (related-words.ts). */
  related?: RelatedWord[];
  relatedAgents?: RelatedWord[];
  relatedEvents?: RelatedWord[];
  /** Adjectives WordNet makes of its verb, said before a preposition as the verb is ("dependent on" for DEPENDS_ON). */
  relatedStates?: RelatedWord[];
  /**
   * For a relationship named by a noun of who holds a role (`MANAGER`): the verbs of what that one
   * does ("manage"), and the end the noun names (`to` for MANAGER: "Lena manages the store" is
   * the store's MANAGER ending at Lena).
   */
  relatedDoings?: { verbs: RelatedWord[]; end: 'from' | 'to' };
  /** Other relationship types whose own verb WordNet gives for this one's ("hold" for CONTAINS): what it may mean where it cannot join. */
  kin?: string[];
}

export interface LexProperty {
  owner: string;
  ownerKind: 'label' | 'relationship';
  key: string;
  /** Lemmas of its words that carry meaning ("bed", "count"). */
  words: string[];
  /** Other ways to say it: the key as one word ("seatcount"), "number of seats" for a count. */
  forms: string[][];
  kind: ValueKind;
  values: { value: string; count: number }[];
  /** The longest text value read (0 for other kinds): prose is long, names and codes are short. */
  longest?: number;
  /** Held by no property: the days between two dates of the thing (spans.ts). */
  span?: { from: string; to: string };
}

export interface LexValue {
  property: LexProperty;
  /** The value as stored. */
  value: string;
}

export interface Lexicon {
  labels: LexLabel[];
  relationships: LexRelationship[];
  properties: LexProperty[];
  /** Recurring text values by their folded words ("germany", "new york"). */
  values: Map<string, LexValue[]>;
  /** Most words in a value of `values`. */
  valueWordsMax: number;
}

/** Nouns English makes from a property's word where the lemma does not lead ("born": birth, birth year). */
const DERIVED: Readonly<Record<string, string[][]>> = wordTable({
  born: [['birth'], ['birth', 'year'], ['birth', 'date'], ['birthday']],
  bear: [['birth'], ['birth', 'year'], ['birth', 'date'], ['birthday']],
});

/**
 * A date's verb said as a noun with what it dates: "release year" and "release date" for
 * `released`, "founding year" for `founded`, "opening date" for `openedOn`.
 */
function dateForms(kind: ValueKind, words: string[], raw: string[]): string[][] {
  if (!holdsDate({ kind, words })) return [];
  const forms: string[][] = [];
  // From the key's own words: "founded" is the verb "found", whose lemma alone would be "find".
  for (const verb of new Set(raw.flatMap((w) => lemmasOf([w], 'verb')))) {
    if (verb === 'year' || verb === 'date') continue;
    for (const noun of [verb, ...eventNounsOf(verb)]) forms.push([noun, 'year'], [noun, 'date']);
  }
  return forms;
}

/** Words of identifiers that only join or mark: left out of what a question must say. */
const JOINING = new Set(['at', 'in', 'to', 'of', 'by', 'for', 'on', 'with', 'from', 'has', 'have', 'had', 'is', 'are', 'was', 'a', 'an', 'the', 'be', 'as', 'into']);

/** Nouns for who does what a verb says: act → actor, inspect → inspector, write → writer, advise → advisor, follow → follower. */
export function agentNounsOf(verb: string): string[] {
  if (!verb || verb.length < 3) return [];
  const out = new Set([`${verb}er`, `${verb}or`]);
  if (verb.endsWith('e')) {
    out.add(`${verb}r`);
    out.add(`${verb.slice(0, -1)}or`);
  }
  if (/[^aeiou][aeiou][bdgmnprt]$/.test(verb)) out.add(`${verb}${verb.at(-1)}er`);
  return [...out];
}

/** Nouns for the event itself: permit → permission, register → registration, analyse → analysis, pay → payment, rate → rating. */
export function eventNounsOf(verb: string): string[] {
  if (!verb || verb.length < 4) return [];
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  // The gerund as a noun too: rate → rating, book → booking.
  const out = new Set([`${verb}ment`, `${stem}ion`, `${stem}ation`, `${verb}al`, `${verb.endsWith('e') && !verb.endsWith('ee') ? stem : verb}ing`]);
  if (verb.endsWith('t')) out.add(`${verb.slice(0, -1)}ssion`);
  if (verb.endsWith('se')) out.add(`${verb.slice(0, -2)}sis`);
  if (verb.endsWith('be')) out.add(`${verb.slice(0, -2)}ption`);
  return [...out];
}

/** Nouns for who receives it: employ → employee, train → trainee. */
export function objectNounsOf(verb: string): string[] {
  if (!verb || verb.length < 3) return [];
  return [verb.endsWith('e') ? `${verb}e` : `${verb}ee`];
}

/** `nameKeys`: the naming property per label (naming.ts); a label it lacks is named by its keys. */
export function buildLexicon(schema: GraphSchema, profiles: PropertyProfile[], synonyms: Synonym[] = [], nameKeys?: ReadonlyMap<string, string>): Lexicon {
  const said = (kind: Synonym['kind'], name: string) =>
    synonyms.filter((s) => s.kind === kind && s.stands_for === name).map((s) => lemmasOf(s.word.split(/\s+/), kind === 'relationship' ? 'verb' : kind === 'label' ? 'noun' : 'none'));
  const labels = schema.labels
    .filter((l) => l.label !== ENTITY_LABEL)
    .map((l) => ({
      label: l.label,
      count: l.count,
      words: lemmasOf(identifierWords(l.label), 'noun'),
      synonyms: said('label', l.label),
      properties: l.properties,
      nameKey: nameKeys?.get(l.label) ?? labelNameKey(l.label, l.properties),
    }));
  const relationships = schema.relationshipTypes.map((t) => {
    const raw = identifierWords(t.type);
    const all = lemmasOf(raw, 'verb');
    const content = all.filter((w, i) => !JOINING.has(raw[i]!) && !JOINING.has(w));
    const verb = content[0] ?? all[0] ?? '';
    const own = said('relationship', t.type);
    // Who does what a synonym says is who does the relationship: "employer" for "employ".
    const synonymVerbs = own.filter((s) => s.length === 1).map((s) => s[0]!);
    return {
      type: t.type,
      count: t.count,
      patterns: t.patterns.filter((p) => p.from !== ENTITY_LABEL && p.to !== ENTITY_LABEL),
      words: content.length > 0 ? content : all,
      allWords: all,
      synonyms: own,
      agentNouns: [...(content.length === 1 ? agentNounsOf(verb) : []), ...synonymVerbs.flatMap(agentNounsOf)],
      eventNouns: [...(content.length === 1 ? eventNounsOf(verb) : []), ...synonymVerbs.flatMap(eventNounsOf)],
      objectNouns: content.length === 1 ? objectNounsOf(verb) : [],
      properties: t.properties,
      phrase: raw.join(' '),
    };
  });
  const properties = profiles.map((p) => {
    const raw = identifierWords(p.key);
    const all = lemmasOf(raw);
    const content = all.filter((w, i) => !JOINING.has(raw[i]!) && !JOINING.has(w) && !(i === 0 && (w === 'is' || w === 'has')));
    const words = content.length > 0 ? content : all;
    const forms = [words, [fold(p.key)], ...said('property', p.key), ...words.flatMap((w) => DERIVED[w] ?? []), ...dateForms(p.kind, words, raw)];
    // "seatCount" is also "the number of seats".
    if (words.length >= 2 && /^(count|number|total|num)$/.test(words.at(-1)!)) forms.push(['number', 'of', ...words.slice(0, -1)]);
    // A number that grades may be said with what it is: "stars" as "the star rating", "quality" as "the quality score".
    if (p.kind === 'number' && !holdsDate({ kind: p.kind, words }) && !/^(rating|score)$/.test(words.at(-1)!)) forms.push([...words, 'rating'], [...words, 'score']);
    // A number named by what it counts or measures may be said with the measure: "cores" as "the core count", "screen" as "the screen size".
    if (p.kind === 'number' && !holdsDate({ kind: p.kind, words }) && !/^(count|number|total|num|size|amount)$/.test(words.at(-1)!)) forms.push([...words, 'count'], [...words, 'size']);
    // A number that names which one ("bay", "dock", "pier") may be said with "number": "bay number 3", "the highest dock number".
    if (p.kind === 'number' && words.length === 1 && !holdsDate({ kind: p.kind, words }) && !/^(count|number|total|num|size|amount)$/.test(words[0]!)) forms.push([...words, 'number']);
    // A label's naming property holds names, found by name search, not categories.
    const naming = p.ownerKind === 'label' && nameKeys?.get(p.owner) === p.key;
    return { owner: p.owner, ownerKind: p.ownerKind, key: p.key, words, forms, kind: p.kind, values: naming ? [] : p.values, longest: p.longest };
  });
  gradeForms(properties);
  const values = new Map<string, LexValue[]>();
  let valueWordsMax = 1;
  for (const property of properties) {
    for (const { value } of property.values) {
      const words = valueWords(value);
      if (words.length === 0) continue;
      valueWordsMax = Math.max(valueWordsMax, words.length);
      const key = words.join(' ');
      values.set(key, [...(values.get(key) ?? []), { property, value }]);
    }
  }
  return { labels, relationships, properties: [...properties, ...spanProperties(properties)], values, valueWordsMax };
}

/**
 * A number that grades a thing may be said by any word of a grade ("a rating of 4" for a guesthouse
 * review's `stars`, "the score" for a tour's `rating`): the others become forms of it, where no property of the same
 * thing is called so (its own word then wins).
 */
function gradeForms(properties: { owner: string; words: string[]; forms: string[][]; kind: ValueKind }[]): void {
  for (const p of properties) {
    const last = p.words.at(-1) ?? '';
    if (p.kind !== 'number' || p.words.length !== 1 || !GRADE_WORDS.includes(last)) continue;
    const taken = new Set(properties.filter((o) => o.owner === p.owner).flatMap((o) => o.words));
    for (const word of GRADE_WORDS) if (!taken.has(word)) p.forms.push([word]);
  }
}

/** A value as the words it is matched by: folded, split on anything but letters, digits and + - . */
export const valueWords = (value: string) => fold(value).split(/[^\p{L}\p{N}+\-.]+/u).filter(Boolean);
