import { FILLER_WORDS } from '../read/cues.js';
import { AUXILIARIES, EVERY_WORDS } from '../read/word-classes.js';
import type { Ctx, Draft, Unsure } from './interpret-context.js';
import { isWord, unsure, wordsOf } from './interpret-context.js';
import { constructionTable } from './construction.js';
import type { Item } from '../link/links.js';

/**
 * "only" and "all": every one of the things at the other end, which the planner declines rather
 * than reads as "some" (a pattern match reads them so).
 */

/** Whether an item is said as a verb of its own, whatever it was linked to ("reviewed" linked to a `Review` label), not a request or an auxiliary. */
export function meaningfulVerbAt(ctx: Ctx, it: Item): boolean {
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
    const verb = (next.kind === 'rel' || meaningfulVerbAt(ctx, next)) && !ctx.edges.some((e) => e.negated);
    const valued = (next.kind === 'number' || next.kind === 'cmp') && afterNumber?.kind === 'prop';
    const reached = next.kind === 'label' && ctx.edges.some((e) => ctx.nodes.some((n) => n.at === k + 1 && (n.id === e.from || n.id === e.to)));
    if (verb || reached) return { from: k + 1, to: k + 1 };
    // ("only 5-star reviews": through the thing so valued.)
    if (valued) return { from: k + 1, to: ctx.items[k + 3]?.kind === 'label' ? k + 3 : k + 2 };
  }
  return undefined;
}

/** Where "every"/"all (the)" stands before a thing other than the one asked about that a relationship reaches: the word's place and the thing's. */
function everyOf(ctx: Ctx, focus: Draft): { word: number; at: number } | undefined {
  for (let k = 0; k < ctx.items.length - 1; k++) {
    const it = ctx.items[k]!;
    if (it.kind !== 'word' || !EVERY_WORDS.has(it.token.lower) || ctx.used.has(k)) continue;
    let at = isWord(ctx.items[k + 1], 'the') || isWord(ctx.items[k + 1], 'of') ? (isWord(ctx.items[k + 2], 'the') ? k + 3 : k + 2) : k + 1;
    // ("every intro course": past the values said of the things.)
    while (ctx.items[at]?.kind === 'value' && at < k + 4) at++;
    // The object of a verb said before it ("borrowed every book", "reviewed by all guests"), not what is listed ("Find all albums …").
    const verbBefore = ctx.items.slice(0, k).some((x) => x.kind === 'rel' || meaningfulVerbAt(ctx, x));
    const node = ctx.nodes.find((n) => n.at === at && n !== focus && !n.anchor);
    if (verbBefore && node && ctx.edges.some((e) => !e.negated && (e.from === node.id || e.to === node.id))) return { word: k, at };
  }
  return undefined;
}

/**
 * "captains who command every vessel", "ships inspected by all surveyors": each thing asked about
 * is joined to as many of them as the graph has (with the conditions said of them: "every intro
 * course"). Read where the thing so counted is of one label, joined to the one asked about by one
 * relationship and to nothing else, and where the answer counts per thing asked about (a list or a
 * count); else declined (`every`).
 */
export function readEvery(ctx: Ctx, focus: Draft, perFocus: boolean): void {
  const said = everyOf(ctx, focus);
  const node = said && ctx.nodes.find((n) => n.at === said.at && n !== focus);
  if (!said || !node?.label || !perFocus) return;
  const edges = ctx.edges.filter((e) => e.from === node.id || e.to === node.id);
  if (edges.length !== 1 || edges[0]!.negated || ![edges[0]!.from, edges[0]!.to].includes(focus.id)) return;
  const word = wordsOf(ctx, said.word, 'lower');
  ctx.having.push({ count: node.id, op: '=', value: word === 'all' ? 2 : 1, words: word, all: true });
  for (let k = said.word; k < said.at; k++) ctx.used.add(k);
}

/** "members who borrowed every book", "actors in all the movies of X": all of them, not any one. */
const every = ({ ctx, focus }: { ctx: Ctx; focus: Draft }): Unsure | undefined => {
  const said = everyOf(ctx, focus);
  return said === undefined ? undefined : unsure(ctx, `I can’t yet tell what is joined to all “${wordsOf(ctx, said.at)}” at once, rather than to any one of them`);
};

/** "hotels with only 5-star reviews", "guests who only wrote short reviews": none of another kind, not some of this one. */
const only = ({ ctx }: { ctx: Ctx; focus: Draft }): Unsure | undefined => {
  const said = onlyOf(ctx);
  return said ? unsure(ctx, `I can’t yet read “only ${ctx.tokens.slice(ctx.items[said.from]!.from, ctx.items[said.to]!.to + 1).map((t) => t.text).join(' ')}”: that every one of them is so, not that some are`) : undefined;
};

/** Quantifiers the planner knows it cannot read yet, each declined with why. */
export const UNREAD_CONSTRUCTIONS = constructionTable('unread', { every, only });
