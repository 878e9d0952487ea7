import type { Ctx, Draft, Unsure } from './interpret-context.js';
import { candidates, denialBefore, fits, labelOf, newNodeId, ownerEdge, personLike, pluralLabel, settle, unsure, wordsOf } from './interpret-context.js';
import { valueWords } from '../link/lexicon.js';
import type { LexProperty } from '../link/lexicon.js';
import type { Condition } from '../meaning.js';
import { identifierWords } from '../read/words.js';
import { EMPTY_VERBS } from '../read/word-classes.js';

/**
 * Things the question names without saying how they are joined ("sailors at Port Lyon", "the
 * captain of the Morning Star") are joined the one way the schema
 * joins them: one relationship, else two, else three; a relationship whose property the question names
 * ("head" as a role) decides between several. When several ways remain, the reading is unsure
 * and says which ways there are.
 */

interface Step {
  type: string;
  forward: boolean;
  from: string;
  to: string;
}


/** A thing as the question said it: its name, else its kind (`label`: the kind a way of joining gives it), else "someone" or "something". */
const describeNode = (ctx: Ctx, n: Draft, label = n.label) => n.anchor?.name ?? (label ? pluralLabel(labelOf(ctx.lexicon, label)) : n.who ? 'someone' : 'something');

function groupsOf(ctx: Ctx): Draft[][] {
  const parent = new Map(ctx.nodes.map((n) => [n.id, n.id]));
  const find = (x: string): string => (parent.get(x) === x ? x : find(parent.get(x)!));
  for (const e of ctx.edges) parent.set(find(e.from), find(e.to));
  // "on the same street as Kiln Pots": a value compared with another thing's holds the two together.
  for (const n of ctx.nodes) for (const c of n.conditions) if (c.sameAs && parent.has(c.sameAs)) parent.set(find(n.id), find(c.sameAs));
  // "the town with the most bakeries": the bakeries are the things holding the town.
  for (const n of ctx.nodes) if (n.sameThingAs && parent.has(n.sameThingAs)) parent.set(find(n.id), find(n.sameThingAs));
  const groups = new Map<string, Draft[]>();
  for (const n of ctx.nodes) groups.set(find(n.id), [...(groups.get(find(n.id)) ?? []), n]);
  return [...groups.values()].sort((a, b) => Math.min(...a.map((n) => n.at)) - Math.min(...b.map((n) => n.at)));
}

export function joinComponents(ctx: Ctx): Unsure | { ok: true } {
  for (let guard = 0; guard < 6; guard++) {
    const groups = groupsOf(ctx);
    if (groups.length <= 1) break;
    const [main, loose] = groups as [Draft[], Draft[]];
    const wanted = new Set(ctx.pending.map((p) => p.prop.owner));
    // "people who sailed with Ada Moreau": she did the same, with the same thing.
    const prep = ctx.items[Math.min(...loose.map((n) => n.at)) - 1];
    if (prep?.kind === 'word' && prep.token.lower === 'with') {
      for (const e of ctx.edges) if (ctx.nodes.some((n) => n.implicit && (n.id === e.from || n.id === e.to))) wanted.add(e.type);
    }
    if (roleEndNamed(ctx, main, loose)) continue;
    const join = bestJoin(ctx, main, loose, wanted);
    // The name as a value the things hold beats a guess through a third thing ("stores in Narvik":
    // the stores' town, not the stores a company in Narvik supplies).
    if ((!join || join.steps.length > 1) && (nameAsValue(ctx, main, loose) || numberAsValue(ctx, main, loose))) continue;
    if (!join) {
      const a = main.find((n) => n.label) ?? main[0]!;
      const b = loose.find((n) => n.label) ?? loose[0]!;
      return unsure(ctx, `I can’t tell how ${describeNode(ctx, a)} and ${describeNode(ctx, b)} are related here`);
    }
    if (join.options.length > 1) {
      // Two or more ways the schema joins them: the person asking chooses (a choice made earlier in the run decides).
      const chosen = join.all.find((f) => ctx.chosen.includes(joinId(f.steps)));
      if (!chosen) {
        const a = describeNode(ctx, join.a);
        const b = describeNode(ctx, join.b);
        return {
          ok: false,
          reason: `${a} and ${b} are related in more than one way: which one do you mean?`,
          unplaced: [],
          // Each way says the two things it joins: they need not be the first way's.
          choices: join.all.map((f) => ({ id: joinId(f.steps), label: `${describeNode(ctx, f.a, f.a.label ?? f.steps[0]!.from)} and ${describeNode(ctx, f.b, f.b.label ?? f.steps.at(-1)!.to)} joined${through(ctx, f.steps)} by ${f.steps.map((s) => `“${phraseOfType(s.type)}”`).join(' then ')}` })),
        };
      }
      Object.assign(join, chosen);
    }
    // "students mentored by X" with the verb unread: a relationship from a kind to itself, guessed, could run either way.
    const unread = selfJoinUnderVerb(ctx, join);
    if (unread) return unread;
    const failed = addJoin(ctx, join);
    if (failed) return failed;
  }
  for (const pending of ctx.pending) {
    const kin = ownerEdge(ctx, pending.prop) ? undefined : kinEdgeOf(ctx, pending.prop);
    if (kin) {
      kin.conditions.push(...pending.conditions);
      continue;
    }
    if (!ownerEdge(ctx, pending.prop)) relationshipOfProperty(ctx, pending.prop);
    const edge = ownerEdge(ctx, pending.prop);
    if (!edge) return unsure(ctx, `nothing in the question is joined by ${pending.prop.owner}, which ${pending.prop.key} belongs to`);
    edge.e.conditions.push(...pending.conditions);
  }
  ctx.pending = [];
  // "Which roles did Ada Moreau play?": a property of one relationship, asked for with nothing joined by it yet.
  ctx.items.forEach((it, i) => {
    if (it.kind !== 'prop' || ctx.used.has(i) || !it.props.every((p) => p.ownerKind === 'relationship')) return;
    const owners = new Set(it.props.map((p) => p.owner));
    if (owners.size === 1 && !ctx.edges.some((e) => owners.has(e.type))) relationshipOfProperty(ctx, it.props[0]!);
  });
  return { ok: true };
}

/**
 * A guessed join by a relationship from a kind of thing to the same kind ("mentors", "follows"),
 * with a verb between the two things that nothing read: which of them does what the verb says is
 * a guess either way, so the question is declined.
 */
function selfJoinUnderVerb(ctx: Ctx, join: { a: Draft; b: Draft; steps: Step[] }): Unsure | undefined {
  const [step] = join.steps;
  if (join.steps.length !== 1 || !step || step.from !== step.to) return undefined;
  const [from, to] = [Math.min(join.a.at, join.b.at), Math.max(join.a.at, join.b.at)];
  const verb = ctx.items.findIndex((it, k) => k > from && k < to && !ctx.used.has(k) && it.kind === 'word' && it.token.pos === 'verb' && !EMPTY_VERBS.has(it.token.lemma));
  return verb < 0 ? undefined : unsure(ctx, `I can’t tell which way “${wordsOf(ctx, verb)}” goes between ${describeNode(ctx, join.a)} and ${describeNode(ctx, join.b)}`);
}

/** Joins two things by one way the schema has; unsure when a denial before one of them cannot be read. */
function addJoin(ctx: Ctx, join: { a: Draft; b: Draft; steps: Step[] }): Unsure | undefined {
  // "companies with no projects", "branches that have no librarians": the join is denied, never read as having one.
  const denied = [join.a, join.b].find((n) => !n.anchor && denialBefore(ctx, n.at) !== undefined);
  if (denied) {
    // The first thing named is what is asked about; a denial of it, or through a third thing, is not read.
    const first = ctx.nodes.reduce((a, b) => (b.at < a.at ? b : a));
    if (denied === first || join.steps.length > 1) {
      return unsure(ctx, `I can’t tell what “${wordsOf(ctx, denialBefore(ctx, denied.at)!)}” denies here, so I won’t guess`);
    }
    ctx.used.add(denialBefore(ctx, denied.at)!);
  }
  ctx.confidence -= 0.1;
  ctx.notes.push(`joined ${describeNode(ctx, join.a)} and ${describeNode(ctx, join.b)} by ${join.steps.map((s) => s.type).join(' and ')}${denied ? ' (denied)' : ''}`);
  settle(join.a, join.steps[0]!.from);
  settle(join.b, join.steps.at(-1)!.to);
  let previous = join.a;
  join.steps.forEach((s, k) => {
    const next: Draft = k === join.steps.length - 1 ? join.b : { id: newNodeId(ctx), at: join.b.at, label: s.to, implicit: true, conditions: [] };
    if (next !== join.b) ctx.nodes.push(next);
    ctx.edges.push({ from: s.forward ? previous.id : next.id, to: s.forward ? next.id : previous.id, type: s.type, conditions: [], at: join.b.at, guessed: true, ...(denied ? { negated: true } : {}) });
    previous = next;
  });
  return undefined;
}

/** A relationship type's words without the numbers that tell its kin apart (`INTERACTS2`, `ACTED_IN_2019`). */
const kinWords = (type: string) =>
  identifierWords(type)
    .map((w) => w.replace(/\d+$/, ''))
    .filter(Boolean)
    .join(' ');

/**
 * "characters who interact in book 1": a relationship said by its verb (INTERACTS) with a property
 * its type lacks but its kin have, the types named alike but for a number (INTERACTS1, INTERACTS2,
 * …, each with `book`): the relationship is any of the kin that have it, joining the same things
 * and holding every condition already said of it. Returns the edge so read, if one is.
 */
function kinEdgeOf(ctx: Ctx, prop: LexProperty): Ctx['edges'][number] | undefined {
  const holders = ctx.lexicon.properties.filter((p) => p.ownerKind === 'relationship' && p.key === prop.key).map((p) => p.owner);
  const kinless = ctx.edges.filter((e) => !e.negated && !e.orTypes?.length && !holders.includes(e.type) && holders.some((h) => h !== e.type && kinWords(h) === kinWords(e.type)));
  if (kinless.length !== 1) return undefined;
  const edge = kinless[0]!;
  const [from, to] = [edge.from, edge.to].map((id) => ctx.nodes.find((n) => n.id === id));
  const hasKey = (type: string, key: string) => ctx.lexicon.properties.some((p) => p.ownerKind === 'relationship' && p.owner === type && p.key === key);
  const types = holders.filter(
    (h) =>
      kinWords(h) === kinWords(edge.type) &&
      edge.conditions.every((c) => hasKey(h, c.key)) &&
      ctx.lexicon.relationships.some((r) => r.type === h && r.patterns.some((p) => (!from || fits(from, p.from)) && (!to || fits(to, p.to)))),
  );
  if (types.length === 0) return undefined;
  ctx.confidence -= 0.05;
  ctx.notes.push(`read “${phraseOfType(edge.type)}” with ${identifierWords(prop.key).join(' ')} as ${types.join(' or ')}, which have it`);
  edge.said = edge.type;
  edge.type = types[0]!;
  if (types.length > 1) edge.orTypes = types.slice(1);
  return edge;
}

/**
 * "movies with a rating above 90": a property of a relationship the question does not name is
 * that relationship's, reaching the one thing in play it fits, from any thing at its other end
 * (a guess, said so). Not when several things fit, or it joins a label to itself (which end?).
 */
function relationshipOfProperty(ctx: Ctx, prop: LexProperty): void {
  const type = prop.owner;
  const rel = ctx.lexicon.relationships.find((r) => r.type === type);
  if (!rel) return;
  const fitting = ctx.nodes.flatMap((n) =>
    rel.patterns.flatMap((p) => (p.from === p.to ? [] : [...(fits(n, p.to) ? [{ n, p, end: 'to' as const }] : []), ...(fits(n, p.from) ? [{ n, p, end: 'from' as const }] : [])])),
  );
  if (fitting.length !== 1) return;
  const { n, p, end } = fitting[0]!;
  settle(n, end === 'to' ? p.to : p.from);
  const other: Draft = { id: newNodeId(ctx), at: n.at, label: end === 'to' ? p.from : p.to, implicit: true, conditions: [] };
  ctx.nodes.push(other);
  ctx.edges.push({ from: end === 'to' ? other.id : n.id, to: end === 'to' ? n.id : other.id, type, conditions: [], at: n.at, guessed: true });
  ctx.confidence -= 0.1;
  ctx.notes.push(`read ${identifierWords(prop.key).join(' ')} as that of “${phraseOfType(type)}” between ${describeNode(ctx, n)} and any ${describeNode(ctx, other)}`);
}

/**
 * The far end of a role noun is the one thing of its label the question names apart from it:
 * "directors with the most movies" counts the movies they directed, "actors and the movies they
 * acted in" lists those, "movies with more than 3 actors" counts those movies' actors. Only when
 * exactly one such thing is loose and joined to nothing yet; the role's own relationship joins
 * them, so nothing is guessed.
 * Returns whether it was.
 */
function roleEndNamed(ctx: Ctx, main: Draft[], loose: Draft[]): boolean {
  for (const [own, other] of [[main, loose], [loose, main]] as const) {
    for (const end of own.filter((n) => n.roleEnd)) {
      // A thing another relationship already reaches ("actors who reviewed a movie") is not the role's.
      const same = other.filter((n) => !n.implicit && n.label === end.label && !ctx.edges.some((e) => e.from === n.id || e.to === n.id));
      if (same.length !== 1 || ctx.edges.filter((e) => e.from === end.id || e.to === end.id).length !== 1) continue;
      const named = same[0]!;
      for (const e of ctx.edges) {
        if (e.from === end.id) e.from = named.id;
        if (e.to === end.id) e.to = named.id;
      }
      named.conditions.push(...end.conditions);
      ctx.nodes.splice(ctx.nodes.indexOf(end), 1);
      return true;
    }
  }
  return false;
}

/**
 * A named thing no one relationship joins to the others, whose name is a recurring value of a
 * property they have ("stores in Narvik": stores hold `town: "Narvik"`, and a place Narvik is
 * joined to no store) is that value: a condition on the thing holding it. Returns whether it was.
 */
function nameAsValue(ctx: Ctx, main: Draft[], loose: Draft[]): boolean {
  const named = loose.length === 1 ? loose[0]! : undefined;
  if (!named?.anchor || ctx.edges.some((e) => e.from === named.id || e.to === named.id)) return false;
  for (const { property, value } of ctx.lexicon.values.get(valueWords(named.anchor.name).join(' ')) ?? []) {
    const owner = property.ownerKind === 'label' ? main.find((n) => fits(n, property.owner)) : undefined;
    if (!owner) continue;
    readAsValueOf(ctx, named, owner, property.owner, { key: property.key, op: '=', value, words: value }, named.anchor.name);
    return true;
  }
  return false;
}

/**
 * A numbered thing no one relationship joins to the others ("cabins on deck 3", a Deck with
 * `deck: 3`), whose number a thing in play holds under the same key (cabins have `deck`), is that
 * value: a condition on the thing holding it, not a guess through a third thing. Returns whether it was.
 */
function numberAsValue(ctx: Ctx, main: Draft[], loose: Draft[]): boolean {
  const numbered = loose.length === 1 ? loose[0]! : undefined;
  const said = numbered?.conditions.length === 1 ? numbered.conditions[0]! : undefined;
  if (!numbered || numbered.anchor || numbered.implicit || !said || said.op !== '=' || typeof said.value !== 'number') return false;
  if (ctx.edges.some((e) => e.from === numbered.id || e.to === numbered.id)) return false;
  const holders = main.filter((n) => !n.implicit && ctx.lexicon.properties.some((p) => p.ownerKind === 'label' && p.key === said.key && fits(n, p.owner) && (p.kind === 'number' || p.kind === 'mixed')));
  if (holders.length !== 1) return false;
  const owner = holders[0]!;
  const prop = ctx.lexicon.properties.find((p) => p.ownerKind === 'label' && p.key === said.key && fits(owner, p.owner))!;
  readAsValueOf(ctx, numbered, owner, prop.owner, { ...said }, `${said.key} ${said.value}`);
  return true;
}

/** `gone`, which nothing joins to the others, read as `condition` on `owner` (of `label`): a guess, said so. */
function readAsValueOf(ctx: Ctx, gone: Draft, owner: Draft, label: string, condition: Condition, said: string): void {
  settle(owner, label);
  owner.conditions.push(condition);
  ctx.nodes.splice(ctx.nodes.indexOf(gone), 1);
  ctx.confidence -= 0.1;
  ctx.notes.push(`read ${said} as the ${condition.key} of ${describeNode(ctx, owner)}: no one relationship joins them to it`);
}

/** The things a two-step join passes (" through interfaces"), so two ways by the same words read apart. */
const through = (ctx: Ctx, steps: Step[]) => (steps.length > 1 ? ` through ${steps.slice(0, -1).map((s) => pluralLabel(labelOf(ctx.lexicon, s.to))).join(' and ')}` : '');

/** A join as a choice's id: its relationship types in order, with the kinds of thing it goes through. */
const JOIN = 'join:';
const joinId = (steps: Step[]) => `${JOIN}${steps.map((s, k) => `${k > 0 ? `${s.from}:` : ''}${s.type}${s.forward ? '>' : '<'}`).join('/')}`;
/** A join's way, the same read from either end: its id or its reverse's, whichever sorts first. */
const wayOf = (steps: Step[]) => {
  const reversed = [...steps].reverse().map((s) => ({ ...s, from: s.to, to: s.from, forward: !s.forward }));
  return [joinId(steps), joinId(reversed)].sort()[0]!;
};
const phraseOfType = (type: string) => type.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();

/** The shortest joins (one, then two relationships) between a node of `main` and one of `loose`. */
function bestJoin(
  ctx: Ctx,
  main: Draft[],
  loose: Draft[],
  wanted: Set<string>,
): { a: Draft; b: Draft; steps: Step[]; options: string[]; all: { a: Draft; b: Draft; steps: Step[] }[] } | undefined {
  const stepsFrom = (label: string): Step[] =>
    ctx.lexicon.relationships.flatMap((r) =>
      r.patterns.flatMap((p) => [
        ...(p.from === label ? [{ type: r.type, forward: true, from: label, to: p.to }] : []),
        ...(p.to === label && p.from !== p.to ? [{ type: r.type, forward: false, from: label, to: p.from }] : []),
      ]),
    );
  const any = ctx.lexicon.labels.map((l) => l.label);
  for (const length of [1, 2, 3]) {
    const found: { a: Draft; b: Draft; steps: Step[] }[] = [];
    // (A thing named only to be compared with is joined to nothing else the question says.)
    for (const a of main.filter((n) => !n.compared)) {
      for (const b of loose.filter((n) => !n.compared)) {
        const lb = candidates(b) ?? any;
        for (const start of candidates(a) ?? any) {
          for (const s1 of stepsFrom(start)) {
            if (length === 1 && lb.includes(s1.to)) found.push({ a, b, steps: [s1] });
            // One type twice is a way only between two labels ("zones and switches that route one interface"),
            // not back to the label it left (that is "people who acted with people", asked in its own words).
            if (length === 2) for (const s2 of stepsFrom(s1.to)) if (lb.includes(s2.to) && (s2.type !== s1.type || s2.to !== start)) found.push({ a, b, steps: [s1, s2] });
            // Three steps only where no shorter way is ("fruit on an estate": its orchards' trees bear it), each kind once.
            if (length === 3) {
              for (const s2 of stepsFrom(s1.to)) {
                if (s2.to === start || s2.to === s1.to) continue;
                for (const s3 of stepsFrom(s2.to)) if (lb.includes(s3.to) && ![start, s1.to, s2.to].includes(s3.to)) found.push({ a, b, steps: [s1, s2, s3] });
              }
            }
          }
        }
      }
    }
    if (found.length === 0) continue;
    const preferred = found.filter((f) => f.steps.some((s) => wanted.has(s.type)) && (!f.a.implicit || f.steps.length === 1));
    let pool = preferred.length > 0 ? preferred : found;
    // "who": a person, when the graph has people among the choices.
    const people = pool.filter((f) => (!f.a.who || personLike(ctx.lexicon, f.steps[0]!.from)) && (!f.b.who || personLike(ctx.lexicon, f.steps.at(-1)!.to)));
    if (people.length > 0) pool = people;
    // "the editions of Tidewater": a relationship named as the things it reaches (EDITION to an Edition) is the way the noun says.
    const named = pool.filter((f) => namesWhatItReaches(ctx, f));
    if (named.length > 0) pool = named;
    // "sailors at Port Lyon": the thing right before the other is the one joined to it, by a relationship said with that preposition.
    const prep = ctx.items[loose.map((n) => n.at).sort((x, y) => x - y)[0]! - 1];
    const prepWord = prep?.kind === 'word' && prep.token.pos === 'prep' ? prep.token.lower : undefined;
    const score = (f: { a: Draft; b: Draft; steps: Step[] }) =>
      (f.b.at - f.a.at <= 2 && f.b.at > f.a.at ? 2 : 0) + (prepWord && ctx.lexicon.relationships.find((r) => r.type === f.steps[0]!.type)?.allWords.includes(prepWord) ? 1 : 0);
    const best = Math.max(...pool.map(score));
    if (best > 0) pool = pool.filter((f) => score(f) === best);
    // A way is its relationships and the kinds it goes through, whichever end it is read from: HOLDS then USES
    // through cranes is not through trucks.
    const distinct = [...new Map(pool.map((f) => [wayOf(f.steps), f])).values()];
    return { ...distinct[0]!, options: distinct.map((f) => f.steps.map((s) => s.type).join(' then ')), all: distinct };
  }
  return undefined;
}

/**
 * Whether a way of one step is a relationship called as the label of the things it reaches
 * (`EDITION` to an `Edition`), where those things are said by that label ("the editions of X"),
 * not named.
 */
function namesWhatItReaches(ctx: Ctx, f: { a: Draft; b: Draft; steps: Step[] }): boolean {
  const [step] = f.steps;
  if (f.steps.length !== 1 || !step) return false;
  const [reached, node] = step.forward ? [step.to, f.b] : [step.from, f.a];
  const words = ctx.lexicon.relationships.find((r) => r.type === step.type)?.words.join(' ');
  return !node.anchor && ctx.items[node.at]?.kind === 'label' && words !== undefined && words === labelOf(ctx.lexicon, reached)?.words.join(' ');
}

/** Whether a choice offered picks between ways of joining two things (rather than another reading). */
export const choosesJoin = (choiceId: string): boolean => choiceId.startsWith(JOIN);
