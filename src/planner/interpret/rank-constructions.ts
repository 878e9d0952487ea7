import { dimensionOfWord, holdsDate, SUPERLATIVE_DIMENSIONS } from '../read/cues.js';
import { BEFORE_ORDERED, BEFORE_RANKED, DIFFERENCE, MOST_LEAST, VARIETY_WORDS } from '../read/word-classes.js';
import type { Ctx, Draft, Unsure } from './interpret-context.js';
import { isWord, isWordOf, joined, labelOf, pick, pluralLabel, reachOwner, tokenAt, unsure, valueOwner, wordsOf } from './interpret-context.js';
import type { AggItem, PropItem, RankItem, Ranked } from './ranking.js';
import { byWords, dimensionOrder, figureOfMany, listOfLists, numeric } from './ranking.js';
import { constructionTable, readFirst } from './construction.js';

/**
 * What a ranking word ranks by, one construction each: a property after "by" ("top 3 ships by
 * number of seats"), what follows the word (a property, "the highest average rating", how many of
 * the things named after it, "the highest rated"), its dimension on the focus ("the oldest"), the
 * word's own dimension ("the biggest"), and how many of what the focus is joined to ("the most").
 */

/** A ranking word and what it may rank. */
export interface RankScene {
  ctx: Ctx;
  /** The ranking word's item. */
  at: number;
  rank: RankItem;
  focus: Draft;
  /** The aggregate word's item ("average", "total"), or -1. */
  aggAt: number;
}

/** A ranking read, why none can be, or `'none'`: the words are this construction's, and rank by nothing the graph holds. */
type RankRead = Ranked | Unsure | 'none';
type RankConstruction = (scene: RankScene) => RankRead | undefined;

/** "the highest rating", "the highest average rating": a number property (of the thing it belongs to), or a list's size. */
function propOrder(scene: RankScene, k: number, fn?: 'avg' | 'sum' | 'min' | 'max'): Ranked | Unsure | undefined {
  const { ctx, rank } = scene;
  const it = ctx.items[k] as PropItem;
  const numbers = it.props.filter((x) => numeric([x.kind]));
  let p = pick(ctx, numbers, k);
  let of = p && valueOwner(ctx, p, k);
  // ("the highest average score" of hotels, which only their ratings have: those ratings' average.)
  for (const x of fn && !of ? numbers : []) {
    of = reachOwner(ctx, x, scene.focus);
    if (of) {
      p = x;
      break;
    }
  }
  if (!p || !of) return listOrder(scene, k, fn);
  ctx.used.add(k);
  const direction = holdsDate(p) && rank.dimension?.onDates ? rank.dimension.onDates : rank.direction;
  const ranked: Ranked = { order: { by: fn ? { aggregate: fn, ...of } : of, direction, ...(!fn && holdsDate(p) ? { dated: true } : {}) }, fromProperty: true };
  return (!fn && figureOfMany(ctx, scene.focus, p, of, k, rank, ranked)) || ranked;
}

/**
 * "the most roles", "by the number of roles" where each holds a list of them: ranked by how
 * many items the lists hold in all. Not "the most distinct roles" (different items, or different
 * lists? refused: distinctOrder), nor a superlative of its own ("the longest"), nor an aggregate but a total.
 * Lists on the relationships of each ranked thing are counted as the person asking chooses,
 * unless "total" or "combined" says: items, or the relationships that list any (listOfLists).
 */
function listOrder(scene: RankScene, k: number, fn?: 'avg' | 'sum' | 'min' | 'max', counting = false): Ranked | Unsure | undefined {
  const { ctx, rank, focus } = scene;
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
}

/**
 * "the most diverse genres", "by the variety of ratings": ranked by how many different values the
 * things joined to each (or its relationships) hold. Not a value of each ranked thing itself (one
 * each: all would tie at one), nor lists ("the most diverse roles" of lists of roles: their
 * different items, or their different lists as a whole? Read so, either answers confidently what
 * the other asks).
 */
function distinctOrder(scene: RankScene, k: number): Ranked | undefined {
  const { ctx, rank, focus } = scene;
  const it = ctx.items[k] as PropItem;
  const p = pick(ctx, it.props.filter((x) => x.kind !== 'list'), k);
  const of = p && valueOwner(ctx, p, k);
  if (!p || !of || (!of.edge && of.of === focus.id)) return undefined;
  ctx.used.add(k);
  return { order: { by: { aggregate: 'sum', ...of, distinct: 'values' }, direction: rank.direction }, fromProperty: true };
}

/** "by the number of movies", "by average rating", "by number of beds", "based on", "according to". */
const saidBy: RankConstruction = (scene) => {
  const { ctx, at, rank, focus } = scene;
  for (let k = at + 1; k < ctx.items.length - 1; k++) {
    const said = byWords(ctx, k);
    if (!said) continue;
    const saying = () => said.forEach((x) => ctx.used.add(x));
    let j = k + 1;
    while (BEFORE_ORDERED.has(tokenAt(ctx, j)?.lower ?? '')) j++;
    const next = ctx.items[j];
    if (next?.kind === 'prop') {
      const found = propOrder(scene, j);
      if (found) {
        saying();
        return found;
      }
    }
    // "by the variety of roles": how many different ones.
    if (isWordOf(next, VARIETY_WORDS) && isWord(ctx.items[j + 1], 'of') && ctx.items[j + 2]?.kind === 'prop') {
      const found = distinctOrder(scene, j + 2);
      if (found) {
        saying();
        ctx.used.add(j).add(j + 1);
        return found;
      }
    }
    if (next?.kind === 'agg' && ctx.items[j + 1]?.kind === 'prop') {
      const found = propOrder(scene, j + 1, next.fn);
      if (found) {
        saying();
        ctx.used.add(j);
        return found;
      }
    }
    if (next?.kind === 'count' && ctx.items[j + 1]?.kind === 'prop') {
      const found = listOrder(scene, j + 1, undefined, true);
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

/** "the top 3 models of boats by length": what "by" names ranks "top", not how many of the things after it. */
const topBy: RankConstruction = (scene) => (scene.rank.weak ? saidBy(scene) : undefined);

/**
 * What the ranking word stands right before: "the highest number of followers" (a count), "the
 * highest rating" (a property), "the highest average guest score", "the oldest movie" (the
 * dimension of the thing after it), "the most movies" (how many), "the highest rated".
 */
const whatFollows: RankConstruction = (scene) => {
  const { ctx, at, rank, focus, aggAt } = scene;
  let counted = false;
  let variety = false;
  for (let k = at + 1; k <= Math.min(ctx.items.length - 1, at + 4); k++) {
    const it = ctx.items[k]!;
    // "the most diverse roles", "the most diverse range of genres": how many different ones.
    if (MOST_LEAST.has(rank.word) && isWordOf(it, VARIETY_WORDS)) {
      ctx.used.add(k);
      if (isWord(ctx.items[k + 1], 'of')) ctx.used.add(++k);
      variety = true;
      continue;
    }
    if (variety && it.kind === 'prop') return distinctOrder(scene, k) ?? 'none';
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
      const found = counted ? listOrder(scene, k, fn, true) : propOrder(scene, k, fn);
      if (found) {
        if (aggAt > at && aggAt < k) ctx.used.add(aggAt);
        return found;
      }
      // "the longest roles" (a list, a text): what it ranks by is not a number to order by, nor anything else here.
      return 'none';
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
        return !order ? 'none' : node !== focus && k === at + 1 ? { ...order, ranks: node } : order;
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
      return order ?? 'none';
    }
    if (it.kind === 'word' && !BEFORE_RANKED.has(it.token.lower)) break;
  }
  return undefined;
};

/** "the hotels with the most guests by number of reviews": a strong ranking word's "by", when nothing right after the word said what it ranks by. */
const strongBy: RankConstruction = (scene) => (scene.rank.weak ? undefined : saidBy(scene));

/** "the oldest", "the cheapest": the word's dimension on the focus. */
const dimensionOfFocus: RankConstruction = ({ ctx, rank, focus }) => (rank.dimension ? (dimensionOrder(ctx, focus, rank, rank.word) ?? 'none') : undefined);

/** "the biggest", "the smallest" on their own: the dimension of the word itself. */
const superlativeItself: RankConstruction = ({ ctx, rank, focus }) => {
  const own = rank.weak ? undefined : SUPERLATIVE_DIMENSIONS[ctx.tokens[rank.from]?.lemma ?? ''];
  return own ? dimensionOrder(ctx, focus, { ...rank, dimension: own }, rank.word) : undefined;
};

/** "Which captain commands the most?": the other end of the focus's relationship; "the most reviews": the reviews'. */
const mostJoined: RankConstruction = ({ ctx, at, rank, focus }) => {
  if (rank.weak) return undefined;
  const ofFocus = (e: { from: string; to: string }) => e.from === focus.id || e.to === focus.id;
  const nounAfterAt = ctx.items.findIndex((it, k) => k > at && k <= at + 2 && it.kind === 'rel' && ctx.tokens[it.from]?.pos === 'noun');
  const nounAfter = ctx.items[nounAfterAt];
  const edge = (nounAfter?.kind === 'rel' ? ctx.edges.find((e) => ofFocus(e) && (e.said ?? e.type) === nounAfter.rel.type && e.at === nounAfterAt) : undefined) ?? ctx.edges.find(ofFocus);
  if (!edge) return undefined;
  // "the most reviews": how many reviews, said so.
  const nounAt = ctx.items.findIndex((it, k) => k > at && k <= at + 2 && it.kind === 'rel' && it.rel.type === (edge.said ?? edge.type) && ctx.tokens[it.from]?.pos === 'noun');
  const said = nounAt >= 0 ? wordsOf(ctx, nounAt, 'lower') : undefined;
  return { order: { by: { count: edge.from === focus.id ? edge.to : edge.from, ...(said ? { said } : {}) }, direction: rank.direction }, fromProperty: false };
};

/** What a ranking ranks by, tried in this order. */
export const RANKING_CONSTRUCTIONS = constructionTable('ranking', { topBy, whatFollows, strongBy, dimensionOfFocus, superlativeItself, mostJoined });

/** What the ranking word at `scene.at` ranks by; undefined when the words say nothing the graph can rank by. */
export function rankingOf(scene: RankScene): Ranked | Unsure | undefined {
  const read = readFirst(RANKING_CONSTRUCTIONS, scene);
  return read === 'none' ? undefined : read;
}
