import { PLACE_VERBS, PLACE_WORDS } from '../read/cues.js';
import { ASKS_OBJECT, DO_FORMS, EACH_WORDS, YES_NO_OPENERS } from '../read/word-classes.js';
import { LIST_LIMIT } from '../meaning.js';
import { AGGREGATE_WORDS } from '../read/cues.js';
import type { Ctx, Draft, Unsure } from './interpret-context.js';
import type { LexProperty } from '../link/lexicon.js';
import { anchorOf, broadFamily, calledAsLabel, familyOf, fits, isWord, joined, labelOf, newNodeId, pick, pluralLabel, unsure, valueOwner, wordsOf } from './interpret-context.js';
import type { Item } from '../link/links.js';
import type { Ask, Condition, Meaning, MeaningNode, Ordering } from '../meaning.js';
import { alsoListed, compoundHead, listedBeside, listedWithTheirs, pickedByExtreme } from './interpret-focus.js';
import { sortAsked } from './interpret-sort.js';
import type { AggItem, PropItem, RankItem } from './ranking.js';
import { byWords, chooseRank, rankedValues, limitOf, limitedThing, rankingOf, topChosen } from './ranking.js';
import { chronological } from './chronology.js';
import { onlyOf, everyOf } from './quantifiers.js';

/**
 * What is asked: the focus (the first thing the question does not name, after "how many" when
 * it counts), and of it a list, a count, an aggregate of a value, a value of a named thing,
 * whether something holds, or a ranking (by a value, by how many related things, by an
 * aggregate) with how many to show.
 */


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
    ...(n.implicit || labelSaidAsVerb(ctx, n) ? { implicit: true } : {}),
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

/** "with a summary stating 'fun'": a value said of a property makes its mere presence ("with a summary") go without saying. */
function withoutMerePresence(conditions: Condition[]): Condition[] {
  const compared = new Set(conditions.filter((c) => c.op !== 'exists').map((c) => c.key));
  return conditions.filter((c, i) => c.op !== 'exists' || (!compared.has(c.key) && conditions.findIndex((x) => x.op === 'exists' && x.key === c.key) === i));
}

/** A thing the question names only by a verb ("hotels reviewed by critics": the reviews), passed through rather than asked about. */
function labelSaidAsVerb(ctx: Ctx, node: Draft): boolean {
  const it = ctx.items[node.at];
  return it?.kind === 'label' && ctx.tokens[it.from]?.pos === 'verb';
}

/** The property a label's things have under the label's own name (`zone` of Zone, `type` of Type). */
function ownNamedProperty(ctx: Ctx, node: Draft): LexProperty | undefined {
  const label = node.label;
  return label === undefined ? undefined : ctx.lexicon.properties.find((p) => calledAsLabel(p, label) && (p.kind === 'number' || p.kind === 'mixed' || p.kind === 'text'));
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

