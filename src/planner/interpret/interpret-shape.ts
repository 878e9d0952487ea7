import { PLACE_VERBS } from '../read/cues.js';
import { ASKS_OBJECT, DO_FORMS } from '../read/word-classes.js';
import { LIST_LIMIT } from '../meaning.js';
import type { Ctx, Draft, Unsure } from './interpret-context.js';
import type { LexProperty } from '../link/lexicon.js';
import { anchorOf, broadFamily, calledAsLabel, fits, isWord, joined, labelOf, pick, pluralLabel, unsure, valueOwner, wordsOf } from './interpret-context.js';
import type { Item } from '../link/links.js';
import type { Ask, Condition, Meaning, MeaningNode, Ordering } from '../meaning.js';
import { alsoListed, compoundHead, listedBeside, listedWithTheirs, nameColumnOf } from './interpret-focus.js';
import { sortAsked } from './interpret-sort.js';
import type { PropItem } from './ranking.js';
import { byWords, chooseRank } from './ranking.js';
import { readEvery, UNREAD_CONSTRUCTIONS } from './quantifiers.js';
import type { AskScene } from './ask-constructions.js';
import { ASK_CONSTRUCTIONS, groupOf } from './ask-constructions.js';
import { readFirst } from './construction.js';

/**
 * What is asked: the focus (the first thing the question does not name, after "how many" when
 * it counts), and of it what the first construction of an ask that reads the question gives
 * (ask-constructions.ts: a list, a count, an aggregate of a value, a value of a named thing,
 * whether something holds, or a ranking with how many to show); then the meaning, with the
 * values shown beside a list.
 */

/** Whether the count at `at` follows "by" ("by (the) number of …", "based on the number of …") or a ranking word ("the highest number of …"). */
const measuresRank = (ctx: Ctx, at: number) =>
  at > 0 && (byWords(ctx, at - 1) !== undefined || (isWord(ctx.items[at - 1], 'the') && byWords(ctx, at - 2) !== undefined) || ctx.items[at - 1]?.kind === 'rank');

export function shape(ctx: Ctx): { ok: true; meaning: Meaning } | Unsure {
  const { items } = ctx;
  const indexOf = (kind: Item['kind']) => items.findIndex((it, i) => it.kind === kind && !ctx.used.has(i));
  // "sorted by price", "from the oldest to the newest": every thing, in that order.
  const sort = sortAsked(ctx);
  const rankAt = sort ? sort.at : chooseRank(ctx);
  // "the top 5 actors by the number of movies", "the highest number of followers": what a ranking ranks by, not what is asked.
  const counted = rankAt >= 0 && measuresRank(ctx, indexOf('count')) ? -1 : indexOf('count');
  // "How many movies … and what are they?": the things themselves, which a list gives with how many there are.
  const listedToo = counted >= 0 ? alsoListed(ctx, counted) : undefined;
  if (listedToo) ctx.used.add(counted);
  const countAt = listedToo ? -1 : counted;
  const aggAt = indexOf('agg');
  const anchors = ctx.nodes.filter((n) => n.anchor);
  const free = ctx.nodes.filter((n) => !n.anchor);

  const firstAfter = (at: number) => free.filter((n) => n.at > at && !n.implicit).sort((a, b) => a.at - b.at)[0];
  let focus: Draft | undefined = (countAt >= 0 ? firstAfter(countAt) : undefined) ?? free.filter((n) => !n.implicit).sort((a, b) => a.at - b.at)[0] ?? free[0] ?? anchors[0];
  if (!focus) return unsure(ctx, 'the question names nothing the graph holds');
  focus = compoundHead(ctx, focus, free);
  // "the names and categories of shops": the shops, each with its categories.
  const beside = countAt < 0 ? listedBeside(ctx, focus, free) : undefined;
  if (beside) focus = beside.owner;
  if (countAt >= 0) ctx.used.add(countAt);
  else if (!beside && !listedToo) focus = objectAsked(ctx, focus, free);

  const theirs = countAt < 0 && !beside ? listedWithTheirs(ctx, focus) : undefined;
  const list: Ask = { kind: 'list', extra: [...(beside ? [beside.column] : []), ...(listedToo?.column ? [listedToo.column] : []), ...(theirs ? [theirs] : [])] };

  // Properties named and not used by a condition: what is asked for.
  let asked = items.map((it, i) => ({ it, i })).filter(({ it, i }) => it.kind === 'prop' && !ctx.used.has(i)) as { it: PropItem; i: number }[];
  // "Where is X based?": a property word of none of the things in play is the where's verb, not what is asked.
  const whereAt = items.findIndex((it) => it.kind === 'wh' && it.word === 'where');
  if (whereAt >= 0 && focus.anchor && ctx.edges.length === 0) {
    const inPlay = (pr: PropItem['props'][number]) => pr.ownerKind === 'label' && ctx.nodes.some((n) => fits(n, pr.owner));
    for (const a of asked.filter((x) => !x.it.props.some(inPlay))) ctx.used.add(a.i);
    asked = asked.filter((x) => x.it.props.some(inPlay));
    // "Where is X located?": the verb says no more than "where".
    items.forEach((it, k) => it.kind === 'word' && PLACE_VERBS.test(it.token.lemma) && ctx.used.add(k));
  }

  // What is asked of the focus: the first construction of an ask that reads the question (ask-constructions.ts).
  const scene: AskScene = { ctx, sort, rankAt, countAt, aggAt, anchors, free, focus, list, asked, whereAt, opener: ctx.tokens[0]?.lower ?? '' };
  const shaped = readFirst(ASK_CONSTRUCTIONS, scene) ?? { focus, ask: list };
  if ('ok' in shaped) return shaped;
  return finishShape(ctx, shaped.focus, shaped.ask, shaped.order, shaped.limit, asked);
}

/** A node's label, or its family: one it was given, or the one its broad label stands for when nothing names it. */
function asFamily(ctx: Ctx, n: Draft): Pick<MeaningNode, 'label' | 'nameKey' | 'family'> {
  const family = n.family ?? (n.label && !n.anchor ? broadFamily(ctx.lexicon, n.label) : undefined);
  if (family) return { family, nameKey: familyNameKey(ctx, family.labels) };
  return n.label ? { label: n.label, nameKey: labelOf(ctx.lexicon, n.label)?.nameKey ?? 'name' } : {};
}

/** The property naming things of a family: its labels' one name key, else the one most of them use. */
function familyNameKey(ctx: Ctx, labels: readonly string[]): string {
  const keys = labels.map((l) => labelOf(ctx.lexicon, l)?.nameKey ?? 'name');
  return keys.sort((a, b) => keys.filter((k) => k === b).length - keys.filter((k) => k === a).length)[0] ?? 'name';
}

/**
 * "What do docked vessels carry?", "Who does the team in Oslo employ?": the thing named is the
 * subject and what is asked is what its verb reaches, the one unnamed thing at the other end
 * of its relationship (as with a named subject, "What does Sea Wolf carry?").
 */
function objectAsked(ctx: Ctx, focus: Draft, free: Draft[]): Draft {
  const [wh, aux] = ctx.tokens;
  if (!wh || !aux || !ASKS_OBJECT.has(wh.lower) || !DO_FORMS.has(aux.lower) || focus.implicit || focus.at < 2) return focus;
  const reached = free.filter((n) => n.implicit && joined(ctx, focus, n));
  return reached.length === 1 ? reached[0]! : focus;
}

/** Whether two things are joined, through others or not (`of` may be a relationship's index, for a value of it). */
function connected(ctx: Ctx, a: Draft, of: string): boolean {
  const target = ctx.nodes.some((n) => n.id === of) ? of : undefined;
  const edge = target ? undefined : ctx.edges[Number(of)];
  const reached = new Set([a.id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const e of ctx.edges) {
      if (reached.has(e.from) === reached.has(e.to)) continue;
      reached.add(e.from).add(e.to);
      grew = true;
    }
  }
  return target ? reached.has(target) : edge !== undefined && reached.has(edge.from);
}

/** The meaning with its columns: values named beside a list, and the values its conditions compared. */
function finishShape(ctx: Ctx, focus: Draft, ask: Ask, order: Ordering | undefined, limit: number | undefined, asked: { it: PropItem; i: number }[]): { ok: true; meaning: Meaning } | Unsure {
  // "the average rating for each movie": one figure for all of them would answer another question.
  const each = ask.kind === 'count' || ask.kind === 'aggregate' || ask.kind === 'value' ? groupOf(ctx, focus, true) : undefined;
  if (each && each.group === focus && ask.kind === 'aggregate' && ask.of === focus.id && !ask.edge) {
    // "the total number of employees of each company": each one's own value, not their sum.
    ctx.used.add(each.at);
    ask = { kind: 'list', extra: [{ of: ask.of, key: ask.key }] };
    limit = LIST_LIMIT;
  } else if (each && each.group !== focus && (ask.kind === 'count' || ask.kind === 'aggregate') && connected(ctx, each.group, ask.kind === 'count' ? focus.id : ask.of)) {
    // "the average pages of the books each branch holds", "how many members for each branch" through the books: every group with its figure.
    ctx.used.add(each.at);
    order = ask.kind === 'count'
      ? { by: { count: focus.id }, direction: 'DESC', each: true }
      : { by: { aggregate: ask.fn, of: ask.of, key: ask.key, ...(ask.edge ? { edge: true } : {}) }, direction: 'DESC', each: true };
    focus = each.group;
    ask = { kind: 'list', extra: [] };
    limit = LIST_LIMIT;
  } else if (each) return unsure(ctx, `I can’t give that for each ${wordsOf(ctx, each.group.at)} separately yet`);
  // "members who borrowed every book", "guests who only wrote short reviews": read as some, they would be answered wrongly.
  readEvery(ctx, focus, ask.kind === 'count' || (ask.kind === 'list' && !order));
  const unread = readFirst(UNREAD_CONSTRUCTIONS, { ctx, focus });
  if (unread) return unread;
  if (ask.kind === 'list') {
    for (const { it, i } of asked) {
      const p = pick(ctx, it.props, i);
      const of = p && valueOwner(ctx, p, i);
      if (of) {
        // A ranking by how many or by an average gives each ranked thing and its figure only: a value of another
        // thing asked beside it ("… and what are the themes of those events?") would be dropped, so the question is declined.
        // (The ranked things' own values are said after the ranking: "Their opening year: …".)
        if (!ctx.used.has(i) && of.of !== focus.id && order && ('count' in order.by || 'aggregate' in order.by)) return unsure(ctx, `I can’t yet give “${wordsOf(ctx, i)}” beside a ranking by ${'count' in order.by ? 'how many' : 'an average or total'}`);
        if (!ask.extra.some((x) => x.of === of.of && x.key === of.key && !x.edge === !of.edge)) ask.extra.push(of);
        ctx.used.add(i);
      }
    }
    // "… ships launched after 1980 and who captained them?", "… and what are those ships?": the things asked about beside the list, by name.
    for (const n of ctx.nodes) {
      const whoAsked = n.who && ctx.items[n.at]?.kind === 'wh';
      const column = (whoAsked || ctx.askedAgain?.includes(n)) && n !== focus ? nameColumnOf(ctx, n) : undefined;
      if (column && order && ('count' in order.by || 'aggregate' in order.by)) return unsure(ctx, `I can’t yet give ${pluralLabel(labelOf(ctx.lexicon, n.label ?? ''))} beside a ranking by ${'count' in order.by ? 'how many' : 'an average or total'}`);
      if (column && !ask.extra.some((x) => x.of === n.id)) ask.extra.push(column);
    }
    const f = focus;
    const nameKey = labelOf(ctx.lexicon, f.label ?? '')?.nameKey;
    for (const c of f.conditions) {
      if (typeof c.value !== 'boolean' && c.op !== 'exists' && c.key !== nameKey && !ask.extra.some((x) => x.key === c.key && x.of === f.id)) ask.extra.push({ of: f.id, key: c.key });
      // Two values said to differ are both shown (two said to be one are one value).
      if (c.otherKey && c.op === '<>' && !ask.extra.some((x) => x.key === c.otherKey && x.of === f.id)) ask.extra.push({ of: f.id, key: c.otherKey });
    }
    // "deck 3", "class b": a thing's property called as its label is how it is spoken of, shown beside its name.
    const own = ownNamedProperty(ctx, f);
    if (own && own.key !== nameKey && !ask.extra.some((x) => x.key === own.key && x.of === f.id)) ask.extra.push({ of: f.id, key: own.key });
  }
  if (focus.who && !focus.label) return unsure(ctx, 'I can’t tell who is meant');
  const nodes: MeaningNode[] = ctx.nodes.map((n) => ({
    id: n.id,
    ...asFamily(ctx, n),
    ...(n.anchor ? { anchor: anchorOf(n.anchor) } : {}),
    ...(n.implicit || labelSaidAsVerb(ctx, n) ? { implicit: true } : {}),
    ...(n.group ? { group: { key: n.group.key, words: n.group.words } } : {}),
    conditions: withoutMerePresence(n.conditions),
  }));
  const edges = ctx.edges.map(({ from, to, type, conditions, negated, orTypes, said, either }) => ({
    from,
    to,
    type,
    conditions: withoutMerePresence(conditions),
    ...(negated ? { negated } : {}),
    ...(orTypes?.length ? { orTypes } : {}),
    ...(said ? { said } : {}),
    ...(either ? { either } : {}),
  }));
  return {
    ok: true,
    meaning: {
      nodes,
      edges,
      focus: focus.id,
      ask,
      ...(order ? { order } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(ctx.limitSaid ? { limitSaid: true } : {}),
      ...(ctx.unranked ? { unranked: true } : {}),
      ...(ctx.having.length ? { having: ctx.having } : {}),
      ...(ctx.distinct.length ? { distinct: ctx.distinct } : {}),
    },
  };
}

/** "with a summary stating 'fun'": a value said of a property makes its mere presence ("with a summary") go without saying. */
function withoutMerePresence(conditions: Condition[]): Condition[] {
  const compared = new Set(conditions.filter((c) => c.op !== 'exists').map((c) => c.key));
  return conditions.filter((c, i) => c.op !== 'exists' || (!compared.has(c.key) && conditions.findIndex((x) => x.op === 'exists' && x.key === c.key) === i));
}

/** A thing the question names only by a verb ("hotels reviewed by critics": the reviews), passed through rather than asked about. */
function labelSaidAsVerb(ctx: Ctx, node: Draft): boolean {
  const it = ctx.items[node.at];
  return it?.kind === 'label' && ctx.tokens[it.from]?.pos === 'verb';
}

/** The property a label's things have under the label's own name (`zone` of Zone, `type` of Type). */
function ownNamedProperty(ctx: Ctx, node: Draft): LexProperty | undefined {
  const label = node.label;
  return label === undefined ? undefined : ctx.lexicon.properties.find((p) => calledAsLabel(p, label) && (p.kind === 'number' || p.kind === 'mixed' || p.kind === 'text'));
}
