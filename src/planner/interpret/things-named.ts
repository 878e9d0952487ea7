import { COPULA, NAMING_VERBS } from '../read/cues.js';
import { BE_FORMS, CONJUNCTIONS, KIND_WORDS, LEADS_OF_A_LIST, OTHER_WORDS, SOMEONE, THE_THEIR, THEY_THOSE } from '../read/word-classes.js';
import type { Ctx, Draft, Unsure } from './interpret-context.js';
import { isWord, isWordOf, newNodeId, unsure, wordsOf } from './interpret-context.js';
import type { Item, NamedThing } from '../link/links.js';

/**
 * The things a question names (interpret.ts makes them first): named things, label words, the
 * nouns of who does a relationship ("directors"; relationship-constructions.ts joins them), "who", and which of them must be other
 * things than another ("a different movie").
 */

/** The things the question names, in its order: each a node of the meaning (a named thing, a label word, an agent noun, "who"). */
export function makeNodes(ctx: Ctx): void {
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
      // "the interface with IP '10.0.0.9'", "the process whose pid is 42": the label word, then the property that names it.
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
      if (sameThingAgain(ctx, i, it.label.label, it.plural) || valuesOfThingAgain(ctx, i, it.label.label) || askedForAgain(ctx, i, it.label.label)) continue;
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
      if (namesWhatFollows(items, i) || relativeAfterConditions(ctx, i) || asksThemAgain(ctx, i)) continue;
      ctx.nodes.push({ id, at: i, who: true, conditions: [] });
    } else if (it.kind === 'word' && SOMEONE.has(it.token.lower)) {
      ctx.used.add(i);
      ctx.nodes.push({ id, at: i, who: true, conditions: [] });
    }
  }
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
 * "Which captains command vessels and who are they?": the things asked about asked for again, by
 * name; no other person. The words are used here.
 */
function asksThemAgain(ctx: Ctx, at: number): boolean {
  const { items } = ctx;
  // (At the end: "and who are they related to?" asks another thing.)
  if (!isWord(items[at - 1], 'and') || !isWordOf(items[at + 1], BE_FORMS) || !isWordOf(items[at + 2], THEY_THOSE) || items.length !== at + 3) return false;
  for (const k of [at - 1, at + 1, at + 2]) ctx.used.add(k);
  return true;
}

/**
 * "Which captains own more than one ship and what are those ships?": at the end, the things of a
 * kind named before asked for again, by name beside the answer; no other ships (a second pattern
 * over the same relationship would find none). The words are used here.
 */
function askedForAgain(ctx: Ctx, at: number, label: string): boolean {
  const { items } = ctx;
  const what = items[at - 3];
  if (at !== items.length - 1 || !isWordOf(items[at - 1], THEY_THOSE) || !isWordOf(items[at - 2], BE_FORMS) || what?.kind !== 'wh' || !['what', 'which'].includes(what.word) || !isWord(items[at - 4], 'and')) return false;
  const named = ctx.nodes.filter((n) => n.label === label && !n.anchor);
  if (named.length !== 1) return false;
  for (let k = at - 4; k <= at; k++) ctx.used.add(k);
  ctx.askedAgain = [...(ctx.askedAgain ?? []), named[0]!];
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
export function doubledThroughUnnamed(ctx: Ctx): Unsure | undefined {
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
    return stepsUnsaid(ctx, said.at);
  }
  return undefined;
}

/** A relationship said at `at` that may be one step or a chain, the words not saying which. */
const stepsUnsaid = (ctx: Ctx, at: number): Unsure => unsure(ctx, `I can’t tell how many steps of “${wordsOf(ctx, at)}” are meant here`);

/**
 * "the previous editions of edition 3" where editions are joined to editions only by a relationship
 * an adjective names (`PREVIOUS`): things in the plural of one named thing may be one step or the
 * whole chain. Declined, as a chain placed twice is; "the previous edition of 3" is one step.
 */
export function stepsOfAdjectiveUnsaid(ctx: Ctx): Unsure | undefined {
  for (const e of ctx.edges) {
    const item = ctx.items[e.at];
    const kind = ctx.items[e.at + 1];
    const plural = item?.kind === 'agent' && (item.plural || (kind?.kind === 'label' && kind.plural));
    if (item?.kind !== 'agent' || !plural || ctx.tokens[item.from]?.pos !== 'adj' || !item.rel.patterns.every((p) => p.from === p.to)) continue;
    const ends = [e.from, e.to].map((id) => ctx.nodes.find((n) => n.id === id));
    if (ends.some((n) => n?.anchor)) return stepsUnsaid(ctx, e.at);
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
export function copulaSubject(ctx: Ctx, at: number, labels: string[]): Draft | undefined {
  const between = (n: Draft) => ctx.items.slice(n.at + 1, at);
  const copula = (n: Draft) => between(n).some((x) => x.kind === 'word' && COPULA.test(x.token.lower)) && between(n).every((x) => x.kind === 'word' && ['aux', 'det', 'verb', 'adv'].includes(x.token.pos));
  return ctx.nodes.find((n) => !n.anchor && n.label !== undefined && labels.includes(n.label) && n.at < at && copula(n));
}

/**
 * Where the label word stands before "[with [the]] <property> <name>" or "whose <property> is <name>",
 * when the property is the one the named thing was found by ("the interface with IP '10.0.0.9'",
 * "gate code 'G-2'", "the gate whose code is 'G-2'"): the three say one thing.
 */
function namedByItsProperty(ctx: Ctx, at: number, entity: NamedThing): number | undefined {
  const is = isWord(ctx.items[at - 1], 'be') ? 1 : 0;
  const prop = ctx.items[at - 1 - is];
  if (prop?.kind !== 'prop' || !prop.props.some((p) => p.key === entity.nameProperty && p.ownerKind === 'label' && p.owner === entity.label)) return undefined;
  const labelAt = (k: number) => {
    const label = ctx.items[k];
    return label?.kind === 'label' && label.label.label === entity.label ? k : undefined;
  };
  const whose = ctx.items[at - 3];
  if (is) return whose?.kind === 'wh' && whose.word === 'whose' ? labelAt(at - 4) : undefined;
  if (labelAt(at - 2) !== undefined) return at - 2;
  const the = isWord(ctx.items[at - 2], 'the') ? 1 : 0;
  return isWord(ctx.items[at - 2 - the], 'with') ? labelAt(at - 3 - the) : undefined;
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
export function otherThings(ctx: Ctx): [string, string][] {
  const pairs: [string, string][] = [];
  ctx.items.forEach((it, i) => {
    // "acted in and directed the same movie": one thing both relationships reach (they already do); not "the same movie as …".
    if (it.kind === 'word' && it.token.lower === 'same' && !isWord(ctx.items[i + 2], 'as')) {
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
