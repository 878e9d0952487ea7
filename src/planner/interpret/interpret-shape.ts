import { dimensionOfWord, FILLER_WORDS, holdsDate, LIMIT_LEADS, PLACE_VERBS, PLACE_WORDS, START_WORDS, SUPERLATIVE_DIMENSIONS } from '../read/cues.js';
import { ASKS_OBJECT, AUXILIARIES, DIFFERENCE, DO_FORMS, EACH_WORDS, EVERY_WORDS, FIRST_LAST, IDENTIFIER_WORDS, MOST_LEAST, TOP_FIRST, YES_NO_OPENERS } from '../read/word-classes.js';
import { LIST_LIMIT } from '../meaning.js';
import { AGGREGATE_WORDS, extremeWord } from '../read/cues.js';
import { isLimit } from './interpret-conditions.js';
import type { Ctx, Draft, OpenReading, Unsure } from './interpret-context.js';
import type { LexProperty } from '../link/lexicon.js';
import { anchorOf, broadFamily, calledAsLabel, candidates, datesOf, familyOf, fits, isWord, joined, labelOf, newNodeId, personLike, pick, pluralLabel, tokenAt, unsure, valueOwner, wordsOf } from './interpret-context.js';
import type { Item } from '../link/links.js';
import type { Ask, Condition, Meaning, MeaningNode, Ordering } from '../meaning.js';
import { identifierWords } from '../read/words.js';
import { alsoListed, compoundHead, listedBeside, listedWithTheirs, pickedByExtreme } from './interpret-focus.js';
import { BEFORE_ORDERED, sortAsked } from './interpret-sort.js';

/**
 * What is asked: the focus (the first thing the question does not name, after "how many" when
 * it counts), and of it a list, a count, an aggregate of a value, a value of a named thing,
 * whether something holds, or a ranking (by a value, by how many related things, by an
 * aggregate) with how many to show.
 */


type RankItem = Extract<Item, { kind: 'rank' }>;
type AggItem = Extract<Item, { kind: 'agg' }>;
type PropItem = Extract<Item, { kind: 'prop' }>;

const numeric = (kinds: string[]) => kinds.includes('number') || kinds.includes('date') || kinds.includes('mixed');

/** Whether the count at `at` follows "by" ("by (the) number of …", "based on the number of …") or a ranking word ("the highest number of …"). */
const measuresRank = (ctx: Ctx, at: number) =>
  at > 0 && (byWords(ctx, at - 1) !== undefined || (isWord(ctx.items[at - 1], 'the') && byWords(ctx, at - 2) !== undefined) || ctx.items[at - 1]?.kind === 'rank');

/** How many a ranking asked in the plural without a number shows ("Which people directed the most movies?"). */
export const PLURAL_RANK_LIMIT = 10;

export function shape(ctx: Ctx): { ok: true; meaning: Meaning } | Unsure {
  const { items } = ctx;
  const indexOf = (kind: Item['kind']) => items.findIndex((it, i) => it.kind === kind && !ctx.used.has(i));
  // "sorted by price", "from the oldest to the newest": every thing, in that order.
  const sort = sortAsked(ctx);
  const rankAt = sort ? sort.at : chooseRank(ctx);
  // "the top 5 actors by the number of movies", "the highest number of followers": what a ranking ranks by, not what is asked.
  const counted = rankAt >= 0 && measuresRank(ctx, indexOf('count')) ? -1 : indexOf('count');
  // "How many movies … and what are they?": the things themselves, which a list gives with how many there are.
  const listedToo = counted >= 0 ? alsoListed(ctx, counted) : undefined;
  if (listedToo) ctx.used.add(counted);
  const countAt = listedToo ? -1 : counted;
  const aggAt = indexOf('agg');
  const anchors = ctx.nodes.filter((n) => n.anchor);
  const free = ctx.nodes.filter((n) => !n.anchor);
  const opener = ctx.tokens[0]?.lower ?? '';

  const firstAfter = (at: number) => free.filter((n) => n.at > at && !n.implicit).sort((a, b) => a.at - b.at)[0];
  let focus: Draft | undefined = (countAt >= 0 ? firstAfter(countAt) : undefined) ?? free.filter((n) => !n.implicit).sort((a, b) => a.at - b.at)[0] ?? free[0] ?? anchors[0];
  if (!focus) return unsure(ctx, 'the question names nothing the graph holds');
  focus = compoundHead(ctx, focus, free);
  // "the names and categories of shops": the shops, each with its categories.
  const beside = countAt < 0 ? listedBeside(ctx, focus, free) : undefined;
  if (beside) focus = beside.owner;
  if (countAt >= 0) ctx.used.add(countAt);
  else if (!beside && !listedToo) focus = objectAsked(ctx, focus, free);

  const theirs = countAt < 0 && !beside ? listedWithTheirs(ctx, focus) : undefined;
  let ask: Ask = { kind: 'list', extra: [...(beside ? [beside.column] : []), ...(listedToo?.column ? [listedToo.column] : []), ...(theirs ? [theirs] : [])] };
  let order: Ordering | undefined;
  let limit: number | undefined;

  // Properties named and not used by a condition: what is asked for.
  let asked = items.map((it, i) => ({ it, i })).filter(({ it, i }) => it.kind === 'prop' && !ctx.used.has(i)) as { it: PropItem; i: number }[];
  // "Where is X based?": a property word of none of the things in play is the where's verb, not what is asked.
  const whereAt = items.findIndex((it) => it.kind === 'wh' && it.word === 'where');
  if (whereAt >= 0 && focus.anchor && ctx.edges.length === 0) {
    const inPlay = (pr: PropItem['props'][number]) => pr.ownerKind === 'label' && ctx.nodes.some((n) => fits(n, pr.owner));
    for (const a of asked.filter((x) => !x.it.props.some(inPlay))) ctx.used.add(a.i);
    asked = asked.filter((x) => x.it.props.some(inPlay));
    // "Where is X located?": the verb says no more than "where".
    items.forEach((it, k) => it.kind === 'word' && PLACE_VERBS.test(it.token.lemma) && ctx.used.add(k));
  }

  const yesNo = YES_NO_OPENERS.has(opener) && countAt < 0 && !items.some((it) => it.kind === 'wh');
  if (yesNo && anchors.length >= 1 && ctx.edges.length > 0 && asked.length === 0 && rankAt < 0) {
    ask = { kind: 'exists' };
    focus = anchors[0]!;
  } else if (rankAt >= 0) {
    const rank = sort?.rank ?? (items[rankAt] as RankItem);
    ctx.used.add(rankAt);
    let ranked = rankingOf(ctx, rankAt, rank, focus, aggAt);
    if (ranked && 'ok' in ranked) return ranked;
    if (!ranked && rank.weak) {
      // "the top 5 movies directed by …" names nothing to rank by: by what the person asking chooses, or in no particular order.
      const top = topChosen(ctx, focus, rank);
      if (top && 'by' in top) ranked = { order: top, fromProperty: true };
      else {
        if (top) ctx.rankChoices = top;
        limit = limitOf(ctx, -1);
        ctx.unranked = limit !== undefined;
        return finishShape(ctx, focus, ask, undefined, limit, asked);
      }
    }
    if (!ranked) return unsure(ctx, `I can’t tell what “${rank.word}” ranks by here`);
    // "the top 5 sender banks that sent …": what is ranked are values of a property, not things.
    const values = rankedValues(ctx, focus);
    if (values !== undefined) return unsure(ctx, `I can’t rank “${wordsOf(ctx, values)}” themselves: the graph keeps them as values, not as things of their own`);
    // "What is the highest rating?", "Show the earliest departure of any voyage": the value, not the thing.
    // Things said after the value ("of any voyage", "of all movies", "of movies") are what it is taken over;
    // things said before it are listed ("the movies with the highest rating").
    const over = (n: Draft) => /^(any|all|of|the)$/.test(ctx.tokens[items[n.at - 1]?.from ?? -1]?.lower ?? '');
    const listed = ctx.nodes.some((n) => !n.anchor && items[n.at]?.kind === 'label' && (n.at < rankAt || !over(n)));
    const by = ranked.order.by;
    if (!sort && /^(what|show|give|find|tell)$/.test(opener) && items[rankAt + 1]?.kind === 'prop' && ranked.fromProperty && !listed && 'key' in by && !('aggregate' in by) && !items.some((x, k) => x.kind === 'number' && !x.year && !ctx.used.has(k))) {
      ask = { kind: 'aggregate', fn: ranked.order.direction === 'DESC' ? 'max' : 'min', of: by.of, key: by.key, ...(by.edge ? { edge: true } : {}) };
    } else {
      if (countAt >= 0 && !ranked.countedBy) return unsure(ctx, 'a count and a ranking at once');
      order = ranked.order;
      // "Which person …the most": the one (ties aside); "Which people …the most": the first few, ranked.
      const focusItem = items[focus.at];
      const plural = (focusItem?.kind === 'label' || focusItem?.kind === 'agent') && focusItem.plural;
      const numberBefore = items[rankAt - 1]?.kind === 'number' && !ctx.used.has(rankAt - 1);
      limit = limitOf(ctx, rankAt);
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
    }
  } else if (aggAt >= 0) {
    const fn = (items[aggAt] as AggItem).fn;
    const target = asked.map(({ it, i }) => ({ p: pick(ctx, it.props.filter((p) => p.kind === 'number' || p.kind === 'mixed'), i), i })).find((x) => x.p);
    if (!target?.p) return unsure(ctx, `I can’t tell what to take the ${AGGREGATE_WORDS[fn]} of`);
    ctx.used.add(aggAt).add(target.i);
    const of = valueOwner(ctx, target.p, target.i);
    if (!of) return unsure(ctx, `I can’t tell whose ${target.p.key} is meant`);
    if ((fn === 'min' || fn === 'max') && pickedByExtreme(ctx, focus, of.of, aggAt)) {
      // "the parcels where the weight is the minimum": those parcels (all of them, when several share it), not the amount.
      order = { by: of, direction: fn === 'min' ? 'ASC' : 'DESC' };
      limit = 1;
    } else {
      ask = { kind: 'aggregate', fn, ...of };
      if (!of.edge) focus = ctx.nodes.find((n) => n.id === of.of) ?? focus;
    }
  } else if (countAt >= 0 && countedProperty(ctx, countAt)) {
    // "How many seats does the Morning Star have?": a value that is a number; "the total number of stars of …": their sum.
    const { p, i } = countedProperty(ctx, countAt)!;
    const of = valueOwner(ctx, p, i);
    if (!of) return unsure(ctx, `I can’t tell whose ${p.key} is meant`);
    ctx.used.add(i);
    const owner = ctx.nodes.find((n) => n.id === of.of);
    ask = owner?.anchor && !of.edge ? { kind: 'value', ...of } : { kind: 'aggregate', fn: 'sum', ...of };
    if (owner && !of.edge) focus = owner;
  } else if (countAt >= 0 && groupOf(ctx, focus)) {
    // "How many reviews does each user have?", "the number of shops per category": every group with its count.
    const { group, at } = groupOf(ctx, focus)!;
    ctx.used.add(at);
    // "… ? Limit the results to the top 2 bakers.": a ranking of the groups, those with the most (ties kept).
    const top = ctx.limitAt !== undefined ? limitOf(ctx, -1) : undefined;
    order = { by: { count: focus.id }, direction: 'DESC', ...(top === undefined ? { each: true } : {}) };
    focus = group;
    limit = top ?? LIST_LIMIT;
  } else if (countAt >= 0) {
    ask = { kind: 'count' };
  } else if (asked.length > 0 && (focus.anchor || (anchors.length > 0 && free.every((n) => n.implicit)))) {
    const { it, i } = asked[0]!;
    const p = pick(ctx, it.props, i) ?? it.props[0]!;
    const of = valueOwner(ctx, p, i);
    if (!of) return unsure(ctx, `I can’t tell whose ${p.key} is meant`);
    ctx.used.add(i);
    ask = { kind: 'value', ...of };
    if (!of.edge) focus = ctx.nodes.find((n) => n.id === of.of) ?? focus;
  } else if (focus.anchor && free.length === 0 && ctx.edges.length === 0) {
    // "Where is X?": the one place-like value of X, else the one place it is joined to. "Who is X?", "Tell me about X": X itself.
    if (whereAt >= 0) {
      const places = ctx.lexicon.properties.filter((p) => p.ownerKind === 'label' && p.owner === focus!.label && p.words.some((w) => PLACE_WORDS.test(w)));
      const joined = places.length === 0 ? placesJoined(ctx, focus.label ?? '') : [];
      if (places.length !== 1 && joined.length !== 1) return unsure(ctx, `I can’t tell where ${focus.anchor.name} is: the graph records no single place for it`);
      ctx.used.add(whereAt);
      if (places.length === 1) ask = { kind: 'value', of: focus.id, key: places[0]!.key };
      else {
        // A relationship reaching several labels reaches any of them ("located in" a `City`, or a `Place` a document named).
        const [to, ...more] = joined[0]!.to;
        const place: Draft = { id: newNodeId(ctx), at: whereAt, ...(more.length === 0 ? { label: to } : { family: familyOf(ctx.lexicon, joined[0]!.to, 'place') }), implicit: true, conditions: [] };
        ctx.nodes.push(place);
        ctx.edges.push({ from: focus.id, to: place.id, type: joined[0]!.type, conditions: [], at: whereAt });
        focus = place;
      }
    } else ask = { kind: 'lookup' };
  } else {
    limit = limitOf(ctx, -1);
    const counted = limit !== undefined && ask.kind === 'list' ? limitedThing(ctx, limit) : undefined;
    if (counted && counted !== focus) {
      // "the actors in the first 3 movies …": those 3 movies, in date order, and every actor in them.
      const dated = chronological(ctx, counted);
      if (!dated) return unsure(ctx, `I can’t tell which ${limit} ${pluralLabel(labelOf(ctx.lexicon, counted.label ?? ''))} to take: they have no one date to take them in order by`);
      order = { ...dated, pick: limit };
      limit = LIST_LIMIT;
    } else order = limit !== undefined ? chronological(ctx, focus) : undefined;
  }
  return finishShape(ctx, focus, ask, order, limit, asked);
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

/** A node's label, or its family: one it was given, or the one its broad label stands for when nothing names it. */
function asFamily(ctx: Ctx, n: Draft): Pick<MeaningNode, 'label' | 'nameKey' | 'family'> {
  const family = n.family ?? (n.label && !n.anchor ? broadFamily(ctx.lexicon, n.label) : undefined);
  if (family) return { family, nameKey: familyNameKey(ctx, family.labels) };
  return n.label ? { label: n.label, nameKey: labelOf(ctx.lexicon, n.label)?.nameKey ?? 'name' } : {};
}

/** The property naming things of a family: its labels' one name key, else the one most of them use. */
function familyNameKey(ctx: Ctx, labels: readonly string[]): string {
  const keys = labels.map((l) => labelOf(ctx.lexicon, l)?.nameKey ?? 'name');
  return keys.sort((a, b) => keys.filter((k) => k === b).length - keys.filter((k) => k === a).length)[0] ?? 'name';
}


/**
 * "What do docked vessels carry?", "Who does the team in Oslo employ?": the thing named is the
 * subject and what is asked is what its verb reaches, the one unnamed thing at the other end
 * of its relationship (as with a named subject, "What does Sea Wolf carry?").
 */
function objectAsked(ctx: Ctx, focus: Draft, free: Draft[]): Draft {
  const [wh, aux] = ctx.tokens;
  if (!wh || !aux || !ASKS_OBJECT.has(wh.lower) || !DO_FORMS.has(aux.lower) || focus.implicit || focus.at < 2) return focus;
  const reached = free.filter((n) => n.implicit && joined(ctx, focus, n));
  return reached.length === 1 ? reached[0]! : focus;
}

/** The meaning with its columns: values named beside a list, and the values its conditions compared. */
function finishShape(ctx: Ctx, focus: Draft, ask: Ask, order: Ordering | undefined, limit: number | undefined, asked: { it: PropItem; i: number }[]): { ok: true; meaning: Meaning } | Unsure {
  // "the average rating for each movie": one figure for all of them would answer another question.
  const each = ask.kind === 'count' || ask.kind === 'aggregate' || ask.kind === 'value' ? groupOf(ctx, focus, true) : undefined;
  if (each && each.group === focus && ask.kind === 'aggregate' && ask.of === focus.id && !ask.edge) {
    // "the total number of employees of each company": each one's own value, not their sum.
    ctx.used.add(each.at);
    ask = { kind: 'list', extra: [{ of: ask.of, key: ask.key }] };
    limit = LIST_LIMIT;
  } else if (each) return unsure(ctx, `I can’t give that for each ${wordsOf(ctx, each.group.at)} separately yet`);
  // "members who borrowed every book", "actors in all the movies of X": all of them, which a pattern match reads as any one.
  const universal = everyOf(ctx, focus);
  if (universal !== undefined) return unsure(ctx, `I can’t yet tell what is joined to all “${wordsOf(ctx, universal)}” at once, rather than to any one of them`);
  // "hotels with only 5-star reviews", "guests who only wrote short reviews": none of another kind, which a pattern match reads as some of this one.
  const only = onlyOf(ctx);
  if (only) return unsure(ctx, `I can’t yet read “only ${ctx.tokens.slice(ctx.items[only.from]!.from, ctx.items[only.to]!.to + 1).map((t) => t.text).join(' ')}”: that every one of them is so, not that some are`);
  if (ask.kind === 'list') {
    for (const { it, i } of asked) {
      const p = pick(ctx, it.props, i);
      const of = p && valueOwner(ctx, p, i);
      if (of) {
        // A ranking by how many or by an average gives each ranked thing and its figure only: a value of another
        // thing asked beside it ("… and what are the themes of those events?") would be dropped, so the question is declined.
        // (The ranked things' own values are said after the ranking: "Their opening year: …".)
        if (!ctx.used.has(i) && of.of !== focus.id && order && ('count' in order.by || 'aggregate' in order.by)) return unsure(ctx, `I can’t yet give “${wordsOf(ctx, i)}” beside a ranking by ${'count' in order.by ? 'how many' : 'an average or total'}`);
        if (!ask.extra.some((x) => x.of === of.of && x.key === of.key && !x.edge === !of.edge)) ask.extra.push(of);
        ctx.used.add(i);
      }
    }
    const f = focus;
    const nameKey = labelOf(ctx.lexicon, f.label ?? '')?.nameKey;
    for (const c of f.conditions) {
      if (typeof c.value !== 'boolean' && c.op !== 'exists' && c.key !== nameKey && !ask.extra.some((x) => x.key === c.key && x.of === f.id)) ask.extra.push({ of: f.id, key: c.key });
    }
    // "deck 3", "class b": a thing's property called as its label is how it is spoken of, shown beside its name.
    const own = ownNamedProperty(ctx, f);
    if (own && own.key !== nameKey && !ask.extra.some((x) => x.key === own.key && x.of === f.id)) ask.extra.push({ of: f.id, key: own.key });
  }
  if (focus.who && !focus.label) return unsure(ctx, 'I can’t tell who is meant');
  const nodes: MeaningNode[] = ctx.nodes.map((n) => ({
    id: n.id,
    ...asFamily(ctx, n),
    ...(n.anchor ? { anchor: anchorOf(n.anchor) } : {}),
    ...(n.implicit || saidAsVerb(ctx, n) ? { implicit: true } : {}),
    conditions: withoutMerePresence(n.conditions),
  }));
  const edges = ctx.edges.map(({ from, to, type, conditions, negated, orTypes, said }) => ({
    from,
    to,
    type,
    conditions: withoutMerePresence(conditions),
    ...(negated ? { negated } : {}),
    ...(orTypes?.length ? { orTypes } : {}),
    ...(said ? { said } : {}),
  }));
  return {
    ok: true,
    meaning: {
      nodes,
      edges,
      focus: focus.id,
      ask,
      ...(order ? { order } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(ctx.limitSaid ? { limitSaid: true } : {}),
      ...(ctx.unranked ? { unranked: true } : {}),
      ...(ctx.having.length ? { having: ctx.having } : {}),
      ...(ctx.distinct.length ? { distinct: ctx.distinct } : {}),
    },
  };
}

/** A number property named right after "how many" / "the number of" ("how many stars", "the total number of employees"). */
function countedProperty(ctx: Ctx, countAt: number): { p: ReturnType<typeof pick> & object; i: number } | undefined {
  const i = countAt + 1;
  const it = ctx.items[i];
  if (it?.kind !== 'prop' || ctx.used.has(i)) return undefined;
  const p = pick(ctx, it.props.filter((x) => x.kind === 'number'), i);
  return p ? { p, i } : undefined;
}

/** Of several ranking words ("top 5 oldest", "the most … the highest"), the one that says what ranks: with a dimension, or before what it ranks. */
function chooseRank(ctx: Ctx): number {
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
function rankedValues(ctx: Ctx, focus: Draft): number | undefined {
  const at = ctx.items.findIndex((it, k) => {
    const before = ctx.items[k - 1];
    const leads = before?.kind === 'number' || before?.kind === 'rank' || (before?.kind === 'word' && LIMIT_LEADS.has(before.token.lower));
    return it.kind === 'prop' && !ctx.used.has(k) && k < focus.at && leads && !isWord(ctx.items[k + 1], 'of') && it.props.every((p) => p.kind === 'text');
  });
  return at >= 0 ? at : undefined;
}

/**
 * The words at `k` that say what a ranking ranks by: "by", "based on", "according to", and "in
 * order of" after a sort (interpret-sort).
 */
function byWords(ctx: Ctx, k: number): number[] | undefined {
  const it = ctx.items[k];
  if (it?.kind !== 'word') return undefined;
  const before = ctx.items[k - 1];
  const lowerBefore = before?.kind === 'word' ? before.token.lower : '';
  if (it.token.lower === 'by' || (it.token.lower === 'of' && lowerBefore === 'order')) return [k];
  if ((it.token.lower === 'on' && lowerBefore === 'based') || (it.token.lower === 'to' && lowerBefore === 'according')) return [k - 1, k];
  return undefined;
}

function limitOf(ctx: Ctx, rankAt: number): number | undefined {
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

/** "with a summary stating 'fun'": a value said of a property makes its mere presence ("with a summary") go without saying. */
function withoutMerePresence(conditions: Condition[]): Condition[] {
  const compared = new Set(conditions.filter((c) => c.op !== 'exists').map((c) => c.key));
  return conditions.filter((c, i) => c.op !== 'exists' || (!compared.has(c.key) && conditions.findIndex((x) => x.op === 'exists' && x.key === c.key) === i));
}

/** The thing a limit of `limit` counts: the one named right after its number ("the first 3 movies") or its lead ("the first movie"). */
function limitedThing(ctx: Ctx, limit: number): Draft | undefined {
  const lead = (it: Item) => limit === 1 && ((it.kind === 'number' && it.ordinal && it.value === 1) || (it.kind === 'word' && TOP_FIRST.has(it.token.lower)));
  const at = ctx.items.findIndex((it, i) => ((it.kind === 'number' && it.value === limit && !it.ordinal) || lead(it)) && ctx.used.has(i));
  return at < 0 ? undefined : ctx.nodes.find((n) => n.at === at + 1 && !n.implicit);
}

/**
 * What a ranking word ranks by: a property right after it ("the highest rating"), an aggregate
 * of one ("the highest average rating"), how many of the things named right after it ("the most
 * voyages"), a property after "by" ("top 3 ships by number of seats"), its dimension on the
 * thing it stands before or on the focus ("the oldest ship", "the cheapest tickets").
 */
function rankingOf(ctx: Ctx, at: number, rank: RankItem, focus: Draft, aggAt: number): Ranked | Unsure | undefined {
  const propOrder = (k: number, fn?: 'avg' | 'sum' | 'min' | 'max'): Ranked | Unsure | undefined => {
    const it = ctx.items[k] as PropItem;
    const p = pick(ctx, it.props.filter((x) => numeric([x.kind])), k);
    const of = p && valueOwner(ctx, p, k);
    if (!p || !of) return listOrder(k, fn);
    ctx.used.add(k);
    const direction = holdsDate(p) && rank.dimension?.onDates ? rank.dimension.onDates : rank.direction;
    return { order: { by: fn ? { aggregate: fn, ...of } : of, direction, ...(!fn && holdsDate(p) ? { dated: true } : {}) }, fromProperty: true };
  };
  /**
   * "the most roles", "by the number of roles" where each holds a list of them: ranked by how
   * many items the lists hold in all. Not "the most distinct roles" (the same item in two lists
   * counts once), nor a superlative of its own ("the longest"), nor an aggregate but a total.
   * Lists on the relationships of each ranked thing are counted as the person asking chooses,
   * unless "total" or "combined" says: items, or the relationships that list any (listOfLists).
   */
  const listOrder = (k: number, fn?: 'avg' | 'sum' | 'min' | 'max', counting = false): Ranked | Unsure | undefined => {
    const it = ctx.items[k] as PropItem;
    if (rank.dimension || (fn && fn !== 'sum') || !(counting || MOST_LEAST.has(rank.word))) return undefined;
    if (ctx.tokens.slice(rank.to + 1, it.from).some((t) => DIFFERENCE.has(t.lower))) return undefined;
    const p = pick(ctx, it.props.filter((x) => x.kind === 'list'), k);
    const of = p && valueOwner(ctx, p, k);
    if (!p || !of) return undefined;
    ctx.used.add(k);
    const items: Ranked = { order: { by: { aggregate: 'sum', ...of, size: true }, direction: rank.direction }, fromProperty: true };
    // "the most combined roles", "the most roles in total": the items, said so.
    const totalAt = ctx.items.findIndex((x, i) => x.kind === 'agg' && x.fn === 'sum' && !ctx.used.has(i) && i > k);
    if (totalAt >= 0) ctx.used.add(totalAt);
    return fn === 'sum' || totalAt >= 0 ? items : (listOfLists(ctx, focus, p, of, rank, items) ?? items);
  };
  // "by the number of movies", "by average rating", "by number of beds".
  const byOrder = (): Ranked | Unsure | undefined => {
    for (let k = at + 1; k < ctx.items.length - 1; k++) {
      const said = byWords(ctx, k);
      if (!said) continue;
      const saying = () => said.forEach((x) => ctx.used.add(x));
      let j = k + 1;
      while (BEFORE_ORDERED.test(tokenAt(ctx, j)?.lower ?? '')) j++;
      const next = ctx.items[j];
      if (next?.kind === 'prop') {
        const found = propOrder(j);
        if (found) {
          saying();
          return found;
        }
      }
      if (next?.kind === 'agg' && ctx.items[j + 1]?.kind === 'prop') {
        const found = propOrder(j + 1, next.fn);
        if (found) {
          saying();
          ctx.used.add(j);
          return found;
        }
      }
      if (next?.kind === 'count' && ctx.items[j + 1]?.kind === 'prop') {
        const found = listOrder(j + 1, undefined, true);
        if (found) {
          saying();
          ctx.used.add(j);
          return found;
        }
      }
      if (next?.kind === 'count') {
        const counted = ctx.nodes.find((n) => n.at > j && n !== focus && n.at <= j + 3);
        if (counted) {
          saying();
          ctx.used.add(j);
          return { order: { by: { count: counted.id }, direction: rank.direction }, fromProperty: false, countedBy: true };
        }
      }
    }
    return undefined;
  };
  // "the top 3 models of boats by length": what "by" names ranks "top", not how many of the things after it.
  const byFirst = rank.weak ? byOrder() : undefined;
  if (byFirst) return byFirst;
  // "the highest number of followers": the count says what "highest" measures.
  let counted = false;
  for (let k = at + 1; k <= Math.min(ctx.items.length - 1, at + 4); k++) {
    const it = ctx.items[k]!;
    if (it.kind === 'count' && k === at + 1) {
      ctx.used.add(k);
      counted = true;
      continue;
    }
    // "the top 3 actors born after 1970": a property a condition compares is not what "top" ranks by.
    if (it.kind === 'prop' && rank.weak && ctx.used.has(k)) continue;
    // "the most interactions in book 3": how many of a relationship's events, whatever is said of them after (below).
    if (it.kind === 'rel' && ctx.tokens[it.to]?.pos === 'noun' && ctx.tokens[it.to]!.tags.includes('Plural')) break;
    if (it.kind === 'prop') {
      const fn = aggAt >= 0 && aggAt < k && aggAt > at ? (ctx.items[aggAt] as AggItem).fn : undefined;
      // After "the number of" only how many there are is ranked by, never a value.
      const found = counted ? listOrder(k, fn, true) : propOrder(k, fn);
      if (found) {
        if (aggAt > at && aggAt < k) ctx.used.add(aggAt);
        return found;
      }
      // "the most distinct roles" (a list, a text): what it ranks by is not a number to order by, nor anything else here.
      return undefined;
    }
    // "the highest average guest score": a label naming whose number follows it is no count of its own.
    const then = ctx.items[k + 1];
    // (A noun after a singular: "events held after 2020" is no such compound.)
    const compound = it.kind === 'label' && !it.plural && then?.kind === 'prop' && ctx.tokens[then.from]!.pos === 'noun';
    if (compound && then.props.some((p) => p.ownerKind === 'label' && p.owner === it.label.label && numeric([p.kind]))) continue;
    if (it.kind === 'label' || it.kind === 'agent') {
      const node = ctx.nodes.find((n) => n.at === k);
      // "the oldest movie": the dimension of the thing after it; "the most movies": how many.
      if (node && rank.dimension) {
        const order = dimensionOrder(ctx, node, rank, rank.word);
        // "the 3 oldest actors" of another thing than the focus: what the ranking picks (shape: `pick`).
        return order && node !== focus && k === at + 1 ? { ...order, ranks: node } : order;
      }
      // "the most followers": said as the question says it, not as the label of who follows.
      // ("the most recipient accounts": the role and the label of its holder, said as one.)
      const holderLabel = ctx.items[k + 1]?.kind === 'label' && !ctx.nodes.some((n) => n.at === k + 1);
      const said = it.kind === 'agent' ? `${wordsOf(ctx, k, 'lower')}${holderLabel ? ` ${wordsOf(ctx, k + 1, 'lower')}` : ''}` : undefined;
      if (node && node !== focus) {
        // "the actors in the 3 movies with the most actors": the count ranks the movies, which this reading cannot pick by.
        const owner = ctx.nodes.find((n) => n !== focus && n !== node && n.at < at && joined(ctx, n, node));
        if (owner && !joined(ctx, focus, node)) return unsure(ctx, `I can’t rank the ${pluralLabel(labelOf(ctx.lexicon, owner.label ?? ''))} by how many ${said ?? pluralLabel(labelOf(ctx.lexicon, node.label ?? ''))} they have and list another thing of theirs`);
        return { order: { by: { count: node.id, ...(said ? { said } : {}) }, direction: rank.direction }, fromProperty: false, ...(counted ? { countedBy: true } : {}) };
      }
    }
    // "the highest rated", "the least popular": the dimension of the word after, in the direction of the rank.
    const after = it.kind === 'word' ? dimensionOfWord(it.token) : undefined;
    if (after) {
      const order = dimensionOrder(ctx, focus, { ...rank, dimension: rank.direction === after.onValues ? after : { ...after, onValues: rank.direction } }, `${rank.word} ${ctx.tokens[it.from]!.lower}`);
      if (order) ctx.used.add(k);
      return order;
    }
    if (it.kind === 'word' && !/^(the|a|an|of|in|by|number|different|distinct|unique)$/.test(it.token.lower)) break;
  }
  const by = rank.weak ? undefined : byOrder();
  if (by) return by;
  if (rank.dimension) return dimensionOrder(ctx, focus, rank, rank.word);
  if (rank.weak) return undefined;
  // "the biggest", "the smallest" on their own: the dimension of the word itself.
  const own = SUPERLATIVE_DIMENSIONS[ctx.tokens[rank.from]?.lemma ?? ''];
  if (own) {
    const order = dimensionOrder(ctx, focus, { ...rank, dimension: own }, rank.word);
    if (order) return order;
  }
  // "Which captain commands the most?": the other end of the focus's relationship; "the most reviews": the reviews'.
  const ofFocus = (e: { from: string; to: string }) => e.from === focus.id || e.to === focus.id;
  const nounAfterAt = ctx.items.findIndex((it, k) => k > at && k <= at + 2 && it.kind === 'rel' && ctx.tokens[it.from]?.pos === 'noun');
  const nounAfter = ctx.items[nounAfterAt];
  const edge = (nounAfter?.kind === 'rel' ? ctx.edges.find((e) => ofFocus(e) && (e.said ?? e.type) === nounAfter.rel.type && e.at === nounAfterAt) : undefined) ?? ctx.edges.find(ofFocus);
  if (!edge) return undefined;
  // "the most reviews": how many reviews, said so.
  const nounAt = ctx.items.findIndex((it, k) => k > at && k <= at + 2 && it.kind === 'rel' && it.rel.type === (edge.said ?? edge.type) && ctx.tokens[it.from]?.pos === 'noun');
  const said = nounAt >= 0 ? wordsOf(ctx, nounAt, 'lower') : undefined;
  return { order: { by: { count: edge.from === focus.id ? edge.to : edge.from, ...(said ? { said } : {}) }, direction: rank.direction }, fromProperty: false };
}

/** What a ranking ranks by, and whether a property said it (else a count); `ranks`: the thing other than the focus its words stand right before. */
type Ranked = { order: Ordering; fromProperty: boolean; countedBy?: boolean; ranks?: Draft };

/** Choice ids of how lists on relationships are counted: every item, or each relationship that lists any. */
const LIST_ITEMS = 'list-count:items:';
const LIST_HOLDERS = 'list-count:holders:';

/**
 * "The movies with the most roles" where each actor's ACTED_IN holds a list of roles: the roles
 * listed in all, or the actors with roles listed (one each)? Both are said so, and they rank
 * differently; the person asking chooses. Undefined when the lists are not on a relationship of
 * the ranked thing (one list per thing: its size is all there is to count).
 */
function listOfLists(ctx: Ctx, focus: Draft, p: LexProperty, of: { of: string; edge?: boolean }, rank: RankItem, items: Ranked): Ranked | Unsure | undefined {
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

/** Choice ids of "top" with nothing named to rank by: a property of the focus, or no order at all. */
const TOP_BY = 'top-by:';
const TOP_UNRANKED = 'top-by:none';

/**
 * "The top 5 movies directed by …" where nothing says by what: the ordering the person asking
 * chose of the focus's numbers and dates (highest or latest first, as "top" says), else the
 * choice to offer when more things match than "top" shows (read-question.ts, askIfMany), since a
 * guess there would be a confident answer to a question nobody asked. Undefined when there is
 * nothing to offer (no number or date) or no order was chosen: the list is in no particular order.
 */
function topChosen(ctx: Ctx, focus: Draft, rank: RankItem): Ordering | OpenReading | undefined {
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

/** A thing the question names only by a verb ("hotels reviewed by critics": the reviews), passed through rather than asked about. */
function saidAsVerb(ctx: Ctx, node: Draft): boolean {
  const it = ctx.items[node.at];
  return it?.kind === 'label' && ctx.tokens[it.from]?.pos === 'verb';
}

/** The property a label's things have under the label's own name (`zone` of Zone, `type` of Type). */
function ownNamedProperty(ctx: Ctx, node: Draft): LexProperty | undefined {
  const label = node.label;
  return label === undefined ? undefined : ctx.lexicon.properties.find((p) => calledAsLabel(p, label) && (p.kind === 'number' || p.kind === 'mixed' || p.kind === 'text'));
}

/** "the first 3 movies", "the last 5 reviews": in the order of the thing's one date, when it has one. */
function chronological(ctx: Ctx, focus: Draft): Ordering | undefined {
  const word = ctx.tokens.find((t) => t.lower === 'first' || t.lower === 'last')?.lower;
  if (!word || !focus.label) return undefined;
  const dates = datesOf(ctx, focus.label);
  // "the first 3 people born after 1960": in the order of the date the question compares; people are not otherwise listed by birth.
  const compared = dates.filter((p) => focus.conditions.some((c) => c.key === p.key));
  if (compared.length === 1) return { by: { of: focus.id, key: compared[0]!.key }, direction: word === 'first' ? 'ASC' : 'DESC', chronological: true };
  // "the first 3 harbours visited in 2019": harbours have no date of their own, so the order is the one date compared of
  // a thing joined to them, each by its earliest (its latest for "last"). Things with a date of their own go by it.
  const joinedCompared = dates.length === 0 ? comparedDatesOfOthers(ctx, focus) : [];
  if (joinedCompared.length === 1) {
    const [{ node, key }] = joinedCompared as [{ node: Draft; key: string }];
    return { by: { aggregate: word === 'first' ? 'min' : 'max', of: node.id, key }, direction: word === 'first' ? 'ASC' : 'DESC', chronological: true, dated: true };
  }
  // "the last 3 voyages by end date": the date the question names.
  const named = dateNamedBy(ctx, dates);
  if (named) return { by: { of: focus.id, key: named.key }, direction: word === 'first' ? 'ASC' : 'DESC', chronological: true };
  if (personLike(ctx.lexicon, focus.label)) return undefined;
  const dated = dates.length === 1 ? dates[0] : startDate(dates);
  if (!dated) return undefined;
  return { by: { of: focus.id, key: dated.key }, direction: word === 'first' ? 'ASC' : 'DESC', chronological: true };
}

/** The dates the question compares of things other than `focus` ("visited in 2019": the visits' date), each with its thing. */
function comparedDatesOfOthers(ctx: Ctx, focus: Draft): { node: Draft; key: string }[] {
  return ctx.nodes.flatMap((node) => {
    if (node === focus || !node.label) return [];
    return datesOf(ctx, node.label).filter((p) => node.conditions.some((c) => c.key === p.key)).map((p) => ({ node, key: p.key }));
  });
}

/**
 * Of several dates (`startsOn` and `endsOn`, `opened` and `closed`), the one a thing starts at, by which "the
 * first 3" and "the last 3" are taken; when several say so (`startsOn`, `starts_on_text_format`), the one of
 * fewest words. Undefined when none or several alike do.
 */
function startDate(dates: LexProperty[]): LexProperty | undefined {
  const starts = dates.filter((p) => p.words.some((w) => START_WORDS.test(w))).sort((a, b) => a.words.length - b.words.length);
  return starts.length === 1 || (starts.length > 1 && starts[0]!.words.length < starts[1]!.words.length) ? starts[0] : undefined;
}

/**
 * The date "by" names ("by end date"), when one of the thing's dates is said so: of several
 * (`end`, `end_date_format`), the one whose own words are all said. Marks the words used.
 */
function dateNamedBy(ctx: Ctx, dates: LexProperty[]): LexProperty | undefined {
  const at = ctx.items.findIndex((it, i) => it.kind === 'prop' && !ctx.used.has(i) && isWord(ctx.items[i - 1], 'by') && it.props.some((p) => dates.includes(p)));
  const it = ctx.items[at];
  if (it?.kind !== 'prop') return undefined;
  const said = new Set(ctx.tokens.slice(it.from, it.to + 1).flatMap((t) => [t.lower, t.lemma]));
  const fitting = it.props.filter((p) => dates.includes(p));
  const whole = fitting.filter((p) => p.words.every((w) => said.has(w)));
  const chosen = whole.length === 1 ? whole[0] : fitting.length === 1 ? fitting[0] : undefined;
  if (chosen) ctx.used.add(at).add(at - 1);
  return chosen;
}

/** A superlative's dimension on a thing: the one property of its words ("expensive": a price), else its one date. `said`: the superlative as the question said it. */
function dimensionOrder(ctx: Ctx, node: Draft, rank: RankItem, said: string): { order: Ordering; fromProperty: boolean } | undefined {
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

/**
 * "each user", "per category", "for every branch": the things a count is given for, one by one, when
 * they are joined to what is counted. Returns that thing and where its "each" stands.
 */
function groupOf(ctx: Ctx, focus: Draft, orFocus = false): { group: Draft; at: number } | undefined {
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
    if (it.kind !== 'word' || !/^(they|them|their)(['’](ve|re|d|ll))?$/.test(it.token.lower) || ctx.used.has(k)) continue;
    const named = ctx.nodes.filter((n) => n.at < focus.at && n !== focus && !n.anchor && !n.implicit && !counted.has(n.id) && (ctx.items[n.at] as { plural?: boolean }).plural);
    const group = named.sort((a, b) => b.at - a.at)[0];
    if (group && joined(ctx, group, focus)) return { group, at: k };
  }
  return undefined;
}


/** Whether an item is said as a verb of its own, whatever it was linked to ("reviewed" linked to a `Review` label), not a request or an auxiliary. */
function saidAsVerbAt(ctx: Ctx, it: Item): boolean {
  const t = ctx.tokens[it.from]!;
  return t.pos === 'verb' && !FILLER_WORDS.has(t.lemma) && !AUXILIARIES.has(t.lemma) && (it.kind === 'word' || it.kind === 'label');
}

/**
 * Where "only" stands before what a relationship reaches or how it is ("have only 5-star reviews",
 * "only wrote reviews", "only received …"): a condition on all of them. Not before a count ("only
 * one director": how many) or the request ("show only the names").
 */
function onlyOf(ctx: Ctx): { from: number; to: number } | undefined {
  for (let k = 0; k < ctx.items.length - 1; k++) {
    if (!isWord(ctx.items[k], 'only')) continue;
    const next = ctx.items[k + 1]!;
    const afterNumber = ctx.items[k + 2];
    // ("only directed movies and never acted": the denial says what "only" leaves out.)
    const verb = (next.kind === 'rel' || saidAsVerbAt(ctx, next)) && !ctx.edges.some((e) => e.negated);
    const valued = (next.kind === 'number' || next.kind === 'cmp') && afterNumber?.kind === 'prop';
    const reached = next.kind === 'label' && ctx.edges.some((e) => ctx.nodes.some((n) => n.at === k + 1 && (n.id === e.from || n.id === e.to)));
    if (verb || reached) return { from: k + 1, to: k + 1 };
    // ("only 5-star reviews": through the thing so valued.)
    if (valued) return { from: k + 1, to: ctx.items[k + 3]?.kind === 'label' ? k + 3 : k + 2 };
  }
  return undefined;
}

/** Where "every"/"all (the)" stands before a thing other than the one asked about that a relationship reaches. */
function everyOf(ctx: Ctx, focus: Draft): number | undefined {
  for (let k = 0; k < ctx.items.length - 1; k++) {
    const it = ctx.items[k]!;
    if (it.kind !== 'word' || !EVERY_WORDS.has(it.token.lower) || ctx.used.has(k)) continue;
    const at = isWord(ctx.items[k + 1], 'the') || isWord(ctx.items[k + 1], 'of') ? (isWord(ctx.items[k + 2], 'the') ? k + 3 : k + 2) : k + 1;
    // The object of a verb said before it ("borrowed every book", "reviewed by all guests"), not what is listed ("Find all albums …").
    const verbBefore = ctx.items.slice(0, k).some((x) => x.kind === 'rel' || saidAsVerbAt(ctx, x));
    const node = ctx.nodes.find((n) => n.at === at && n !== focus && !n.anchor);
    if (verbBefore && node && ctx.edges.some((e) => !e.negated && (e.from === node.id || e.to === node.id))) return at;
  }
  return undefined;
}
