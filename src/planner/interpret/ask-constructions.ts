import { PLACE_VERBS, PLACE_WORDS } from '../read/cues.js';
import { AGGREGATE_WORDS } from '../read/cues.js';
import { EACH_WORDS, TAKEN_OVER, THEY_FORMS, VALUE_OPENERS, YES_NO_OPENERS } from '../read/word-classes.js';
import { LIST_LIMIT } from '../meaning.js';
import type { Ask, Ordering } from '../meaning.js';
import type { Ctx, Draft, Unsure } from './interpret-context.js';
import { familyOf, joined, labelOf, newNodeId, pick, pluralLabel, reachOwner, unsure, valueOwner, wordsOf } from './interpret-context.js';
import { pickedByExtreme } from './interpret-focus.js';
import type { SortAsked } from './interpret-sort.js';
import type { AggItem, PropItem, RankItem } from './ranking.js';
import { rankedValues, limitOf, limitedThing, topChosen } from './ranking.js';
import { rankingOf } from './rank-constructions.js';
import { chronological } from './chronology.js';
import { constructionTable } from './construction.js';

/**
 * What is asked of the focus, one construction each: whether something holds, a ranking, an
 * aggregate of a value, a value counted, a count per group, a count, a value of a named thing,
 * where a named thing is or what it is, and else a list. Each reads the scene the question set
 * (what it counts, ranks or aggregates, its focus, the properties it names) and gives the ask
 * with its order and how many to show.
 */

/** What the question sets before its ask is read. */
export interface AskScene {
  ctx: Ctx;
  /** "sorted by price", "from the oldest to the newest". */
  sort: SortAsked | undefined;
  /** The ranking word's item, or -1. */
  rankAt: number;
  /** "how many"'s item, or -1. */
  countAt: number;
  /** The aggregate word's item ("average", "total"), or -1. */
  aggAt: number;
  anchors: Draft[];
  free: Draft[];
  focus: Draft;
  /** A list of the focus, with the values said beside it. */
  list: Ask;
  /** Properties named and not used by a condition. */
  asked: { it: PropItem; i: number }[];
  /** "where"'s item, or -1. */
  whereAt: number;
  /** The question's first word, in lower case. */
  opener: string;
}

/** An ask read: the thing it is of, what is asked, the order, how many to show. */
export interface Shaped {
  focus: Draft;
  ask: Ask;
  order?: Ordering;
  limit?: number;
}

type AskConstruction = (scene: AskScene) => Shaped | Unsure | undefined;

/** How many a ranking asked in the plural without a number shows ("Which people directed the most movies?"). */
export const PLURAL_RANK_LIMIT = 10;

/** "Does the Petrel carry grain?", "Is Ada a member of the club?": whether the named things are joined so. */
const holds: AskConstruction = ({ ctx, opener, countAt, anchors, asked, rankAt }) => {
  const yesNo = YES_NO_OPENERS.has(opener) && countAt < 0 && !ctx.items.some((it) => it.kind === 'wh');
  if (!(yesNo && anchors.length >= 1 && ctx.edges.length > 0 && asked.length === 0 && rankAt < 0)) return undefined;
  return { focus: anchors[0]!, ask: { kind: 'exists' } };
};

/** "the 3 longest voyages", "Which captain commands the most vessels?", "What is the highest rating?". */
const ranking: AskConstruction = ({ ctx, sort, rankAt, countAt, aggAt, focus, list, opener }) => {
  if (rankAt < 0) return undefined;
  const { items } = ctx;
  const rank = sort?.rank ?? (items[rankAt] as RankItem);
  ctx.used.add(rankAt);
  let ranked = rankingOf({ ctx, at: rankAt, rank, focus, aggAt });
  if (ranked && 'ok' in ranked) return ranked;
  if (!ranked && rank.weak) {
    // "the top 5 movies directed by …" names nothing to rank by: by what the person asking chooses, or in no particular order.
    const top = topChosen(ctx, focus, rank);
    if (top && 'by' in top) ranked = { order: top, fromProperty: true };
    else {
      if (top) ctx.rankChoices = top;
      const limit = limitOf(ctx, -1);
      ctx.unranked = limit !== undefined;
      return { focus, ask: list, limit };
    }
  }
  if (!ranked) return unsure(ctx, `I can’t tell what “${rank.word}” ranks by here`);
  // "the top 5 sender banks that sent …": what is ranked are values of a property, not things.
  const values = rankedValues(ctx, focus);
  if (values !== undefined) return unsure(ctx, `I can’t rank “${wordsOf(ctx, values)}” themselves: the graph keeps them as values, not as things of their own`);
  // "What is the highest rating?", "Show the earliest departure of any voyage": the value, not the thing.
  // Things said after the value ("of any voyage", "of all movies", "of movies") are what it is taken over;
  // things said before it are listed ("the movies with the highest rating").
  const over = (n: Draft) => TAKEN_OVER.has(ctx.tokens[items[n.at - 1]?.from ?? -1]?.lower ?? '');
  const listed = ctx.nodes.some((n) => !n.anchor && items[n.at]?.kind === 'label' && (n.at < rankAt || !over(n)));
  const by = ranked.order.by;
  if (!sort && VALUE_OPENERS.has(opener) && items[rankAt + 1]?.kind === 'prop' && ranked.fromProperty && !listed && 'key' in by && !('aggregate' in by) && !items.some((x, k) => x.kind === 'number' && !x.year && !ctx.used.has(k))) {
    return { focus, ask: { kind: 'aggregate', fn: ranked.order.direction === 'DESC' ? 'max' : 'min', of: by.of, key: by.key, ...(by.edge ? { edge: true } : {}) } };
  }
  if (countAt >= 0 && !ranked.countedBy) return unsure(ctx, 'a count and a ranking at once');
  let order = ranked.order;
  // "Which person …the most": the one (ties aside); "Which people …the most": the first few, ranked.
  const focusItem = items[focus.at];
  const plural = (focusItem?.kind === 'label' || focusItem?.kind === 'agent') && focusItem.plural;
  const numberBefore = items[rankAt - 1]?.kind === 'number' && !ctx.used.has(rankAt - 1);
  let limit = limitOf(ctx, rankAt);
  if (sort && limit === undefined && !ranked.ranks) {
    // The whole list in the order asked; in a count order, as every group's count ("each").
    if ('count' in order.by) {
      order = { ...order, each: true };
      limit = LIST_LIMIT;
    } else order = { ...order, sorted: true };
  } else if (ranked.ranks && (limit === undefined || numberBefore)) {
    // "the movies of the 3 oldest actors", "who directed the oldest movie": the ranking picks those
    // things, and every focus thing joined to them is listed.
    const rankedItem = items[ranked.ranks.at];
    const many = (rankedItem?.kind === 'label' || rankedItem?.kind === 'agent') && rankedItem.plural;
    order = { ...order, pick: limit ?? (many ? PLURAL_RANK_LIMIT : 1) };
    limit = LIST_LIMIT;
  } else {
    if (limit !== undefined) ctx.limitSaid = true;
    limit ??= plural ? PLURAL_RANK_LIMIT : 1;
  }
  return { focus, ask: list, order, limit };
};

/** "the average rating of movies", "the total weight of the cargo", "the parcels where the weight is the minimum". */
const aggregate: AskConstruction = ({ ctx, aggAt, asked, focus, list }) => {
  if (aggAt < 0) return undefined;
  const fn = (ctx.items[aggAt] as AggItem).fn;
  const numbers = (it: PropItem) => it.props.filter((p) => p.kind === 'number' || p.kind === 'mixed');
  let target = asked.map(({ it, i }) => ({ p: pick(ctx, numbers(it), i), i })).find((x) => x.p);
  // ("the average score of the hotels", which only their ratings have: those ratings' average.)
  let reached: ReturnType<typeof reachOwner>;
  for (const { it, i } of target ? [] : asked) {
    const p = numbers(it).find((x) => (reached = reachOwner(ctx, x, focus)));
    if (p) {
      target = { p, i };
      break;
    }
  }
  if (!target?.p) return unsure(ctx, `I can’t tell what to take the ${AGGREGATE_WORDS[fn]} of`);
  ctx.used.add(aggAt).add(target.i);
  const of = reached ?? valueOwner(ctx, target.p, target.i);
  if (!of) return unsure(ctx, `I can’t tell whose ${target.p.key} is meant`);
  if ((fn === 'min' || fn === 'max') && pickedByExtreme(ctx, focus, of.of, aggAt)) {
    // "the parcels where the weight is the minimum": those parcels (all of them, when several share it), not the amount.
    return { focus, ask: list, order: { by: of, direction: fn === 'min' ? 'ASC' : 'DESC' }, limit: 1 };
  }
  return { focus: of.edge ? focus : (ctx.nodes.find((n) => n.id === of.of) ?? focus), ask: { kind: 'aggregate', fn, ...of } };
};

/** "How many seats does the Morning Star have?": a value that is a number; "the total number of stars of …": their sum. */
const countedValue: AskConstruction = ({ ctx, countAt, focus }) => {
  const counted = countAt >= 0 ? countedProperty(ctx, countAt) : undefined;
  if (!counted) return undefined;
  const { p, i } = counted;
  const of = valueOwner(ctx, p, i);
  if (!of) return unsure(ctx, `I can’t tell whose ${p.key} is meant`);
  ctx.used.add(i);
  const owner = ctx.nodes.find((n) => n.id === of.of);
  return { focus: owner && !of.edge ? owner : focus, ask: owner?.anchor && !of.edge ? { kind: 'value', ...of } : { kind: 'aggregate', fn: 'sum', ...of } };
};

/** "How many reviews does each user have?", "the number of shops per category": every group with its count. */
const countPerGroup: AskConstruction = ({ ctx, countAt, focus, list }) => {
  const grouped = countAt >= 0 ? groupOf(ctx, focus) : undefined;
  if (!grouped) return undefined;
  ctx.used.add(grouped.at);
  // "… ? Limit the results to the top 2 bakers.": a ranking of the groups, those with the most (ties kept).
  const top = ctx.limitAt !== undefined ? limitOf(ctx, -1) : undefined;
  return { focus: grouped.group, ask: list, order: { by: { count: focus.id }, direction: 'DESC', ...(top === undefined ? { each: true } : {}) }, limit: top ?? LIST_LIMIT };
};

/** "How many vessels are docked in Narvik?": how many things. */
const count: AskConstruction = ({ countAt, focus }) => (countAt >= 0 ? { focus, ask: { kind: 'count' } } : undefined);

/** "What is the tonnage of the Petrel?", "When was Ada born?": a value of a named thing. */
const valueOfNamed: AskConstruction = ({ ctx, asked, focus, anchors, free }) => {
  if (!(asked.length > 0 && (focus.anchor || (anchors.length > 0 && free.every((n) => n.implicit))))) return undefined;
  const { it, i } = asked[0]!;
  const p = pick(ctx, it.props, i) ?? it.props[0]!;
  const of = valueOwner(ctx, p, i);
  if (!of) return unsure(ctx, `I can’t tell whose ${p.key} is meant`);
  ctx.used.add(i);
  return { focus: of.edge ? focus : (ctx.nodes.find((n) => n.id === of.of) ?? focus), ask: { kind: 'value', ...of } };
};

/** "Where is X?": the one place-like value of X, else the one place it is joined to. */
const whereNamed: AskConstruction = ({ ctx, focus, free, whereAt, list }) => {
  if (!(focus.anchor && free.length === 0 && ctx.edges.length === 0 && whereAt >= 0)) return undefined;
  const places = ctx.lexicon.properties.filter((p) => p.ownerKind === 'label' && p.owner === focus.label && p.words.some((w) => PLACE_WORDS.test(w)));
  const joinedPlaces = places.length === 0 ? placesJoined(ctx, focus.label ?? '') : [];
  if (places.length !== 1 && joinedPlaces.length !== 1) return unsure(ctx, `I can’t tell where ${focus.anchor.name} is: the graph records no single place for it`);
  ctx.used.add(whereAt);
  if (places.length === 1) return { focus, ask: { kind: 'value', of: focus.id, key: places[0]!.key } };
  // A relationship reaching several labels reaches any of them ("located in" a `City`, or a `Place` a document named).
  const [to, ...more] = joinedPlaces[0]!.to;
  const place: Draft = { id: newNodeId(ctx), at: whereAt, ...(more.length === 0 ? { label: to } : { family: familyOf(ctx.lexicon, joinedPlaces[0]!.to, 'place') }), implicit: true, conditions: [] };
  ctx.nodes.push(place);
  ctx.edges.push({ from: focus.id, to: place.id, type: joinedPlaces[0]!.type, conditions: [], at: whereAt });
  return { focus: place, ask: list };
};

/** "Who is X?", "Tell me about X": X itself. */
const lookup: AskConstruction = ({ ctx, focus, free }) => (focus.anchor && free.length === 0 && ctx.edges.length === 0 ? { focus, ask: { kind: 'lookup' } } : undefined);

/** "Which vessels are docked in Narvik?", "the first 3 voyages of the Petrel": the things, in date order when a number says how many. */
const listed: AskConstruction = ({ ctx, focus, list }) => {
  const limit = limitOf(ctx, -1);
  const counted = limit !== undefined && list.kind === 'list' ? limitedThing(ctx, limit) : undefined;
  if (counted && counted !== focus) {
    // "the actors in the first 3 movies …": those 3 movies, in date order, and every actor in them.
    const dated = chronological(ctx, counted);
    if (!dated) return unsure(ctx, `I can’t tell which ${limit} ${pluralLabel(labelOf(ctx.lexicon, counted.label ?? ''))} to take: they have no one date to take them in order by`);
    return { focus, ask: list, order: { ...dated, pick: limit }, limit: LIST_LIMIT };
  }
  return { focus, ask: list, order: limit !== undefined ? chronological(ctx, focus) : undefined, limit };
};

/** What is asked, tried in this order; the last, a list, reads any question. */
export const ASK_CONSTRUCTIONS = constructionTable('ask', { holds, ranking, aggregate, countedValue, countPerGroup, count, valueOfNamed, whereNamed, lookup, listed });

/** A number property named right after "how many" / "the number of" ("how many stars", "the total number of employees"). */
function countedProperty(ctx: Ctx, countAt: number): { p: ReturnType<typeof pick> & object; i: number } | undefined {
  const i = countAt + 1;
  const it = ctx.items[i];
  if (it?.kind !== 'prop' || ctx.used.has(i)) return undefined;
  const p = pick(ctx, it.props.filter((x) => x.kind === 'number'), i);
  return p ? { p, i } : undefined;
}

/**
 * The relationships from things of `label` to where they are: named by a verb of place
 * (LOCATED_IN, BASED_IN) or ending at a label of places (a `City`, a `Place`), one per type with
 * every label it reaches from `label`.
 */
function placesJoined(ctx: Ctx, label: string): { type: string; to: string[] }[] {
  const found = new Map<string, string[]>();
  for (const r of ctx.lexicon.relationships) {
    const ends = r.patterns.filter((p) => p.from === label).map((p) => p.to);
    const toPlace = ends.some((to) => labelOf(ctx.lexicon, to)?.words.some((w) => PLACE_WORDS.test(w)) === true);
    if (ends.length > 0 && (toPlace || r.words.some((w) => PLACE_VERBS.test(w)))) found.set(r.type, [...new Set(ends)].sort());
  }
  return [...found].map(([type, to]) => ({ type, to }));
}

/**
 * "each user", "per category", "for every branch": the things a count is given for, one by one, when
 * they are joined to what is counted. Returns that thing and where its "each" stands.
 */
export function groupOf(ctx: Ctx, focus: Draft, orFocus = false): { group: Draft; at: number } | undefined {
  for (let k = 0; k < ctx.items.length - 1; k++) {
    const it = ctx.items[k]!;
    if (it.kind !== 'word' || !EACH_WORDS.has(it.token.lower) || ctx.used.has(k)) continue;
    const group = ctx.nodes.find((n) => n.at === k + 1 && !n.anchor && !n.implicit);
    if (group && ((orFocus && group === focus) || (group !== focus && (orFocus || joined(ctx, group, focus))))) return { group, at: k };
  }
  // "members and the number of events they attended": "they" after what is counted is the things named before it, one by one.
  const counted = new Set(ctx.having.map((h) => h.count));
  for (let k = focus.at + 1; k < ctx.items.length; k++) {
    const it = ctx.items[k]!;
    if (it.kind !== 'word' || !THEY_FORMS.has(it.token.lower) || ctx.used.has(k)) continue;
    const named = ctx.nodes.filter((n) => n.at < focus.at && n !== focus && !n.anchor && !n.implicit && !counted.has(n.id) && (ctx.items[n.at] as { plural?: boolean }).plural);
    const group = named.sort((a, b) => b.at - a.at)[0];
    if (group && joined(ctx, group, focus)) return { group, at: k };
  }
  return undefined;
}
