import type { Ctx } from './interpret-context.js';
import type { LexProperty, LexValue } from '../link/lexicon.js';
import { isWordOf, joinsBetween, labelOf, personLike, pluralLabel, saysLabel } from './interpret-context.js';
import type { Item, NamedThing } from '../link/links.js';
import { fold } from '../../language/analyze.js';
import { FROM_IN_AT, IN_ON_AT, PLACE_LINKS, PRONOUN, VALUE_LINKS } from '../read/word-classes.js';

/**
 * A name right after a text property the question names is that property's value, not the thing
 * so named: "parcels with a sender country of 'Norway'", "parcels whose destination city is
 * Lyon", "the sender country 'Norway'" compare the property, even where a node is called Norway
 * too, when it stands after "of", "is", "as", "equals", a colon or nothing. After words of place
 * ("a payer bank from Norway", "where the payer bank is located in Norway") the same holds when
 * a text property of those things, called by every word said, holds the name as a value
 * (`payer_bank_country`): the value found is the condition, on the property that holds it. Not
 * when the named thing has such a property itself ("the address of Harbour Museum", "Which city
 * is it in?" ask its own). Runs before the things are made, turning the name into the text it compares.
 */

/** Most link words between the property and the name ("is located in the"). */
const LINKS_MAX = 3;

export function namesAsPropertyValues(ctx: Ctx): void {
  const { items } = ctx;
  items.forEach((it, i) => {
    if (it.kind !== 'entity') return;
    let k = i - 1;
    const the = items[k];
    if (the?.kind === 'word' && the.token.lower === 'the') k--;
    let ofPlace = false;
    for (let n = 0; n < LINKS_MAX; n++) {
      const link = items[k];
      if (link?.kind !== 'word' || !(VALUE_LINKS.has(link.token.lower) || PLACE_LINKS.has(link.token.lower))) break;
      ofPlace ||= PLACE_LINKS.has(link.token.lower);
      k--;
    }
    const prop = items[k];
    if (prop?.kind !== 'prop') return;
    const owners = new Set(prop.props.filter((p) => p.ownerKind === 'label' && p.kind === 'text').map((p) => p.owner));
    // "the address of Harbour Museum", "Which city is it in?": the named thing's own property, asked.
    if (owners.has(it.entity.label) || PRONOUN.has(it.entity.mention.trim().toLowerCase())) return;
    const text = fold(it.entity.name) === fold(it.entity.mention) ? it.entity.name : it.entity.mention;
    const held = heldValue(ctx, prop, it.entity, text);
    if (held) {
      // The value as the graph holds it, compared on its property; the property's words and the links said only that.
      items[i] = { kind: 'value', values: [held], from: it.from, to: it.to };
      for (let at = k; at < i; at++) ctx.used.add(at);
    } else if (ofPlace || owners.size === 0) return;
    else items[i] = { kind: 'literal', text, from: it.from, to: it.to };
    ctx.notes.push(`read ${it.entity.mention} as a value of ${(held?.property ?? prop.props[0]!).key}, not as the ${it.entity.label} so named`);
  });
}

/**
 * The value as held by the one text property, of a label the property said belongs to, whose
 * words include every word said: known among its recurring values, or, where it has too many to
 * keep, named by the words said and the named thing's label ("payer bank" and a `Country`:
 * `payer_bank_country`).
 */
function heldValue(ctx: Ctx, prop: Extract<Item, { kind: 'prop' }>, entity: NamedThing, value: string): LexValue | undefined {
  const said = ctx.tokens.slice(prop.from, prop.to + 1).map((t) => t.lemma);
  const owners = new Set(prop.props.filter((p) => p.ownerKind === 'label').map((p) => p.owner));
  const fits = (p: LexProperty) => p.ownerKind === 'label' && owners.has(p.owner) && p.kind === 'text' && said.every((w) => p.words.includes(w));
  const held = (ctx.lexicon.values.get(fold(value)) ?? []).filter((v) => fits(v.property));
  if (held.length > 0) return new Set(held.map((v) => v.property)).size === 1 ? held[0] : undefined;
  const kind = new Set([...said, ...(labelOf(ctx.lexicon, entity.label)?.words ?? [])]);
  const named = ctx.lexicon.properties.filter((p) => fits(p) && p.values.length === 0 && p.words.length > said.length && p.words.every((w) => kind.has(w)));
  return named.length === 1 ? { property: named[0]!, value } : undefined;
}

/**
 * "sheds in row 3", "seats on deck 2": a kind of thing and a number after "in", "on" or "at",
 * where the thing said before has a number property called as that kind (`Shed.row`) and no
 * relationship joins the two kinds, is that property's value on it, not a thing of that kind
 * joined to something else. Runs before the things are made, turning the kind's word into the
 * property's.
 */
export function kindsAsNumberedProperties(ctx: Ctx): void {
  const { items } = ctx;
  items.forEach((it, i) => {
    const where = items[i - 1];
    const thing = items[i - 2];
    if (it.kind !== 'label' || items[i + 1]?.kind !== 'number' || !isWordOf(where, IN_ON_AT) || thing?.kind !== 'label') return;
    const props = ctx.lexicon.properties.filter((p) => p.owner === thing.label.label && (p.kind === 'number' || p.kind === 'mixed') && p.ownerKind === 'label' && saysLabel(p, it.label.label));
    // Where a relationship joins the two kinds ("bollards on pier 1", a pier holding them), the pier is a thing of its own.
    if (props.length !== 1 || thing.label.label === it.label.label || joinsBetween(ctx.lexicon, thing.label.label, it.label.label).length > 0) return;
    items[i] = { kind: 'prop', props, from: it.from, to: it.to };
    ctx.notes.push(`read ${it.label.label.toLowerCase()} as the ${props[0]!.key} of the ${thing.label.label}, not as a thing of its own`);
  });
}

/**
 * "members from 'Kent'" where the value is a shop's `county`: said of people, it is their own
 * property of that key when they have one, and otherwise nothing the graph says of them, so
 * the question is declined (the reason returned) rather than the value moved onto the shops.
 * (Said of other things, "reviews in 'Oslo'", it may be where what they are of is.)
 */
export function saidOfAnother(ctx: Ctx, i: number, value: LexValue): LexValue | string {
  const thing = ctx.items[i - 2];
  const node = ctx.nodes.find((n) => n.at === i - 2 && n.label && !n.anchor);
  if (!isWordOf(ctx.items[i - 1], FROM_IN_AT) || (thing?.kind !== 'label' && thing?.kind !== 'agent') || !node?.label || value.property.ownerKind !== 'label' || value.property.owner === node.label) return value;
  // Where people are from is their own; "reviews in 'Oslo'", "categories in 'Oslo'" may well be where the things they are of are.
  if (!personLike(ctx.lexicon, node.label)) return value;
  const own = ctx.lexicon.properties.find((p) => p.ownerKind === 'label' && p.owner === node.label && p.key === value.property.key);
  if (own) return { property: own, value: value.value };
  const kind = labelOf(ctx.lexicon, node.label);
  const key = value.property.words.join(' ') || value.property.key;
  return `the graph records no ${key} of ${pluralLabel(kind)}: “${value.value}” is the ${key} of some ${pluralLabel(labelOf(ctx.lexicon, value.property.owner))}`;
}
