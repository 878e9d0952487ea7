import { lemmasOf } from '../../language/analyze.js';
import type { Ctx, Unsure, ValuesCompared } from './interpret-context.js';
import { article, candidates, isWord, tokenAt, unsure } from './interpret-context.js';
import type { Item } from '../link/links.js';
import type { LexProperty } from '../link/lexicon.js';
import { OTHER_VALUE, SAME_VALUE, VALUES_COMPARED_LINKS } from '../read/word-classes.js';

/**
 * Two values of one thing compared with each other: "the sender country and the receiver country
 * are the same", "the same sender country and receiver country", "a sender country different from
 * the receiver country". The two may share words said once: after the second ("the sender and
 * receiver cities are different") or after the comparison ("the sender and receiver are from
 * different countries"); each is then its own words with the shared ones (`sender_city`). Read
 * before any thing is made of the words (a `Country` label must not become a thing here), placed
 * on the thing that holds both once the things are made. A comparison whose two sides name no two
 * values of one kind of thing is left as it was.
 */

/** At most this many items make one side, or the words the sides share. */
const SIDE_MAX = 3;

export function valuesComparedSaid(ctx: Ctx): void {
  for (let s = 0; s < ctx.items.length; s++) {
    const word = wordAt(ctx, s);
    if (!word || ctx.used.has(s) || !(SAME_VALUE.has(word) || OTHER_VALUE.has(word))) continue;
    const found = pairBefore(ctx, s) ?? pairAfter(ctx, s) ?? oneThenOther(ctx, s);
    if (!found) continue;
    const [first, last, compared] = found;
    for (let k = first; k <= last; k++) {
      const it = ctx.items[k]!;
      ctx.used.add(k);
      // No thing is made of a word that is only part of a value's name here ("from different countries").
      if (it.kind !== 'word') ctx.items[k] = { kind: 'word', token: ctx.tokens[it.from]!, from: it.from, to: it.to };
    }
    (ctx.valuesCompared ??= []).push(compared);
  }
}

/** Puts each comparison read on the thing that holds both values; declined where no thing of that kind is said. */
export function placeValuesCompared(ctx: Ctx): Unsure | undefined {
  for (const c of ctx.valuesCompared ?? []) {
    const holder = ctx.nodes.find((n) => !n.anchor && candidates(n)?.includes(c.owner)) ?? ctx.nodes.find((n) => candidates(n)?.includes(c.owner));
    if (!holder) return unsure(ctx, `I can’t tell which ${c.owner} has the ${c.a.words.join(' ')} and the ${c.b.words.join(' ')} compared here`);
    holder.label ??= c.owner;
    const said = c.op === '=' ? 'the same as' : 'different from';
    holder.conditions.push({ key: c.a.key, op: c.op, value: c.b.key, words: `${said} ${c.b.words.join(' ')}`, otherKey: c.b.key });
  }
  return undefined;
}

/** "A and B [shared] are [from] the same|different [shared]": returns the first and last item read, and the comparison. */
function pairBefore(ctx: Ctx, s: number): [number, number, ValuesCompared] | undefined {
  const [k, denied] = linksBefore(ctx, s);
  const second = sideBack(ctx, k);
  if (!second) return undefined;
  let and = second.first - 1;
  if (article(ctx.items[and])) and--;
  if (!isWord(ctx.items[and], 'and')) return undefined;
  const first = sideBack(ctx, article(ctx.items[and - 1]) ? and - 2 : and - 1);
  if (!first) return undefined;
  const after = sideForward(ctx, s + 1);
  const same = SAME_VALUE.has(wordAt(ctx, s)!) !== denied;
  const compared = resolvePair(ctx, first.words, second.words, after?.words ?? [], same ? '=' : '<>', s);
  return compared && [first.first, after?.last ?? s, compared];
}

/** "the same A and B [shared]" ("different A and B" is as often things of many kinds: not read so). */
function pairAfter(ctx: Ctx, s: number): [number, number, ValuesCompared] | undefined {
  if (!SAME_VALUE.has(wordAt(ctx, s)!)) return undefined;
  const first = sideForward(ctx, s + 1);
  if (!first || !isWord(ctx.items[first.last + 1], 'and')) return undefined;
  const second = sideForward(ctx, article(ctx.items[first.last + 2]) ? first.last + 3 : first.last + 2);
  // ("the same street as Kiln Pots" compares with a named thing: another reading.)
  if (!second || isWord(ctx.items[second.last + 1], 'as')) return undefined;
  const compared = resolvePair(ctx, first.words, second.words, [], '=', s);
  const start = isWord(ctx.items[s - 1], 'the') ? s - 1 : s;
  return compared && [start, second.last, compared];
}

/** "A [is] the same as [the] B", "A [is] different from [the] B". */
function oneThenOther(ctx: Ctx, s: number): [number, number, ValuesCompared] | undefined {
  const join = wordAt(ctx, s + 1);
  if (!(SAME_VALUE.has(wordAt(ctx, s)!) ? join === 'as' : join === 'from' || join === 'than')) return undefined;
  const second = sideForward(ctx, article(ctx.items[s + 2]) ? s + 3 : s + 2);
  const [k, denied] = linksBefore(ctx, s);
  const first = sideBack(ctx, k);
  if (!first || !second) return undefined;
  const a = propertyCalled(ctx, first.words);
  const b = propertyCalled(ctx, second.words);
  const shared = a.flatMap((p) => b.filter((q) => q.owner === p.owner && q.key !== p.key).map((q) => [p, q] as const));
  if (shared.length !== 1) return undefined;
  const [[pa, pb]] = shared as [readonly [LexProperty, LexProperty]];
  const same = SAME_VALUE.has(wordAt(ctx, s)!) !== denied;
  return [first.first, second.last, { owner: pa.owner, a: pa, b: pb, op: same ? '=' : '<>', at: s }];
}

/**
 * The two values the sides name, with the words they share: the second side's last words may be
 * shared ("sender and receiver cities"), and so may the words after the comparison ("countries").
 * Exactly one pair of two properties of one kind of thing, or none.
 */
function resolvePair(ctx: Ctx, first: string[], second: string[], after: string[], op: '=' | '<>', at: number): ValuesCompared | undefined {
  const found = new Map<string, ValuesCompared>();
  for (let cut = second.length; cut >= 1; cut--) {
    const shared = second.slice(cut);
    for (const tail of after.length > 0 ? [after, []] : [[]]) {
      const a = propertyCalled(ctx, [...first, ...shared, ...tail]);
      const b = propertyCalled(ctx, [...second.slice(0, cut), ...shared, ...tail]);
      for (const pa of a) for (const pb of b) if (pa.owner === pb.owner && pa.key !== pb.key) found.set(`${pa.owner}.${pa.key}.${pb.key}`, { owner: pa.owner, a: pa, b: pb, op, at });
      if (found.size > 0) break;
    }
    if (found.size > 0) break;
  }
  return found.size === 1 ? [...found.values()][0] : undefined;
}

/** The properties of a kind of thing called by exactly these words (their lemmas). */
function propertyCalled(ctx: Ctx, words: string[]): LexProperty[] {
  if (words.length === 0) return [];
  const said = lemmasOf(words, 'noun').join(' ');
  return ctx.lexicon.properties.filter((p) => p.ownerKind === 'label' && !p.span && [p.words, ...p.forms].some((f) => f.join(' ') === said));
}

interface Side {
  first: number;
  last: number;
  words: string[];
}

/** The content words of the side ending at item `last`, back to the first that is not one. */
function sideBack(ctx: Ctx, last: number): Side | undefined {
  let first = last;
  while (first - 1 >= 0 && last - first + 1 < SIDE_MAX && content(ctx.items[first - 1])) first--;
  return last >= 0 && content(ctx.items[last]) ? { first, last, words: wordsBetween(ctx, first, last) } : undefined;
}

/** The content words of the side starting at item `first`. */
function sideForward(ctx: Ctx, first: number): Side | undefined {
  let last = first;
  while (last + 1 < ctx.items.length && last - first + 1 < SIDE_MAX && content(ctx.items[last + 1])) last++;
  return content(ctx.items[first]) ? { first, last, words: wordsBetween(ctx, first, last) } : undefined;
}

/** A word that names something (a noun, an adjective, a schema word), never a comparison or a function word. */
function content(it: Item | undefined): boolean {
  if (!it) return false;
  if (it.kind === 'prop' || it.kind === 'agent' || it.kind === 'label') return true;
  if (it.kind !== 'word') return false;
  return ['noun', 'adj', 'proper'].includes(it.token.pos) && !SAME_VALUE.has(it.token.lower) && !OTHER_VALUE.has(it.token.lower) && !VALUES_COMPARED_LINKS.has(it.token.lower);
}

/** The words of items `first`..`last`, lower case, without a possessive ending. */
function wordsBetween(ctx: Ctx, first: number, last: number): string[] {
  const from = ctx.items[first]!.from;
  const to = ctx.items[last]!.to;
  return ctx.tokens
    .slice(from, to + 1)
    .map((t) => t.lower.replace(/[’']s?$/, ''))
    .filter((w) => w.length > 0);
}

const wordAt = (ctx: Ctx, k: number): string | undefined => tokenAt(ctx, k)?.lower;

/** Back from the comparison at `s` over the words that link it to what it is said of: where they start, and whether a denial is among them ("are not the same"). */
function linksBefore(ctx: Ctx, s: number): [number, boolean] {
  let k = s - 1;
  let denied = false;
  for (; k >= 0 && (linking(ctx, k) || ctx.items[k]!.kind === 'neg'); k--) if (ctx.items[k]!.kind === 'neg') denied = true;
  return [k, denied];
}

/** A word between the two sides and the comparison ("are", "located", "from", "the"). */
const linking = (ctx: Ctx, k: number): boolean => VALUES_COMPARED_LINKS.has(wordAt(ctx, k) ?? '');
