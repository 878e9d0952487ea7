import { START_WORDS } from '../read/cues.js';
import type { Ctx, Draft } from './interpret-context.js';
import type { LexProperty } from '../link/lexicon.js';
import { datesOf, isWord, personLike } from './interpret-context.js';
import type { Ordering } from '../meaning.js';

/** Orders in time: "the latest", "the first" read by the date the thing has (its start, the one the question names). */

/** "the first 3 movies", "the last 5 reviews": in the order of the thing's one date, when it has one. */
export function chronological(ctx: Ctx, focus: Draft): Ordering | undefined {
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
export function comparedDatesOfOthers(ctx: Ctx, focus: Draft): { node: Draft; key: string }[] {
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
export function startDate(dates: LexProperty[]): LexProperty | undefined {
  const starts = dates.filter((p) => p.words.some((w) => START_WORDS.test(w))).sort((a, b) => a.words.length - b.words.length);
  return starts.length === 1 || (starts.length > 1 && starts[0]!.words.length < starts[1]!.words.length) ? starts[0] : undefined;
}

/**
 * The date "by" names ("by end date"), when one of the thing's dates is said so: of several
 * (`end`, `end_date_format`), the one whose own words are all said. Marks the words used.
 */
export function dateNamedBy(ctx: Ctx, dates: LexProperty[]): LexProperty | undefined {
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

