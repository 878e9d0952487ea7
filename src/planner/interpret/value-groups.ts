import type { Ctx, Unsure } from './interpret-context.js';
import { merged } from './repeated-mentions.js';
import { isWord, isWordOf, labelOf, newNodeId, unsure } from './interpret-context.js';
import type { Item } from '../link/links.js';
import type { Meaning } from '../meaning.js';
import { LIST_LIMIT } from '../meaning.js';
import { COMMON_WORDS, EACH_WORDS, GROUP_LINKS, MOST_LEAST, RANK_EXTREMES } from '../read/word-classes.js';

/**
 * A value many things hold, grouped by: "Which town has the most bakeries?", "How many
 * bakeries are there in each town?", "the top 3 sender countries by the number of parcels".
 * The value's word stands for the things that hold it, read by that value (`MeaningNode.group`):
 * a thing of the property's label is made for it, and the answer lists the values, each with how
 * many of what is counted the things holding it have. The same kind of thing said again as what
 * is counted ("the most bakeries") is those things themselves, as are those "the most common"
 * values are counted by. Only how many, or a figure over the things holding each ("the highest
 * average price"), is read so; a value grouped by for anything else is declined.
 */
export function valueGroupsSaid(ctx: Ctx): void {
  ctx.items.forEach((it, i) => {
    if (it.kind !== 'prop' || ctx.used.has(i)) return;
    const common = commonAt(ctx, i);
    if (!common && !groupedAt(ctx, i)) return;
    const props = it.props.filter((p) => p.ownerKind === 'label' && !p.span);
    const [prop] = props;
    const label = prop ? labelOf(ctx.lexicon, prop.owner) : undefined;
    // (Things by their name are the things themselves, not a value they share.)
    if (props.length !== 1 || !prop || !label || prop.key === label.nameKey) return;
    const plural = ctx.tokens[it.to]!.tags.includes('Plural');
    ctx.items[i] = { kind: 'label', label, plural, from: it.from, to: it.to };
    (ctx.groupKeys ??= new Map()).set(i, { prop, ...(common ? { common: { ...common, plural } } : {}) });
    if (common) ctx.used.add(i - 1).add(i - 2);
    if (common?.said !== undefined) ctx.used.add(i - 3);
  });
}

/** Marks the things made for the values grouped by, and the same kind of thing said as what is counted. */
export function markValueGroups(ctx: Ctx): void {
  for (const [at, { prop, common }] of ctx.groupKeys ?? []) {
    // (A kind of thing said again is no new thing where it is read: here it is, the things holding the value.)
    let holder = ctx.nodes.find((n) => n.at === at);
    if (!holder) {
      holder = { id: newNodeId(ctx), at, label: prop.owner, conditions: [] };
      ctx.nodes.push(holder);
      ctx.used.add(at);
    }
    holder.group = { key: prop.key, words: prop.words, ...(common ? { common } : {}) };
    const again = ctx.nodes.find((n) => n !== holder && !n.anchor && !n.implicit && !n.group && n.label === prop.owner);
    if (again) again.sameThingAs = holder.id;
  }
}

/**
 * The meaning with each thing said again as the things holding a value grouped by read as those
 * things, and declined where the values are grouped by for anything but how many or a figure over them.
 */
export function groupedMeaning(ctx: Ctx, meaning: Meaning): Meaning | Unsure {
  let m = meaning;
  const inMeaning = (id: string | undefined) => meaning.nodes.some((x) => x.id === id);
  for (const again of ctx.nodes.filter((n) => n.sameThingAs && inMeaning(n.id) && inMeaning(n.sameThingAs))) m = merged(m, again.id, again.sameThingAs!);
  const grouped = m.nodes.find((n) => n.group);
  if (!grouped) return m;
  // "the most common town", "the 3 most common towns": by how many things hold each, as many as said, else one;
  // "the most common towns": every one with how many, the most common first.
  const common = ctx.nodes.find((n) => n.id === grouped.id)?.group?.common;
  if (common && !m.order && grouped.id === m.focus) {
    const every = common.plural && common.said === undefined;
    const order = { by: { count: grouped.id }, direction: common.direction, ...(every ? { each: true } : {}) };
    m = { ...m, order, limit: every ? LIST_LIMIT : (common.said ?? 1), ...(common.said !== undefined ? { limitSaid: true } : {}) };
  }
  const by = m.order?.by;
  const ranked = m.order && !m.order.chronological && !m.order.sorted && m.order.pick === undefined && by && ('count' in by || ('aggregate' in by && !by.size));
  if (grouped.id !== m.focus || m.ask.kind !== 'list' || !ranked || m.having?.length) {
    return unsure(ctx, `I can’t yet give “${grouped.group!.words.join(' ')}” as a group for anything but how many things have it or a figure over them`);
  }
  return m;
}

/**
 * Whether the value at `at` is grouped by: after "each"/"per" ("in each town"), before a ranking by
 * how many ("the town with the most bakeries", "towns with the highest number of reviews"),
 * or ranked by a count after "by" ("the top 3 countries by the number of parcels"); ranked by a
 * figure over them too ("the town with the highest average price").
 */
function groupedAt(ctx: Ctx, at: number): boolean {
  const { items } = ctx;
  // ("every town" is as often all of them: not a group.)
  if (isWordOf(items[at - 1], EACH_WORDS) && !isWord(items[at - 1], 'every')) return true;
  let k = at + 1;
  while (k < items.length && k <= at + 3 && isWordOf(items[k], GROUP_LINKS)) k++;
  const rank = items[k];
  if (rank?.kind === 'rank' && !rank.weak && RANK_EXTREMES.has(rank.word) && countedAfter(items, k + 1)) return true;
  // "the top 3 countries by the number of parcels".
  const before = items[at - 1];
  const ranked = before?.kind === 'number' || (before?.kind === 'rank' && before.weak === true);
  const by = isWord(items[at + 1], 'by') ? at + 2 : -1;
  return ranked && by > 0 && items[isWord(items[by], 'the') ? by + 1 : by]?.kind === 'count';
}

/** "the most common town", "the least frequent towns": a value ranked by how many things hold it. */
function commonAt(ctx: Ctx, at: number): { direction: 'ASC' | 'DESC'; said?: number } | undefined {
  const rank = ctx.items[at - 2];
  if (!isWordOf(ctx.items[at - 1], COMMON_WORDS) || rank?.kind !== 'rank' || !MOST_LEAST.has(rank.word)) return undefined;
  // ("the 3 most common towns": as many as that.)
  const number = ctx.items[at - 3];
  const said = number?.kind === 'number' && !number.year && !number.ordinal && Number.isInteger(number.value) && number.value >= 1 ? number.value : undefined;
  return { direction: rank.direction, ...(said !== undefined ? { said } : {}) };
}

/**
 * Whether what a ranking word at `k - 1` ranks by is how many of a kind of thing ("the most
 * bakeries", "the highest number of reviews") or a figure over many ("the highest average price").
 */
function countedAfter(items: Item[], k: number): boolean {
  if (items[k]?.kind === 'agg' && items[k + 1]?.kind === 'prop') return true;
  const next = items[k]?.kind === 'count' ? items[k + 1] : items[k];
  return next?.kind === 'label' || next?.kind === 'agent';
}
