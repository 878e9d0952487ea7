import { ENTITY_LABEL, isNameKey } from '../../stores/graph/bookkeeping.js';
import type { PlanDescription } from '../plan.js';
import { identifierWords } from '../read/words.js';
import { AGGREGATE_WORDS, keyHoldsDate } from '../read/cues.js';
import { labelWord, listOf, notVerb, participle, plainRows, show, verb, withArticle } from './phrases.js';

/**
 * A short answer in plain language, written from the rows without a model: one sentence
 * shaped by the kind of question, naming what was found and how many. Values are shown as
 * they are; nothing here knows any graph.
 */


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

/** What every sentence of a kind is made from: the description, the rows, and what the answer is about. */
interface Said {
  d: PlanDescription;
  /** "Python and Rust": every named thing the answer is about, when it is about several (the first of a path). */
  entity: string | undefined;
  columns: string[];
  rows: Record<string, unknown>[];
  /** The first column, and its values. */
  first: string;
  values: unknown[];
  /** Said after a list cut at the row limit. */
  cut: string;
  rel: PlanDescription['relationship'];
  target: string | undefined;
}

/** The sentence of each kind of question. */
const SENTENCES: Record<PlanDescription['kind'], (said: Said) => string> = {
  count: countSentence,
  list: listSentence,
  property: propertySentence,
  aggregate: aggregateSentence,
  path: pathSentence,
  lookup: lookupSentence,
};

function sentence({ description: d, columns, rows, truncated }: AnswerInput): string {
  // A query edited by a reviewer or a curator may return another shape than the question's kind: then the rows speak.
  if (!shapeFits(d, columns, rows)) return plainRows(columns, rows, truncated);
  const first = columns[0] ?? '';
  return SENTENCES[d.kind]({
    d,
    entity: d.kind === 'path' ? d.entities[0]?.name : listOf(d.entities.map((e) => e.name)) || undefined,
    columns,
    rows,
    first,
    values: rows.map((r) => r[first]),
    cut: truncated ? ' (the list was cut at the row limit)' : '',
    rel: d.relationship,
    target: d.target,
  });
}

/** "3 projects are maintained by Orbital Systems", "There are 24 companies.": how many. */
function countSentence({ d, entity, values, rel, target }: Said): string {
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

/** "Orbital Systems maintains 2 projects: Atlas and Beacon.": the things found, named. */
function listSentence({ d, entity, columns, rows, values, cut, rel, target }: Said): string {
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

/** "Atlas: language Rust, stars 120.": the values of one named thing. */
function propertySentence({ entity, columns, rows, first }: Said): string {
  if (rows.length === 0) return `I could not find ${entity ?? 'it'} in the graph.`;
  const parts = columns.map((c) => `${identifierWords(c).join(' ')} ${show(rows[0]![c])}`);
  const value = rows[0]![first];
  if (value === null || value === undefined) return `The graph does not record the ${identifierWords(first).join(' ')} of ${entity}.`;
  return `${entity}: ${parts.join(', ')}.`;
}

/** "The average rating of movies is 7.2.", "Atlas has the most stars (120).", "Yes: A has more … than B.": one figure. */
function aggregateSentence({ d, entity, columns, rows, first, rel, target }: Said): string {
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

/** "A is connected to B in 2 steps: A → C → B.": how two named things are joined. */
function pathSentence({ d, values }: Said): string {
  const path = values[0];
  const [a, b] = d.entities;
  if (!Array.isArray(path) || path.length === 0) return `I found no connection between ${a?.name} and ${b?.name} within a few steps.`;
  return `${a?.name} is connected to ${b?.name} in ${path.length - 1} step${path.length === 2 ? '' : 's'}: ${path.map(show).join(' → ')}.`;
}

/** "Atlas is a project (language Rust).": a named thing itself. */
function lookupSentence({ d, entity, rows, first }: Said): string {
  if (rows.length === 0) return `I could not find ${entity ?? 'it'} in the graph.`;
  const node = rows[0]!.entity as { labels?: string[]; properties?: Record<string, unknown> } | undefined;
  const label = node?.labels?.find((l) => l !== ENTITY_LABEL) ?? d.entities[0]?.label ?? 'thing';
  const facts = Object.entries(node?.properties ?? {})
    .filter(([k]) => !isNameKey(k))
    .slice(0, 6)
    .map(([k, v]) => `${identifierWords(k).join(' ')} ${show(v)}`);
  return `${show(rows[0]![first])} is ${withArticle(identifierWords(label).join(' '))}${facts.length ? ` (${facts.join(', ')})` : ''}.`;
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

