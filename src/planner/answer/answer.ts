import { displayNameOf, ENTITY_LABEL, isNameKey } from '../../stores/graph/bookkeeping.js';
import { analyze, lemmasOf } from '../../language/analyze.js';
import type { PlanDescription } from '../plan.js';
import { identifierWords, pluralOf } from '../read/words.js';
import { AGGREGATE_WORDS, keyHoldsDate } from '../read/cues.js';

/**
 * "a parcel", "an event", "a user", "a unit": "an" before a vowel, but not before a "u" said "you"
 * (one consonant, then a vowel: "an update", "an umbrella" keep theirs). By the letters: "an hour" is rare in labels.
 */
export const withArticle = (word: string) => `${/^[aeiou]/i.test(word) && !/^u[bcdfgjklmnprstvz][aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/**
 * A short answer in plain language, written from the rows without a model: one sentence
 * shaped by the kind of question, naming what was found and how many. Values are shown as
 * they are; nothing here knows any graph.
 */


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

/** Relationship phrases whose reading is kept (a graph has a bounded number of types). */
const NOUN_PHRASES_KEPT = 1000;
const nounPhrases = new Map<string, 'has' | 'of' | undefined>();

/**
 * A relationship named by nouns, said from where it starts: `has` for "manager", "home port" (a
 * store has as manager …), `of` for "author of" (she is author of …); undefined for a verb phrase.
 */
function nounPhrase(phrase: string): 'has' | 'of' | undefined {
  if (nounPhrases.has(phrase)) return nounPhrases.get(phrase);
  const tokens = analyze(phrase);
  const of = tokens.length > 1 && tokens.at(-1)!.lower === 'of';
  const words = of ? tokens.slice(0, -1) : tokens;
  // (A plural is more often a verb misread: "links to", "supplies".)
  const nouns = words.length > 0 && words.every((t) => t.pos === 'noun' && !t.tags.includes('Plural'));
  const kind = nouns ? (of ? 'of' : 'has') : undefined;
  if (nounPhrases.size < NOUN_PHRASES_KEPT) nounPhrases.set(phrase, kind);
  return kind;
}

/** The relationship as a verb phrase agreeing with its subject ("works at" / "work at", "is located in" / "are located in", "has as manager"). */
export function verb(phrase: string, plural: boolean): string {
  const [first, ...rest] = phrase.split(' ');
  if (!first) return phrase;
  // ("in category", "of type": a relationship named by a preposition and a noun is a state too.)
  if (STATE_PARTICIPLES.has(first) || /^(in|on|at|of|from|under|within|inside)$/.test(first)) return [plural ? 'are' : 'is', first, ...rest].join(' ');
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
  if (STATE_PARTICIPLES.has(first)) return [plural ? 'are' : 'is', 'not', first, ...rest].join(' ') + others;
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
  if (!first || STATE_PARTICIPLES.has(first) || nounPhrase(phrase)) return phrase;
  return [lemmasOf([first], 'verb')[0] ?? first, ...rest].join(' ');
}

/** "(year after 2023)": the numbers the answer was narrowed by. */
const narrowed = (d: PlanDescription) => (d.filters?.length ? ` (${d.filters.join(', ')})` : '');

/** Words read through the synonym list, said once at the end ("I read “wrote” as “authored”."). */
function readAs(d: PlanDescription): string {
  const read = (d.mappings ?? []).filter((m) => m.kind === 'synonym').map((m) => `“${m.word}” as “${m.to === '@date' ? identifierWords(d.property ?? 'date').join(' ') : m.to}”`);
  return read.length ? ` (I read ${[...new Set(read)].join(' and ')}.)` : '';
}

export interface AnswerInput {
  description: PlanDescription;
  columns: string[];
  rows: Record<string, unknown>[];
  truncated: boolean;
}

export function composeAnswer(input: AnswerInput): string {
  return `${sentence(input)}${readAs(input.description)}`;
}

function sentence({ description: d, columns, rows, truncated }: AnswerInput): string {
  // "Python and Rust": every named thing the answer is about, when it is about several.
  const entity = d.kind === 'path' ? d.entities[0]?.name : listOf(d.entities.map((e) => e.name)) || undefined;
  const first = columns[0] ?? '';
  const values = rows.map((r) => r[first]);
  const cut = truncated ? ' (the list was cut at the row limit)' : '';
  const rel = d.relationship;
  const target = d.target;

  // A query edited by a reviewer or a curator may return another shape than the question's kind: then the rows speak.
  if (!shapeFits(d, columns, rows)) return plainRows(columns, rows, truncated);

  switch (d.kind) {
    case 'count': {
      const n = Number(values[0] ?? 0);
      if (!target) return `The count is ${show(n)}.`;
      if (d.relationshipValue && rel) {
        const what = `${identifierWords(d.relationshipValue.property).join(' ')} ${d.relationshipValue.value}`;
        return `${show(n)} ${labelWord(target, n)} ${rel.entityIsSubject ? `with ${what}${entity ? ` for ${entity}` : ''}` : `${verb(rel.phrase, n !== 1)} ${entity ?? `a ${labelWord(d.chain?.[0]?.via ?? 'thing', 1)}`} with ${what}`}.`;
      }
      if (d.negated && rel) return `${show(n)} ${labelWord(target, n)}${narrowed(d)} ${notVerb(rel.phrase, n !== 1)} ${entity ?? `any ${labelWord(d.chain?.[0]?.via ?? 'thing', 1)}`}.`;
      if (d.chain && d.chain.length > 1 && entity) return `${show(n)} ${labelWord(target, n)}${narrowed(d)} ${n === 1 ? 'is' : 'are'} linked to ${entity} ${chainWords(d)}.`;
      if (d.filters?.length) return `${show(n)} ${labelWord(target, n)}${narrowed(d)}${entity && rel ? ` ${verb(rel.phrase, n !== 1)} ${entity}` : ''}.`;
      if (!entity) return rel ? `${show(n)} ${labelWord(target, n)} ${verb(rel.phrase, n !== 1)} something.` : `There ${n === 1 ? 'is' : 'are'} ${show(n)} ${labelWord(target, n)}.`;
      if (rel?.entityIsSubject) return `${entity} ${verb(rel.phrase, false)} ${show(n)} ${labelWord(target, n)}.`;
      return `${show(n)} ${labelWord(target, n)} ${rel ? verb(rel.phrase, n !== 1) : 'relate to'} ${entity}.`;
    }
    case 'list': {
      const names = values.map(show);
      if (d.relationshipValue && rel && target) {
        const what = `${identifierWords(d.relationshipValue.property).join(' ')} ${d.relationshipValue.value}`;
        const other = entity ?? `a ${labelWord(d.chain?.[0]?.via ?? 'thing', 1)}`;
        if (names.length === 0) return `I found no ${labelWord(target, 2)} with ${what}${entity ? ` for ${entity}` : ''}.`;
        if (rel.entityIsSubject) return `${names.length} ${labelWord(target, names.length)} with ${what}${entity ? ` for ${entity}` : ''}: ${listOf(names)}${cut}.`;
        return `${listOf(names)}${cut} ${verb(rel.phrase, names.length !== 1)} ${other} with ${what}.`;
      }
      if (d.negated && rel && target) {
        const other = entity ?? `any ${labelWord(d.chain?.[0]?.via ?? 'thing', 1)}`;
        if (names.length === 0) return `Every ${labelWord(target, 1)} ${verb(rel.phrase, false)} ${other}.`;
        return `${names.length} ${labelWord(target, names.length)}${narrowed(d)} ${notVerb(rel.phrase, names.length !== 1)} ${other}: ${listOf(names)}${cut}.`;
      }
      if (d.chain && d.chain.length > 1 && entity && target) {
        if (names.length === 0) return `I found no ${labelWord(target, 2)}${narrowed(d)} linked to ${entity} ${chainWords(d)}.`;
        return `${names.length} ${labelWord(target, names.length)}${narrowed(d)} ${names.length === 1 ? 'is' : 'are'} linked to ${entity} ${chainWords(d)}: ${listOf(names)}${cut}.`;
      }
      if (d.filters?.length && target && !entity) {
        if (names.length === 0) return `I found no ${labelWord(target, 2)}${narrowed(d)}.`;
        return `${names.length} ${labelWord(target, names.length)}${narrowed(d)}: ${listOf(names)}${cut}.`;
      }
      if (names.length === 0) {
        if (!target) return 'I found nothing that matches.';
        if (!entity) return `I found no ${labelWord(target, 2)}${narrowed(d)}.`;
        if (rel?.entityIsSubject) return `${entity} ${notVerb(rel.phrase, false)} any ${labelWord(target, 2)}${narrowed(d)}.`;
        return `I found no ${labelWord(target, 2)}${narrowed(d)} that ${rel ? verb(rel.phrase, true) : 'relate to'} ${entity}.`;
      }
      const n = names.length;
      if (d.property && n === 1 && columns.includes(d.property)) {
        return `The ${identifierWords(d.property).join(' ')} of ${names[0]} is ${show(rows[0]![d.property])}.`;
      }
      if (!entity || !target) return `${n} ${target ? labelWord(target, n) : 'results'}${narrowed(d)}: ${listOf(names)}${cut}.`;
      if (rel?.entityIsSubject) return `${entity} ${verb(rel.phrase, false)} ${n} ${labelWord(target, n)}${narrowed(d)}: ${listOf(names)}${cut}.`;
      return `${n} ${labelWord(target, n)}${narrowed(d)} ${rel ? verb(rel.phrase, n !== 1) : 'relate to'} ${entity}: ${listOf(names)}${cut}.`;
    }
    case 'property': {
      if (rows.length === 0) return `I could not find ${entity ?? 'it'} in the graph.`;
      const parts = columns.map((c) => `${identifierWords(c).join(' ')} ${show(rows[0]![c])}`);
      const value = rows[0]![first];
      if (value === null || value === undefined) return `The graph does not record the ${identifierWords(first).join(' ')} of ${entity}.`;
      return `${entity}: ${parts.join(', ')}.`;
    }
    case 'aggregate': {
      if (rows.length === 0) return d.comparison ? `I could not find both ${listOf(d.entities.map((e) => e.name))} in the graph.` : 'I found nothing to measure.';
      const row = rows[0]!;
      if (d.comparison) return comparisonSentence(d, row);
      if ((d.aggregate === 'most' || d.aggregate === 'least') && !d.property && rel && d.chain?.[0]?.via) {
        const counted = labelWord(d.chain[0].via, 2);
        const amount = columns[1] ? ` (${show(row[columns[1]])})` : '';
        const most = d.aggregate === 'most' ? 'the most' : 'the fewest';
        return rel.entityIsSubject
          ? `${show(row.name)} ${verb(rel.phrase, false)} ${most} ${counted}${amount}.`
          : `${show(row.name)} is ${participle(rel.phrase)} by ${most} ${counted}${amount}.`;
      }
      if (d.aggregate === 'most' || d.aggregate === 'least') {
        const measure = columns[1];
        // "(14)" for a count, "(population 2,100,000)" for a value.
        const amount = measure ? (measure === 'count' ? show(row[measure]) : `${identifierWords(measure).join(' ')} ${show(row[measure])}`) : '';
        return `${show(row.name)} has the ${d.aggregate === 'most' ? 'most' : 'fewest'}${d.property ? ` ${identifierWords(d.property).join(' ')}` : ` ${labelWord(target ?? '', 2)}`}${amount ? ` (${amount})` : ''}.`;
      }
      const fn = AGGREGATE_WORDS[d.aggregate as 'avg'] ?? d.aggregate;
      const scope = target ? ` of ${labelWord(target, 2)}` : '';
      const where = entity ? ` ${rel ? verb(rel.phrase, true) : 'related to'} ${entity}` : '';
      return `The ${fn} ${d.property ? identifierWords(d.property).join(' ') : 'value'}${scope}${where} is ${show(row[first])}.`;
    }
    case 'path': {
      const path = values[0];
      const [a, b] = d.entities;
      if (!Array.isArray(path) || path.length === 0) return `I found no connection between ${a?.name} and ${b?.name} within a few steps.`;
      return `${a?.name} is connected to ${b?.name} in ${path.length - 1} step${path.length === 2 ? '' : 's'}: ${path.map(show).join(' → ')}.`;
    }
    case 'lookup': {
      if (rows.length === 0) return `I could not find ${entity ?? 'it'} in the graph.`;
      const node = rows[0]!.entity as { labels?: string[]; properties?: Record<string, unknown> } | undefined;
      const label = node?.labels?.find((l) => l !== ENTITY_LABEL) ?? d.entities[0]?.label ?? 'thing';
      const facts = Object.entries(node?.properties ?? {})
        .filter(([k]) => !isNameKey(k))
        .slice(0, 6)
        .map(([k, v]) => `${identifierWords(k).join(' ')} ${show(v)}`);
      return `${show(rows[0]![first])} is ${withArticle(identifierWords(label).join(' '))}${facts.length ? ` (${facts.join(', ')})` : ''}.`;
    }
  }
}

/** "through people (works at, lives in)": the things and relationships between the named thing and the answer. */
function chainWords(d: PlanDescription): string {
  const chain = d.chain ?? [];
  const middles = chain.slice(0, -1).map((c) => labelWord(c.via ?? 'thing', 2));
  return `through ${listOf(middles)} (${chain.map((c) => c.phrase).join(', ')})`;
}

/** "Yes: Acme Labs has more employees (1,500) than Port Lyon (1,200)." */
function comparisonSentence(d: PlanDescription, row: Record<string, unknown>): string {
  const [a, b] = [row.name, row.other].map(show);
  const [x, y] = [Number(row.value), Number(row.other_value)];
  const measure = d.property ? identifierWords(d.property).join(' ') : labelWord(d.target ?? 'thing', 2);
  if (row.value === null || row.value === undefined || row.other_value === null || row.other_value === undefined || Number.isNaN(x) || Number.isNaN(y)) {
    return `I can’t compare them: the graph does not record the ${measure} of ${row.value == null ? a : b}.`;
  }
  if (x === y) return `No: ${a} and ${b} have the same ${measure} (${show(x)}).`;
  if (d.property && keyHoldsDate(d.property)) {
    const later = x > y;
    const yes = d.comparison === 'less' ? !later : later;
    return `${yes ? 'Yes' : 'No'}: ${a} (${measure} ${show(x)}) is ${later ? 'later' : 'earlier'} than ${b} (${measure} ${show(y)}).`;
  }
  const more = x > y;
  const yes = d.comparison === 'less' ? !more : more;
  const word = more ? 'more' : measure.endsWith('s') ? 'fewer' : 'less';
  return `${yes ? 'Yes' : 'No'}: ${a} has ${word} ${measure} (${show(x)}) than ${b} (${show(y)}).`;
}

/** "cites" → "cited", "maintains" → "maintained", "authored" stays: for "is cited by". */
function participle(phrase: string): string {
  const [first, ...rest] = phrase.split(' ');
  if (!first) return phrase;
  if (/ed$/.test(first) || STATE_PARTICIPLES.has(first)) return [first, ...rest].join(' ');
  const base = /[^s]s$/.test(first) ? first.slice(0, -1) : first;
  return [base.endsWith('e') ? `${base}d` : `${base}ed`, ...rest].join(' ');
}

/** Whether the rows have the shape the sentence for the question's kind reads from. */
function shapeFits(d: PlanDescription, columns: string[], rows: Record<string, unknown>[]): boolean {
  if (rows.length === 0) return true;
  const first = rows[0]![columns[0] ?? ''];
  switch (d.kind) {
    case 'count':
      return rows.length === 1 && typeof first === 'number';
    case 'aggregate':
      if (d.comparison) return columns.includes('value') && columns.includes('other_value');
      return d.aggregate === 'most' || d.aggregate === 'least' ? columns.includes('name') : rows.length === 1;
    case 'path':
      return Array.isArray(first);
    default:
      return true;
  }
}

/** "2 rows: name Ada Moreau, Jon Reyes": what a query found, when no sentence of its kind fits it. */
export function plainRows(columns: string[], rows: Record<string, unknown>[], truncated: boolean): string {
  if (rows.length === 0) return 'The query found nothing.';
  const first = columns[0] ?? '';
  if (rows.length === 1) return `The query found: ${columns.map((c) => `${identifierWords(c).join(' ')} ${show(rows[0]![c])}`).join(', ')}.`;
  return `The query found ${rows.length} rows${truncated ? ' (cut at the row limit)' : ''}: ${identifierWords(first).join(' ')} ${listOf(rows.map((r) => show(r[first])))}.`;
}
