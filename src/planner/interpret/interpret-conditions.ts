import type { Token } from '../../language/analyze.js';
import { EQUALITY_LEADS } from '../read/cues.js';
import { A_AN_ANY, DAY_WORDS, EACH_WORDS, HAVE_WORDS, MENTIONED, RANGE_JOINERS, SORTS_OF_COUNTED, TEXT_ANNOUNCERS, TEXT_WORDS, WITHIN } from '../read/word-classes.js';
import { placeLiteral } from './interpret-places.js';
import { saidOfAnother } from './named-values.js';
import type { Ctx, Unsure } from './interpret-context.js';
import { denialBefore, useDenialsBefore, fits, isWord, isWordOf, ownerNode, pick, relationshipInReach, settle, unsure, wordsOf } from './interpret-context.js';
import type { Item } from '../link/links.js';
import type { LexProperty } from '../link/lexicon.js';
import type { Value } from './condition-parts.js';
import type { CompareOp } from '../meaning.js';
import { constructionTable, readFirst } from './construction.js';
import { attach, conditionsFor, cueWords, describeValue, isLimit, isMoment, markPropertyWord, negatedBefore, numberBeforeProperty, numberedProperty, numberedThing, propertyAfter, propertyFor, textPropertyFor, valueAt, whichDate } from './condition-parts.js';

/**
 * Conditions, one construction each (tried in order at each word not used yet): a range, a
 * comparison (of a value, a count, a date), a text contained, a text of a place, a quoted value,
 * a recurring value, a flag, whether a property is recorded. Each is attached to the thing (or
 * relationship) whose property it compares, chosen by the words around it (condition-parts.ts).
 */

/** What a construction did with the item at `i`: placed it (or knowingly passed over it), gave up on the question, or nothing (not this construction). */
type Placed = 'placed' | Unsure | undefined;
/** A construction of a condition: where its pattern starts at the item `i`, it places what the words say on the meaning. */
type ConditionConstruction = (at: { ctx: Ctx; i: number }) => Placed;

/** "between 10 and 20 (years of experience)", "between 2005 and 2010", "from 1980 to 2005": both ends of a range. */
const rangeBetween: ConditionConstruction = ({ ctx, i }) => {
  const { items } = ctx;
  const it = items[i]!;
  const from = it.kind === 'cmp' && it.cue.words.length === 1 && it.cue.words[0] === 'from';
  if ((it.kind === 'word' && it.token.lower === 'between') || from) {
    const a = valueAt(ctx, i + 1);
    const and = items[(a?.end ?? i) + 1];
    const b = a && and?.kind === 'word' && RANGE_JOINERS.has(and.token.lower) && !(from && and.token.lower === 'and') ? valueAt(ctx, a.end + 2) : undefined;
    if (a && b && a.value.kind === 'number' && b.value.kind === 'number') {
      const prop = propertyFor(ctx, i, b.end, a.value);
      if (!prop) return unsure(ctx, `I can’t tell what ${a.value.value} and ${b.value.value} are`);
      const words = from ? `from ${a.value.value} to ${b.value.value}` : `between ${a.value.value} and ${b.value.value}`;
      const lo = conditionsFor(prop, '>=', a.value, words);
      const hi = conditionsFor(prop, '<=', b.value, words);
      if (!lo || !hi || !attach(ctx, i, prop, [...lo, ...hi])) return unsure(ctx, `I can’t compare ${prop.key} with ${a.value.value}`);
      for (let k = i; k <= b.end; k++) ctx.used.add(k);
      return 'placed';
    }
  }
  return undefined;
};

/** A comparison or a number, a decade or a date: "more than 5 movies", "floor 5 or higher", "in the 1990s", "whose name starts with A". */
const comparison: ConditionConstruction = ({ ctx, i }) => {
  const { items } = ctx;
  const it = items[i]!;
  if (!(it.kind === 'cmp' || (it.kind === 'number' && !it.ordinal) || it.kind === 'decade' || it.kind === 'date')) return undefined;
  // "floor 5 or higher", "480 seats or more": the comparison after the number (and the word of what it counts).
  // ("a capacity of 256 or more": after an equality cue's number.)
  const ofNumber = it.kind === 'cmp' && it.cue.op === '=' && !it.cue.text && items[i + 1]?.kind === 'number' ? 1 : 0;
  const between = ofNumber || items[i + 1]?.kind === 'prop' || items[i + 1]?.kind === 'label' ? 1 : 0;
  // ("a score of 4 stars or more" of a guesthouse's stars: the property said before it, said again after its number as its unit.)
  const restated = ofNumber && restatesProperty(items[i - 1], items[i + 2]) ? 1 : 0;
  const next = items[i + 1 + between + restated];
  const postfixAt = i + 1 + between + restated;
  const postfix = (it.kind !== 'cmp' || ofNumber) && next?.kind === 'cmp' && next.cue.words[0] === 'or' ? next.cue.op : undefined;
  const op: CompareOp = it.kind === 'cmp' ? (postfix ?? it.cue.op) : (postfix ?? '=');
  // "containing the word 'journey'": past the words that only announce the text.
  let from = i + 1;
  if (it.kind === 'cmp' && it.cue.text) {
    while (items[from]?.kind === 'word' && TEXT_ANNOUNCERS.has((items[from] as { token: Token }).token.lower) && items[from + 1]) {
      ctx.used.add(from);
      from++;
    }
  }
  const v = it.kind === 'cmp' ? valueAt(ctx, from) : valueAt(ctx, i);
  if (!v) {
    // A text comparison with a bare word ("whose name starts with A").
    const bare = items[from];
    if (it.kind === 'cmp' && it.cue.text && bare?.kind === 'word' && !['det', 'prep', 'conj', 'aux', 'wh'].includes(bare.token.pos)) {
      const word = bare.token.text;
      const prop = textPropertyFor(ctx, i);
      if (prop && attach(ctx, i, prop, [{ key: prop.key, op, value: word, words: `${cueWords(ctx, it)} ${word}` }])) ctx.used.add(i).add(from);
    }
    return 'placed';
  }
  // "inspected more than once", "reviewed 3 times": how many things at the other end of the verb said before.
  const often = items[v.end];
  if (often?.kind === 'number' && often.times) return howOften(ctx, i, v.end, op, `${it.kind === 'cmp' ? `${cueWords(ctx, it)} ` : ''}${wordsOf(ctx, v.end)}`);
  // A number that says how many to list, not a condition: "top 3", "the 5 cheapest", "first 10".
  if (it.kind === 'number' && !postfix && isLimit(ctx, i)) return 'placed';
  // "more than 5 other persons", "at least 3 different movies": the thing counted comes after such a word.
  const sortWord = items[v.end + 1];
  const countedAt = v.end + 1 + (sortWord?.kind === 'word' && SORTS_OF_COUNTED.has(sortWord.token.lower) ? 1 : 0);
  const counted = items[countedAt];
  // "names of 3 persons" says how many to list; "more than 5 movies" is how many related things.
  if (it.kind === 'cmp' && it.cue.numberOnly && it.cue.op === '=' && (counted?.kind === 'label' || counted?.kind === 'agent')) {
    ctx.used.add(i);
    return 'placed';
  }
  const words = postfix && next?.kind === 'cmp' ? `${describeValue(v.value)} ${cueWords(ctx, next)}` : `${it.kind === 'cmp' ? `${cueWords(ctx, it)} ` : ''}${describeValue(v.value)}`;
  // "with at least 2 reviews": a relationship's noun counts the things at its other end.
  const countable = counted?.kind === 'label' || counted?.kind === 'agent' || (counted?.kind === 'rel' && ctx.tokens[counted.from]!.pos === 'noun');
  if (v.value.kind === 'number' && !v.value.year && countable) {
    const node = ctx.nodes.find((n) => n.at === countedAt && (counted.kind !== 'rel' || n.implicit));
    if (node) {
      if (countedAt > v.end + 1) ctx.used.add(v.end + 1);
      const verb = items[i - 1];
      const byVerb = verb?.kind === 'rel' && !verb.event && ctx.tokens[verb.from]!.pos === 'verb';
      ctx.having.push({ count: node.id, op, value: v.value.value, words, ...(byVerb ? { byVerb: true } : {}) });
      for (let k = i; k <= v.end; k++) ctx.used.add(k);
      if (postfix) ctx.used.add(postfixAt);
      return 'placed';
    }
  }
  if (v.value.kind === 'text') {
    const prop = it.kind === 'cmp' && it.cue.text ? textPropertyFor(ctx, i) : textPropertyFor(ctx, i, true);
    if (!prop) return unsure(ctx, `I can’t tell which value “${v.value.text}” is compared with`);
    if (!attach(ctx, i, prop, [{ key: prop.key, op, value: v.value.text, words, exact: true }])) return unsure(ctx, `I can’t tell which thing “${v.value.text}” is about`);
    for (let k = i; k <= v.end; k++) ctx.used.add(k);
    return 'placed';
  }
  // "gate 7", "deck 3", "berth 12": a number right after a kind of thing is the number the thing is known by.
  if (it.kind === 'number' && op === '=' && !postfix && (numberedThing(ctx, i, v.value) || numberedProperty(ctx, i, v.value))) return 'placed';
  // "with 5 stars", "5-star reviews", "4 stars or higher": a number right before a number property's words is its value.
  if (it.kind === 'number' && !it.year && numberBeforeProperty(ctx, i, v.value, op)) {
    if (postfix) ctx.used.add(postfixAt);
    return 'placed';
  }
  // A bare number that is not a year compares nothing by itself ("Apollo 13" is a name, found as one).
  if (it.kind === 'number' && op === '=' && !it.year && !postfix) return 'placed';
  // "the duration from start date to end date in 2019": both dates in it.
  const both = v.value.kind !== 'number' || v.value.year ? ctx.spanDates?.get(i) : undefined;
  if (both) {
    const each = both.map((p) => ({ p, conditions: conditionsFor(p, op, v.value, words) }));
    if (each.every((x) => x.conditions && attach(ctx, i, x.p, x.conditions))) {
      for (let k = i; k <= v.end; k++) ctx.used.add(k);
      return 'placed';
    }
  }
  const prop = propertyFor(ctx, i, v.end, v.value) ?? otherBound(ctx, i, v.value);
  if (!prop) {
    const open = whichDate(ctx, i, v.value, words);
    return open ? { ok: false, reason: open.reason, unplaced: [], choices: open.choices } : unsure(ctx, `I can’t tell what ${describeValue(v.value)} is about here`);
  }
  // "a duration of more than 30 days": a span is counted in days, the unit said after the number.
  const unit = prop.span && isWordOf(items[v.end + 1], DAY_WORDS) ? v.end + 1 : undefined;
  const conditions = conditionsFor(prop, op, v.value, unit === undefined ? words : `${words} days`);
  if (!conditions || !attach(ctx, i, prop, conditions)) return unsure(ctx, `I can’t compare ${prop.key} with ${describeValue(v.value)}`);
  for (let k = i; k <= v.end; k++) ctx.used.add(k);
  if (unit !== undefined) ctx.used.add(unit);
  if (postfix) ctx.used.add(postfixAt);
  if (restated) ctx.used.add(i + 2);
  ctx.compared = { prop, end: v.end, moment: isMoment(v.value) };
  return 'placed';
};

/**
 * "an area over 5 and under 20", "started after 2001 and before 2005": a comparison right after
 * "and" and another comparison of a value of the same sort is the other bound of that one's property.
 */
function otherBound(ctx: Ctx, at: number, value: Value): LexProperty | undefined {
  const last = ctx.compared;
  const cue = ctx.items[at];
  if (!last || cue?.kind !== 'cmp' || last.end !== at - 2 || !isWord(ctx.items[at - 1], 'and') || last.moment !== isMoment(value)) return undefined;
  ctx.used.add(at - 1);
  return last.prop;
}

/** Whether two property words name one property: "a score of 4 stars", where "score" is the stars. */
function restatesProperty(before: Item | undefined, after: Item | undefined): boolean {
  return before?.kind === 'prop' && after?.kind === 'prop' && before.props.some((p) => after.props.includes(p));
}

/** "with the word 'love' in their tagline", "'voyage' mentioned in the blurb": the text contains it. */
const textContained: ConditionConstruction = ({ ctx, i }) => {
  const { items } = ctx;
  const it = items[i]!;
  const lead = items[i - 1];
  const saidIn = isWordOf(items[i + 1], MENTIONED) ? 1 : 0;
  const inWord = isWordOf(items[i + 1 + saidIn], WITHIN);
  if (it.kind === 'literal' && ((lead?.kind === 'word' && TEXT_WORDS.has(lead.token.lower)) || (saidIn && inWord))) {
    const within = inWord ? items.slice(i + 2 + saidIn, i + 5 + saidIn).findIndex((x) => x.kind === 'prop') : -1;
    const at = within >= 0 ? i + 2 + saidIn + within : -1;
    const named = at >= 0 ? pick(ctx, (items[at] as Extract<Item, { kind: 'prop' }>).props.filter((p) => p.kind === 'text' || p.kind === 'list'), at) : undefined;
    const prop = named ?? (saidIn ? undefined : textPropertyFor(ctx, i - 1));
    if (prop && attach(ctx, i, prop, [{ key: prop.key, op: 'contains', value: it.text, words: `containing “${it.text}”`, exact: true }])) {
      ctx.used.add(i).add(saidIn ? i + 1 : i - 1);
      if (at >= 0 && named) for (let k = i + 1; k <= at; k++) ctx.used.add(k);
      return 'placed';
    }
  }
  return undefined;
};

/** "located on 'Quay St'": part of a place property's text. */
const placeText: ConditionConstruction = ({ ctx, i }) => {
  const { items } = ctx;
  const it = items[i]!;
  if (it.kind === 'literal' && placeLiteral(ctx, i)) return 'placed';
  return undefined;
};

/** A quoted value after a property word: "the motto 'ever onward'", "a note stating 'handle with care'". */
const quotedValue: ConditionConstruction = ({ ctx, i }) => {
  const { items } = ctx;
  const it = items[i]!;
  if (it.kind === 'literal') {
    const after = propertyAfter(ctx, i);
    const prop = textPropertyFor(ctx, i, true) ?? after?.prop;
    if (!prop || !attach(ctx, i, prop, [{ key: prop.key, op: '=', value: it.text, words: `“${it.text}”` }])) return 'placed';
    ctx.used.add(i);
    if (after?.prop === prop) ctx.used.add(after.at);
    // The words that led to it ("stating", "reading") said only that.
    for (let k = i - 1; isWordOf(items[k], EQUALITY_LEADS); k--) ctx.used.add(k);
    return 'placed';
  }
  return undefined;
};

/** A recurring value ("in Portugal", "Dermatology", "pending"): its property on the thing that has it. */
const recurringValue: ConditionConstruction = ({ ctx, i }) => {
  const { items } = ctx;
  const it = items[i]!;
  if (it.kind === 'value') {
    const choices = it.values.filter((v) => (v.property.ownerKind === 'label' ? ctx.nodes.some((n) => fits(n, v.property.owner)) : true));
    const found = choices.find((v) => v.property.ownerKind === 'label' && ownerNode(ctx, i, v.property)) ?? choices.find((v) => v.property.ownerKind === 'relationship') ?? choices[0];
    if (!found) return 'placed';
    const chosen = saidOfAnother(ctx, i, found);
    if (typeof chosen === 'string') return unsure(ctx, chosen);
    // "Who is the head cook?": nothing else says what "who" is; the value's property does.
    const who = ctx.nodes.find((n) => n.who && !n.label && !n.labels);
    if (who && chosen.property.ownerKind === 'label' && !ownerNode(ctx, i, chosen.property)) settle(who, chosen.property.owner);
    // "departments with no intro courses": the denial is of the courses so qualified (the join), not of the value.
    const qualifies = items[i + 1]?.kind === 'label' && ownerNode(ctx, i, chosen.property)?.at === i + 1;
    const negated = negatedBefore(items, i) && !qualifies;
    if (attach(ctx, i, chosen.property, [{ key: chosen.property.key, op: negated ? '<>' : '=', value: chosen.value, words: `${negated ? 'not ' : ''}${chosen.value}` }])) {
      ctx.used.add(i);
      if (negated) useDenialsBefore(ctx, i);
      markPropertyWord(ctx, i, chosen.property);
    }
    return 'placed';
  }
  return undefined;
};

/** A flag: "active accounts", "Which trials are recruiting?", "on call", "not insured". */
const flag: ConditionConstruction = ({ ctx, i }) => {
  const { items } = ctx;
  const it = items[i]!;
  if (it.kind !== 'prop') return undefined;
  // (A relationship's flag may come before its relationship is joined: "books that have not been returned".)
  const flag = it.props.find((p) => p.kind === 'boolean' && (p.ownerKind === 'label' ? ctx.nodes.some((n) => fits(n, p.owner)) : ctx.edges.some((e) => e.type === p.owner) || relationshipInReach(ctx, p.owner)));
  if (flag) {
    const negated = negatedBefore(items, i);
    if (attach(ctx, i, flag, [{ key: flag.key, op: '=', value: !negated, words: `${negated ? 'not ' : ''}${wordsOf(ctx, i)}` }])) {
      ctx.used.add(i);
      useDenialsBefore(ctx, i);
    }
    return 'placed';
  }
  return undefined;
};

/** "movies that have a tagline", "books without an ISBN": whether a property is recorded. */
const recorded: ConditionConstruction = ({ ctx, i }) => {
  const { items } = ctx;
  const it = items[i]!;
  if (it.kind !== 'prop') return undefined;
  // "movies that have a tagline": the property is recorded.
  const prev = items[i - 1];
  const prev2 = items[i - 2];
  const has = (x: Item | undefined) => x?.kind === 'word' && HAVE_WORDS.has(x.token.lower);
  const nextIt = items[i + 1];
  // "suppliers that do not have a website", "books without an ISBN", "with no summary": the property is not recorded.
  // (Only joining words stand between a denial and its property: "are without a motto" too.)
  const denial = denialBefore(ctx, i);
  const denied = denial !== undefined;
  if ((denied || has(prev) || (prev?.kind === 'word' && A_AN_ANY.has(prev.token.lower) && has(prev2))) && !(nextIt?.kind === 'cmp' || nextIt?.kind === 'number' || nextIt?.kind === 'literal' || nextIt?.kind === 'value')) {
    // (A flag denied is false, never "not recorded": the flag construction reads it.)
    const p = pick(ctx, it.props.filter((x) => x.kind !== 'boolean'), i);
    // Said as asked: "with a motto", "with roles".
    const said = `${ctx.tokens[it.to]?.tags.includes('Plural') ? '' : 'a '}${wordsOf(ctx, i)}`;
    const condition = { key: p?.key ?? '', op: 'exists' as const, value: !denied, words: `${denied ? 'without' : 'with'} ${said}` };
    if (p && attach(ctx, i, p, [condition])) {
      ctx.used.add(i);
      if (denied) ctx.used.add(denial);
      return 'placed';
    }
  }
  return undefined;
};

/**
 * "vessels inspected more than once", "captains who inspected vessels twice": how often is how
 * many things the relationship said last before it reaches from each thing at its near end (the
 * thing it reaches said later, or left unnamed). Declined where that thing is named.
 */
function howOften(ctx: Ctx, from: number, to: number, op: CompareOp, words: string): 'placed' | Unsure {
  const edge = ctx.edges.filter((e) => e.at < from && !e.negated).sort((a, b) => b.at - a.at)[0];
  const ends = edge ? ctx.nodes.filter((n) => n.id === edge.from || n.id === edge.to).sort((a, b) => a.at - b.at) : [];
  // ("ports visited more than once" where `Visit` is a label: the thing said as the verb is counted, joined later.)
  const saidAsVerb = ctx.nodes.filter((n) => n.at < from && n.at > (edge?.at ?? -1) && ctx.items[n.at]?.kind === 'label' && ctx.tokens[ctx.items[n.at]!.from]?.pos === 'verb').sort((a, b) => b.at - a.at)[0];
  const counted = saidAsVerb ?? ends[1];
  // (Another thing of the same kind in the question, "the reviews of shops reviewed twice": which are counted is not said.)
  const twin = counted && ctx.nodes.some((n) => n !== counted && n.label !== undefined && n.label === counted.label);
  if (!counted || counted.anchor || twin) return unsure(ctx, `I can’t tell what “${words}” counts here`);
  // "visited by each guest more than once": how often per pair of things, which one count per thing asked about is not.
  const each = ctx.items.findIndex((x, k) => k > Math.min(counted.at, edge?.at ?? counted.at) && k < from && isWordOf(x, EACH_WORDS));
  if (each >= 0) return unsure(ctx, `I can’t yet count “${words}” for ${wordsOf(ctx, each)} ${wordsOf(ctx, each + 1)} separately`);
  const value = (ctx.items[to] as { value: number }).value;
  ctx.having.push({ count: counted.id, op, value, words, times: true });
  for (let k = from; k <= to; k++) ctx.used.add(k);
  return 'placed';
}

/** The constructions of conditions, tried in this order at each item not used yet; the first that applies places it. */
export const CONDITION_CONSTRUCTIONS = constructionTable('condition', { rangeBetween, comparison, textContained, placeText, quotedValue, recurringValue, flag, recorded });

export function placeConditions(ctx: Ctx): Unsure | { ok: true } {
  for (let i = 0; i < ctx.items.length; i++) {
    if (ctx.used.has(i)) continue;
    const placed = readFirst(CONDITION_CONSTRUCTIONS, { ctx, i });
    if (placed !== undefined && placed !== 'placed') return placed;
  }
  return { ok: true };
}
