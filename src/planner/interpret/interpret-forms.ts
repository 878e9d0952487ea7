import { COMPARISON_WORDS, holdsDate } from '../read/cues.js';
import { AGE, BEFORE_AFTER, LESS, MORE, PATH_WORDS, TIME_ORDER_WORDS, WHAT_WHICH } from '../read/word-classes.js';
import type { Ctx, Draft, Unsure } from './interpret-context.js';
import { anchorOf, datesOf, joinsBetween, labelOf, pluralLabel, tokenAt, unsure, wordsOf } from './interpret-context.js';
import type { Meaning, MeaningNode } from '../meaning.js';
import { constructionTable } from './construction.js';

/**
 * Questions of a whole form rather than a pattern to match: how two named things are connected
 * (a path), whether one has more of something than the other or comes before it (a
 * comparison), and "the same … as X" (others sharing X's neighbour).
 */


const nodesOf = (ctx: Ctx): MeaningNode[] =>
  ctx.nodes.map((n) => ({
    id: n.id,
    ...(n.label ? { label: n.label, nameKey: labelOf(ctx.lexicon, n.label)?.nameKey ?? 'name' } : {}),
    ...(n.anchor ? { anchor: anchorOf(n.anchor) } : {}),
    conditions: [],
  }));

/** The two named things a whole form is about, and the question's words with their places. */
function twoNamed(ctx: Ctx) {
  const anchors = ctx.nodes.filter((n) => n.anchor);
  if (anchors.length !== 2) return undefined;
  const [a, b] = anchors as [Draft, Draft];
  const words = ctx.items.map((it, i) => ({ it, i })).filter(({ it }) => it.kind === 'word') as { it: { kind: 'word'; token: { lower: string; lemma: string } }; i: number }[];
  return { a, b, words };
}

/** "How is X connected to Y?": the path between two named things. */
const path = (ctx: Ctx): Meaning | undefined => {
  const named = twoNamed(ctx);
  if (!named) return undefined;
  const { a, b, words } = named;
  const pathWord = words.find(({ it }) => PATH_WORDS.has(it.token.lower) || PATH_WORDS.has(it.token.lemma));
  if (!pathWord || ctx.items.some((it) => it.kind === 'rel' || it.kind === 'agent' || it.kind === 'label' || it.kind === 'count')) return undefined;
  ctx.used.add(pathWord.i);
  const keys = [...new Set(ctx.lexicon.labels.map((l) => l.nameKey))];
  return { nodes: nodesOf(ctx), edges: [], focus: a.id, ask: { kind: 'path', a: a.id, b: b.id, nameKeys: keys } };
};

/** Two named things of one label and the word comparing them ("more … than", "older than", "before"), its words used. */
function comparing(ctx: Ctx) {
  const named = twoNamed(ctx);
  if (!named) return undefined;
  const { a, b, words } = named;
  if (a.label !== b.label || !a.label) return undefined;
  const cue = words.find(({ it }) => MORE.has(it.token.lower) || LESS.has(it.token.lower) || AGE.has(it.token.lower));
  if (!cue) return undefined;
  const cueWord = cue.it.token.lower;
  // "more … than" needs its "than"; "before"/"after" stand alone.
  if (!BEFORE_AFTER.has(cueWord) && !ctx.items.slice(cue.i + 1).some((it) => it.kind === 'word' && it.token.lower === 'than')) return undefined;
  ctx.used.add(cue.i);
  for (let k = cue.i + 1; k < ctx.items.length; k++) {
    const it = ctx.items[k]!;
    if (it.kind === 'word' && it.token.lower === 'than') ctx.used.add(k);
  }
  const label = labelOf(ctx.lexicon, a.label)!;
  const props = ctx.lexicon.properties.filter((p) => p.ownerKind === 'label' && p.owner === label.label && (p.kind === 'number' || p.kind === 'date' || p.kind === 'mixed'));
  return { a, b, at: cue.i, cueWord, label, props };
}

/** "Is X heavier than Y?", "Was X released before Y?": by a value, a property named, the date a verb says ("released after"), or the one date. */
const comparedByValue = (ctx: Ctx): Meaning | undefined => {
  const compared = comparing(ctx);
  if (!compared) return undefined;
  const { a, b, cueWord, props } = compared;
  let key: string | undefined;
  for (let k = 0; k < ctx.items.length && !key; k++) {
    const it = ctx.items[k]!;
    if (it.kind === 'prop') {
      const p = it.props.find((x) => props.includes(x));
      if (p) {
        key = p.key;
        ctx.used.add(k);
      }
    } else if (it.kind === 'word' && !ctx.used.has(k)) {
      const p = props.find((x) => x.words.some((w) => w === it.token.lemma || w === it.token.lower));
      if (p) {
        key = p.key;
        ctx.used.add(k);
      }
    }
  }
  const dated = (k: string) => props.some((p) => p.key === k && holdsDate(p));
  if (!key && (AGE.has(cueWord) || TIME_ORDER_WORDS.has(cueWord))) {
    const dates = props.filter((p) => dated(p.key));
    if (dates.length === 1) key = dates[0]!.key;
  }
  if (!key) return undefined;
  const more = AGE.has(cueWord) ? (dated(key) ? cueWord === 'younger' : cueWord === 'older') : MORE.has(cueWord);
  return { nodes: nodesOf(ctx), edges: [], focus: a.id, ask: { kind: 'compare', a: a.id, b: b.id, by: { key }, more } };
};

/** "Does X employ more people than Y?": by how many, through the relationship the verb names or the one joining them. */
const comparedByCount = (ctx: Ctx): Meaning | undefined => {
  const compared = comparing(ctx);
  if (!compared) return undefined;
  const { a, b, at, cueWord, label } = compared;
  const countedAt = ctx.items.findIndex((it, k) => k > at && (it.kind === 'label' || it.kind === 'agent'));
  const counted = ctx.nodes.find((n) => n.at === countedAt);
  if (!counted?.label && !counted?.labels?.length) return undefined;
  const countedLabel = counted.label ?? counted.labels![0]!;
  const relItem = ctx.items.find((it) => it.kind === 'rel' || it.kind === 'agent') as { rel: { type: string; patterns: { from: string; to: string }[] } } | undefined;
  const options = joinsBetween(ctx.lexicon, label.label, countedLabel);
  const chosen = relItem ? options.filter((o) => o.type === relItem.rel.type) : options;
  if (chosen.length !== 1) return undefined;
  ctx.items.forEach((it, k) => {
    if (it.kind === 'rel' || it.kind === 'agent' || k === countedAt) ctx.used.add(k);
  });
  const nodes = nodesOf(ctx).filter((n) => n.id === a.id || n.id === b.id);
  return { nodes, edges: [], focus: a.id, ask: { kind: 'compare', a: a.id, b: b.id, by: { ...chosen[0]!, label: countedLabel }, more: MORE.has(cueWord) } };
};

/**
 * "When was X founded?", "When was Trellis released?": the date of the named thing its verb says
 * (the verb may also name a relationship: "founded"), else its one date.
 */
function whenForm(ctx: Ctx): Meaning | undefined {
  // "When was …", "In what year was …", "Which year did …".
  const whenAt = ctx.items.findIndex((it, k) => (it.kind === 'wh' && it.word === 'when') || (it.kind === 'wh' && WHAT_WHICH.has(it.word) && /^years?$/.test(ctx.tokens[ctx.items[k + 1]?.from ?? -1]?.lower ?? '')));
  const anchors = ctx.nodes.filter((n) => n.anchor);
  const opening = ctx.items.slice(0, whenAt).every((it) => it.kind === 'word' && it.token.lower === 'in');
  if (whenAt < 0 || !opening || anchors.length !== 1 || ctx.nodes.length !== 1) return undefined;
  ctx.items.slice(0, whenAt).forEach((_, k) => ctx.used.add(k));
  const node = anchors[0]!;
  const dates = node.label ? datesOf(ctx, node.label) : [];
  let chosen = dates.length === 1 ? dates[0] : undefined;
  ctx.items.forEach((it, k) => {
    if (it.kind !== 'word' && it.kind !== 'rel' && it.kind !== 'prop') return;
    const token = ctx.tokens[it.from]!;
    const p = dates.find((d) => d.words.some((w) => w === token.lemma || w === token.lower || (it.kind === 'prop' && it.props.includes(d))));
    if (p) {
      chosen = p;
      ctx.used.add(k);
    } else if (it.kind === 'word' && token.pos === 'verb' && chosen) ctx.used.add(k);
  });
  if (!chosen) return undefined;
  ctx.used.add(whenAt);
  // "What year …": the year is what is asked.
  if (ctx.items[whenAt]!.kind === 'wh' && (ctx.items[whenAt] as { word: string }).word !== 'when') ctx.used.add(whenAt + 1);
  return { nodes: nodesOf(ctx), edges: [], focus: node.id, ask: { kind: 'value', of: node.id, key: chosen.key } };
}

/** The words of the items from `from` up to `to` as the question wrote them, named things left out ("more vessels"). */
const saidBetween = (ctx: Ctx, from: number, to: number) =>
  ctx.items
    .slice(from, to)
    .map((it, k) => (it.kind === 'entity' ? '' : wordsOf(ctx, from + k)))
    .filter(Boolean)
    .join(' ');

/**
 * "Is X heavier than Y?" where nothing says by what: two named things compared are never read as
 * a relationship between them ("does X ship Y"); the question is declined, saying the word.
 */
export function comparisonUnread(ctx: Ctx): Unsure | undefined {
  const compared = comparing(ctx);
  if (!compared) return undefined;
  const name = (n: Draft) => n.anchor?.name ?? '';
  // The comparison as said: "more vessels", "heavier".
  const than = ctx.items.findIndex((_, k) => k > compared.at && tokenAt(ctx, k)?.lower === 'than');
  const said = saidBetween(ctx, compared.at, than < 0 ? compared.at + 1 : than);
  return unsure(ctx, `I can’t tell how to compare ${name(compared.a)} and ${name(compared.b)} by “${said}” here`);
}

/**
 * "Which tutors teach more classes than Ada Brook?": each thing of a kind compared with one named
 * thing of that kind. Not read yet: declined, never read as the things joined to the named one.
 */
export function comparedWithNamed(ctx: Ctx): Unsure | undefined {
  const word = (k: number) => tokenAt(ctx, k)?.lower ?? '';
  // "more classes than X", "older than X"; "born before X" ("before"/"after" said right before the name).
  const thanAt = ctx.items.findIndex((_, k) => word(k) === 'than');
  const beforeName = ctx.nodes.find((n) => n.anchor && BEFORE_AFTER.has(word(n.at - 1)));
  const than = thanAt >= 0 ? thanAt : beforeName ? beforeName.at - 1 : -1;
  const cue = thanAt >= 0 ? ctx.items.findIndex((_, k) => k < than && (MORE.has(word(k)) || LESS.has(word(k)) || AGE.has(word(k)))) : than;
  const named = ctx.nodes.find((n) => n.anchor && n.at > than);
  if (than < 0 || cue < 0 || !named?.label) return undefined;
  const kind = ctx.nodes.find((n) => !n.anchor && n.at < cue && n.label === named.label);
  if (!kind) return undefined;
  const said = saidBetween(ctx, cue, Math.max(than, cue + 1));
  return unsure(ctx, `I can’t yet compare each of the ${pluralLabel(labelOf(ctx.lexicon, named.label)!)} with ${named.anchor!.name} by “${said}”`);
}

/**
 * "fees both above and below 40": a comparison word whose value is said only with the
 * next one is not read yet (one value on one thing could never be both); declined, saying the
 * words, rather than read as the last comparison alone.
 */
export function sharedComparisonValue(ctx: Ctx): Unsure | undefined {
  const at = ctx.items.findIndex((it, k) => it.kind === 'word' && COMPARISON_WORDS.has(it.token.lower) && ['and', 'or'].includes(tokenAt(ctx, k + 1)?.lower ?? '') && ctx.items[k + 2]?.kind === 'cmp');
  if (at < 0) return undefined;
  return unsure(ctx, `I can’t yet read “${saidBetween(ctx, at, at + 4)}”: say each comparison with its own value`);
}

/**
 * "shops on the same street as Kiln Pots": a value of the things asked (those of the named thing's
 * kind said before) compared with the named thing's own, the named thing left out.
 */
function sameValueAs(ctx: Ctx, i: number, named: Draft): [string, string] | undefined {
  const said = ctx.items[i + 1];
  const asked = askedOfItsKind(ctx, i, named);
  const prop = said?.kind === 'prop' && asked ? said.props.find((p) => p.ownerKind === 'label' && p.owner === named.label && !p.span) : undefined;
  if (!asked || !prop) return undefined;
  asked.conditions.push({ key: prop.key, op: '=', value: named.anchor!.name, words: `the same as ${named.anchor!.name}`, sameAs: named.id });
  ctx.used.add(i).add(i + 1).add(i + 2);
  named.compared = true;
  return [asked.id, named.id];
}

/** The things asked that "the same … as <named thing>" at `i` compares with it: those of its kind said before. */
const askedOfItsKind = (ctx: Ctx, i: number, named: Draft) => ctx.nodes.find((n) => !n.anchor && !n.implicit && n.at < i && n.label !== undefined && n.label === named.label);

/** Questions of a whole form, tried in this order before any pattern is read. */
export const WHOLE_FORM_CONSTRUCTIONS = constructionTable('whole form', { path, comparedByValue, comparedByCount, whenNamed: whenForm });

/**
 * "Who works at the same company as Ada Moreau?": the company is also Ada Moreau's, through
 * the same relationship, and the answer leaves her out. Said without a verb ("shops in the same
 * district as Corner Books"), the relationship is the one way the schema joins the named thing to
 * it, and the things asked are those of the named thing's kind said before.
 */
export function sameAs(ctx: Ctx): [string, string] | undefined {
  for (let i = 0; i + 3 < ctx.items.length; i++) {
    const same = ctx.items[i]!;
    if (same.kind !== 'word' || same.token.lower !== 'same') continue;
    const middle = ctx.nodes.find((n) => n.at === i + 1);
    const as = ctx.items[i + 2];
    const named = ctx.nodes.find((n) => n.at === i + 3 && n.anchor);
    if (as?.kind !== 'word' || as.token.lower !== 'as' || !named) continue;
    if (!middle) {
      const shared = sameValueAs(ctx, i, named);
      if (shared) return shared;
      continue;
    }
    const edge = ctx.edges.find((e) => e.from === middle.id || e.to === middle.id);
    if (!edge) {
      const asked = askedOfItsKind(ctx, i, named);
      const ways = middle.label && named.label ? joinsBetween(ctx.lexicon, named.label, middle.label) : [];
      if (!asked || ways.length !== 1) continue;
      const [way] = ways as [{ type: string; forward: boolean }];
      ctx.edges.push({ from: way.forward ? named.id : middle.id, to: way.forward ? middle.id : named.id, type: way.type, conditions: [], at: i + 3 });
      ctx.used.add(i).add(i + 2);
      named.compared = true;
      return [asked.id, named.id];
    }
    const other = edge.from === middle.id ? edge.to : edge.from;
    ctx.edges.push({ from: edge.from === middle.id ? middle.id : named.id, to: edge.from === middle.id ? named.id : middle.id, type: edge.type, conditions: [], at: i + 3 });
    ctx.used.add(i).add(i + 2);
    return [other, named.id];
  }
  return undefined;
}
