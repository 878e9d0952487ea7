import { lemmasOf } from '../../language/analyze.js';
import { FILLER_WORDS, PATH_CUES } from '../read/cues.js';
import { ASSOCIATION_VERBS, A_AN_ANY, BACK_PRONOUNS, BY_WAY_OF, EMPTY_VERBS, POSSESSIVES, THEY } from '../read/word-classes.js';
import type { Ctx } from './interpret-context.js';
import { candidates, isWord, isWordOf, labelOf, wordsOf } from './interpret-context.js';
import type { Item } from '../link/links.js';
import { identifierWords } from '../read/words.js';
import { PRONOUN_KINDS, pronounFits } from '../read/pronouns.js';

/**
 * Every content word of a question is accounted for: placed in the meaning, a function word, or
 * reported as a word the planner could not place (the question is then declined, not guessed).
 */

/** Parts of speech whose words carry content: each must be accounted for in the meaning. */
const CONTENT_POS = new Set(['noun', 'proper', 'verb', 'adj', 'other']);

/** A verb that only links what follows it to what came before, taken as such (it lowers the confidence). */
export function absorbed(ctx: Ctx, w: { text: string; at: number }): boolean {
  if (!joiningOnly(ctx, w)) return false;
  ctx.confidence -= 0.15;
  ctx.notes.push(`“${w.text}” read as joining what follows`);
  return true;
}

/** Whether a word is a verb that only links what follows it ("based in Lyon", "belong to the West Wing", "work at X"). */
export function joiningOnly(ctx: Ctx, w: { text: string; at: number }): boolean {
  const it = ctx.items[w.at];
  if (it?.kind !== 'word' || !(it.token.pos === 'verb' || (it.token.pos === 'adj' && /ed$/.test(it.token.lower)))) return false;
  // "Which categories does the shop belong to?": a preposition that ends the question links what was said before it.
  const last = ctx.items[w.at + 1];
  if (w.at + 2 === ctx.items.length && last?.kind === 'word' && last.token.pos === 'prep') {
    const before = new Set(ctx.nodes.filter((n) => n.at < w.at).map((n) => n.id));
    if (ctx.edges.some((e) => e.guessed && before.has(e.from) && before.has(e.to))) return true;
  }
  for (let k = w.at + 1; k <= Math.min(ctx.items.length - 1, w.at + 4); k++) {
    const next = ctx.items[k]!;
    const joinedHere = (next.kind === 'label' || next.kind === 'agent') && ctx.edges.some((e) => e.guessed && ctx.nodes.some((n) => n.at === k && (n.id === e.from || n.id === e.to)));
    const guessedAfter = next.kind === 'rank' && ctx.edges.some((e) => e.guessed);
    // "located on deck 3" read as the deck its things hold: the label's thing became a value.
    const readAsValue = next.kind === 'label' && !ctx.nodes.some((n) => n.at === k) && ctx.items[k + 1]?.kind === 'number' && ctx.used.has(k + 1);
    if (ctx.used.has(k) && (next.kind === 'value' || next.kind === 'entity' || next.kind === 'prop' || joinedHere || guessedAfter || readAsValue)) return true;
    // "received a 5-star rating", "at least one rating": how many or what kind, placed, before the things joined;
    // "used in yard 'North'": the kind of the named thing right after it, one thing with it.
    if (ctx.used.has(k) && (next.kind === 'number' || next.kind === 'cmp')) continue;
    if (ctx.used.has(k) && next.kind === 'label' && ctx.items[k + 1]?.kind === 'entity') continue;
    if (!(next.kind === 'word' && ['prep', 'det', 'adv'].includes(next.token.pos)) && next.kind !== 'rank' && !prepositionOnly(ctx, k)) break;
  }
  return false;
}

/** "stations connected by RAIL_LINK", "linked via a FERRY relationship": a verb of being joined before the relationship it names, which says it all. */
function joinedByNamed(ctx: Ctx, at: number): boolean {
  const t = (ctx.items[at] as Extract<Item, { kind: 'word' }>).token;
  if (!PATH_CUES.has(t.lemma) && !PATH_CUES.has(t.lower)) return false;
  let k = at + 1;
  if (!isWordOf(ctx.items[k++], BY_WAY_OF)) return false;
  if (isWordOf(ctx.items[k], A_AN_ANY) || isWord(ctx.items[k], 'the')) k++;
  return ctx.items[k]?.kind === 'rel' && ctx.used.has(k);
}

/**
 * "Show Kiln Pots and its reviews", "the shops named 'Kiln Pots' and their reviews": a possessive
 * pronoun before things joined to a thing named before it, which it can stand for, where the answer
 * shows those things (not "the shop with the most reviews and its reviews": only the shop is shown;
 * nor an unnamed thing's, whose "its" may be any of several said before).
 */
function possessiveOfJoined(ctx: Ctx, at: number, shown: ReadonlySet<string>): boolean {
  const it = ctx.items[at];
  if (it?.kind !== 'word' || !isWordOf(it, POSSESSIVES)) return false;
  const owned = ctx.nodes.find((n) => n.at === at + 1);
  if (!owned || !shown.has(owned.id)) return false;
  const earlier = new Map(ctx.nodes.filter((n) => n.at < at).map((n) => [n.id, n]));
  return ctx.edges.some((e) => {
    const other = e.from === owned.id ? earlier.get(e.to) : e.to === owned.id ? earlier.get(e.from) : undefined;
    const label = other?.anchor ? (other.label ?? other.anchor.label) : undefined;
    // "their" for things said in the plural ("the shops named …"), not one ("the kiln named 'K2' and their glazes": the glazes of what was listed).
    // (The kind may be said before the name: "the shops named 'Corner Reads'".)
    const kindSaid = other ? [other.at, other.at - 1, other.at - 2].map((k) => ctx.items[k]).find((x) => x?.kind === 'label') : undefined;
    if (isWordOf(it, THEY) && !(kindSaid?.kind === 'label' && kindSaid.plural)) return false;
    return label !== undefined && pronounFitsLabel(ctx, it.token.lower, label);
  });
}

/**
 * "Which lake has the smallest area and what is its depth?": a possessive pronoun right before a
 * property the meaning placed, of a kind of thing said before it that the pronoun can stand for
 * ("its" for a lake, "his" for a person): the property is that thing's, as "their" is.
 */
function possessiveOfProperty(ctx: Ctx, at: number): boolean {
  const it = ctx.items[at];
  const prop = ctx.items[at + 1];
  if (it?.kind !== 'word' || !isWordOf(it, POSSESSIVES) || prop?.kind !== 'prop' || !ctx.used.has(at + 1)) return false;
  return ctx.nodes.some((n) => {
    const label = n.label ?? n.anchor?.label;
    return n.at < at && label !== undefined && prop.props.some((p) => p.ownerKind === 'label' && p.owner === label) && pronounFitsLabel(ctx, it.token.lower, label);
  });
}

/** Whether a pronoun can stand for a thing of `label` ("its" for a lake, "his" for a person), as its properties say. */
const pronounFitsLabel = (ctx: Ctx, pronoun: string, label: string) => pronounFits(pronoun, label, labelOf(ctx.lexicon, label)?.properties ?? []);

/**
 * "the shop with the most tags associated with it", "… linked to them": a verb of mere association
 * and a pronoun for a thing asked about before, right after the things joined to it, restate that
 * join: accounted for, as no more than it. (A pronoun with nothing so joined stays unplaced.)
 */
export function joinRestatedByPronoun(ctx: Ctx): void {
  ctx.items.forEach((it, k) => {
    if (it.kind !== 'word' || ctx.used.has(k) || !ASSOCIATION_VERBS.has(it.token.lemma)) return;
    const prep = ctx.items[k + 1];
    const pronoun = ctx.items[k + 2];
    if (prep?.kind !== 'word' || prep.token.pos !== 'prep' || !isWordOf(pronoun, BACK_PRONOUNS)) return;
    const thing = ctx.nodes.find((n) => n.at === k - 1);
    if (!thing) return;
    const earlier = new Set(ctx.nodes.filter((n) => n.at < thing.at).map((n) => n.id));
    if (!ctx.edges.some((e) => (e.from === thing.id && earlier.has(e.to)) || (e.to === thing.id && earlier.has(e.from)))) return;
    ctx.used.add(k).add(k + 1).add(k + 2);
  });
}

/** A relationship item that is one preposition ("in" for `IN`), not used: only a preposition. */
function prepositionOnly(ctx: Ctx, at: number): boolean {
  const it = ctx.items[at];
  return it?.kind === 'rel' && !ctx.used.has(at) && it.from === it.to && ctx.tokens[it.from]?.pos === 'prep';
}

/** The words of the naming properties of the things in play ("title" of movies, "name" of people). */
function namingWords(ctx: Ctx): Set<string> {
  const labels = new Set(ctx.nodes.flatMap((n) => candidates(n) ?? []));
  return new Set(ctx.lexicon.labels.filter((l) => labels.has(l.label)).flatMap((l) => lemmasOf(identifierWords(l.nameKey), 'noun')));
}

/** `shown`: the things the answer shows, once the meaning is made. */
export function unplacedWords(ctx: Ctx, shown: ReadonlySet<string> = new Set()): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  const naming = namingWords(ctx);
  ctx.items.forEach((it, i) => {
    if (ctx.used.has(i)) return;
    if (it.kind === 'word') {
      const t = it.token;
      if (possessiveOfJoined(ctx, i, shown) || possessiveOfProperty(ctx, i)) return;
      // "How many projects does she lead?" with no one to be "she": the question is about someone not named.
      if (t.lower in PRONOUN_KINDS && !(THEY.has(t.lower) && ctx.nodes.some((n) => n.at < i && !n.anchor))) {
        out.push({ text: t.text, at: i });
        return;
      }
      if (it.modifier || !CONTENT_POS.has(t.pos) || FILLER_WORDS.has(t.lower) || FILLER_WORDS.has(t.lemma) || t.lower.length <= 1) return;
      // "… and their titles": what names the things in play, which every answer shows.
      if (naming.has(t.lemma) || naming.has(t.lower)) return;
      if (t.pos === 'verb' && EMPTY_VERBS.has(t.lemma)) return;
      if (joinedByNamed(ctx, i)) return;
      out.push({ text: t.text, at: i });
    } else if (it.kind === 'number' && !it.ordinal) {
      // A number nothing took ("gate 7", "deck 3") would widen the answer to everything: never dropped.
      out.push({ text: wordsOf(ctx, i), at: i });
    } else if (it.kind === 'rel' && prepositionOnly(ctx, i)) {
      // A relationship named by a preposition (`IN`) that joins nothing here: the word is the preposition.
    } else if (it.kind === 'neg' || it.kind === 'label' || it.kind === 'prop' || it.kind === 'value' || it.kind === 'rel' || it.kind === 'literal' || it.kind === 'agent' || it.kind === 'cmp' || it.kind === 'count') {
      // A denial nothing took ("no", "never", "without") is never dropped: the answer would say the opposite.
      // A comparison left over ("or more" with nothing to compare) is reported, never dropped.
      out.push({ text: wordsOf(ctx, i), at: i });
    }
  });
  return out;
}
