import type { Token } from '../../language/analyze.js';
import type { Ctx, Draft } from './interpret-context.js';
import { isWord, isWordOf, joined, labelOf } from './interpret-context.js';
import type { Item } from '../link/links.js';
import { CORRESPONDING, HAVING_WORDS, NAME_WORDS, THEIR, THEY_THOSE, WHAT_WHO_WHICH, WHERE_WHOSE } from '../read/word-classes.js';

/**
 * Which of several things said is the one asked about, and what the others add to its answer: the
 * head of a compound ("the shop categories"), things listed beside a value of another ("the
 * names and categories of shops"), a count asked with the things counted ("how many … and what
 * are they?"), things picked by the extreme of their own value ("the films with the maximum length").
 */

/**
 * "the shop categories", "customer visits": a thing said in the singular right before another names
 * what the second is of; the second, the head of the compound, is the thing asked about.
 */
export function compoundHead(ctx: Ctx, focus: Draft, free: Draft[]): Draft {
  const it = ctx.items[focus.at];
  const next = ctx.items[focus.at + 1];
  const head = ctx.tokens[it?.from ?? -1];
  // Both nouns: "the shop reviewed by …" names a shop, whatever label the verb's noun ("review") is.
  // ("Crane models", "Shop categories": a label written with its capital, which the tagger may take for a name or a
  // verb, is the noun, and so is a plural label after it, whatever the tagger says, but for a past form.)
  const nounAt = (t: Token | undefined, capital: boolean) => t?.pos === 'noun' || (capital && t?.capitalized === true) || (!capital && t?.tags.includes('Plural') === true && !t.tags.includes('PastTense'));
  if (it?.kind !== 'label' || next?.kind !== 'label' || !head || !nounAt(head, true) || head.tags.includes('Plural') || !(nounAt(ctx.tokens[next.from], false) || next.plural)) return focus;
  // "Which user's reviews …": the possessor is what "which" asks for.
  if (head.tags.includes('Possessive') && ctx.items[focus.at - 1]?.kind === 'wh') return focus;
  return free.find((n) => n.at === focus.at + 1 && !n.implicit) ?? focus;
}

/**
 * "the names and categories of shops", "the titles, years and genres of films": a thing listed
 * beside a value of what follows "of" is a column of that thing's answer (each shop with its
 * categories), not the thing asked about. Only when the two are joined and the list starts with a value.
 */
export function listedBeside(ctx: Ctx, focus: Draft, free: Draft[]): { owner: Draft; column: { of: string; key: string; as: string } } | undefined {
  const { items } = ctx;
  const at = focus.at;
  if (items[at]?.kind !== 'label' || !(isWord(items[at - 1], 'and') || isWord(items[at - 1], ','))) return undefined;
  // The list before it holds a value ("the names and …", "names, addresses, and …").
  const value = (it: Item | undefined) => it?.kind === 'prop' || (it?.kind === 'word' && NAME_WORDS.has(it.token.lower));
  let k = at - 1;
  while (k > 0 && (isWord(items[k], 'and') || isWord(items[k], ',') || value(items[k]))) k--;
  if (!items.slice(k + 1, at).some(value)) return undefined;
  const ofAt = isWord(items[at + 1], 'of') ? at + 1 : -1;
  const owner = ofAt < 0 ? undefined : free.find((n) => n !== focus && (n.at === ofAt + 1 || (n.at === ofAt + 2 && isWord(items[ofAt + 1], 'the'))));
  const column = nameColumnOf(ctx, focus);
  if (!owner || !column || !joined(ctx, owner, focus)) return undefined;
  return { owner, column };
}

/**
 * "the shops on 'Quay St' and their categories", "movies and their directors": a kind of thing
 * said after the things asked about, with "and their"/"and the", joined to them: each one's name
 * shown beside them. Undefined when the question says none such.
 */
export function listedWithTheirs(ctx: Ctx, focus: Draft): { of: string; key: string; as: string } | undefined {
  const { items } = ctx;
  for (let k = focus.at + 1; k < items.length - 2; k++) {
    if (!isWord(items[k], 'and') || ctx.used.has(k)) continue;
    // ("and their corresponding categories", "and its respective owner": the word only says they belong to each.)
    const between = isWordOf(items[k + 2], CORRESPONDING) ? 1 : 0;
    const at = isWordOf(items[k + 1], THEIR) ? k + 2 + between : -1;
    const node = ctx.nodes.find((n) => n.at === at && n !== focus && !n.anchor && (items[at]?.kind === 'label' || items[at]?.kind === 'agent'));
    // "and their business names": the names said too.
    const names = isWordOf(items[at + 1], NAME_WORDS) ? at + 1 : at;
    // (Only where the list ends: at the end of the question or before a preposition, "… and their categories for
    // shops in Lyon"; not "and their categories include …".)
    const next = items[names + 1];
    const ends = next === undefined || (next.kind === 'word' && next.token.pos === 'prep');
    if (!node || !ends || !joined(ctx, focus, node)) continue;
    const column = nameColumnOf(ctx, node);
    if (!column) continue;
    ctx.used.add(k).add(k + 1).add(names);
    if (between) ctx.used.add(k + 2);
    // A role is shown by its word ("director"), not its holder's label ("person").
    return items[at]?.kind === 'agent' ? { ...column, as: ctx.tokens[items[at]!.from]!.lemma } : column;
  }
  return undefined;
}

/**
 * "What are the parcels where the weight is the minimum?", "Which ships have the maximum tonnage?": the
 * things listed before "where", "whose", "with" or "have" are picked by the extreme of their own value.
 */
export function pickedByExtreme(ctx: Ctx, focus: Draft, owner: string, aggAt: number): boolean {
  if (focus.id !== owner || focus.anchor || focus.at > aggAt || ctx.items[focus.at]?.kind !== 'label') return false;
  return ctx.items.slice(focus.at + 1, aggAt).some((it) => (it.kind === 'wh' && WHERE_WHOSE.has(it.word)) || (it.kind === 'word' && HAVING_WORDS.has(it.token.lower)));
}

/**
 * "How many movies did Ada act in and what are they?", "How many boats are in dock D and what models
 * are they?": a count asked with the things counted ("they"), and maybe a kind of thing joined to
 * them, shown beside each. Undefined when the question asks no such second part.
 */
export function alsoListed(ctx: Ctx, countAt: number): { column?: { of: string; key: string; as: string } } | undefined {
  const { items } = ctx;
  for (let k = countAt + 1; k < items.length - 2; k++) {
    const wh = items[k + 1];
    if (!isWord(items[k], 'and') || wh?.kind !== 'wh' || !WHAT_WHO_WHICH.has(wh.word)) continue;
    const they = items.findIndex((it, i) => i > k + 1 && i <= k + 5 && it.kind === 'word' && THEY_THOSE.has(it.token.lower));
    if (they < 0) return undefined;
    for (let i = k; i <= they; i++) if (items[i]?.kind !== 'label') ctx.used.add(i);
    const kind = ctx.nodes.find((n) => !n.anchor && n.at > k + 1 && n.at < they && n.label);
    const column = kind && nameColumnOf(ctx, kind);
    return column ? { column } : {};
  }
  return undefined;
}

/** A thing's name as a column beside another's answer, called by its label (`category`). */
export function nameColumnOf(ctx: Ctx, node: Draft): { of: string; key: string; as: string } | undefined {
  const key = node.label ? labelOf(ctx.lexicon, node.label)?.nameKey : undefined;
  return key ? { of: node.id, key, as: node.label!.toLowerCase() } : undefined;
}
