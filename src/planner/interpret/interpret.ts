import { createHash } from 'node:crypto';
import { lemmasOf } from '../../language/analyze.js';
import type { Token } from '../../language/analyze.js';
import { COPULA, FILLER_WORDS, NAMING_VERBS } from '../read/cues.js';
import { BE_FORMS, CONJUNCTIONS, DIFFERENCE, EMPTY_VERBS, KIND_WORDS, LEADS_OF_A_LIST, LINKING_PREPOSITIONS, OTHER_WORDS, SOMEONE, THEY, THE_THEIR } from '../read/word-classes.js';
import { placeConditions } from './interpret-conditions.js';
import { coordinateNamed } from './interpret-coordination.js';
import type { Ctx, Draft, OpenReading, Unsure } from './interpret-context.js';
import { candidates, fits, isWord, isWordOf, newNodeId, settle, unsure, wordsOf } from './interpret-context.js';
import { sameAs, WHOLE_FORM_CONSTRUCTIONS } from './interpret-forms.js';
import { readFirst } from './construction.js';
import { joinComponents } from './interpret-joins.js';
import { readLimitRequest } from './interpret-limit.js';
import { placeVerbsSaid } from './interpret-places.js';
import { shape } from './interpret-shape.js';
import { placeRelationship } from './relationship-constructions.js';
import { inVerbSlot, joinAlternatives, supportsProperty, verbAlternatives } from './interpret-verbs.js';
import type { Item, NamedThing } from '../link/links.js';
import type { Lexicon, LexRelationship } from '../link/lexicon.js';
import { namesAsPropertyValues } from './named-values.js';
import { countsOfOwners, havingWritten } from './nested-counts.js';
import { mergeRepeatedMentions } from './repeated-mentions.js';
import type { Meaning } from '../meaning.js';
import type { NumberedOne } from './numbered-one.js';
import { identifierWords } from '../read/words.js';
import { asksToChange } from '../resolve/understand.js';
import { PRONOUN_KINDS } from '../read/pronouns.js';

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

/** Parts of speech whose words carry content: each must be accounted for in the meaning. */
const CONTENT_POS = new Set(['noun', 'proper', 'verb', 'adj', 'other']);

export function interpret(tokens: Token[], items: Item[], lexicon: Lexicon, chosen: string[] = []): Interpretation {
  if (asksToChange(tokens, items)) {
    return { ok: false, reason: 'I only read the knowledge graph: I can’t change it', unplaced: [], scope: 'instruction' };
  }
  const ctx: Ctx = { tokens, items, lexicon, used: new Set(), nodes: [], edges: [], having: [], pending: [], distinct: [], notes: [], confidence: 0.95, chosen };
  trustRelatedWords(ctx);
  readLimitRequest(ctx);
  namesAsPropertyValues(ctx);
  makeNodes(ctx);
  const roles = coordinatedRoles(ctx);
  if (roles) return unsure(ctx, `I can’t yet read one condition said of both “${roles}”`);
  const whole = readFirst(WHOLE_FORM_CONSTRUCTIONS, ctx);
  if (whole) return finish(ctx, whole);
  const alternatives = verbAlternatives(ctx);
  const alternative = new Set([...alternatives.values()].flat());
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (alternative.has(i)) continue;
    if (it.kind === 'rel') placeRelationship(ctx, i, it.rel, it.passive);
    if (it.kind === 'rel' && alternatives.has(i)) joinAlternatives(ctx, i, alternatives.get(i)!);
    if (it.kind === 'agent') placeAgent(ctx, i, it.rel, it.role);
  }
  const coordinated = coordinateNamed(ctx);
  if (coordinated) return outOfScope(ctx) ?? coordinated;
  const same = sameAs(ctx);
  if (same) ctx.distinct.push(same);
  ctx.distinct.push(...otherThings(ctx));
  const placed = placeConditions(ctx);
  if (!placed.ok) return outOfScope(ctx) ?? placed;
  const joined = joinComponents(ctx);
  if (!joined.ok) return outOfScope(ctx) ?? joined;
  const doubled = doubledThroughUnnamed(ctx);
  if (doubled) return doubled;
  for (const node of ctx.nodes) if (!node.label && node.labels?.length === 1) node.label = node.labels[0];
  const unlabelled = ctx.nodes.find((n) => !n.label && !n.family && !n.anchor);
  if (unlabelled) return unsure(ctx, `I can’t tell what kind of thing “${wordsOf(ctx, unlabelled.at)}” is here`);

  const shaped = shape(ctx);
  if (!shaped.ok) return outOfScope(ctx) ?? shaped;
  return finish(ctx, mergeRepeatedMentions(shaped.meaning));
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
function finish(ctx: Ctx, meaning: Meaning): Interpretation {
  placeVerbsSaid(ctx);
  const scope = outOfScope(ctx);
  if (scope) return scope;
  const unplaced = unplacedWords(ctx).filter((w) => !supportsProperty(ctx, w.at) && !absorbed(ctx, w));
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

// ---------------------------------------------------------------------------------------------
// Nodes: named things, label words, the nouns of who does a relationship, and "who".

function makeNodes(ctx: Ctx): void {
  const { items } = ctx;
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    const id = newNodeId(ctx);
    if (it.kind === 'entity') {
      // "the ship Morning Star", "the paper titled Tidal Locking": the label word and the name are one thing.
      const kindAt = (k: number) => (items[k]?.kind === 'label' ? ctx.nodes.find((n) => n.at === k && !n.anchor && n.label === it.entity.label) : undefined);
      const prev = items[i - 1];
      // ("How many processes are named 'nginx'?": the copula before the naming verb too.)
      const copula = isWordOf(items[i - 2], BE_FORMS);
      const namingVerb = prev?.kind === 'word' && NAMING_VERBS.has(prev.token.lemma) ? (kindAt(i - 2) ?? (copula ? kindAt(i - 3) : undefined)) : undefined;
      if (namingVerb) ctx.used.add(i - 1);
      if (namingVerb && copula) ctx.used.add(i - 2);
      // "the interface with IP '10.0.0.9'", "the process with the pid 42": the label word, then the property that names it.
      const namedBy = namedByItsProperty(ctx, i, it.entity);
      const byProperty = namedBy !== undefined ? kindAt(namedBy) : undefined;
      const merged = kindAt(i - 1) ?? namingVerb ?? byProperty ?? namedByCopula(ctx, i, it.entity.label);
      if (merged && merged === byProperty) for (let k = namedBy! + 1; k < i; k++) ctx.used.add(k);
      ctx.used.add(i);
      if (merged) {
        merged.anchor = it.entity;
        merged.at = i;
        continue;
      }
      ctx.nodes.push({ id, at: i, label: it.entity.label, anchor: it.entity, conditions: [] });
    } else if (it.kind === 'label') {
      // The things named again in a request for how many ("Limit to 2 bakers") are no new thing.
      if (ctx.limitAt !== undefined && i === ctx.limitAt + 1 && ctx.used.has(i)) continue;
      ctx.used.add(i);
      // A label word right after a named thing of that label names it again ("Ada Moreau the captain").
      const prev = ctx.nodes.at(-1);
      if (prev?.anchor && prev.label === it.label.label && prev.at === i - 1) continue;
      // "Which schools are public schools?": the same things again, after a copula.
      const subject = ctx.nodes.find((n) => n.label === it.label.label && !n.anchor);
      const between = items.slice(subject ? subject.at + 1 : i, i);
      if (subject && between.some((x) => x.kind === 'word' && COPULA.test(x.token.lower)) && between.every((x) => x.kind === 'word' || x.kind === 'prop' || x.kind === 'value')) continue;
      if (sameThingAgain(ctx, i, it.label.label, it.plural) || valuesOfThingAgain(ctx, i, it.label.label)) continue;
      if (kindsOf(ctx, i)) continue;
      // "the sender accounts", "supplier companies": the label of the one who holds the role just named.
      const role = items[i - 1];
      const holder = role?.kind === 'agent' ? ctx.nodes.find((n) => n.at === i - 1 && (n.label ? n.label === it.label.label : n.labels?.includes(it.label.label))) : undefined;
      if (holder) {
        holder.label = it.label.label;
        continue;
      }
      ctx.nodes.push({ id, at: i, label: it.label.label, conditions: [] });
    } else if (it.kind === 'agent') {
      const labels = [...new Set(it.rel.patterns.map((p) => (it.role === 'from' ? p.from : p.to)))];
      // "Which accounts are senders of transfers?": the things asked about hold the role; no other thing.
      if (copulaSubject(ctx, i, labels)) continue;
      ctx.nodes.push({ id, at: i, ...(labels.length === 1 ? { label: labels[0] } : {}), labels, conditions: [] });
    } else if (it.kind === 'wh' && (it.word === 'who' || it.word === 'whom')) {
      ctx.used.add(i);
      // "people who acted": a relative pronoun; "Who are the directors of X?": the directors.
      const prev = items[i - 1];
      if (prev && (prev.kind === 'label' || prev.kind === 'agent' || prev.kind === 'entity')) continue;
      if (namesWhatFollows(items, i) || relativeAfterConditions(ctx, i)) continue;
      ctx.nodes.push({ id, at: i, who: true, conditions: [] });
    } else if (it.kind === 'word' && SOMEONE.has(it.token.lower)) {
      ctx.used.add(i);
      ctx.nodes.push({ id, at: i, who: true, conditions: [] });
    }
  }
}

/**
 * "the sender and recipient accounts in Norway", "the payer and payee banks are
 * different": two roles sharing one head noun, so what follows is said of both; read as one of them,
 * the other's condition would be dropped. Returns the words when so.
 */
function coordinatedRoles(ctx: Ctx): string | undefined {
  const { items } = ctx;
  const at = items.findIndex((it, i) => it.kind === 'agent' && isWord(items[i + 1], 'and') && (items[i + 2]?.kind === 'prop' || (items[i + 2]?.kind === 'agent' && items[i + 3]?.kind === 'label')));
  return at >= 0 ? `${wordsOf(ctx, at)}” and “${wordsOf(ctx, at + 2)}` : undefined;
}


/**
 * "What types of services are there?" where the graph's `Type` is joined to no service: the kinds
 * of services, which the services themselves answer, not the types of whatever else runs them.
 * Said of a thing it is joined to ("the types of machines", `Machine`-TYPE->`Type`) it is that label.
 */
function kindsOf(ctx: Ctx, at: number): boolean {
  const it = ctx.items[at];
  if (it?.kind !== 'label' || !KIND_WORDS.has(ctx.tokens[it.from]?.lemma ?? '') || !isWord(ctx.items[at + 1], 'of')) return false;
  const next = isWord(ctx.items[at + 2], 'the') ? at + 3 : at + 2;
  const kinded = ctx.items[next];
  if (kinded?.kind !== 'label') return false;
  const [a, b] = [it.label.label, kinded.label.label];
  const joinedDirectly = ctx.lexicon.relationships.some((r) => r.patterns.some((p) => (p.from === a && p.to === b) || (p.from === b && p.to === a)));
  if (joinedDirectly) return false;
  ctx.used.add(at).add(at + 1);
  return true;
}

/**
 * "people born before 1950 who directed a movie": a "who" after a thing and the conditions on it
 * is a relative pronoun for that thing, not another person. Conditions are comparisons, numbers,
 * dates, values and property words; a verb, a conjunction or another named thing between them
 * makes it a question of its own ("… and who produced it?").
 */
function relativeAfterConditions(ctx: Ctx, at: number): boolean {
  let conditions = 0;
  for (let k = at - 1; k >= 0; k--) {
    const x = ctx.items[k]!;
    if (x.kind === 'label' || x.kind === 'agent') return conditions > 0;
    if (x.kind === 'word' && ctx.nodes.some((n) => n.at === k && n.who)) return conditions > 0;
    if (x.kind === 'cmp' || x.kind === 'number' || x.kind === 'decade' || x.kind === 'date' || x.kind === 'value' || x.kind === 'prop' || x.kind === 'literal') conditions++;
    else if (x.kind !== 'word' || !['prep', 'det', 'adv', 'verb'].includes(x.token.pos) || CONJUNCTIONS.has(x.token.lower)) return false;
  }
  return false;
}

/**
 * "movies where the person who directed the movie …": "the" and a kind named before, as the
 * object of a verb, is that thing again. Not when the verb joins things of that kind to one
 * another ("people who follow the person …" follow someone else), nor before a name.
 */
function sameThingAgain(ctx: Ctx, at: number, label: string, plural: boolean): boolean {
  const the = ctx.items[at - 1];
  const verb = ctx.items[at - 2];
  if (plural || the?.kind !== 'word' || the.token.lower !== 'the' || verb?.kind !== 'rel' || ctx.items[at + 1]?.kind === 'entity') return false;
  if (verb.rel.patterns.some((p) => p.from === label && p.to === label)) return false;
  if (!ctx.nodes.some((n) => n.label === label && !n.anchor && n.at < at - 2)) return false;
  ctx.used.add(at - 1);
  return true;
}

/**
 * "the previous versions of version 7.1" where versions are joined to versions only by PREVIOUS:
 * the word placed the relationship to some version, and the join of "of" placed it again from
 * that one, a chain of two that the question never said (a chain of any length, or one step, are
 * both readings). A relationship placed by a word and guessed again on through the thing it left
 * unnamed is declined, not answered two steps away.
 */
function doubledThroughUnnamed(ctx: Ctx): Unsure | undefined {
  for (const node of ctx.nodes) {
    if (!node.implicit || node.anchor || node.conditions.length > 0) continue;
    const edges = ctx.edges.filter((e) => e.from === node.id || e.to === node.id);
    if (edges.length !== 2 || edges[0]!.type !== edges[1]!.type || edges.every((e) => !e.guessed) || edges.every((e) => e.guessed)) continue;
    // A chain through it, not two things sharing it ("people who acted with Ada": in one movie), and of one label
    // throughout: "companies located in Germany" through a city located in it is a chain of two places, as the graph has it.
    if (!edges.some((e) => e.to === node.id) || !edges.some((e) => e.from === node.id)) continue;
    const ends = edges.map((e) => ctx.nodes.find((n) => n.id === (e.from === node.id ? e.to : e.from)));
    if (!ends.every((n) => n?.label !== undefined && n.label === node.label)) continue;
    const said = edges.find((e) => !e.guessed)!;
    return unsure(ctx, `I can’t tell how many steps of “${wordsOf(ctx, said.at)}” are meant here`);
  }
  return undefined;
}

/**
 * "… with reviews from Ada, and list the review dates": "the" and a kind named before, said in front
 * of a property of it, asks for that property of the things named before, not of some other one.
 */
function valuesOfThingAgain(ctx: Ctx, at: number, label: string): boolean {
  const the = ctx.items[at - 1];
  const prop = ctx.items[at + 1];
  if (the?.kind !== 'word' || !THE_THEIR.has(the.token.lower) || prop?.kind !== 'prop' || !prop.props.some((p) => p.ownerKind === 'label' && p.owner === label)) return false;
  const before = ctx.nodes.filter((n) => n.label === label && !n.anchor && n.at < at - 1);
  if (before.length !== 1) return false;
  ctx.used.add(at - 1);
  return true;
}

/**
 * "Which accounts are senders of transfers?": the free thing before a copula that a role noun
 * right after it is said of, when that thing may hold the role (`labels`: the labels that may).
 */
function copulaSubject(ctx: Ctx, at: number, labels: string[]): Draft | undefined {
  const between = (n: Draft) => ctx.items.slice(n.at + 1, at);
  const copula = (n: Draft) => between(n).some((x) => x.kind === 'word' && COPULA.test(x.token.lower)) && between(n).every((x) => x.kind === 'word' && ['aux', 'det', 'verb'].includes(x.token.pos));
  return ctx.nodes.find((n) => !n.anchor && n.label !== undefined && labels.includes(n.label) && n.at < at && copula(n));
}

/**
 * Where the label word stands before "with [the] <property> <name>", when the property is the one
 * the named thing was found by ("the interface with IP '10.0.0.9'"): the three say one thing.
 */
function namedByItsProperty(ctx: Ctx, at: number, entity: NamedThing): number | undefined {
  const prop = ctx.items[at - 1];
  if (prop?.kind !== 'prop' || !prop.props.some((p) => p.key === entity.nameProperty && p.ownerKind === 'label' && p.owner === entity.label)) return undefined;
  const the = isWord(ctx.items[at - 2], 'the') ? 1 : 0;
  if (!isWord(ctx.items[at - 2 - the], 'with')) return undefined;
  const label = ctx.items[at - 3 - the];
  return label?.kind === 'label' && label.label.label === entity.label ? at - 3 - the : undefined;
}

/** "What kind of cargo is copper?": a label word and, after a copula, the named thing that ends the question are one thing. */
function namedByCopula(ctx: Ctx, at: number, label: string): Draft | undefined {
  const rest = ctx.items.slice(at + 1);
  if (!rest.every((x) => x.kind === 'word' && !['noun', 'verb', 'adj'].includes(x.token.pos))) return undefined;
  const copula = ctx.items[at - 1];
  if (copula?.kind !== 'word' || !COPULA.test(copula.token.lower)) return undefined;
  return ctx.nodes.find((n) => !n.anchor && n.label === label && n.at < at - 1 && ctx.items.slice(n.at + 1, at - 1).every((x) => x.kind === 'word'));
}

/** "sailed on a different ship", "mentor another engineer": not the thing of that label named before. */
function otherThings(ctx: Ctx): [string, string][] {
  const pairs: [string, string][] = [];
  ctx.items.forEach((it, i) => {
    // "acted in and directed the same movie": one thing both relationships reach (they already do).
    if (it.kind === 'word' && it.token.lower === 'same' && ctx.items[i + 2]?.kind !== 'word') {
      const node = ctx.nodes.find((n) => n.at === i + 1);
      if (node && ctx.edges.filter((e) => e.from === node.id || e.to === node.id).length >= 2) ctx.used.add(i);
    }
    if (it.kind !== 'word' || !OTHER_WORDS.has(it.token.lower)) return;
    const node = ctx.nodes.find((n) => n.at === i + 1 && n.label);
    const earlier = node && ctx.nodes.find((n) => n !== node && n.label === node.label && n.at < node.at);
    if (!node || !earlier) return;
    ctx.used.add(i);
    pairs.push([earlier.id, node.id]);
  });
  return pairs;
}

/** "Who are the (3 oldest) captains …": the wh-word and a copula name the thing that follows. */
function namesWhatFollows(items: Item[], at: number): boolean {
  let k = at + 1;
  const copula = items[k];
  if (copula?.kind !== 'word' || !COPULA.test(copula.token.lower)) return false;
  // "Who is Ada Moreau?": the named thing itself.
  if (items[k + 1]?.kind === 'entity' && (k + 2 >= items.length || items.slice(k + 2).every((x) => x.kind === 'word' && x.token.pos !== 'noun' && x.token.pos !== 'verb'))) return true;
  k++;
  const lead = (x: Item | undefined) => x !== undefined && (x.kind === 'rank' || x.kind === 'number' || (x.kind === 'word' && LEADS_OF_A_LIST.has(x.token.lower)));
  while (lead(items[k])) k++;
  const next = items[k];
  return next?.kind === 'label' || next?.kind === 'agent';
}

/** "directors of X", "movies with directors born before 1960": the noun is one end, the thing it is said of the other. */
function placeAgent(ctx: Ctx, at: number, rel: LexRelationship, role: 'from' | 'to'): void {
  const self = ctx.nodes.find((n) => n.at === at) ?? copulaSubject(ctx, at, [...new Set(rel.patterns.map((p) => (role === 'from' ? p.from : p.to)))]);
  if (!self) return;
  // Its other end is named right after it ("the directors of X", "actors in X") or just before it ("movies with directors …");
  // otherwise it is any thing ("actors who directed a movie": actors of any movie).
  const after = ctx.items[at + 1];
  // (Past what only counts or ranks it: "actors in the 3 oldest movies".)
  const next = after?.kind === 'word' && LINKING_PREPOSITIONS.has(after.token.lower) ? ctx.nodes.filter((n) => n.at > at + 1).sort((a, b) => a.at - b.at)[0] : undefined;
  const leading = (x: Item) => x.kind === 'number' || x.kind === 'rank' || (x.kind === 'word' && ['det', 'adj', 'num'].includes(x.token.pos));
  const ofAfter = next && (next.at <= at + 3 || ctx.items.slice(at + 2, next.at).every(leading)) ? next : undefined;
  const beforeIt = ctx.nodes
    .filter((n) => n !== self && n.at < at && n.at >= at - 5 && !ctx.items.slice(n.at + 1, at).some((x) => x.kind === 'rel' || x.kind === 'cmp' || x.kind === 'agent' || x.kind === 'label' || x.kind === 'entity'))
    .sort((a, b) => b.at - a.at)[0];
  for (const other of [ofAfter, beforeIt]) {
    if (!other || other === self) continue;
    const p = rel.patterns.find((x) => (role === 'from' ? fits(self, x.from) && fits(other, x.to) : fits(self, x.to) && fits(other, x.from)));
    if (!p) continue;
    settle(self, role === 'from' ? p.from : p.to);
    settle(other, role === 'from' ? p.to : p.from);
    const [from, to] = role === 'from' ? [self, other] : [other, self];
    ctx.edges.push({ from: from.id, to: to.id, type: rel.type, conditions: [], at });
    ctx.used.add(at);
    return;
  }
  // Nothing else named: all the things that do it ("List the directors").
  const p = rel.patterns.find((x) => fits(self, role === 'from' ? x.from : x.to)) ?? rel.patterns[0];
  if (!p) return;
  settle(self, role === 'from' ? p.from : p.to);
  const other: Draft = { id: newNodeId(ctx), at, label: role === 'from' ? p.to : p.from, implicit: true, roleEnd: true, conditions: [] };
  ctx.nodes.push(other);
  const [from, to] = role === 'from' ? [self, other] : [other, self];
  ctx.edges.push({ from: from.id, to: to.id, type: rel.type, conditions: [], at });
  ctx.used.add(at);
}

// ---------------------------------------------------------------------------------------------
// Every word placed, or reported.

/** A verb that only links what follows it to what came before, taken as such (it lowers the confidence). */
function absorbed(ctx: Ctx, w: { text: string; at: number }): boolean {
  if (!joiningOnly(ctx, w)) return false;
  ctx.confidence -= 0.15;
  ctx.notes.push(`“${w.text}” read as joining what follows`);
  return true;
}

/** Whether a word is a verb that only links what follows it ("based in Lyon", "belong to the West Wing", "work at X"). */
function joiningOnly(ctx: Ctx, w: { text: string; at: number }): boolean {
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
    if (!(next.kind === 'word' && ['prep', 'det', 'adv'].includes(next.token.pos)) && next.kind !== 'rank') break;
  }
  return false;
}

/** The words of the naming properties of the things in play ("title" of movies, "name" of people). */
function namingWords(ctx: Ctx): Set<string> {
  const labels = new Set(ctx.nodes.flatMap((n) => candidates(n) ?? []));
  return new Set(ctx.lexicon.labels.filter((l) => labels.has(l.label)).flatMap((l) => lemmasOf(identifierWords(l.nameKey), 'noun')));
}

function unplacedWords(ctx: Ctx): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  const naming = namingWords(ctx);
  ctx.items.forEach((it, i) => {
    if (ctx.used.has(i)) return;
    if (it.kind === 'word') {
      const t = it.token;
      // "How many projects does she lead?" with no one to be "she": the question is about someone not named.
      if (t.lower in PRONOUN_KINDS && !(THEY.has(t.lower) && ctx.nodes.some((n) => n.at < i && !n.anchor))) {
        out.push({ text: t.text, at: i });
        return;
      }
      if (it.modifier || !CONTENT_POS.has(t.pos) || FILLER_WORDS.has(t.lower) || FILLER_WORDS.has(t.lemma) || t.lower.length <= 1) return;
      // "… and their titles": what names the things in play, which every answer shows.
      if (naming.has(t.lemma) || naming.has(t.lower)) return;
      if (t.pos === 'verb' && EMPTY_VERBS.has(t.lemma)) return;
      out.push({ text: t.text, at: i });
    } else if (it.kind === 'number' && !it.ordinal) {
      // A number nothing took ("gate 7", "deck 3") would widen the answer to everything: never dropped.
      out.push({ text: wordsOf(ctx, i), at: i });
    } else if (it.kind === 'neg' || it.kind === 'label' || it.kind === 'prop' || it.kind === 'value' || it.kind === 'rel' || it.kind === 'literal' || it.kind === 'agent' || it.kind === 'cmp' || it.kind === 'count') {
      // A denial nothing took ("no", "never", "without") is never dropped: the answer would say the opposite.
      // A comparison left over ("or more" with nothing to compare) is reported, never dropped.
      out.push({ text: wordsOf(ctx, i), at: i });
    }
  });
  return out;
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

