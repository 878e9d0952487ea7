import { BE_FORMS, LINKING_PREPOSITIONS, MOST_LEAST, NO_NONE, PEER_PREPOSITIONS, PRONOUN, RANK_EXTREMES, RELATIVE_PRONOUNS } from '../read/word-classes.js';
import type { Item } from '../link/links.js';
import { copulaSubject } from './things-named.js';
import type { Ctx, Draft } from './interpret-context.js';
import { familyOf, fits, isWord, isWordOf, joined, labelOf, newNodeId, personLike, pluralLabel, settle, tokenAt, useDenialsBefore, wordsOf } from './interpret-context.js';
import type { LexRelationship } from '../link/lexicon.js';
import { unjoinableVerb } from './interpret-verbs.js';
import { constructionTable, readFirst } from './construction.js';

/**
 * Relationships: a verb (or a relationship's noun) joins the nearest things its schema pattern
 * fits, one construction each: a noun counted after "the most", a noun naming a relationship a
 * verb placed, a verb saying what an agent's things are, a verb before a date, a reduced relative
 * ("movies reviewed"), the subject and object around the verb, a verb that cannot join, and one
 * end named with the other any thing. A denial before the verb or "no" after it ("did not direct",
 * "borrowed no books") is the verb's. A role noun ("directors", "inspectors") is one end of its
 * relationship: it joins the thing named after or before it, else any thing.
 */

/** A relationship's word at `at`, in the question so far. */
interface RelationshipScene {
  ctx: Ctx;
  at: number;
  rel: LexRelationship;
  passive: boolean;
  /** The things named before the word, nearest first, and after it. */
  before: Draft[];
  after: Draft[];
  /** Whether the verb is denied, read once (reading it uses the denial's words), when a construction past the first four asks. */
  negated: () => boolean;
}

type RelationshipConstruction = (scene: RelationshipScene) => 'placed' | undefined;

const placed = (done: boolean) => (done ? ('placed' as const) : undefined);

/** "Which products have the most reviews?": a relationship's noun after "the most" is what is counted, of the thing ranked. */
const countedAfterRanking: RelationshipConstruction = ({ ctx, at, rel }) => placed(countedAfterRank(ctx, at, rel));

/** "movies reviewed by people with a review summary …": the noun names the relationship the verb placed. */
const nounOfPlaced: RelationshipConstruction = ({ ctx, at, rel }) => {
  const item = ctx.items[at];
  if (!(item?.kind === 'rel' && (item.event || ctx.tokens[item.from]!.pos === 'noun') && ctx.edges.some((e) => e.type === rel.type))) return undefined;
  ctx.used.add(at);
  return 'placed';
};

/**
 * "actors who acted in movies released before 2000", "coaches who played in the matches they
 * coached": the verb says what the agents' things are, named after it or, with only "they" (and
 * "that") between, right before it.
 */
const agentsThings: RelationshipConstruction = ({ ctx, at, rel }) => {
  const agentEdge = ctx.edges.find((e) => e.type === rel.type && ctx.nodes.some((n) => n.implicit && (n.id === e.to || n.id === e.from)));
  if (!agentEdge) return undefined;
  const implicitEnd = ctx.nodes.find((n) => n.implicit && (n.id === agentEdge.to || n.id === agentEdge.from))!;
  const theirs = (n: Draft) =>
    n.at < at && ctx.items.slice(n.at + 1, at).length > 0 && ctx.items.slice(n.at + 1, at).every((x) => isWordOf(x, PRONOUN) || isWordOf(x, RELATIVE_PRONOUNS) || (x.kind === 'wh' && RELATIVE_PRONOUNS.has(x.word)));
  const named = ctx.nodes.find((n) => !n.implicit && n.label === implicitEnd.label && ((n.at > at && n.at <= at + 3) || theirs(n)));
  ctx.used.add(at);
  if (named) {
    if (agentEdge.to === implicitEnd.id) agentEdge.to = named.id;
    else agentEdge.from = named.id;
    ctx.nodes.splice(ctx.nodes.indexOf(implicitEnd), 1);
  }
  return 'placed';
};

/** "companies founded after 2005": a verb before a year that is also a date of the thing before it is that date (a condition places it). */
const verbOfDate: RelationshipConstruction = ({ ctx, at, rel, before }) => {
  const next = ctx.items[at + 1];
  const nextValue = ctx.items[at + 2];
  const dateNamed = (n: Draft) => ctx.lexicon.properties.some((p) => p.ownerKind === 'label' && p.owner === n.label && (p.kind === 'date' || p.kind === 'number') && p.words.includes(rel.words[0] ?? ''));
  return placed(next?.kind === 'cmp' && ((nextValue?.kind === 'number' && !nextValue.times) || nextValue?.kind === 'decade' || nextValue?.kind === 'date') && before[0] !== undefined && dateNamed(before[0]));
};

/** "Who directed the movies reviewed with a rating of 100?": what was done to the thing before the participle, by anyone. */
const reducedRelativeClause: RelationshipConstruction = ({ ctx, at, rel, before, after, negated }) => (negated() ? undefined : placed(reducedRelative(ctx, at, rel, before, after)));

/**
 * Subject on the left, object on the right ("Which vessels does Ada command?"); a question may
 * front its object ("Which patients does X treat?").
 */
const subjectAndObject: RelationshipConstruction = ({ ctx, at, rel, passive, before, after, negated }) => {
  const denied = negated();
  const pairs: [Draft, Draft][] = [];
  for (const l of before) for (const r of after) pairs.push([l, r]);
  // A denied relationship between things the question already joined ("produced movies but did not direct any") reaches any other thing.
  for (let a = 0; a < before.length; a++) for (let b = a + 1; b < before.length; b++) if (!denied || !joined(ctx, before[a]!, before[b]!)) pairs.push([before[a]!, before[b]!]);
  // Two things the question already joined are not joined again by another relationship, when others fit.
  const fresh = pairs.filter(([l, r]) => !joined(ctx, l, r));
  // "Which plugins load the app X?" where only X loading plugins is in the graph: the subject said
  // right before its verb is turned into the object only on a guess, which the person asking confirms.
  // (Not a past form right after its noun: "boats held in South Dock" are held, not holding; nor a verb with a
  // preposition of its own, which turns it round: "services running on host X" are what X runs.)
  const verbItem = ctx.items[at]!;
  const verbToken = ctx.tokens[verbItem.from]!;
  const pastForm = verbToken.tags.includes('PastTense') || verbToken.tags.includes('Participle');
  const ownPreposition = ctx.tokens[verbItem.to + 1]?.pos === 'prep';
  // "tenants that have been filed against the most": the subject of a passive with its preposition left
  // at the end is what the preposition is about, not the verb's object; read actively it is the opposite.
  const stranded = prepositionLeft(ctx, at);
  for (const [left, right] of [...fresh, ...pairs.filter((p) => !fresh.includes(p))]) {
    const pattern = fitPattern(ctx, rel, left, right, passive, stranded && voiced(ctx, at, rel));
    if (!pattern) continue;
    const between = ctx.items.slice(left.at + 1, at);
    const subjectFirst = right.at > at && !ownPreposition && between.every((x) => x.kind === 'word' && RELATIVE_PRONOUNS.has(x.token.lower)) && (between.length > 0 || !pastForm);
    if (pattern.swap && !passive && pattern.from !== pattern.to && subjectFirst) {
      ctx.confidence -= 0.4;
      ctx.notes.push(`read “${wordsOf(ctx, at)}” the other way round: the graph has it only from ${pluralLabel(labelOf(ctx.lexicon, pattern.from))} to ${pluralLabel(labelOf(ctx.lexicon, pattern.to))}`);
    }
    const [from, to] = pattern.swap ? [right, left] : [left, right];
    settle(from, pattern.from);
    settle(to, pattern.to);
    ctx.used.add(at);
    // "… reviewed with a summary … and who reviewed them": the same relationship said twice.
    if (ctx.edges.some((e) => e.type === rel.type && e.from === from.id && e.to === to.id && !e.negated === !denied)) return 'placed';
    ctx.edges.push({ from: from.id, to: to.id, type: rel.type, conditions: [], at, ...(denied ? { negated: true } : {}), ...(betweenPeers(rel, pattern) ? { either: true } : {}) });
    return 'placed';
  }
  return undefined;
};

/**
 * A relationship from a kind of thing to the same kind named by a participle and "to"/"with"
 * (`LINKED_TO`, `MARRIED_TO`, `ASSOCIATED_WITH`) is between peers: stored one way, said either way.
 */
function betweenPeers(rel: LexRelationship, pattern: { from: string; to: string }): boolean {
  const [first, second, ...rest] = rel.phrase.toLowerCase().split(' ');
  return pattern.from === pattern.to && rest.length === 0 && first !== undefined && first.endsWith('ed') && PEER_PREPOSITIONS.has(second ?? '');
}

/** A verb that joins none of the things around it, and says so (interpret-verbs.ts). */
const unjoinable: RelationshipConstruction = ({ ctx, at, rel, before, after, negated }) =>
  negated() ? undefined : placed(unjoinableVerb(ctx, at, rel, before.find((n) => !n.implicit), after.filter((n) => !n.implicit).sort((a, b) => a.at - b.at)[0]));

/**
 * One end named: the other is any thing of the pattern's other label ("How many people acted?").
 * A denied verb is said of its subject ("people who produced movies but did not direct any").
 */
const oneEndNamed: RelationshipConstruction = ({ ctx, at, rel, passive, before, after, negated }) => {
  const denied = negated();
  const subject = denied && !passive ? before.find((n) => !n.implicit && rel.patterns.some((p) => fits(n, p.from))) : undefined;
  const one = subject ?? before.find((n) => !n.implicit) ?? before[0] ?? after[0];
  return placed(one !== undefined && joinToAny(ctx, at, rel, one, passive, denied));
};

/** How a relationship's word joins things, tried in this order. */
export const RELATIONSHIP_CONSTRUCTIONS = constructionTable('relationship', { countedAfterRanking, nounOfPlaced, agentsThings, verbOfDate, reducedRelativeClause, subjectAndObject, unjoinable, oneEndNamed });

/** Places the relationship said at `at`: joins the things it fits, or leaves the word unplaced. */
export function placeRelationship(ctx: Ctx, at: number, rel: LexRelationship, passive: boolean): void {
  let denial: boolean | undefined;
  const negated = () => {
    if (denial !== undefined) return denial;
    // "did not direct", "never borrowed", and "borrowed no books": the denial is this verb's, used whenever the verb is.
    const following = ctx.items[at + 1];
    const deniedObject = following?.kind === 'neg' && NO_NONE.has(ctx.tokens[following.from]!.lower) ? at + 1 : undefined;
    denial = ctx.items.slice(Math.max(0, at - 3), at).some((it) => it.kind === 'neg') || deniedObject !== undefined;
    if (denial) useDenialsBefore(ctx, at);
    if (deniedObject !== undefined) ctx.used.add(deniedObject);
    return denial;
  };
  const before = headFirst(ctx, at, ctx.nodes.filter((n) => n.at < at).reverse());
  const after = ctx.nodes.filter((n) => n.at > at);
  readFirst(RELATIONSHIP_CONSTRUCTIONS, { ctx, at, rel, passive, before, after, negated });
}

/**
 * "Which releases of packages are needed by …": after a form of "be", the subject is the head of
 * "X of Y" (the releases), tried before the Y said last (whose releases they are). A participle
 * without "be" stays with the nearest ("releases of packages needed by fmt").
 */
function headFirst(ctx: Ctx, at: number, before: Draft[]): Draft[] {
  const [nearest] = before;
  if (!nearest || !isWordOf(ctx.items[at - 1], BE_FORMS)) return before;
  const of = isWord(ctx.items[nearest.at - 1], 'the') ? nearest.at - 2 : nearest.at - 1;
  const head = isWord(ctx.items[of], 'of') ? before.find((n) => n.at === of - 1 && !n.anchor && ctx.items[n.at]?.kind === 'label') : undefined;
  return head ? [head, ...before.filter((n) => n !== head)] : before;
}

/**
 * Joins `one` by `rel` to a new thing of the pattern's other label (the far end the question
 * does not name). Returns whether a pattern of `rel` fits `one`.
 */
function joinToAny(ctx: Ctx, at: number, rel: LexRelationship, one: Draft, passive: boolean, negated: boolean): boolean {
  const pattern = rel.patterns.find((p) => fits(one, p.from)) ?? rel.patterns.find((p) => fits(one, p.to));
  if (!pattern) return false;
  // "Which tenants have been filed against?" where only tenants file: the passive's subject is what the
  // relationship reaches, and these things never are; read actively, the answer would say the opposite.
  // (Not its agent after "by".)
  if (passive && voiced(ctx, at, rel) && one.at < at && pattern.from !== pattern.to && !rel.patterns.some((p) => fits(one, p.to))) return false;
  const item = ctx.items[at];
  // "the most citations": a thing has the citations it receives.
  const received = item?.kind === 'rel' && item.event === true && pattern.from === pattern.to;
  const isFrom = fits(one, pattern.from) && (!passive || pattern.from !== pattern.to) && !received;
  // The far end is any thing the relationship reaches from `one`'s label: a `City`, or a `Place` a document named.
  const near = isFrom ? pattern.from : pattern.to;
  const reached = [...new Set(rel.patterns.filter((p) => (isFrom ? p.from : p.to) === near).map((p) => (isFrom ? p.to : p.from)))].sort();
  const far = reached.length > 1 ? { family: familyOf(ctx.lexicon, reached) } : { label: isFrom ? pattern.to : pattern.from };
  const other: Draft = { id: newNodeId(ctx), at, ...far, implicit: true, conditions: [] };
  ctx.nodes.push(other);
  settle(one, isFrom ? pattern.from : pattern.to);
  const [from, to] = isFrom ? [one, other] : [other, one];
  ctx.edges.push({ from: from.id, to: to.id, type: rel.type, conditions: [], at, ...(negated ? { negated: true } : {}) });
  ctx.used.add(at);
  return true;
}

/**
 * "Which products written by Piet have the most reviews?": a relationship's noun right after
 * "the most" / "the fewest" (or "the highest number of") is what is counted. It hangs off the
 * thing ranked, the first thing the question asks about that is not named by name, with a
 * thing of its own: never between two things the question names (Piet's own reviews), nor as
 * the same relationship a verb placed ("products Ines reviewed with the most reviews": anyone's).
 * Returns whether it placed it.
 */
function countedAfterRank(ctx: Ctx, at: number, rel: LexRelationship): boolean {
  const item = ctx.items[at];
  if (item?.kind !== 'rel' || item.passive || ctx.tokens[item.from]!.pos !== 'noun' || ctx.nodes.some((n) => n.at > at && n.at <= at + 2)) return false;
  const counting = ctx.items[at - 1]?.kind === 'count';
  const rank = ctx.items[counting ? at - 2 : at - 1];
  const words = counting ? RANK_EXTREMES : MOST_LEAST;
  if (rank?.kind !== 'rank' || rank.weak || rank.dimension || !words.has(rank.word)) return false;
  const ranked = ctx.nodes.find((n) => n.at < at && !n.anchor && !n.implicit && rel.patterns.some((p) => fits(n, p.from) || fits(n, p.to)));
  return ranked !== undefined && joinToAny(ctx, at, rel, ranked, false, false);
}

/**
 * "Who directed the movies reviewed with a rating of 100?": a participle right after a thing the
 * question names, with nothing after it for an object, says what was done to that thing, by
 * anyone ("orders returned" stays the shop's: its orders are no thing named). Only when the
 * thing fits the relationship's object end and not its subject end (else "people reviewed" is
 * who reviewed). Returns whether it placed the relationship so.
 */
function reducedRelative(ctx: Ctx, at: number, rel: LexRelationship, before: Draft[], after: Draft[]): boolean {
  const item = ctx.items[at];
  const verb = item?.kind === 'rel' ? ctx.tokens[item.from] : undefined;
  const thing = before[0];
  if (!verb || !thing || thing.implicit || thing.at !== at - 1 || after.length > 0 || !(verb.tags.includes('Participle') || verb.tags.includes('PastTense'))) return false;
  const pattern = rel.patterns.find((p) => p.from !== p.to && fits(thing, p.to) && !fits(thing, p.from));
  if (!pattern) return false;
  settle(thing, pattern.to);
  const doer: Draft = { id: newNodeId(ctx), at, label: pattern.from, implicit: true, conditions: [] };
  ctx.nodes.push(doer);
  ctx.edges.push({ from: doer.id, to: thing.id, type: rel.type, conditions: [], at });
  ctx.used.add(at);
  return true;
}

/**
 * Whether the verb at `at` ends with a preposition (its own, "filed against", or its name's,
 * "depended on") that nothing named follows ("… against the most", "… on?"); "by" names the doer.
 */
function prepositionLeft(ctx: Ctx, at: number): boolean {
  const verbItem = ctx.items[at]!;
  const next = ctx.items[at + 1];
  const own = next?.kind === 'word' && next.token.pos === 'prep' && next.token.lower !== 'by';
  if (!own && ctx.tokens[verbItem.to]?.pos !== 'prep') return false;
  // Its object, if any: the first thing named after it, past articles and other small words ("to the lamp 'L2'").
  let k = own ? at + 2 : at + 1;
  while (ctx.items[k]?.kind === 'word' && ['det', 'adj', 'adv'].includes(tokenAt(ctx, k)?.pos ?? '')) k++;
  const object = ctx.items[k];
  return !(object && ['label', 'entity', 'value', 'literal', 'agent'].includes(object.kind));
}

/**
 * Whether the verb at `at` is in the passive by its own form: not a role's verb, whose "passive"
 * says which end is the role's (`relatedDoings`: "Who manages the store?" for MANAGER), nor a
 * relationship named in the passive (`LOCATED_IN` said "the city where X is located").
 */
function voiced(ctx: Ctx, at: number, rel: LexRelationship): boolean {
  const item = ctx.items[at];
  if (item?.kind !== 'rel' || (item.related && rel.relatedDoings)) return false;
  const [first, ...rest] = rel.phrase.toLowerCase().split(' ');
  return !(rest.length > 0 && first === ctx.tokens[item.from]?.lower);
}

/**
 * The pattern of `rel` that `left` (subject) and `right` (object) fit, and whether the stored
 * direction runs right to left. A passive may be read actively where the graph stores the
 * relationship only so ("lamps fed by the grid" where lamps feed circuits), but not a
 * `strictPassive` ("tenants that have been filed against" where only tenants file).
 */
function fitPattern(ctx: Ctx, rel: LexRelationship, left: Draft, right: Draft, passive: boolean, strictPassive = false): { from: string; to: string; swap: boolean } | undefined {
  const straight = (p: { from: string; to: string }) =>
    // "Who directed X?": "who" is the doer unless only the other way fits.
    fits(left, p.from) && fits(right, p.to) && !(left.who && !right.who && fits(right, p.from) && fits(left, p.to) && !personLike(ctx.lexicon, p.from));
  const swapped = (p: { from: string; to: string }) => fits(left, p.to) && fits(right, p.from);
  for (const p of rel.patterns) if (p.from === p.to && fits(left, p.from) && fits(right, p.to)) return { ...p, swap: passive };
  // Where the schema joins the two kinds both ways (things of two labels each), the voice says which way:
  // the subject starts the relationship ("packages that depend on the tool 'lint'"), or ends it when passive.
  const ways = passive ? (strictPassive ? [swapped] : [swapped, straight]) : [straight, swapped];
  for (const way of ways) {
    const p = rel.patterns.find((x) => x.from !== x.to && way(x));
    if (p) return { ...p, swap: way === swapped };
  }
  return undefined;
}

/** A role noun at `at` ("directors", "actors"): the thing it names, and the end of `rel` it stands at. */
interface RoleNounScene {
  ctx: Ctx;
  at: number;
  rel: LexRelationship;
  role: 'from' | 'to';
  self: Draft;
}

type RoleNounConstruction = (scene: RoleNounScene) => 'placed' | undefined;

/** Joins the role noun's thing to `other` by `rel`, when a pattern fits them. */
function joinRole({ ctx, at, rel, role, self }: RoleNounScene, other: Draft | undefined): 'placed' | undefined {
  if (!other || other === self) return undefined;
  const p = rel.patterns.find((x) => (role === 'from' ? fits(self, x.from) && fits(other, x.to) : fits(self, x.to) && fits(other, x.from)));
  if (!p) return undefined;
  settle(self, role === 'from' ? p.from : p.to);
  settle(other, role === 'from' ? p.to : p.from);
  const [from, to] = role === 'from' ? [self, other] : [other, self];
  ctx.edges.push({ from: from.id, to: to.id, type: rel.type, conditions: [], at });
  ctx.used.add(at);
  return 'placed';
}

/** "the directors of X", "actors in X" (past what only counts or ranks it: "actors in the 3 oldest movies"): the other end named right after. */
const endAfter: RoleNounConstruction = (scene) => {
  const { ctx, at } = scene;
  const after = ctx.items[at + 1];
  const next = after?.kind === 'word' && LINKING_PREPOSITIONS.has(after.token.lower) ? ctx.nodes.filter((n) => n.at > at + 1).sort((a, b) => a.at - b.at)[0] : undefined;
  const leading = (x: Item) => x.kind === 'number' || x.kind === 'rank' || (x.kind === 'word' && ['det', 'adj', 'num'].includes(x.token.pos));
  return joinRole(scene, next && (next.at <= at + 3 || ctx.items.slice(at + 2, next.at).every(leading)) ? next : undefined);
};

/** "movies with directors born before 1960": the other end named just before. */
const endBefore: RoleNounConstruction = (scene) => {
  const { ctx, at, self } = scene;
  const beforeIt = ctx.nodes
    .filter((n) => n !== self && n.at < at && n.at >= at - 5 && !ctx.items.slice(n.at + 1, at).some((x) => x.kind === 'rel' || x.kind === 'cmp' || x.kind === 'agent' || x.kind === 'label' || x.kind === 'entity'))
    .sort((a, b) => b.at - a.at)[0];
  return joinRole(scene, beforeIt);
};

/** "List the directors", "actors who directed a movie": nothing else named, so all the things that do it (of any thing). */
const anyEnd: RoleNounConstruction = ({ ctx, at, rel, role, self }) => {
  const p = rel.patterns.find((x) => fits(self, role === 'from' ? x.from : x.to)) ?? rel.patterns[0];
  if (!p) return undefined;
  settle(self, role === 'from' ? p.from : p.to);
  const other: Draft = { id: newNodeId(ctx), at, label: role === 'from' ? p.to : p.from, implicit: true, roleEnd: true, conditions: [] };
  ctx.nodes.push(other);
  const [from, to] = role === 'from' ? [self, other] : [other, self];
  ctx.edges.push({ from: from.id, to: to.id, type: rel.type, conditions: [], at });
  ctx.used.add(at);
  return 'placed';
};

/** How a role noun joins the thing it names to the other end of its relationship, tried in this order. */
export const ROLE_NOUN_CONSTRUCTIONS = constructionTable('role noun', { endAfter, endBefore, anyEnd });

/** Places the role noun at `at` ("directors of X", "movies with directors born before 1960"): one end of `rel`, the thing it names. */
export function placeAgent(ctx: Ctx, at: number, rel: LexRelationship, role: 'from' | 'to'): void {
  const self = ctx.nodes.find((n) => n.at === at) ?? copulaSubject(ctx, at, [...new Set(rel.patterns.map((p) => (role === 'from' ? p.from : p.to)))]);
  if (self) readFirst(ROLE_NOUN_CONSTRUCTIONS, { ctx, at, rel, role, self });
}
