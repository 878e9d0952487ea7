import type { Ctx } from './interpret-context.js';
import { tokenAt } from './interpret-context.js';
import type { Item } from '../link/links.js';
import { BEFORE_ORDERED, DOWNWARD, SORT_VERBS, UPWARD } from '../read/word-classes.js';

/**
 * An order asked for a whole list, not a ranking of its top few: "from the oldest to the newest",
 * "from most to fewest reviews", "sorted by price", "ordered by their birth year", "in descending
 * order of rating", "newest first". The shape ranks by what it names and lists every thing.
 */

type RankItem = Extract<Item, { kind: 'rank' }>;

export interface SortAsked {
  /** Where the ranking reads what it ranks by from (the item after it, or "by"). */
  at: number;
  /** The ranking: one of the question's, or one made of the sort's words (`weak`: it ranks by what "by" names). */
  rank: RankItem;
}

const wordAt = (ctx: Ctx, i: number) => tokenAt(ctx, i)?.lower;

export function sortAsked(ctx: Ctx): SortAsked | undefined {
  return rangeOf(ctx) ?? sortVerbOf(ctx) ?? firstOf(ctx);
}

/** "from (the) highest to (the) lowest …": the first end says the direction, what follows the second what it ranks by. */
function rangeOf(ctx: Ctx): SortAsked | undefined {
  const { items } = ctx;
  for (let i = 0; i < items.length; i++) {
    const start = items[i];
    if (start?.kind !== 'rank' || ctx.used.has(i)) continue;
    const from = wordAt(ctx, i - 1) === 'the' ? i - 2 : i - 1;
    if (wordAt(ctx, from) !== 'from' || wordAt(ctx, i + 1) !== 'to') continue;
    const end = wordAt(ctx, i + 2) === 'the' ? i + 3 : i + 2;
    const last = items[end];
    if (last?.kind !== 'rank' || last.direction === start.direction || ctx.used.has(end)) continue;
    ctx.used.add(from).add(i).add(i + 1);
    return { at: end, rank: start };
  }
  return undefined;
}

/**
 * "sorted by weight", "ordered by their birth date, youngest first", "in descending order of fee":
 * only when what follows names a value or a count ("ordered by Ann" is who ordered).
 */
function sortVerbOf(ctx: Ctx): SortAsked | undefined {
  const { items, tokens } = ctx;
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (ctx.used.has(i) || (it.kind !== 'word' && it.kind !== 'rel')) continue;
    const lemma = tokens[it.from]?.lemma ?? '';
    const verb = SORT_VERBS.has(lemma) && wordAt(ctx, i + 1) === 'by';
    const ofOrder = lemma === 'order' && wordAt(ctx, i + 1) === 'of' && (wordAt(ctx, i - 1) === 'in' || DOWNWARD.has(wordAt(ctx, i - 1) ?? '') || UPWARD.has(wordAt(ctx, i - 1) ?? ''));
    if (!verb && !ofOrder) continue;
    let next = i + 2;
    while (BEFORE_ORDERED.has(wordAt(ctx, next) ?? '')) next++;
    const what = items[next]?.kind;
    if (what !== 'prop' && what !== 'agg' && what !== 'count') continue;
    const direction = directionSaid(ctx) ?? 'ASC';
    if (ofOrder && wordAt(ctx, i - 1) === 'in') ctx.used.add(i - 1);
    // "youngest first" beside the verb: that ranking's direction, and its dimension for dates.
    const first = rankedFirst(ctx);
    if (first !== undefined) {
      ctx.used.add(i);
      return { at: i, rank: { ...(items[first] as RankItem), from: it.from, to: it.to } };
    }
    return { at: i, rank: { kind: 'rank', direction, word: tokens[it.from]!.lower, weak: true, from: it.from, to: it.to } };
  }
  return undefined;
}

/** "youngest first", "highest rated first": the ranking said as the list's order. */
function firstOf(ctx: Ctx): SortAsked | undefined {
  const at = rankedFirst(ctx);
  return at === undefined ? undefined : { at, rank: ctx.items[at] as RankItem };
}

/** The ranking followed by "first" ("newest first"; not "the first 3"), its "first" marked used. */
function rankedFirst(ctx: Ctx): number | undefined {
  for (let i = 0; i < ctx.items.length; i++) {
    // ("first" may itself be read as a ranking by the earliest.)
    const next = ctx.items[i + 1];
    if (ctx.items[i]?.kind !== 'rank' || ctx.used.has(i) || !next || ctx.tokens[next.from]?.lower !== 'first' || next.to !== next.from) continue;
    const after = ctx.items[i + 2]?.kind;
    if (after === 'number' || after === 'label' || after === 'agent') continue;
    ctx.used.add(i + 1);
    return i;
  }
  return undefined;
}

/** "descending", "in ascending order": the direction said in words, those words marked used. */
function directionSaid(ctx: Ctx): 'ASC' | 'DESC' | undefined {
  let direction: 'ASC' | 'DESC' | undefined;
  ctx.items.forEach((it, i) => {
    if (it.kind !== 'word' || ctx.used.has(i)) return;
    const said = DOWNWARD.has(it.token.lower) ? 'DESC' : UPWARD.has(it.token.lower) ? 'ASC' : undefined;
    if (!said) return;
    direction ??= said;
    ctx.used.add(i);
    // "in descending order": the order words say no more than the direction.
    if (wordAt(ctx, i - 1) === 'in' && wordAt(ctx, i + 1) === 'order') ctx.used.add(i - 1).add(i + 1);
  });
  return direction;
}
