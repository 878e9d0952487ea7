import { holdsDate, LIMIT_LEADS } from '../read/cues.js';
import { FIRST_LAST, IDENTIFIER_WORDS, MOST_LEAST, TOP_FIRST } from '../read/word-classes.js';
import { LIST_LIMIT } from '../meaning.js';
import { extremeWord } from '../read/cues.js';
import { isLimit } from './condition-parts.js';
import type { Ctx, Draft, OpenReading, Unsure } from './interpret-context.js';
import type { LexProperty } from '../link/lexicon.js';
import { candidates, isWord, labelOf, pluralLabel } from './interpret-context.js';
import type { Item } from '../link/links.js';
import type { Ordering } from '../meaning.js';
import { identifierWords } from '../read/words.js';
import { startDate } from './chronology.js';

export type RankItem = Extract<Item, { kind: 'rank' }>;
export type PropItem = Extract<Item, { kind: 'prop' }>;
export type AggItem = Extract<Item, { kind: 'agg' }>;
/** What a ranking ranks by, and whether a property said it (else a count); `ranks`: the thing other than the focus its words stand right before. */
export type Ranked = { order: Ordering; fromProperty: boolean; countedBy?: boolean; ranks?: Draft };


/** Choice ids of how lists on relationships are counted: every item, or each relationship that lists any. */
const LIST_ITEMS = 'list-count:items:';
const LIST_HOLDERS = 'list-count:holders:';

/** Choice ids of one figure said of many relationships of each ranked thing: their total, or the largest (smallest) single one. */
const FIGURE_TOTAL = 'edge-figure:total:';
const FIGURE_SINGLE = 'edge-figure:single:';

/** Choice ids of one figure said of many things joined to each ranked thing: their average, or the largest (smallest) single one. */
const THINGS_AVERAGE = 'thing-figure:avg:';
const THINGS_SINGLE = 'thing-figure:single:';

/** Choice ids of "top" with nothing named to rank by: a property of the focus, or no order at all. */
const TOP_BY = 'top-by:';
const TOP_UNRANKED = 'top-by:none';

/** Rankings: what "the top 5", "the most", "the oldest" rank by, how many they keep, and the choices when the words leave it open. */

export const numeric = (kinds: string[]) => kinds.includes('number') || kinds.includes('date') || kinds.includes('mixed');

/** Of several ranking words ("top 5 oldest", "the most … the highest"), the one that says what ranks: with a dimension, or before what it ranks. */
export function chooseRank(ctx: Ctx): number {
  const ranks = ctx.items.map((it, i) => ({ it, i })).filter(({ it, i }) => it.kind === 'rank' && !ctx.used.has(i));
  const scored = ranks.map(({ it, i }) => {
    const next = ctx.items[i + 1];
    const rank = it as RankItem;
    const score = rank.weak ? -1 : rank.dimension ? 3 : next?.kind === 'prop' || next?.kind === 'agg' ? 2 : next?.kind === 'label' || next?.kind === 'agent' ? 1 : 0;
    return { i, score };
  });
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  for (const other of scored.slice(1)) ctx.used.add(other.i);
  return scored[0]?.i ?? -1;
}

/**
 * "the top 5 sender banks that …": a text property said right after how many or "top", before the
 * thing the reading ranks, names what the question ranks; values cannot be ranked as things are.
 * ("the rating of the top 3 movies" says whose: a value shown, not ranked.)
 */
export function rankedValues(ctx: Ctx, focus: Draft): number | undefined {
  const at = ctx.items.findIndex((it, k) => {
    const before = ctx.items[k - 1];
    const leads = before?.kind === 'number' || before?.kind === 'rank' || (before?.kind === 'word' && LIMIT_LEADS.has(before.token.lower));
    return it.kind === 'prop' && !ctx.used.has(k) && k < focus.at && leads && !isWord(ctx.items[k + 1], 'of') && it.props.every((p) => p.kind === 'text');
  });
  return at >= 0 ? at : undefined;
}

/**
 * The words at `k` that say what a ranking ranks by: "by", "based on", "according to", "in terms
 * of", and "in order of" after a sort (interpret-sort).
 */
export function byWords(ctx: Ctx, k: number): number[] | undefined {
  const it = ctx.items[k];
  if (it?.kind !== 'word') return undefined;
  const before = ctx.items[k - 1];
  const lowerBefore = before?.kind === 'word' ? before.token.lower : '';
  if (it.token.lower === 'by' || (it.token.lower === 'of' && lowerBefore === 'order')) return [k];
  if ((it.token.lower === 'on' && lowerBefore === 'based') || (it.token.lower === 'to' && lowerBefore === 'according')) return [k - 1, k];
  if (it.token.lower === 'of' && lowerBefore === 'terms' && isWord(ctx.items[k - 2], 'in')) return [k - 2, k - 1, k];
  return undefined;
}

export function limitOf(ctx: Ctx, rankAt: number): number | undefined {
  for (let i = 0; i < ctx.items.length; i++) {
    const it = ctx.items[i]!;
    // How many to show is a whole number from 1 to the list's limit; another number is not one.
    if (it.kind !== 'number' || it.year || it.ordinal || ctx.used.has(i) || !Number.isInteger(it.value) || it.value < 1 || it.value > LIST_LIMIT) continue;
    if (isLimit(ctx, i) || (rankAt >= 0 && Math.abs(i - rankAt) <= 2)) {
      ctx.used.add(i);
      const prev = ctx.items[i - 1];
      if ((prev?.kind === 'word' && LIMIT_LEADS.has(prev.token.lower)) || (prev?.kind === 'number' && prev.ordinal)) ctx.used.add(i - 1);
      return it.value;
    }
  }
  // "the first voyage", "the top port": one.
  const lead = ctx.items.findIndex((it, i) => !ctx.used.has(i) && ((it.kind === 'number' && it.ordinal && it.value === 1) || (it.kind === 'word' && TOP_FIRST.has(it.token.lower))));
  const next = ctx.items[lead + 1];
  if (lead >= 0 && (next?.kind === 'label' || next?.kind === 'agent' || next?.kind === 'rank')) {
    ctx.used.add(lead);
    return 1;
  }
  return undefined;
}

/** The thing a limit of `limit` counts: the one named right after its number ("the first 3 movies") or its lead ("the first movie"). */
export function limitedThing(ctx: Ctx, limit: number): Draft | undefined {
  const lead = (it: Item) => limit === 1 && ((it.kind === 'number' && it.ordinal && it.value === 1) || (it.kind === 'word' && TOP_FIRST.has(it.token.lower)));
  const at = ctx.items.findIndex((it, i) => ((it.kind === 'number' && it.value === limit && !it.ordinal) || lead(it)) && ctx.used.has(i));
  return at < 0 ? undefined : ctx.nodes.find((n) => n.at === at + 1 && !n.implicit);
}

/**
 * "The movies with the most roles" where each actor's ACTED_IN holds a list of roles: the roles
 * listed in all, or the actors with roles listed (one each)? Both are said so, and they rank
 * differently; the person asking chooses. Undefined when the lists are not on a relationship of
 * the ranked thing (one list per thing: its size is all there is to count).
 */
export function listOfLists(ctx: Ctx, focus: Draft, p: LexProperty, of: { of: string; edge?: boolean }, rank: RankItem, items: Ranked): Ranked | Unsure | undefined {
  const edge = of.edge ? ctx.edges[Number(of.of)] : undefined;
  if (!edge || (edge.from !== focus.id && edge.to !== focus.id)) return undefined;
  const other = ctx.nodes.find((n) => n.id === (edge.from === focus.id ? edge.to : edge.from));
  if (!other) return undefined;
  const id = `${p.owner}.${p.key}`;
  if (ctx.chosen.includes(LIST_ITEMS + id)) return items;
  const listed = identifierWords(p.key).join(' ');
  const holders = `${pluralLabel(labelOf(ctx.lexicon, other.label ?? ''))} with ${listed}`;
  if (ctx.chosen.includes(LIST_HOLDERS + id)) {
    edge.conditions.push({ key: p.key, op: 'exists', value: true, words: `with ${listed}` });
    return { order: { by: { count: other.id, said: holders }, direction: rank.direction }, fromProperty: false };
  }
  const things = pluralLabel(labelOf(ctx.lexicon, focus.label ?? ''));
  return {
    ok: false,
    reason: `${listed} are listed on each “${identifierWords(edge.type).join(' ')}” of ${things}: should I count every one listed, or the ${holders}?`,
    unplaced: [],
    choices: [
      { id: LIST_ITEMS + id, label: `Every one of the ${listed} listed, in all` },
      { id: LIST_HOLDERS + id, label: `The ${holders}, each once` },
    ],
  };
}

/**
 * "The traders with the highest volume in their TRADED_WITH relationships": one figure (the
 * property in the singular) said of many relationships (said in the plural) of each ranked thing
 * is their total or the largest single one, and the two rank differently, so the person asking
 * chooses. Undefined where the words say one relationship ("in a TRADED_WITH relationship") or
 * several values ("the highest volumes"): each relationship's own, the best kept (`single`).
 */
export function figureOfMany(ctx: Ctx, focus: Draft, p: LexProperty, of: { of: string; key: string; edge?: boolean }, k: number, rank: RankItem, single: Ranked): Ranked | Unsure | undefined {
  if (!of.edge) return figureOfManyThings(ctx, focus, p, of, k, rank, single);
  const edge = ctx.edges[Number(of.of)];
  if (!edge || (edge.from !== focus.id && edge.to !== focus.id) || p.kind !== 'number') return undefined;
  const said = ctx.items[k]!;
  if (ctx.tokens[said.to]?.tags.includes('Plural') || !relationshipsInPlural(ctx, k)) return undefined;
  const id = `${p.owner}.${p.key}`;
  const figure = identifierWords(p.key).join(' ');
  const relationship = `“${identifierWords(edge.type).join(' ')}”`;
  const things = pluralLabel(labelOf(ctx.lexicon, focus.label ?? ''));
  const extreme = rank.direction === 'DESC' ? 'largest' : 'smallest';
  return wholeOrSingle(ctx, single, { aggregate: 'sum', ...of }, {
    wholeId: FIGURE_TOTAL + id,
    singleId: FIGURE_SINGLE + id,
    reason: `Each of the ${things} may have many ${relationship}: rank by the total ${figure} of them, or by the ${figure} of the ${extreme} single one?`,
    wholeLabel: `The total ${figure} of each one's ${relationship}`,
    singleLabel: `The ${figure} of each one's ${extreme} single ${relationship}`,
  });
}

/**
 * One figure of many, as the person asking chose it: taken over them all (`whole`, their total or
 * average) or the best single one (`single`); else the choice between the two, offered.
 */
function wholeOrSingle(
  ctx: Ctx,
  single: Ranked,
  whole: Ordering['by'],
  ask: { wholeId: string; singleId: string; reason: string; wholeLabel: string; singleLabel: string },
): Ranked | Unsure {
  if (ctx.chosen.includes(ask.singleId)) return single;
  if (ctx.chosen.includes(ask.wholeId)) return { ...single, order: { ...single.order, by: whole } };
  return {
    ok: false,
    reason: ask.reason,
    unplaced: [],
    choices: [
      { id: ask.wholeId, label: ask.wholeLabel },
      { id: ask.singleId, label: ask.singleLabel },
    ],
  };
}

/**
 * "the guesthouse with the lowest score from its reviews": one figure (in the singular) of the
 * things joined to each ranked one, said in the plural, is their average or the best single one,
 * and the two rank differently; the person asking chooses. Undefined where the words say which
 * ("average", "the highest-rated review") or the things are not said in the plural.
 */
function figureOfManyThings(ctx: Ctx, focus: Draft, p: LexProperty, of: { of: string; key: string }, k: number, rank: RankItem, single: Ranked): Ranked | Unsure | undefined {
  const holder = ctx.nodes.find((n) => n.id === of.of);
  if (!holder || holder === focus || p.kind !== 'number' || ctx.tokens[ctx.items[k]!.to]?.tags.includes('Plural')) return undefined;
  // Not how many ("the most 4-star reviews"), nor a ranking of the joined things themselves ("reviewed in the top 2 reviews by stars").
  const holderAt = ctx.items[holder.at]?.from ?? -1;
  if (MOST_LEAST.has(rank.word) || (holderAt > rank.to && holderAt <= rank.to + 3)) return undefined;
  const joinedToFocus = ctx.edges.some((e) => !e.negated && ((e.from === focus.id && e.to === holder.id) || (e.to === focus.id && e.from === holder.id)));
  const saidInPlural = ctx.tokens[ctx.items[holder.at]?.to ?? -1]?.tags.includes('Plural') === true;
  if (!joinedToFocus || !saidInPlural) return undefined;
  const id = `${p.owner}.${p.key}`;
  const figure = identifierWords(p.key).join(' ');
  const things = pluralLabel(labelOf(ctx.lexicon, focus.label ?? ''));
  const theirs = pluralLabel(labelOf(ctx.lexicon, holder.label ?? ''));
  const extreme = rank.direction === 'DESC' ? 'highest' : 'lowest';
  return wholeOrSingle(ctx, single, { aggregate: 'avg', ...of }, {
    wholeId: THINGS_AVERAGE + id,
    singleId: THINGS_SINGLE + id,
    reason: `Each of the ${things} may have many ${theirs}: rank by the average ${figure} of them, or by the ${figure} of the ${extreme} single one?`,
    wholeLabel: `The average ${figure} of each one's ${theirs}`,
    singleLabel: `The ${figure} of each one's ${extreme} single one`,
  });
}

/** A relationship named in the plural within a few words after `k`: "in TRADED_WITH relationships", "in trades". */
function relationshipsInPlural(ctx: Ctx, k: number): boolean {
  const plural = (i: number) => ctx.tokens[i]?.pos === 'noun' && ctx.tokens[i]!.tags.includes('Plural');
  for (let j = k + 1; j <= k + 3 && j < ctx.items.length; j++) {
    const it = ctx.items[j]!;
    if (it.kind !== 'rel') continue;
    const next = ctx.items[j + 1];
    return plural(it.to) || (next?.kind === 'word' && plural(next.from));
  }
  return false;
}

/**
 * "The top 5 movies directed by …" where nothing says by what: the ordering the person asking
 * chose of the focus's numbers and dates (highest or latest first, as "top" says), else the
 * choice to offer when more things match than "top" shows (read-question.ts, askIfMany), since a
 * guess there would be a confident answer to a question nobody asked. Undefined when there is
 * nothing to offer (no number or date) or no order was chosen: the list is in no particular order.
 */
export function topChosen(ctx: Ctx, focus: Draft, rank: RankItem): Ordering | OpenReading | undefined {
  const labels = candidates(focus) ?? [];
  const props = ctx.lexicon.properties.filter(
    (p) => p.ownerKind === 'label' && labels.includes(p.owner) && (p.kind === 'number' || p.kind === 'date') && !IDENTIFIER_WORDS.has(p.words.at(-1) ?? ''),
  );
  // "the top 3 members named in loans over 500": how many of the things the question joins them to is a measure too.
  const joinedThings = ctx.edges
    .filter((e) => !e.negated && (e.from === focus.id || e.to === focus.id))
    .map((e) => ctx.nodes.find((n) => n.id === (e.from === focus.id ? e.to : e.from)))
    .filter((n): n is Draft => n !== undefined && !n.anchor && n.label !== undefined && n.label !== focus.label);
  if ((props.length === 0 && joinedThings.length === 0) || ctx.chosen.includes(TOP_UNRANKED)) return undefined;
  const idOf = (p: (typeof props)[number]) => `${TOP_BY}${p.owner}.${p.key}`;
  const countId = (n: Draft) => `${TOP_BY}count:${n.label}`;
  const chosen = props.find((p) => ctx.chosen.includes(idOf(p)));
  if (chosen) return { by: { of: focus.id, key: chosen.key }, direction: rank.direction, ...(holdsDate(chosen) ? { dated: true } : {}) };
  const counted = joinedThings.find((n) => ctx.chosen.includes(countId(n)));
  if (counted) return { by: { count: counted.id }, direction: rank.direction };
  const things = pluralLabel(labelOf(ctx.lexicon, focus.label ?? ''));
  return {
    reason: `“${rank.word}” names nothing to rank the ${things} by: by what?`,
    choices: [
      ...props.map((p) => ({ id: idOf(p), label: `By “${identifierWords(p.key).join(' ')}”, ${extremeWord(rank.direction, holdsDate(p))} first` })),
      ...joinedThings.map((n) => ({ id: countId(n), label: `By the number of ${pluralLabel(labelOf(ctx.lexicon, n.label!))}, ${rank.direction === 'DESC' ? 'most' : 'fewest'} first` })),
      { id: TOP_UNRANKED, label: `In no particular order` },
    ],
  };
}

/** A superlative's dimension on a thing: the one property of its words ("expensive": a price), else its one date. `said`: the superlative as the question said it. */
export function dimensionOrder(ctx: Ctx, node: Draft, rank: RankItem, said: string): { order: Ordering; fromProperty: boolean } | undefined {
  const d = rank.dimension!;
  const labels = candidates(node) ?? [];
  const props = ctx.lexicon.properties.filter((p) => p.ownerKind === 'label' && labels.includes(p.owner));
  const byWords = props.filter((p) => (p.kind === 'number' || p.kind === 'date') && p.words.some((w) => d.words.includes(w)));
  const byDates = d.onDates ? props.filter(holdsDate) : [];
  // Of several dates, the one the question names ("docked first"), else the one they start at.
  const namedDate = () => {
    const named = byDates.filter((p) => ctx.items.some((it) => it.kind === 'prop' && it.props.includes(p)));
    return named.length === 1 ? named[0] : startDate(byDates);
  };
  const chosen = byWords.length === 1 ? byWords[0] : byWords.length === 0 ? (byDates.length === 1 ? byDates[0] : namedDate()) : undefined;
  if (!chosen) return undefined;
  const dated = chosen.kind === 'date' || byWords.length === 0;
  // "released first" is said back by its date ("was released earliest"), not as "the first movie", which it need not be.
  const saidBack = FIRST_LAST.has(said) ? {} : { said };
  return { order: { by: { of: node.id, key: chosen.key }, direction: dated && d.onDates ? d.onDates : d.onValues, ...saidBack, ...(holdsDate(chosen) ? { dated: true } : {}) }, fromProperty: true };
}

