import { createHash } from 'node:crypto';
import type { Token } from '../../language/analyze.js';
import { DIFFERENCE } from '../read/word-classes.js';
import { placeConditions } from './interpret-conditions.js';
import { NAMED_TOGETHER_CONSTRUCTIONS, ROLES_TOGETHER_CONSTRUCTIONS } from './interpret-coordination.js';
import type { Ctx, OpenReading, Unsure } from './interpret-context.js';
import { unsure, wordsOf } from './interpret-context.js';
import { comparedWithNamed, comparisonUnread, sameAs, sharedComparisonValue, WHOLE_FORM_CONSTRUCTIONS } from './interpret-forms.js';
import { readFirst } from './construction.js';
import { joinComponents } from './interpret-joins.js';
import { readLimitRequest } from './interpret-limit.js';
import { placeVerbsSaid } from './interpret-places.js';
import { shape } from './interpret-shape.js';
import { placeAgent, placeRelationship } from './relationship-constructions.js';
import { inVerbSlot, joinAlternatives, supportsProperty, verbAlternatives } from './interpret-verbs.js';
import type { Item } from '../link/links.js';
import type { Lexicon } from '../link/lexicon.js';
import { kindsAsNumberedProperties, namesAsPropertyValues } from './named-values.js';
import { countsOfOwners, havingWritten } from './nested-counts.js';
import { mergeRepeatedMentions } from './repeated-mentions.js';
import { doubledThroughUnnamed, makeNodes, otherThings, stepsOfAdjectiveUnsaid } from './things-named.js';
import { absorbed, joinRestatedByPronoun, joiningOnly, unplacedWords } from './words-accounted.js';
import type { Meaning } from '../meaning.js';
import type { NumberedOne } from './numbered-one.js';
import { asksToChange } from '../resolve/understand.js';
import { PRONOUN_KINDS } from '../read/pronouns.js';
import { withSpans } from '../link/spans.js';
import { spanEndsSaid } from './span-ends.js';
import { placeValuesCompared, valuesComparedSaid } from './values-compared.js';
import { groupedMeaning, markValueGroups, valueGroupsSaid } from './value-groups.js';

/**
 * From linked words to a meaning: which things the question is about (its nodes), how they are
 * joined (each relationship word joins the nearest things its schema pattern fits), which
 * conditions hold on which of them (each attached to the thing its words modify), what is asked
 * of the focus, and in which order. Every content word must be placed; a word that is not, or
 * a choice the words do not settle, makes the reading unsure instead of a guess.
 */

export interface Reading {
  meaning: Meaning;
  /** 0..1: how the words were linked (exact schema words, joins the question did not name). */
  confidence: number;
  /** What each linked word was taken to mean, for curators. */
  mappings: { word: string; to: string; kind: 'label' | 'relationship' | 'property' | 'value' | 'synonym'; guessed: boolean }[];
  /** A choice to offer only when more things match than the meaning's limit ("the top 5 …" with nothing to rank by). */
  ifMany?: OpenReading;
  /** One thing said by a number, to ask about when several things have it ("rack 1"). */
  ifSeveral?: NumberedOne;
}

export type Interpretation = { ok: true; reading: Reading } | Unsure;

/**
 * Below this, a reading is not run on its own: the service says what it guessed and offers the
 * reading as a choice to confirm, beside "none of these".
 */
export const CONFIDENCE_MIN = 0.6;

const CONFIRMATION = 'reading:';

/** The id a confirmed low-confidence reading is chosen by: the same question reads to the same meaning. */
function confirmationId(meaning: Meaning): string {
  return `${CONFIRMATION}${createHash('sha256').update(JSON.stringify(meaning)).digest('hex').slice(0, 16)}`;
}

export function interpret(tokens: Token[], items: Item[], lexicon: Lexicon, chosen: string[] = []): Interpretation {
  if (asksToChange(tokens, items)) {
    return { ok: false, reason: 'I only read the knowledge graph: I can’t change it', unplaced: [], scope: 'instruction' };
  }
  const ctx: Ctx = { tokens, items, lexicon, used: new Set(), nodes: [], edges: [], having: [], pending: [], distinct: [], notes: [], confidence: 0.95, chosen };
  trustRelatedWords(ctx);
  readLimitRequest(ctx);
  namesAsPropertyValues(ctx);
  kindsAsNumberedProperties(ctx);
  spanEndsSaid(ctx);
  valuesComparedSaid(ctx);
  valueGroupsSaid(ctx);
  makeNodes(ctx);
  markValueGroups(ctx);
  const compared = placeValuesCompared(ctx);
  if (compared) return compared;
  const roles = readFirst(ROLES_TOGETHER_CONSTRUCTIONS, ctx);
  if (roles) return roles;
  const whole = readFirst(WHOLE_FORM_CONSTRUCTIONS, ctx);
  if (whole) return finish(ctx, whole);
  const comparedUnread = comparisonUnread(ctx) ?? comparedWithNamed(ctx) ?? sharedComparisonValue(ctx);
  if (comparedUnread) return comparedUnread;
  const alternatives = verbAlternatives(ctx);
  const alternative = new Set([...alternatives.values()].flat());
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (alternative.has(i)) continue;
    if (it.kind === 'rel') placeRelationship(ctx, i, it.rel, it.passive);
    if (it.kind === 'rel' && alternatives.has(i)) joinAlternatives(ctx, i, alternatives.get(i)!);
    if (it.kind === 'agent') placeAgent(ctx, i, it.rel, it.role);
  }
  const coordinated = readFirst(NAMED_TOGETHER_CONSTRUCTIONS, ctx);
  if (coordinated && coordinated !== 'placed') return outOfScope(ctx) ?? coordinated;
  const same = sameAs(ctx);
  if (same) ctx.distinct.push(same);
  ctx.distinct.push(...otherThings(ctx));
  const placed = placeConditions(ctx);
  if (!placed.ok) return outOfScope(ctx) ?? placed;
  const joined = joinComponents(ctx);
  if (!joined.ok) return outOfScope(ctx) ?? joined;
  ctx.distinct.push(...deniedOfItsKind(ctx));
  const doubled = doubledThroughUnnamed(ctx) ?? stepsOfAdjectiveUnsaid(ctx);
  if (doubled) return doubled;
  for (const node of ctx.nodes) if (!node.label && node.labels?.length === 1) node.label = node.labels[0];
  const unlabelled = ctx.nodes.find((n) => !n.label && !n.family && !n.anchor);
  if (unlabelled) return unsure(ctx, `I can’t tell what kind of thing “${wordsOf(ctx, unlabelled.at)}” is here`);

  const shaped = shape(ctx);
  if (!shaped.ok) return outOfScope(ctx) ?? shaped;
  const grouped = groupedMeaning(ctx, shaped.meaning);
  if ('ok' in grouped) return grouped;
  return finish(ctx, mergeRepeatedMentions(grouped));
}

/**
 * "Which ports are not linked to Oslo?": a thing denied a relationship to a named thing of its own
 * kind is not that named thing (Oslo is not linked to itself, and is no answer).
 */
function deniedOfItsKind(ctx: Ctx): [string, string][] {
  const byId = new Map(ctx.nodes.map((n) => [n.id, n]));
  return ctx.edges.flatMap((e) => {
    const [a, b] = [byId.get(e.from), byId.get(e.to)];
    if (!e.negated || !a?.label || a.label !== b?.label || !a.anchor === !b.anchor) return [];
    return [[a.anchor ? b.id : a.id, a.anchor ? a.id : b.id] as [string, string]];
  });
}

/**
 * Nouns and adjectives the graph knows nothing of ("weather", "salary", "tall") make the question
 * one it cannot answer, whatever else failed; verbs are left to say what they could not join.
 */
function outOfScope(ctx: Ctx): Unsure | undefined {
  const words = unplacedWords(ctx).filter((w) => !joiningOnly(ctx, w)).filter((w) => {
    const it = ctx.items[w.at];
    return it?.kind === 'word' && ['noun', 'adj', 'proper'].includes(it.token.pos) && !inVerbSlot(ctx, w.at) && !(it.token.lower in PRONOUN_KINDS);
  });
  return words.length > 0 ? { ok: false, reason: `the graph records nothing about “${words.map((w) => w.text).join('”, “')}”`, unplaced: words.map((w) => w.text), scope: 'out_of_scope' } : undefined;
}

/** A meaning is read only when every word is placed (or only joins) and the guesses leave enough confidence. */
function finish(ctx: Ctx, said: Meaning): Interpretation {
  const meaning = withSpans(said, ctx.lexicon.properties);
  placeVerbsSaid(ctx);
  joinRestatedByPronoun(ctx);
  const scope = outOfScope(ctx);
  if (scope) return scope;
  const shown = new Set([meaning.focus, ...(meaning.ask.kind === 'list' ? meaning.ask.extra.map((x) => x.of) : [])]);
  const unplaced = unplacedWords(ctx, shown).filter((w) => !supportsProperty(ctx, w.at) && !absorbed(ctx, w));
  if (unplaced.length > 0) return { ok: false, reason: `I could not place “${unplaced.map((w) => w.text).join('”, “')}” in the graph`, unplaced: unplaced.map((w) => w.text) };
  const difference = unreadDifference(ctx, meaning);
  if (difference) return unsure(ctx, `I can’t yet tell things apart by “${difference}” here: only by how many there are of what is counted`);
  // A count condition the query would not write ("members who attended more than 2 events", ranked) is never dropped.
  const unwritten = countsOfOwners(meaning).having?.[0];
  if (unwritten && !havingWritten(meaning)) return unsure(ctx, `I can’t yet hold “${unwritten.words}” together with the rest of this question`);
  if (ctx.confidence < CONFIDENCE_MIN) {
    // Not run on a guess: the reading is offered for the person asking to confirm (or "none of these").
    const id = confirmationId(meaning);
    if (!ctx.chosen.includes(id)) {
      const guesses = ctx.notes.join('; ') || 'several guesses';
      return { ok: false, reason: `I am not sure I read this right (${guesses}): is that what you mean?`, unplaced: [], choices: [{ id, label: `Yes, read it so: ${guesses}` }] };
    }
  }
  return { ok: true, reading: { meaning, confidence: Math.max(0.05, Math.round(ctx.confidence * 100) / 100), mappings: mappingsOf(ctx), ...(ctx.rankChoices ? { ifMany: ctx.rankChoices } : {}), ...(ctx.numberedOne ? { ifSeveral: ctx.numberedOne } : {}) } };
}


/**
 * "Depots with the most parcels from customers in different cities", "parcels whose sender and
 * receiver live in different cities": a difference said of things other than those counted
 * (where "the number of different countries" is what a count means anyway) is a condition the
 * meaning has no way to hold; left as a mere word, it would be dropped and the answer confidently
 * wrong. Returns the words, when there is such a difference.
 */
function unreadDifference(ctx: Ctx, meaning: Meaning): string | undefined {
  const counted = new Set<string>([meaning.focus, ...(meaning.having ?? []).map((h) => h.count), ...meaning.nodes.flatMap((n) => (n.counts ?? []).map((c) => c.counted.id))]);
  if (meaning.order && 'count' in meaning.order.by) counted.add(meaning.order.by.count);
  for (let i = 0; i < ctx.items.length - 1; i++) {
    const it = ctx.items[i]!;
    if (it.kind !== 'word' || !DIFFERENCE.has(it.token.lower) || ctx.used.has(i)) continue;
    const node = ctx.nodes.find((n) => n.at === i + 1 && !n.anchor);
    if (node && meaning.nodes.some((n) => n.id === node.id) && !counted.has(node.id)) return `${wordsOf(ctx, i)} ${wordsOf(ctx, i + 1)}`;
  }
  return undefined;
}

/**
 * A word linked through WordNet costs what its link is not trusted (a first-sense synonym little, a
 * kind of the schema's thing enough to be asked about: "inpatients" are not all patients), and is said.
 */
function trustRelatedWords(ctx: Ctx): void {
  ctx.items.forEach((it, i) => {
    if ((it.kind !== 'label' && it.kind !== 'rel' && it.kind !== 'agent') || !it.related) return;
    ctx.confidence -= 1 - it.related.score;
    const to = it.kind === 'label' ? it.label.label : it.rel.type;
    const word = wordsOf(ctx, i);
    if (it.related.via === 'hyponym') ctx.notes.push(`read “${word}” as any ${to} (a kind of it the graph does not tell apart)`);
    else ctx.notes.push(`read “${word}” as ${to} (${{ derivation: 'a word made from it', hypernym: 'a broader word for it', synonym: 'another word for it' }[it.related.via]})`);
  });
}

function mappingsOf(ctx: Ctx): Reading['mappings'] {
  const out: Reading['mappings'] = [];
  ctx.items.forEach((it, i) => {
    if (!ctx.used.has(i)) return;
    const word = wordsOf(ctx, i);
    if (it.kind === 'label') out.push({ word, to: it.label.label, kind: it.synonym || it.related ? 'synonym' : 'label', guessed: Boolean(it.related) });
    if (it.kind === 'rel' || it.kind === 'agent') out.push({ word, to: it.rel.type, kind: (it.kind === 'rel' && it.synonym) || it.related ? 'synonym' : 'relationship', guessed: Boolean(it.related) });
    if (it.kind === 'prop') out.push({ word, to: it.props.map((p) => p.key).join('|'), kind: 'property', guessed: false });
    if (it.kind === 'value') out.push({ word, to: it.values.map((v) => `${v.property.owner}.${v.property.key}`).join('|'), kind: 'value', guessed: false });
    if (it.kind === 'entity') out.push({ word, to: `${it.entity.label} ${it.entity.name}`, kind: 'value', guessed: !it.entity.unique });
  });
  for (const e of ctx.edges) if (e.guessed) out.push({ word: '(not said)', to: e.type, kind: 'relationship', guessed: true });
  return out;
}

