import type { Token } from '../../language/analyze.js';
import { EQUALITY_LEADS, holdsDate, LIMIT_LEADS, STAMP_WORDS, SUPERLATIVE_DIMENSIONS } from '../read/cues.js';
import { identifierWords } from '../read/words.js';
import { BEFORE_A_TEXT, BEFORE_A_VALUE, NAMING_WORDS, NUMBER_KEYS, YEAR_OR_DATE } from '../read/word-classes.js';
import type { Ctx, ReadingChoice } from './interpret-context.js';
import { calledAsLabel, candidates, coordinatedSubject, isWord, labelOf, ownerEdge, ownerNode, pick, pluralLabel, settle, wordsOf } from './interpret-context.js';
import type { Item } from '../link/links.js';
import type { LexProperty } from '../link/lexicon.js';
import { agentNounsOf, eventNounsOf, objectNounsOf } from '../link/lexicon.js';
import type { CompareOp, Condition } from '../meaning.js';
import { numberedChosen } from './numbered-one.js';

/**
 * The parts conditions are made of (interpret-conditions.ts): the value said (a number, a year,
 * a decade, a date, a text), the property it compares, chosen by the words around it (a property
 * named next to it, the verb before it: "released after 2000", the one date of the thing it
 * follows, the relationship just before it), and the thing or relationship it is attached to.
 */

export type Value = { kind: 'number'; value: number; year: boolean } | { kind: 'decade'; year: number; years?: number } | { kind: 'date'; iso: string } | { kind: 'text'; text: string };

export function valueAt(ctx: Ctx, i: number): { value: Value; end: number } | undefined {
  let it = ctx.items[i];
  if (it?.kind === 'word' && it.token.lower === 'the' && ctx.items[i + 1]?.kind === 'decade') {
    ctx.used.add(i);
    i++;
    it = ctx.items[i];
  }
  // "before the year 2000": the words say no more than the year.
  const isYearAt = (k: number) => {
    const x = ctx.items[k];
    return x?.kind === 'number' && x.year;
  };
  const wordAt = (k: number, lemma: string) => isWord(ctx.items[k], lemma);
  const stamp = (k: number) => ctx.items[k]?.kind === 'word' && STAMP_WORDS.test((ctx.items[k] as { token: Token }).token.lower) && ctx.items[k + 1]?.kind === 'number';
  const skip = wordAt(i, 'the') && wordAt(i + 1, 'year') && isYearAt(i + 2) ? 2 : (wordAt(i, 'year') && isYearAt(i + 1)) || stamp(i) ? 1 : 0;
  for (let k = 0; k < skip; k++) ctx.used.add(i + k);
  i += skip;
  it = ctx.items[i];
  if (!it) return undefined;
  if (it.kind === 'number' && !it.ordinal) return { value: { kind: 'number', value: it.value, year: it.year }, end: i };
  if (it.kind === 'decade') return { value: { kind: 'decade', year: it.year, ...(it.years ? { years: it.years } : {}) }, end: i };
  if (it.kind === 'date') return { value: { kind: 'date', iso: it.iso }, end: i };
  if (it.kind === 'literal') return { value: { kind: 'text', text: it.text }, end: i };
  return undefined;
}

export const describeValue = (v: Value) => (v.kind === 'number' ? String(v.value) : v.kind === 'decade' ? spanWords(v) : v.kind === 'date' ? v.iso : `“${v.text}”`);

/** "the 1990s", "the 21st century". */
function spanWords(v: { year: number; years?: number }): string {
  if (v.years !== 100) return `the ${v.year}s`;
  const n = v.year / 100 + 1;
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `the ${n}${suffix} century`;
}

/** The period after a month's or a day's ("2020-12" → "2021-01", "2020-02-29" → "2020-03-01"), as ISO text. */
function nextPeriod(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number?];
  if (d === undefined) return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Conditions of a property with a value, on the property's kind: years against ISO dates compare as text. */
export function conditionsFor(prop: LexProperty, op: CompareOp, value: Value, words: string): Condition[] | undefined {
  const key = prop.key;
  if (value.kind === 'text') return [{ key, op, value: value.text, words }];
  const dates = prop.kind === 'date';
  if (value.kind === 'decade') {
    return dates
      ? [{ key, op: '>=', value: String(value.year), words }, { key, op: '<', value: String(value.year + (value.years ?? 10)), words }]
      : [{ key, op: '>=', value: value.year, words }, { key, op: '<=', value: value.year + (value.years ?? 10) - 1, words }];
  }
  if (value.kind === 'date') {
    if (!dates) return undefined;
    const next = nextPeriod(value.iso);
    if (op === '>') return [{ key, op: '>=', value: next, words }];
    if (op === '<=') return [{ key, op: '<', value: next, words }];
    if (op === '=') return [{ key, op: 'starts', value: value.iso, words }];
    return [{ key, op, value: value.iso, words }];
  }
  if (dates) {
    if (!value.year) return undefined;
    const y = value.value;
    const byOp: Partial<Record<CompareOp, Condition>> = {
      '>': { key, op: '>=', value: String(y + 1), words },
      '>=': { key, op: '>=', value: String(y), words },
      '<': { key, op: '<', value: String(y), words },
      '<=': { key, op: '<', value: String(y + 1), words },
      '=': { key, op: 'starts', value: String(y), words },
    };
    return byOp[op] ? [byOp[op]!] : undefined;
  }
  if (prop.kind !== 'number' && prop.kind !== 'mixed') return undefined;
  return [{ key, op, value: value.value, words }];
}

export function attach(ctx: Ctx, at: number, prop: LexProperty, given: Condition[]): boolean {
  const conditions = prop.kind === 'list' ? given.map((c) => (c.op === 'exists' ? c : { ...c, list: true })) : given;
  if (prop.ownerKind === 'relationship') {
    const edge = ownerEdge(ctx, prop);
    if (edge) edge.e.conditions.push(...conditions);
    // Otherwise the join of two things may add the relationship that holds it (joinComponents).
    else ctx.pending.push({ prop, conditions, at });
    return true;
  }
  const node = ownerNode(ctx, at, prop);
  if (!node) return false;
  settle(node, prop.owner);
  node.conditions.push(...conditions);
  return true;
}

/** Properties of the things in play, of some kinds, whose words hold `lemma` (or a word of its dimension: "cost" for a price). */
function propertiesOf(ctx: Ctx, kinds: string[], lemma: string): LexProperty[] {
  const labels = new Set(ctx.nodes.flatMap((n) => candidates(n) ?? []));
  const types = new Set(ctx.edges.map((e) => e.type));
  const inPlay = ctx.lexicon.properties.filter((p) => (p.ownerKind === 'label' ? labels.has(p.owner) : types.has(p.owner)) && kinds.includes(p.kind));
  // The word itself, or a noun made from it or it from the word ("employees" for employ): not any word sharing a start ("stars" is not "started").
  const derived = (verb: string) => [...agentNounsOf(verb), ...eventNounsOf(verb), ...objectNounsOf(verb)];
  const fromLemma = derived(lemma);
  const same = (w: string) => w === lemma || fromLemma.includes(w) || derived(w).includes(lemma);
  const direct = inPlay.filter((p) => p.words.some(same));
  if (direct.length > 0) return direct;
  const group = Object.values(SUPERLATIVE_DIMENSIONS).find((d) => d.words.includes(lemma) && d.words.length > 2);
  return group ? inPlay.filter((p) => p.words.some((w) => group.words.includes(w))) : [];
}

/** The property word just before a value ("blood type AB+"), placed with it. */
export function markPropertyWord(ctx: Ctx, at: number, prop: LexProperty): void {
  for (let k = at - 1; k >= Math.max(0, at - 3); k--) {
    const it = ctx.items[k]!;
    if (it.kind === 'prop' && it.props.some((p) => p.key === prop.key)) ctx.used.add(k);
  }
}

/** Whether a number at `i` says how many to list: after top/first, before a ranking word, or before the listed noun. */
export function isLimit(ctx: Ctx, i: number): boolean {
  const value = (ctx.items[i] as { value?: number }).value;
  if (value === undefined || !Number.isInteger(value) || value < 1) return false;
  if (ctx.limitAt === i) return true;
  const prev = ctx.items[i - 1];
  const next = ctx.items[i + 1];
  const prevWord = prev?.kind === 'word' ? prev.token.lower : prev?.kind === 'rank' ? prev.word : prev?.kind === 'number' && prev.ordinal ? ctx.tokens[prev.from]!.lower : undefined;
  if (prevWord && LIMIT_LEADS.has(prevWord)) return true;
  if (next?.kind === 'rank') return true;
  // "List 5 movies", "Name one physician": a small number right before the listed noun, with no comparison before it.
  const equalityLead = prev?.kind === 'cmp' && prev.cue.op === '=' && prev.cue.numberOnly;
  if ((next?.kind === 'label' || next?.kind === 'agent') && (prev?.kind !== 'cmp' || equalityLead)) return !(ctx.items[i] as { year?: boolean }).year;
  return false;
}


/** The date and year properties of the relationship just before `at`, else of the nearest thing that has any. */
function datePropertiesNear(ctx: Ctx, at: number): LexProperty[] {
  const dated = holdsDate;
  for (let k = at - 1; k >= Math.max(0, at - 4); k--) {
    const it = ctx.items[k]!;
    if (it.kind === 'rel') {
      const props = ctx.lexicon.properties.filter((p) => p.ownerKind === 'relationship' && p.owner === it.rel.type && dated(p));
      if (props.length > 0) return props;
    }
  }
  const near = [...ctx.nodes.filter((n) => n.at < at).sort((a, b) => b.at - a.at), ...ctx.nodes.filter((n) => n.at > at)];
  for (const node of near) {
    const labels = candidates(node) ?? [];
    const props = ctx.lexicon.properties.filter((p) => p.ownerKind === 'label' && labels.includes(p.owner) && dated(p));
    if (props.length > 0) return props;
  }
  return [];
}

/** A value that says when: a year, a decade or a date. */
export const isMoment = (value: Value) => value.kind === 'decade' || value.kind === 'date' || (value.kind === 'number' && value.year);

/**
 * Which property a number or date is about: one named right after the value ("more than 20
 * years of experience") or just before the comparison; for a year, the date whose words the
 * verb before it says ("released after 2000"), else the one date of the thing it follows.
 */
export function propertyFor(ctx: Ctx, at: number, end: number, value: Value): LexProperty | undefined {
  const timeLike = isMoment(value);
  // The date the person asking chose, where the words left it open (whichDate).
  const chosen = timeLike ? datePropertiesNear(ctx, at).find((p) => ctx.chosen.includes(dateChoiceId(p))) : undefined;
  if (chosen) return chosen;
  const kinds = timeLike ? ['date', 'number'] : ['number', 'mixed'];
  const named = (k: number) => {
    const it = ctx.items[k];
    if (it?.kind !== 'prop') return undefined;
    const p = pick(ctx, it.props.filter((x) => kinds.includes(x.kind)), at);
    if (p) ctx.used.add(k);
    return p;
  };
  const after = named(end + 1);
  if (after) return after;
  // "a release year in the 1980s", "birth year before 1950": the property, then "year".
  for (let k = at - 1; k >= Math.max(0, at - 2); k--) {
    const it = ctx.items[k]!;
    if (it.kind === 'word' && YEAR_OR_DATE.has(it.token.lower) && ctx.items[k - 1]?.kind === 'prop') {
      const p = named(k - 1);
      if (p && holdsDate(p)) {
        ctx.used.add(k);
        return p;
      }
    }
  }
  for (let k = at - 1; k >= Math.max(0, at - 3); k--) {
    const it = ctx.items[k]!;
    if (it.kind === 'prop') {
      // "the top fees by amount in 2019": a year "in" after an amount is when, where the thing has one date.
      const cue = ctx.items[at];
      const when = timeLike && cue?.kind === 'cmp' && ['in', 'during'].includes(cue.cue.words.join(' ')) && !it.props.some(holdsDate);
      const owners = new Set(it.props.map((p) => p.owner));
      const dates = when ? datePropertiesNear(ctx, at).filter((p) => owners.has(p.owner)) : [];
      // (Several dates: which one is not said, and the amount is no year.)
      if (dates.length > 1) return undefined;
      return dates.length === 1 ? dates[0] : named(k);
    }
    // "berths higher than 10", "gates above 1200": the number a kind of thing is called by (`Berth.berth`).
    if (it.kind === 'label' && k === at - 1) {
      const own = ctx.lexicon.properties.filter((p) => (p.kind === 'number' || p.kind === 'mixed') && calledAsLabel(p, it.label.label));
      if (own.length === 1) return own[0];
    }
    // A verb before the comparison names the date: "released after 2000", "born before 1960" (also one that names a relationship elsewhere: "founded").
    const word = it.kind === 'word' ? it.token : it.kind === 'rel' && !ctx.used.has(k) ? ctx.tokens[it.from] : undefined;
    if (word && (word.pos === 'verb' || word.pos === 'adj' || word.pos === 'noun')) {
      const found = [...propertiesOf(ctx, kinds, word.lemma), ...propertiesOf(ctx, kinds, word.lower)];
      const p = found.length > 0 ? pick(ctx, found, at) : undefined;
      if (p) {
        ctx.used.add(k);
        return p;
      }
      if (timeLike && word.pos === 'verb' && it.kind === 'word') {
        const dates = datePropertiesNear(ctx, at);
        if (dates.length === 1) {
          ctx.used.add(k);
          ctx.confidence -= 0.1;
          ctx.notes.push(`took “${word.text}” for ${dates[0]!.key}`);
          return dates[0];
        }
      }
    }
    if (it.kind !== 'word' || !BEFORE_A_VALUE.has(it.token.lower)) break;
  }
  if (timeLike) {
    const dates = datePropertiesNear(ctx, at);
    if (dates.length === 1) {
      ctx.confidence -= 0.1;
      ctx.notes.push(`took the date compared for ${dates[0]!.key}`);
      return dates[0];
    }
  }
  return undefined;
}

/** Choice ids of which date a year or a date is about. */
const DATE_OF = 'date-of:';
const dateChoiceId = (p: LexProperty) => `${DATE_OF}${p.owner}.${p.key}`;

/**
 * "voyages in 2015" where a voyage has several dates and the words say none: the choice of which
 * one, each said as it would be read ("Their departed in 2015"); undefined when the things near
 * have fewer than two dates or the value is no moment.
 */
export function whichDate(ctx: Ctx, at: number, value: Value, words: string): { reason: string; choices: ReadingChoice[] } | undefined {
  const timeLike = isMoment(value);
  const dates = timeLike ? datePropertiesNear(ctx, at) : [];
  if (dates.length < 2) return undefined;
  return {
    reason: `Which date is ${describeValue(value)} about here?`,
    choices: dates.map((p) => ({ id: dateChoiceId(p), label: `Their ${identifierWords(p.key).join(' ').toLowerCase()} ${words}` })),
  };
}

/** The property a text value is compared with: a text property named just before, else the thing's name. */
export function textPropertyFor(ctx: Ctx, at: number, needNamed = false): LexProperty | undefined {
  for (let k = at - 1; k >= Math.max(0, at - 4); k--) {
    const it = ctx.items[k]!;
    if (it.kind === 'prop') {
      const p = pick(ctx, it.props.filter((x) => x.kind === 'text' || x.kind === 'list' || x.kind === 'mixed' || x.kind === 'date'), at);
      if (p) {
        ctx.used.add(k);
        return p;
      }
    }
    if (it.kind === 'word' && NAMING_WORDS.has(it.token.lower)) {
      ctx.used.add(k);
      return nameProperty(ctx, at);
    }
    if (it.kind === 'word' && !EQUALITY_LEADS.has(it.token.lower) && !BEFORE_A_TEXT.has(it.token.lower)) break;
    if (it.kind !== 'word' && it.kind !== 'cmp') break;
  }
  return needNamed ? undefined : (proseProperty(ctx, at) ?? nameProperty(ctx, at));
}

/** Longer than any name: a text property holding prose (a review's text, a post's body). */
const PROSE_MIN_CHARS = 80;

/**
 * "reviews mentioning 'IPA'", "posts containing 'deadline'": a text said to be in a thing whose
 * name is a short code or id (`reviewId`) is in the one property of it that holds prose.
 */
function proseProperty(ctx: Ctx, at: number): LexProperty | undefined {
  const cue = ctx.items[at];
  if (cue?.kind !== 'cmp' || !cue.cue.text || cue.cue.op !== 'contains') return undefined;
  const named = nameProperty(ctx, at);
  if (!named) return undefined;
  const texts = ctx.lexicon.properties.filter((p) => p.ownerKind === 'label' && p.owner === named.owner && p.kind === 'text' && p.key !== named.key);
  // "books that mention 'voyage'": what a thing mentions is in its longest text, when that is longer than its name.
  if (cue.cue.asWritten && cue.cue.words[0]?.startsWith('mention')) {
    const longest = [...texts].sort((a, b) => (b.longest ?? 0) - (a.longest ?? 0));
    return longest[0] && (longest[0].longest ?? 0) > (named.longest ?? 0) && (longest[0].longest ?? 0) > (longest[1]?.longest ?? 0) ? longest[0] : undefined;
  }
  if ((named.longest ?? 0) >= PROSE_MIN_CHARS / 2) return undefined;
  const prose = texts.filter((p) => (p.longest ?? 0) >= PROSE_MIN_CHARS);
  return prose.length === 1 ? prose[0] : undefined;
}

/**
 * "a 'glowing' review summary", "the 'sea' tag": a text property named right after a
 * quoted value (past the noun of the relationship that holds it).
 */
export function propertyAfter(ctx: Ctx, at: number): { prop: LexProperty; at: number } | undefined {
  const next = ctx.items[at + 1];
  const k = next?.kind === 'rel' && ctx.tokens[next.from]!.pos === 'noun' ? at + 2 : at + 1;
  const it = ctx.items[k];
  if (it?.kind !== 'prop') return undefined;
  const prop = pick(ctx, it.props.filter((p) => p.kind === 'text' || p.kind === 'list'), k);
  return prop && { prop, at: k };
}

/** The naming property of the nearest thing before `at`, as a property entry. */
function nameProperty(ctx: Ctx, at: number): LexProperty | undefined {
  const subject = coordinatedSubject(ctx, at);
  const node =
    ctx.nodes.find((n) => n.at === subject && n.label) ?? ctx.nodes.filter((n) => n.at < at && n.label).sort((a, b) => b.at - a.at)[0] ?? ctx.nodes.find((n) => n.label);
  const label = node?.label ? labelOf(ctx.lexicon, node.label) : undefined;
  if (!label) return undefined;
  return (
    ctx.lexicon.properties.find((p) => p.ownerKind === 'label' && p.owner === label.label && p.key === label.nameKey) ?? {
      owner: label.label,
      ownerKind: 'label',
      key: label.nameKey,
      words: [],
      forms: [],
      kind: 'text',
      values: [],
    }
  );
}

export const negatedBefore = (items: Item[], i: number) => items.slice(Math.max(0, i - 3), i).some((x) => x.kind === 'neg');
/** The comparison as said, for the answer to restate ("mention" of a plural thing restated as "mentioning"). */
export const cueWords = (ctx: Ctx, it: Item) => ctx.tokens.slice(it.from, it.to + 1).map((t: Token) => (/^mentions?$/.test(t.lower) ? 'mentioning' : t.lower)).join(' ');

/** A key that is an identifier: `id` after a word or letters ("uid", "userId", "order_id"). */
const isIdKey = (key: string) => identifierWords(key).at(-1)?.toLowerCase() === 'id' || (key.length <= 4 && key.toLowerCase().endsWith('id'));

/**
 * "gate 7", "deck 3": a number after a label word is the thing's own number when the label has one
 * number property named like the label itself (`Port.port`, `Zone.zone`), or an id or number.
 * Returns whether it was placed.
 */
export function numberedThing(ctx: Ctx, i: number, value: Value): boolean {
  const label = ctx.items[i - 1];
  const node = ctx.nodes.find((n) => n.at === i - 1 && !n.anchor);
  if (label?.kind !== 'label' || !node || value.kind !== 'number') return false;
  const props = ctx.lexicon.properties.filter(
    (p) => p.ownerKind === 'label' && p.owner === label.label.label && (p.kind === 'number' || p.kind === 'mixed') && (calledAsLabel(p, label.label.label) || NUMBER_KEYS.has(p.key.toLowerCase()) || isIdKey(p.key)),
  );
  if (props.length !== 1) return false;
  const prop = props[0]!;
  const words = `${wordsOf(ctx, i - 1, 'lower')} ${wordsOf(ctx, i)}`;
  const one = !label.plural && label.label.nameKey !== prop.key;
  const picked = one ? numberedChosen(ctx.chosen, label.label.label, words) : undefined;
  if (picked) {
    // The one the person asking chose among those the number picks: named, not numbered.
    node.anchor = { mention: words, position: label.from, label: label.label.label, name: picked.name, nameProperty: label.label.nameKey, key: picked.key, unique: false };
    ctx.used.add(i);
    return true;
  }
  if (!attach(ctx, i, prop, [{ key: prop.key, op: '=', value: value.value, words: String(value.value) }])) return false;
  if (one) ctx.numberedOne ??= { node: node.id, label: label.label.label, nameKey: label.label.nameKey, words, plural: pluralLabel(label.label) };
  ctx.used.add(i);
  return true;
}

/**
 * "berths on pier 2", "seats in row 5": a number right after a number property's words is that
 * property's value, on the thing in play that has it. Returns whether it was placed.
 */
export function numberedProperty(ctx: Ctx, i: number, value: Value): boolean {
  const said = ctx.items[i - 1];
  if (said?.kind !== 'prop' || ctx.used.has(i - 1) || value.kind !== 'number') return false;
  const prop = pick(ctx, said.props.filter((p) => p.kind === 'number' || p.kind === 'mixed'), i - 1);
  if (!prop || !attach(ctx, i - 1, prop, [{ key: prop.key, op: '=', value: value.value, words: String(value.value) }])) return false;
  ctx.used.add(i - 1).add(i);
  return true;
}

/**
 * "reviews with 5 stars", "a 5-star rating", "4 stars or higher": a number right before the words
 * of a number property (never a label's: "5 reviews" counts them) is that property's value, on the
 * thing in play that has it. Returns whether it was placed.
 */
export function numberBeforeProperty(ctx: Ctx, i: number, value: Value, op: CompareOp): boolean {
  const said = ctx.items[i + 1];
  if (said?.kind !== 'prop' || ctx.used.has(i + 1) || value.kind !== 'number') return false;
  const prop = pick(ctx, said.props.filter((p) => p.kind === 'number'), i + 1);
  if (!prop || !attach(ctx, i + 1, prop, [{ key: prop.key, op, value: value.value, words: `${op === '=' ? '' : `${op} `}${value.value}` }])) return false;
  ctx.used.add(i).add(i + 1);
  return true;
}
