import type { Ctx } from './interpret-context.js';
import { isWord, isWordOf } from './interpret-context.js';
import type { Item } from '../link/links.js';
import type { LexProperty } from '../link/lexicon.js';
import { SPAN_FROM, SPAN_TO, YEAR_OR_DATE } from '../read/word-classes.js';

/**
 * "the loans with the shortest duration between start date and end date", "by duration (from 'startDate' to 'endDate')": the
 * two dates a span is between, said right after it, are its own (link/spans.ts), not values asked
 * beside it nor names to find. Marked used where they are the span's two dates, in its order. A
 * time said right after them ("… to end date in 2019") is said of both (interpret-conditions.ts).
 */
export function spanEndsSaid(ctx: Ctx): void {
  const { items } = ctx;
  items.forEach((it, i) => {
    const spanned = it.kind === 'prop' && !ctx.used.has(i) ? it.props.find((p) => p.span) : undefined;
    const span = spanned?.span;
    if (!spanned || !span) return;
    let k = i + 1;
    /** Steps past a word of `words` at k, if there is one there. */
    const past = (words: ReadonlySet<string>) => {
      const there = isWordOf(items[k], words);
      if (there) k++;
      return there;
    };
    const pastThe = () => isWord(items[k], 'the') && k++;
    if (!past(SPAN_FROM)) return;
    pastThe();
    if (!names(items[k++], span.from)) return;
    past(YEAR_OR_DATE);
    if (!past(SPAN_TO)) return;
    pastThe();
    if (!names(items[k++], span.to)) return;
    past(YEAR_OR_DATE);
    for (let j = i + 1; j < k; j++) ctx.used.add(j);
    const dates = [span.from, span.to].map((key) => ctx.lexicon.properties.find((p) => p.ownerKind === 'label' && p.owner === spanned.owner && p.key === key));
    if (dates.every((p) => p !== undefined)) (ctx.spanDates ??= new Map()).set(k, dates as LexProperty[]);
  });
}

/** Whether an item says a date's key: as the property it names, or quoted as the schema writes it. */
function names(it: Item | undefined, key: string): boolean {
  if (it?.kind === 'prop') return it.props.some((p) => p.key === key);
  return it?.kind === 'literal' && it.text === key;
}
