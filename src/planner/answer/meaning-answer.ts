import { isNameKey } from '../../stores/graph/bookkeeping.js';
import { ENTITY_LABEL } from '../../stores/graph/bookkeeping.js';
import { listOf, notVerb, participle, plainRows, show, verb, withArticle } from './phrases.js';
import type { Ask, Condition, Meaning, MeaningEdge, MeaningNode, Ordering } from '../meaning.js';
import { leavingOut, nodeOf, typesOf } from '../meaning.js';
import { TIES_SHOWN_MAX, pickedColumn } from '../build/cypher-builder.js';
import { AGGREGATE_WORDS, extremeWord, keyHoldsDate } from '../read/cues.js';
import { LIST_LIMIT } from '../meaning.js';
import { identifierWords, pluralOf } from '../read/words.js';

/**
 * The answer to a meaning in one plain sentence, from its rows: the number with its unit and
 * subject ("There are 9 sailors (home port Lyon)."), the list with how many there are in
 * all when the row limit cut it, the value with what it is of, the winner of a ranking with
 * its value, yes or no. Nothing here knows any graph: words come from the schema's names.
 */

export interface MeaningAnswerInput {
  meaning: Meaning;
  columns: string[];
  rows: Record<string, unknown>[];
  truncated: boolean;
  /** How many the list has in all, when it was cut. */
  total?: number;
}

function noun(label: string | undefined, n: number): string {
  const words = label ? identifierWords(label) : ['thing'];
  return n === 1 ? words.join(' ') : [...words.slice(0, -1), pluralOf(words.at(-1)!)].join(' ');
}

const nodeName = (n: MeaningNode) => n.anchor?.name;
/** A thing by its name, else by its kind ("a play"). */
const nameOrKind = (x: MeaningNode) => nodeName(x) ?? withArticle(noun(kindOf(x), 1));
/** What a thing is called: its label, or its family's word ("place"). */
const kindOf = (n: MeaningNode | undefined) => n?.label ?? n?.family?.word;

/** A relationship type as words ("ACTED_IN" → "acted in"). */
export const phraseOf = (type: string) => identifierWords(type).join(' ');

/** What an edge says, as a verb agreeing with its subject: each of its types, joined by "or". */
const verbOf = (e: MeaningEdge, plural: boolean) => {
  const verbs = (e.said ? [e.said] : typesOf(e)).map((t) => verb(phraseOf(t), plural));
  return verbs.length > 2 ? `${verbs.slice(0, -1).join(', ')} or ${verbs.at(-1)}` : verbs.join(' or ');
};
/** The same, denied: "did not direct or produce". */
const notVerbOf = (e: MeaningEdge, plural: boolean) => (e.said ? notVerb(phraseOf(e.said), plural, []) : notVerb(phraseOf(e.type), plural, (e.orTypes ?? []).map(phraseOf)));

/** What the question says of the things a ranking counts and of their joins to what it ranks ("the most interactions (book 3)"). */
function countedConditions(m: Meaning, focusId: string, countedId: string, said: string): string {
  const counted = m.nodes.find((x) => x.id === countedId);
  const joins = m.edges.filter((e) => [e.from, e.to].includes(focusId) && [e.from, e.to].includes(countedId));
  // Not what the counted words already say ("the most shows with parts").
  const unsaid = [...joins.flatMap((e) => e.conditions), ...(counted?.conditions ?? [])].filter((c) => !` ${said} `.includes(` ${conditionWords(c)} `));
  const words = conditionsWords(unsaid);
  // What else the counted things are joined to ("the most entities that filed a report"): a count is never of more than it says.
  // (Not a relationship the counted words name: "the most recipient accounts".)
  const named = (e: MeaningEdge) => identifierWords(e.type).every((w) => ` ${said} `.includes(` ${w.toLowerCase()} `));
  const around = joinsOf({ ...m, edges: m.edges.filter((e) => !named(e)) }, countedId, true, new Set([countedId, focusId]), 0);
  return `${around.length ? ` ${around.join(' and ')}` : ''}${words ? ` (${words})` : ''}`;
}

/** The words of conditions, each once (a decade is two comparisons said as one "in the 1960s"). */
const conditionsWords = (conditions: Condition[]) => [...new Set(conditions.map(conditionWords))].join(', ');

function conditionWords(c: Condition): string {
  const key = identifierWords(c.key).filter((w, i, all) => !(i === all.length - 1 && all.length > 1 && /^(on|at|date|in)$/.test(w)));
  // Whether a property is recorded is said as the question said it ("without a motto").
  if (c.op === 'exists') return c.words;
  if (typeof c.value === 'boolean') return `${c.value ? '' : 'not '}${key.join(' ')}`;
  if (c.op === '=' && c.words === String(c.value)) return `${key.join(' ')} ${c.value}`;
  return `${key.join(' ')} ${c.words}`;
}


/** "that Ada Moreau inspects", "that are located in Lyon", "(insured, home port Lyon)". */
function describe(m: Meaning, focusId: string, plural: boolean): string {
  const focus = m.nodes.find((n) => n.id === focusId)!;
  const parts = joinsOf(m, focusId, plural, new Set([focusId]), 0);
  // The focus's own conditions beside its noun, before what it is joined to: "people (born after 1970) that acted in movies (released before 2000)".
  // "There are 6 processes named nginx": the things of one name, when the question named them so.
  const named = focus.anchor ? ` named ${focus.anchor.name}` : '';
  return `${named}${focus.conditions.length ? ` (${conditionsWords(focus.conditions)})` : ''}${parts.length ? ` ${parts.join(' and ')}` : ''}`;
}

/** Joins said of a thing further from the focus than this: past that, the sentence would not be read. */
const DESCRIBED_DEPTH = 2;

/**
 * What `id` is joined to, each as a relative clause, and what those are joined to in turn (in
 * brackets), so a condition two steps away is restated too: "categories that a shop (that Ada
 * Brook did not visit) is in". `seen`: things said already.
 */
function joinsOf(m: Meaning, id: string, plural: boolean, seen: Set<string>, depth: number): string[] {
  const byId = new Map(m.nodes.map((n) => [n.id, n]));
  // "that directed at least 2 movies", "that more than 3 people acted in": how many, where the question counted them.
  const counted = new Map((m.having ?? []).map((h) => [h.count, h]));
  const parts: string[] = [];
  for (const e of m.edges) {
    if (e.from !== id && e.to !== id) continue;
    const other = byId.get(e.from === id ? e.to : e.from)!;
    if (seen.has(other.id)) continue;
    seen.add(other.id);
    // ("that a captain inspected more than once": how often is said after the verb.)
    const often = counted.get(other.id)?.times ? counted.get(other.id) : undefined;
    const how = often ? undefined : counted.get(other.id);
    const further = depth < DESCRIBED_DEPTH ? joinsOf(m, other.id, false, seen, depth + 1) : [];
    const otherConditions = other.conditions.length ? ` (${conditionsWords(other.conditions)})` : '';
    const otherJoins = further.length ? ` (${further.join(' and ')})` : '';
    // The other end said in the plural ("reviews (dated 2018)", "at least 2 movies") takes a plural verb.
    const otherPlural = how ? how.value !== 1 : !nodeName(other) && other.conditions.length > 0;
    // Two relationships to one thing, both said from here: "that inspected and command the same vessel".
    const both = m.edges.filter((x) => x.from === e.from && x.to === e.to);
    const same = both.length > 1 && !nodeName(other) && !how;
    // Set apart from one said before it ("the writer and stager are different people"): "that a person wrote and that another person staged".
    const another = (m.distinct ?? []).some(([x, y]) => (x === other.id && seen.has(y)) || (y === other.id && seen.has(x)));
    const one = another ? `another ${noun(kindOf(other), 1)}` : withArticle(noun(kindOf(other), 1));
    const otherWords = how
      ? `${how.words} ${noun(kindOf(other), how.value === 1 ? 1 : 2)}${otherConditions}${otherJoins}`
      : `${nodeName(other) ?? `${same ? `the same ${noun(kindOf(other), 1)}` : other.conditions.length ? noun(kindOf(other), 2) : one}${otherConditions}`}${otherJoins}`;
    // One relationship's conditions follow the clause ("that reviewed a movie (rating below 50)"); two relationships' each follow their verb.
    const said = (x: MeaningEdge, subjectPlural: boolean) => `${x.negated ? notVerbOf(x, subjectPlural) : verbOf(x, subjectPlural)}${both.length > 1 ? edgeConditions(x) : ''}`;
    const verbs = (subjectPlural: boolean) => listOf(both.map((x) => said(x, subjectPlural)));
    const after = `${both.length > 1 ? '' : edgeConditions(e)}${often ? ` ${often.words}` : ''}`;
    // Another thing said only by its kind (and its conditions): "a review", "a course (level intro)".
    const plainOther = !nodeName(other) && !otherJoins && !how && both.length === 1;
    const bare = plainOther && !otherConditions;
    // "ports that were visited more than once": the thing said only as the verb is not named again.
    if (often && other.implicit && e.to === id && bare) parts.push(`that ${plural ? 'were' : 'was'} ${participle(phraseOf(e.said ?? e.type))} ${often.words}`);
    // A denied relationship to any thing: "ports that were not visited", "vessels that no captain inspected", "captains that did not inspect any vessel".
    else if (e.negated && bare && other.implicit && e.to === id) parts.push(`that ${plural ? 'were' : 'was'} not ${participle(phraseOf(e.said ?? e.type))}${after}`);
    // (With its own conditions too: "departments that no course (level intro) is in".)
    else if (e.negated && plainOther && e.to === id) parts.push(`that no ${noun(kindOf(other), 1)}${otherConditions} ${verbOf(e, false)}${after}`);
    else if (e.negated && plainOther) parts.push(`that ${notVerbOf(e, plural)} any ${noun(kindOf(other), 1)}${otherConditions}${after}`);
    else if (e.from === id) parts.push(`that ${verbs(plural)} ${otherWords}${after}`);
    else parts.push(`that ${otherWords} ${verbs(otherPlural)}${after}`);
  }
  return parts;
}

const edgeConditions = (e: MeaningEdge) => (e.conditions.length ? ` (${conditionsWords(e.conditions)})` : '');

/** The first column each kind of meaning's query returns: a query edited since (by a reviewer) may not. */
const FIRST_COLUMN: Record<Meaning['ask']['kind'], string[]> = { list: ['name'], count: ['count'], aggregate: ['value'], exists: ['answer'], path: ['path'], value: [], lookup: ['name'], compare: ['name'] };

/**
 * "12 sailors work at Port Lyon", "Port Lyon owns 3 ships": when the focus is
 * joined to one named thing and nothing else narrows it, the sentence says the relationship itself.
 */
function simple(m: Meaning, n: number, noun: string): string | undefined {
  const focus = m.nodes.find((x) => x.id === m.focus)!;
  const edges = m.edges.filter((e) => e.from === focus.id || e.to === focus.id);
  if (edges.length !== 1 || m.edges.length !== 1 || focus.conditions.length || m.having?.length || m.distinct?.length) return undefined;
  const e = edges[0]!;
  const other = m.nodes.find((x) => x.id === (e.from === focus.id ? e.to : e.from))!;
  if (!other.anchor || other.conditions.length || e.conditions.length) return undefined;
  const amount = `${show(n)} ${noun}`;
  if (e.negated) return e.from === focus.id ? `${amount} ${notVerbOf(e, n !== 1)} ${other.anchor.name}` : undefined;
  return e.from === focus.id ? `${amount} ${verbOf(e, n !== 1)} ${other.anchor.name}` : `${other.anchor.name} ${verbOf(e, false)} ${amount}`;
}

export function composeMeaningAnswer(input: MeaningAnswerInput): string {
  return `${sayRows(input)}${tieNote(input)}${askedNote(input)}`;
}

/**
 * A ranking says each thing with the value it ranks by; the other values the question asked for
 * ("the text of the review with the lowest star rating") follow it: "Their text: R2 (…) and R4 (…)".
 * Values its conditions fix are not repeated.
 */
function askedNote({ meaning: m, columns, rows }: MeaningAnswerInput): string {
  const order = m.order;
  if (m.ask.kind !== 'list' || !order || order.chronological || order.sorted || order.pick !== undefined || rows.length === 0) return '';
  const ranked = 'count' in order.by ? 'count' : 'aggregate' in order.by ? 'value' : order.by.key;
  const focus = m.nodes.find((x) => x.id === m.focus);
  const fixed = new Set(focus?.conditions.filter((c) => !c.otherKey).map((c) => c.key));
  const asked = [...new Set(m.ask.extra.filter((x) => !(x.of === m.focus && fixed.has(x.key))).map((x) => x.as ?? x.key))].filter((c) => c !== ranked && columns.slice(1).includes(c));
  if (asked.length === 0) return '';
  const words = listOf(asked.map((c) => identifierWords(c).join(' ')));
  const values = (r: Record<string, unknown>) => asked.map((c) => show(r[c])).join(', ');
  if (rows.length === 1) return ` Its ${words}: ${values(rows[0]!)}.`;
  return ` Their ${words}: ${listOf(rows.map((r) => `${show(r[columns[0] ?? ''])} (${values(r)})`))}.`;
}

/**
 * A ranking that lists more than it was asked for, because things tie at its last place (the query
 * keeps them: see `keepingTies`), says so: "… The last 4 tie at 2, so 8 are listed for the 5 asked."
 */
function tieNote({ meaning: m, rows }: MeaningAnswerInput): string {
  const order = m.order;
  const limit = m.limit ?? 1;
  if (m.ask.kind !== 'list' || !order || order.pick !== undefined || order.each || order.sorted || rows.length <= limit) return '';
  const column = 'count' in order.by ? 'count' : 'aggregate' in order.by ? 'value' : order.by.key;
  const at = show(rows[limit - 1]?.[column]);
  const tied = rows.filter((r) => show(r[column]) === at).length;
  const more = rows.length >= limit + TIES_SHOWN_MAX ? ' (and more tie with them than are shown)' : '';
  if (limit === 1) return ` They tie at ${at}${more}.`;
  return ` The last ${tied} tie at ${at}${more}, so ${rows.length} are listed for the ${limit} asked.`;
}

/** What saying a meaning's rows starts from: the meaning, its rows, the thing asked about and its noun. */
interface Said {
  m: Meaning;
  columns: string[];
  rows: Record<string, unknown>[];
  truncated: boolean;
  total?: number;
  focus: MeaningNode;
  /** The first column's name. */
  first: string;
  /** The focus's noun for `k` things. */
  n: (k: number) => string;
}
type AskOf<K extends Ask['kind']> = Extract<Ask, { kind: K }>;

function sayRows(input: MeaningAnswerInput): string {
  const { meaning: m, columns, rows, truncated, total } = input;
  const expected = m.ask.kind === 'value' ? [m.ask.key] : FIRST_COLUMN[m.ask.kind];
  if (rows.length > 0 && !expected.includes(columns[0] ?? '')) return plainRows(columns, rows, truncated);
  const focus = m.nodes.find((n) => n.id === m.focus)!;
  const first = columns[0] ?? '';
  // Values grouped by are called by their property's words ("towns").
  const n = (k: number) => (focus.group ? noun(focus.group.words.join('_'), k) : noun(kindOf(focus), k));
  const parts: Said = { m, columns, rows, truncated, total, focus, first, n };
  const ask = m.ask;
  switch (ask.kind) {
    case 'count':
      return sayCount(parts);
    case 'exists':
      return sayExists(parts);
    case 'value':
      return sayValue(parts, ask);
    case 'aggregate':
      return sayAggregate(parts, ask);
    case 'lookup':
      return sayLookup(parts);
    case 'compare':
      return sayCompare(parts, ask);
    case 'path':
      return sayPath(parts, ask);
    case 'list':
      return sayList(parts, ask);
  }
}

/** "There are 12 movies …": a count. */
function sayCount(parts: Said): string {
  const { m, rows, focus, first, n } = parts;
  const count = Number(rows[0]?.[first] ?? 0);
  const said = simple(m, count, n(count));
  return said ? `${said}.` : `There ${count === 1 ? 'is' : 'are'} ${show(count)} ${n(count)}${describe(m, focus.id, count !== 1)}.`;
}

/** "Yes: Ada Moreau acted in …": whether something holds. */
function sayExists(parts: Said): string {
  const { m, rows, first } = parts;
  const yes = rows[0]?.[first] === true;
  const e = m.edges[0];
  if (!e) return yes ? 'Yes.' : 'No.';
  const from = m.nodes.find((x) => x.id === e.from)!;
  const to = m.nodes.find((x) => x.id === e.to)!;
  return yes ? `Yes: ${nameOrKind(from)} ${verbOf(e, false)} ${nameOrKind(to)}.` : `No: I found nothing that says ${nameOrKind(from)} ${verbOf(e, false)} ${nameOrKind(to)}.`;
}

/** "The population of Lyon is …": a value of a named thing (or of a relationship). */
function sayValue(parts: Said, ask: AskOf<'value'>): string {
  const { m, rows, first } = parts;
  const key = identifierWords(ask.key).join(' ');
  if (rows.length === 0) return `I found no ${key} for that.`;
  const values = [...new Set(rows.map((r) => show(r[ask.key] ?? r[first])))];
  if (ask.edge) {
    const e = m.edges[Number(ask.of)]!;
    const a = m.nodes.find((x) => x.id === e.from)!;
    const b = m.nodes.find((x) => x.id === e.to)!;
    // "The roles where Ada Moreau acted in a play are …": the value belongs to the relationship, not to either end.
    const several = values.length > 1 || rows.some((r) => Array.isArray(r[ask.key]) && (r[ask.key] as unknown[]).length > 1);
    return `The ${key} where ${nameOrKind(a)} ${verbOf(e, false)} ${nameOrKind(b)} ${several ? 'are' : 'is'} ${listOf(values)}.`;
  }
  const of = m.nodes.find((x) => x.id === ask.of)!;
  const subject = nodeName(of) ?? `the ${noun(kindOf(of), 1)}${describe(m, of.id, false)}`;
  if (values.length === 1 && values[0] === 'unknown') return `The graph does not record the ${key} of ${subject}.`;
  // "Tidal Locking was published in 2011", not "the published of Tidal Locking": a participle is said as a verb.
  const words = identifierWords(ask.key);
  const participle = words.length === 1 && PARTICIPLE.test(words[0]!) && nodeName(of) !== undefined;
  if (participle && values.length === 1) return `${subject} was ${key} ${/^\d{4}$/.test(values[0]!) ? 'in' : 'on'} ${values[0]}.`;
  const several = values.length > 1 || rows.some((r) => Array.isArray(r[ask.key]) && (r[ask.key] as unknown[]).length > 1);
  return `The ${key} of ${subject} ${several ? 'are' : 'is'} ${listOf(values)}.`;
}

/** "The average rating of …": an aggregate of a value. */
function sayAggregate(parts: Said, ask: AskOf<'aggregate'>): string {
  const { m, rows, focus, first, n } = parts;
  const fn = AGGREGATE_WORDS[ask.fn];
  const key = identifierWords(ask.key).join(' ');
  const value = rows[0]?.[first];
  const whose = ask.edge ? '' : ` of ${n(2)}${describe(m, focus.id, true)}`;
  if (value === null || value === undefined) return `I found no ${key} to take the ${fn} of.`;
  return `The ${fn} ${key}${whose} is ${show(value)}.`;
}

/** "Ada Moreau is a person (born 1980, …)": one thing described. */
function sayLookup(parts: Said): string {
  const { rows, focus, first } = parts;
  if (rows.length === 0) return `I could not find ${nodeName(focus) ?? 'it'} in the graph.`;
  const node = rows[0]!.entity as { labels?: string[]; properties?: Record<string, unknown> } | undefined;
  const label = focus.label ?? node?.labels?.find((l) => l !== ENTITY_LABEL) ?? 'thing';
  const facts = Object.entries(node?.properties ?? {})
    .filter(([k]) => !isNameKey(k))
    .slice(0, 6)
    .map(([k, v]) => `${identifierWords(k).join(' ')} ${show(v)}`);
  const words = identifierWords(label).join(' ');
  return `${show(rows[0]![first])} is ${withArticle(words)}${facts.length ? ` (${facts.join(', ')})` : ''}.`;
}

/** "Yes: A has more … than B": two named things compared. */
function sayCompare(parts: Said, ask: AskOf<'compare'>): string {
  const { rows } = parts;
  const row = rows[0];
  if (!row) return `I could not find both of them in the graph.`;
  const measure = 'key' in ask.by ? identifierWords(ask.by.key).filter((w, i, all) => !(i === all.length - 1 && all.length > 1 && /^(on|at|date)$/.test(w))).join(' ') : noun(ask.by.label, 2);
  const [a, b] = [show(row.name), show(row.other)];
  const [x, y] = [row.value, row.other_value];
  if (x === null || x === undefined || y === null || y === undefined) return `I can’t compare them: the graph does not record the ${measure} of ${x == null ? a : b}.`;
  if (x === y) return `No: ${a} and ${b} have the same ${measure} (${show(x)}).`;
  const larger = (x as number | string) > (y as number | string);
  const yes = ask.more === larger;
  const dated = typeof x === 'string' || ('key' in ask.by && keyHoldsDate(ask.by.key));
  const word = dated ? (larger ? 'later' : 'earlier') : larger ? 'more' : 'less';
  return dated
    ? `${yes ? 'Yes' : 'No'}: ${a} (${measure} ${show(x)}) is ${word} than ${b} (${show(y)}).`
    : `${yes ? 'Yes' : 'No'}: ${a} has ${word} ${measure} (${show(x)}) than ${b} (${show(y)}).`;
}

/** "A is connected to B in 2 steps: …": a path. */
function sayPath(parts: Said, ask: AskOf<'path'>): string {
  const { m, rows, first } = parts;
  const path = rows[0]?.[first];
  const a = m.nodes.find((x) => x.id === ask.a);
  const b = m.nodes.find((x) => x.id === ask.b);
  if (!Array.isArray(path) || path.length === 0) return `I found no connection between ${nodeName(a!)} and ${nodeName(b!)} within a few steps.`;
  return `${nodeName(a!)} is connected to ${nodeName(b!)} in ${path.length - 1} step${path.length === 2 ? '' : 's'}: ${path.map(show).join(' → ')}.`;
}

/** A list, ranked ("The 3 people with the most followers: …"), in an order, or plain ("4 movies …: …"). */
function sayList(parts: Said, ask: AskOf<'list'>): string {
  const { m, columns, rows, truncated, total, focus, first, n } = parts;
  const names = rows.map((r) => show(r[first]));
  if (m.order && !m.order.chronological && !m.order.sorted) {
    const by = m.order.by;
    const most = m.order.direction === 'DESC';
    // What a count ranks by, as the question said it ("followers") or as the counted thing's label.
    const counted = 'count' in by ? (by.said ?? noun(kindOf(m.nodes.find((x) => x.id === by.count)), 2)) : '';
    // Each ranked thing with its count ("Mill (2)").
    const counts = () => listOf(rows.map((r) => `${show(r[first])} (${show(r.count)})`));
    if (names.length === 0) {
      // "The most" and every group's count keep only what has any of it: none had (which is not "none exist").
      if ('count' in by && (most || m.order.each)) {
        return `I counted no ${counted} for any ${n(1)}${describe(leavingOut(m, by.count), focus.id, false)}${m.order.each ? '' : ', so there is nothing to rank'}.`;
      }
      return `I found no ${n(2)}${describe(m, focus.id, true)} to rank.`;
    }
    if ('count' in by && m.order.each) {
      // The groups with none are not listed: how many they are, when all the others are (`total`: all the groups).
      const others = total !== undefined && rows.length < LIST_LIMIT ? total - names.length : 0;
      const none = others > 0 ? ` The other ${show(others)} ${n(others)} ${others === 1 ? 'has' : 'have'} none.` : '';
      return `The number of ${counted} of each ${n(1)}${describe(leavingOut(m, by.count), focus.id, false)}${names.length > 1 ? `, ${most ? 'most' : 'fewest'} first` : ''}: ${counts()}.${none}`;
    }
    if ('count' in by) {
      const among = countedConditions(m, focus.id, by.count, counted);
      const what = `${most ? 'the most' : 'the fewest'} ${counted}${among}`;
      // "Which 3 people have the most followers?" when only 2 have any: said so, not passed off as the top 3.
      if (most && m.limitSaid && m.limit !== undefined && m.limit > 1 && names.length < m.limit) {
        return `Only ${names.length} ${n(names.length)} ${names.length === 1 ? 'has' : 'have'} any ${counted}: ${counts()}.`;
      }
      // A value grouped by is no thing that has what is counted: the things holding it have ("The town with the most bakeries: Oslo (3)").
      if (names.length === 1 && focus.group) return `The ${n(1)} with ${what}: ${counts()}.`;
      if (names.length === 1) return among ? `${names[0]} has ${what}: ${show(rows[0]!.count)}.` : `${names[0]} has ${what} (${show(rows[0]!.count)}).`;
      // The things ranked as the question narrowed them ("Of the ports (country Norway), …"), the counted thing left out.
      const narrowed = describe(leavingOut(m, by.count), focus.id, true);
      return narrowed ? `Of the ${n(2)}${narrowed}, the ${names.length} with ${what}: ${counts()}.` : `The ${names.length} ${n(names.length)} with ${what}: ${counts()}.`;
    }
    // ("the most different genres": how many, said of them in the plural.)
    const key = 'distinct' in by && by.distinct ? noun(by.key, 2) : identifierWords(by.key).join(' ');
    // An aggregate's value is the `value` column ("the lowest average rating"); a list's size, how many it holds ("the most roles").
    const valueOf = (r: Record<string, unknown>) => show('aggregate' in by ? r.value : r[by.key]);
    if (!('aggregate' in by)) return rankedByValue(m, m.order, key, names, rows.map(valueOf), n);
    // Every group's figure ("The average pages of each branch, highest first: …").
    if (m.order.each && !by.size) return `The ${AGGREGATE_WORDS[by.aggregate]} ${key} of each ${n(1)}${names.length > 1 ? `, ${most ? 'highest' : 'lowest'} first` : ''}: ${listOf(rows.map((r) => `${show(r[first])} (${valueOf(r)})`))}.`;
    const word = by.distinct ? (most ? 'most different' : 'fewest different') : by.size ? (most ? 'most' : 'fewest') : `${extremeWord(m.order.direction)} ${AGGREGATE_WORDS[by.aggregate]}`;
    if (names.length === 1 && focus.group) return `The ${n(1)} with the ${word} ${key}: ${names[0]} (${valueOf(rows[0]!)}).`;
    if (names.length === 1) return `${names[0]} has the ${word} ${key} (${valueOf(rows[0]!)}).`;
    return `The ${names.length} ${n(names.length)} with the ${word} ${key}: ${listOf(rows.map((r) => `${show(r[first])} (${valueOf(r)})`))}.`;
  }
  const described = describe(m, focus.id, true);
  if (names.length === 0) return `I found no ${n(2)}${described}.`;
  // The values the question asked for go beside each name ("Ben Miles (roles Cass Jones)").
  // Picked in date order ("the actors in the first 3 movies"): also which of them each is joined to.
  const picked = m.order?.chronological && m.order.pick !== undefined ? m.nodes.find((x) => x.id === (m.order!.by as { of: string }).of) : undefined;
  const which = picked ? [pickedColumn(m)!] : [];
  // "The first 3 voyages": in the order of a date, said with it and shown beside each.
  const dated = m.order?.chronological && !picked && 'key' in m.order.by && !('aggregate' in m.order.by) ? m.order.by.key : undefined;
  // "The first 3 harbours visited in 2019": by the earliest date of the things joined to each, shown as `value`.
  const byJoined = m.order?.chronological && 'aggregate' in m.order.by ? m.order.by : undefined;
  const joinedDate = byJoined ? `${byJoined.aggregate === 'min' ? 'earliest' : 'latest'} ${identifierWords(byJoined.key).join(' ')}` : undefined;
  // "sorted by weight": the order said, and the value it sorts by beside each.
  const sorted = m.order?.sorted ? sortedBy(m.order) : undefined;
  const asked = [...new Set([...ask.extra.map((x) => x.as ?? x.key), ...which, ...(dated ? [dated] : []), ...(byJoined ? ['value'] : []), ...(sorted ? [sorted.column] : [])])].filter((k) => columns.slice(1).includes(k));
  const said = (c: string) => (c === sorted?.column ? sorted.words : byJoined && c === 'value' ? joinedDate! : identifierWords(c).join(' '));
  // A value of another thing beside each ("each shop with its categories") comes a row per value: said once per thing.
  const perThing = ask.kind === 'list' && ask.extra.some((x) => x.of !== focus.id) && asked.length > 0;
  const listed = perThing
    ? listOf(valuesPerThing(rows, first, asked).map(({ name, values }) => `${name} (${asked.map((c) => `${said(c)} ${listOf(values.get(c)!)}`).join('; ')})`))
    : listOf(rows.map((r) => (asked.length ? `${show(r[first])} (${asked.map((c) => `${said(c)} ${show(r[c])}`).join(', ')})` : show(r[first]))));
  const inOrder = sorted ? `, by ${sorted.words}, ${sorted.first} first` : '';
  if (truncated && total !== undefined && total > names.length) return `There are ${show(total)} ${n(total)}${described}; the first ${names.length}${inOrder}${inOrder ? ',' : ''} are: ${listed}.`;
  if (truncated) return `There are more than ${names.length} ${n(2)}${described}; the first ${names.length}${inOrder}${inOrder ? ',' : ''} are: ${listed}.`;
  if (sorted) return `${names.length} ${n(names.length)}${describe(m, focus.id, names.length !== 1)}${inOrder}: ${listed}.`;
  // "the top 5 movies …" that rank by nothing the question names: not passed off as a ranking.
  if (m.unranked && m.limit !== undefined && names.length >= m.limit) {
    return `${names.length} ${n(names.length)}${describe(m, focus.id, names.length !== 1)}, in no particular order (“top” names nothing to rank by): ${listed}.`;
  }
  if (picked) return `${chronologicalPick(m, focus, picked, n)}: ${listed}.`;
  if (dated || joinedDate) {
    const by = dated ? identifierWords(dated).join(' ') : `the ${joinedDate} of their ${noun(kindOf(nodeOf(m, byJoined!.of)), 2)}`;
    return `The ${m.order!.direction === 'ASC' ? 'first' : 'last'}${names.length > 1 ? ` ${names.length}` : ''} ${n(names.length)} by ${by}${describe(m, focus.id, names.length !== 1)}: ${listed}.`;
  }
  // A value of another thing beside each ("each shop with its categories") repeats a thing per value: each counts once.
  const things = ask.kind === 'list' && ask.extra.some((x) => x.of !== focus.id) ? new Set(names).size : names.length;
  const plainly = simple(m, things, n(things));
  if (plainly) return `${plainly}: ${listed}.`;
  return `${things} ${n(things)}${describe(m, focus.id, things !== 1)}: ${listed}.`;
}


/** Rows of one thing in a row (the list is by name), merged: each column's distinct values, in order. */
function valuesPerThing(rows: Record<string, unknown>[], first: string, columns: string[]): { name: string; values: Map<string, string[]> }[] {
  const out: { name: string; values: Map<string, string[]> }[] = [];
  for (const r of rows) {
    const name = show(r[first]);
    let last = out.at(-1);
    if (!last || last.name !== name) out.push((last = { name, values: new Map(columns.map((c) => [c, []])) }));
    for (const c of columns) {
      const value = show(r[c]);
      const seen = last.values.get(c)!;
      if (!seen.includes(value)) seen.push(value);
    }
  }
  return out;
}

/** What a whole list is sorted by, as the answer says it ("average rating", "highest"), and the column holding it. */
function sortedBy(order: Ordering): { column: string; words: string; first: string } {
  const by = order.by;
  if ('count' in by) return { column: 'count', words: by.said ?? 'count', first: order.direction === 'DESC' ? 'most' : 'fewest' };
  const key = identifierWords(by.key).join(' ');
  const words = 'aggregate' in by ? (by.distinct ? `number of different ${key}` : by.size ? `number of ${key}` : `${AGGREGATE_WORDS[by.aggregate]} ${key}`) : key;
  return { column: 'aggregate' in by ? 'value' : by.key, words, first: extremeWord(order.direction, order.dated) };
}

/** "The people that acted in the first 3 movies (by released)": the things listed, said with the ones picked in date order. */
function chronologicalPick(m: Meaning, focus: MeaningNode, picked: MeaningNode, n: (count: number) => string): string {
  const order = m.order!;
  const these = `the ${order.direction === 'ASC' ? 'first' : 'last'}${order.pick! > 1 ? ` ${order.pick}` : ''} ${noun(kindOf(picked), order.pick!)} (by ${identifierWords((order.by as { key: string }).key).join(' ')})`;
  const e = m.edges.find((x) => (x.from === focus.id && x.to === picked.id) || (x.to === focus.id && x.from === picked.id));
  if (!e) return `The ${n(2)} of ${these}`;
  return e.from === focus.id ? `The ${n(2)} that ${verbOf(e, true)} ${these}` : `The ${n(2)} that ${these} ${verbOf(e, true)}`;
}

/** A key that is a verb's participle ("released", "born", "added on"): said after the thing, not as a noun ("the latest released"). */
const PARTICIPLE = /(ed|^born|^built|^made|^written|^begun)$/;
const PARTICIPLE_PREPOSITION = /^(on|at|in)$/;

/**
 * A ranking by one value, said as the question said it ("The 3 youngest people: …", "X is the
 * most expensive product (price 40)"), else by the value's own words: "released latest" for a
 * date named by a participle, "the latest release date", "the highest rating". A value of a
 * thing joined to the ranked ones is said of that thing ("Ada Moreau observed the oldest star").
 */
function rankedByValue(m: Meaning, order: Ordering, key: string, names: string[], said: string[], n: (count: number) => string): string {
  // The days between two dates (link/spans.ts): the longest and the shortest, in days.
  const by = order.by as { of: string; key: string; edge?: boolean };
  const span = !by.edge && m.nodes.find((x) => x.id === by.of)?.spans?.[by.key] !== undefined;
  const extreme = span ? (order.direction === 'DESC' ? 'longest' : 'shortest') : extremeWord(order.direction, order.dated);
  const values = span ? said.map((v) => `${v} days`) : said;
  const words = key.split(' ');
  if (PARTICIPLE_PREPOSITION.test(words.at(-1) ?? '') && words.length > 1) words.pop();
  const participle = order.dated && PARTICIPLE.test(words.at(-1) ?? '') ? words.join(' ') : undefined;
  // How the ranked thing is said, one or several: "the oldest movie", "the 3 oldest movies", "movies released latest", "the highest rating".
  const picked = order.pick !== undefined && order.pick > 1 ? `${order.pick} ` : '';
  const thing = (noun: string, plural: boolean) =>
    order.said
      ? `the ${picked}${order.said} ${noun}`
      : participle
        ? `${plural ? picked : 'the '}${noun} ${participle} ${extreme}`
        : `${plural ? picked : 'the '}${noun} with the ${extreme} ${key}`;
  const other = !by.edge && by.of !== m.focus ? m.nodes.find((x) => x.id === by.of) : undefined;
  if (other) return rankedByOther(m, other, thing, key, names, values, n);
  const each = (label: string) => names.map((name, i) => `${name} (${label}${values[i]})`);
  // What the ranked things were limited to ("filings (end in 2016)"), so a ranking among some is not read as one among all.
  const among = describe(m, m.focus, true);
  const ofThese = among ? ` of the ${n(2)}${among}` : '';
  if (order.said) {
    if (names.length === 1) return `${names[0]} is ${among ? `the ${order.said}${ofThese}` : thing(n(1), false)} (${key} ${values[0]}).`;
    return `The ${names.length} ${order.said} ${n(names.length)}${among}: ${listOf(each(`${key} `))}.`;
  }
  if (participle) {
    if (names.length === 1) return `${names[0]} was ${participle} ${extreme}${ofThese} (${values[0]}).`;
    return `The ${names.length} ${n(names.length)}${among} ${participle} ${extreme}: ${listOf(each(''))}.`;
  }
  if (names.length === 1) return `${names[0]} has the ${extreme} ${key}${ofThese} (${values[0]}).`;
  return `The ${names.length} ${n(names.length)}${among} with the ${extreme} ${key}: ${listOf(each(''))}.`;
}

/** "Ada Moreau observed the oldest star (discovery year 1890)": ranked by a value of the thing the focus is joined to. */
function rankedByOther(
  m: Meaning,
  other: MeaningNode,
  thing: (noun: string, plural: boolean) => string,
  key: string,
  names: string[],
  values: string[],
  n: (count: number) => string,
): string {
  const e = m.edges.find((x) => (x.from === m.focus && x.to === other.id) || (x.to === m.focus && x.from === other.id));
  const each = listOf(names.map((name, i) => `${name} (${key} ${values[i]})`));
  const one = names.length === 1;
  // Picked ("the movies of the 3 oldest actors"): as many focus things as are joined to them, not a number the question said.
  const pick = m.order?.pick;
  // As many ranked things as were asked for (things tied with the last share its value): "the review with the lowest star rating".
  const ranked = pick ?? m.limit ?? 1;
  // What else the ranked thing is joined to, said beside it: "(that Vera wrote)".
  const around = describe({ ...m, edges: m.edges.filter((x) => x !== e) }, other.id, ranked !== 1).replace(/^ \(.*?\)(?= |$)/, '');
  const bare = thing(noun(kindOf(other), ranked === 1 ? 1 : 2), ranked !== 1);
  const theThing = `${bare}${around ? ` (${around.trim()})` : ''}`;
  const these = pick !== undefined ? `The ${n(2)}` : `The ${names.length} ${n(names.length)}`;
  if (!e || e.negated) return `${one ? '' : `${these}, `}ranked by ${key} of ${theThing}: ${each}.`;
  if (e.from === m.focus) {
    if (one) return `${names[0]} ${verbOf(e, false)} ${theThing} (${key} ${values[0]}).`;
    return `${these} that ${verbOf(e, true)} ${theThing}: ${each}.`;
  }
  if (one) return `${capitalize(bare)}${around} (${key} ${values[0]}) ${verbOf(e, ranked !== 1)} ${names[0]}.`;
  return `${these} that ${theThing} ${verbOf(e, ranked !== 1)}: ${each}.`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
