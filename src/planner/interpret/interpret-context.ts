import type { Token } from '../../language/analyze.js';
import { BROAD_KIND_OF_LABEL } from '../../language/label-kinds.js';
import { holdsDate } from '../read/cues.js';
import { DENIAL_GAP, HAVE_WORDS, RELATIVE_PRONOUNS } from '../read/word-classes.js';
import { isPersonLabel } from '../read/pronouns.js';
import type { Item, NamedThing } from '../link/links.js';
import type { LexLabel, Lexicon, LexProperty } from '../link/lexicon.js';
import type { Anchor, Condition, CountCondition, MeaningEdge } from '../meaning.js';
import { identifierWords, pluralOf } from '../read/words.js';
import type { NumberedOne } from './numbered-one.js';

/** What the interpretation of one question builds as it goes, shared by its steps (interpret*.ts). */

export interface Draft {
  id: string;
  /** The item that made it. */
  at: number;
  label?: string;
  /** The labels it may have, while its relationships have not settled one. */
  labels?: string[];
  /** Any label of a family, when none is meant alone (see MeaningNode.family). */
  family?: { word: string; labels: string[] };
  anchor?: NamedThing;
  /** "who": a thing of a label of people, once a relationship settles which. */
  who?: boolean;
  /** Made for the far end of a relationship the question does not name ("How many people acted?"). */
  implicit?: boolean;
  /** The far end of a role noun ("directors": the movies they directed); a thing of its label named apart is that end. */
  roleEnd?: boolean;
  /** Stands for the things holding a value, read by that value ("each town": bakeries by town; value-groups.ts). */
  group?: { key: string; words: string[]; common?: { direction: 'ASC' | 'DESC'; said?: number; plural: boolean } };
  /** The things of `group`'s node said again, as what is counted ("the town with the most bakeries"). */
  sameThingAs?: string;
  /** Named only to be compared with ("the same street as Kiln Pots"): what else the question says is joined to the things asked, not to it. */
  compared?: boolean;
  conditions: Condition[];
}

export interface Ctx {
  tokens: Token[];
  items: Item[];
  lexicon: Lexicon;
  /** Items placed in the meaning. */
  used: Set<number>;
  nodes: Draft[];
  edges: (MeaningEdge & { at: number; guessed?: boolean })[];
  having: CountCondition[];
  /** Conditions on a relationship the question does not name yet (joinComponents may add it). */
  pending: { prop: LexProperty; conditions: Condition[]; at: number }[];
  /** Nodes that must be different things. */
  distinct: [string, string][];
  notes: string[];
  confidence: number;
  /** Choices the person asking made between readings the words left open (their ids). */
  chosen: string[];
  /** The question said how many to show. */
  limitSaid?: boolean;
  /** The item of the number a request after the question gives for how many to show ("Limit to 5"). */
  limitAt?: number;
  /** "The top 5 …" with nothing to rank by: how many, in no order. */
  unranked?: boolean;
  /** With `unranked`: what to rank by, offered when more things match than it shows. */
  rankChoices?: OpenReading;
  /** "rack 1": one thing said by a number several may share, asked about when they do (numbered-one.ts). */
  numberedOne?: NumberedOne;
  /** "… and what are those shops?": things named before, asked for again by name beside the answer. */
  askedAgain?: Draft[];
  /** "the duration from start date to end date in 2019": the two dates of a span said, by the item right after their words. */
  spanDates?: Map<number, LexProperty[]>;
  /** "the sender and receiver countries are different": two values of one thing compared, read before the things are made (values-compared.ts). */
  valuesCompared?: ValuesCompared[];
  /** Values grouped by ("each town"), by the item made a thing for them (value-groups.ts). */
  groupKeys?: Map<number, { prop: LexProperty; common?: { direction: 'ASC' | 'DESC'; said?: number; plural: boolean } }>;
  /** The last comparison of a property placed, where its value ends and whether it was a moment ("over 5" of an area). */
  compared?: { prop: LexProperty; end: number; moment: boolean };
}

/** Two values of one thing said to be the same or different ("the sender and receiver countries are different"; values-compared.ts). */
export interface ValuesCompared {
  owner: string;
  a: LexProperty;
  b: LexProperty;
  op: '=' | '<>';
  /** The item of the comparison word. */
  at: number;
}

/** An id for a new node, unlike any other the reading has had (nodes may be dropped). */
export const newNodeId = (ctx: Ctx) => `n${ctx.nodes.reduce((max, n) => Math.max(max, Number(n.id.slice(1)) + 1), 0)}`;

/** A reading the words leave open, offered to the person asking: `id` is given back as the choice. */
export interface ReadingChoice {
  id: string;
  label: string;
}

/** A label's things in the plural, as a reader says them ("cargo ships"). */
export const pluralLabel = (label: LexLabel | undefined) => (label ? [...label.words.slice(0, -1), pluralOf(label.words.at(-1) ?? '')].join(' ') : 'things');

/** A reading the words leave open: why, and the readings to offer. */
export interface OpenReading {
  reason: string;
  choices: ReadingChoice[];
}

export type Unsure = { ok: false; reason: string; unplaced: string[]; scope?: 'instruction' | 'out_of_scope'; choices?: ReadingChoice[] };

export function unsure(ctx: Ctx, reason: string): Unsure {
  return { ok: false, reason, unplaced: [] };
}

export const labelOf = (lexicon: Lexicon, label: string): LexLabel | undefined => lexicon.labels.find((l) => l.label === label);

/**
 * Several labels a relationship reaches, as one family: any of them, called by the broad kind
 * they all are ("place" for a `City` and a `Place`), else `fallback`.
 */
export function familyOf(lexicon: Lexicon, labels: readonly string[], fallback = 'thing'): { word: string; labels: string[] } {
  const kinds = labels.map((l) => labelOf(lexicon, l)?.kinds ?? []);
  const shared = kinds[0]?.find((k) => kinds.every((ks) => ks.includes(k)));
  return { word: shared ?? fallback, labels: [...labels] };
}

/**
 * A broad label (`Place`, the label documents give a place they only mention) with the graph's
 * labels of its kind (a `City` is a place): the family it stands for, not a wall beside them.
 */
export function broadFamily(lexicon: Lexicon, label: string): { word: string; labels: string[] } | undefined {
  const kind = BROAD_KIND_OF_LABEL.get(label);
  const kin = kind ? lexicon.labels.filter((l) => l.label !== label && l.kinds?.includes(kind)).map((l) => l.label) : [];
  return kind && kin.length > 0 ? { word: kind, labels: [label, ...kin].sort() } : undefined;
}

/** Whether a property's words are a label's (`row` and Row), whoever holds it (`Shed.row`). */
export const saysLabel = (p: LexProperty, label: string): boolean => p.words.join(' ') === identifierWords(label).map((w) => w.toLowerCase()).join(' ');

/** Whether a property of `label`'s things is called as the label itself (`deck` of Deck, `class` of Class): how they are spoken of ("deck 3"). */
export const calledAsLabel = (p: LexProperty, label: string): boolean => p.ownerKind === 'label' && p.owner === label && saysLabel(p, label);


/**
 * The denial ("no", "not", "never", "without", "none of") that governs the thing or word at `at`:
 * the nearest before it with only light words between, and not yet used by something else.
 */
export function denialBefore(ctx: Ctx, at: number): number | undefined {
  for (let k = at - 1; k >= Math.max(0, at - 5); k--) {
    const x = ctx.items[k]!;
    if (x.kind === 'neg') return ctx.used.has(k) ? undefined : k;
    // ("no intro courses": a value said of the thing denied stands between.)
    if (x.kind === 'value' && k === at - 1) continue;
    if (x.kind !== 'word' || !(DENIAL_GAP.has(x.token.lower) || (x.token.lower === 'of' && ctx.items[k - 1]?.kind === 'neg'))) return undefined;
  }
  return undefined;
}

/** Marks the denials in the three items before `at` as used: the word there took them ("did not direct", "not insured"). */
export function useDenialsBefore(ctx: Ctx, at: number): void {
  for (let k = Math.max(0, at - 3); k < at; k++) if (ctx.items[k]!.kind === 'neg') ctx.used.add(k);
}

/** The words of an item: as the question wrote them, or lower case (`lower`). */
export const wordsOf = (ctx: Ctx, at: number, form: 'text' | 'lower' = 'text') => {
  const it = ctx.items[at]!;
  return ctx.tokens
    .slice(it.from, it.to + 1)
    .map((t) => t[form])
    .join(' ');
};

/** The token of the plain word at `k`, when the item there is one. */
export const tokenAt = (ctx: Ctx, k: number) => {
  const it = ctx.items[k];
  return it?.kind === 'word' ? it.token : undefined;
};

/** Whether an item is the plain word whose lemma is `lemma` ("by", "the", "year"). */
export const isWord = (it: Item | undefined, lemma: string) => it?.kind === 'word' && it.token.lemma === lemma;
/** Whether an item is a word whose text is one of `words`. */
export const isWordOf = (it: Item | undefined, words: ReadonlySet<string>): boolean => it?.kind === 'word' && words.has(it.token.lower);
/** An article: "the", "a", "an". */
export const article = (it: Item | undefined): boolean => isWord(it, 'the') || isWord(it, 'a') || isWord(it, 'an');

/** Which labels a node may have: its own, or those its relationships allow. */
export const candidates = (n: Draft): string[] | undefined => (n.label ? [n.label] : n.labels);

export function personLike(lexicon: Lexicon, label: string): boolean {
  const entry = labelOf(lexicon, label);
  return !!entry && isPersonLabel(entry.label, entry.properties);
}

export function fits(node: Draft, label: string): boolean {
  const c = candidates(node);
  return c ? c.includes(label) : true;
}

/** Whether a relationship of the reading joins the two things, either way. */
export const joined = (ctx: Ctx, a: Draft, b: Draft): boolean =>
  a.sameThingAs === b.id || b.sameThingAs === a.id || ctx.edges.some((e) => (e.from === a.id && e.to === b.id) || (e.from === b.id && e.to === a.id));

export function settle(node: Draft, label: string): void {
  if (!node.label) node.label = label;
}

/** The nearest node before `at` (else after) whose label has the property. */
export function ownerNode(ctx: Ctx, at: number, prop: LexProperty, subject = coordinatedSubject(ctx, at)): Draft | undefined {
  const owners = ctx.nodes.filter((n) => n.label === prop.owner || (!n.label && candidates(n)?.includes(prop.owner)));
  const said = subject === undefined ? undefined : owners.find((n) => n.at === subject);
  if (said) return said;
  const before = owners.filter((n) => n.at <= at).sort((a, b) => b.at - a.at);
  return before[0] ?? owners.sort((a, b) => a.at - b.at)[0];
}

/**
 * "the people who own a ship and have a birth year before 1970": after "and have" the thing that
 * has is the one the relative clause before is about (the people), or the clause's first thing
 * ("Which people own a ship and have …"), not the nearest thing (the ship). The position of that
 * thing, where the words before `at` say so.
 */
export function coordinatedSubject(ctx: Ctx, at: number): number | undefined {
  const { items } = ctx;
  let k = at - 1;
  const and = (it: Item | undefined) => it?.kind === 'word' && it.token.lower === 'and';
  // Past the property's words and their article ("a name", "a tonnage").
  while (k >= 0 && at - k <= 4 && (items[k]!.kind === 'prop' || (items[k]!.kind === 'word' && ['det', 'noun'].includes((items[k] as { token: Token }).token.pos)))) k--;
  if (!isWordOf(items[k], HAVE_WORDS) || !and(items[k - 1])) return undefined;
  const relative = (it: Item | undefined) => isWordOf(it, RELATIVE_PRONOUNS) || (it?.kind === 'wh' && RELATIVE_PRONOUNS.has(it.word));
  for (let r = k - 2; r > 0; r--) {
    if (and(items[r])) return undefined;
    if (relative(items[r])) return ctx.nodes.some((n) => n.at === r - 1) ? r - 1 : undefined;
  }
  // "Which people own a ship and have …": the clause's own subject, the first thing said.
  return ctx.nodes.filter((n) => n.at < k).sort((a, b) => a.at - b.at)[0]?.at;
}

export function ownerEdge(ctx: Ctx, prop: LexProperty) {
  return ctx.edges.map((e, index) => ({ e, index })).find(({ e }) => e.type === prop.owner);
}

/** Among properties of the same words on several owners, the one on the nearest thing in play. */
export function pick(ctx: Ctx, props: LexProperty[], at: number): LexProperty | undefined {
  const subject = coordinatedSubject(ctx, at);
  const scored = props
    .map((p) => {
      if (p.ownerKind === 'relationship') return { p, d: ctx.edges.some((e) => e.type === p.owner) ? 0.5 : relationshipInReach(ctx, p.owner) ? 50 : 1000 };
      const node = ownerNode(ctx, at, p, subject);
      // The thing "and have …" is said of comes first (coordinatedSubject).
      return { p, d: !node ? 1000 : node.at === subject ? 0 : Math.abs(node.at - at) };
    })
    .sort((a, b) => a.d - b.d);
  return scored[0] !== undefined && scored[0].d < 1000 ? scored[0].p : undefined;
}

/** Whether a relationship type joins labels of the question's things (so a join may add it). */
export function relationshipInReach(ctx: Ctx, type: string): boolean {
  const labels = new Set(ctx.nodes.flatMap((n) => candidates(n) ?? []));
  const rel = ctx.lexicon.relationships.find((r) => r.type === type);
  return !!rel && rel.patterns.some((p) => labels.has(p.from) || labels.has(p.to));
}

/** Who holds a property: the nearest node of its label, or the edge of its type. */
export function valueOwner(ctx: Ctx, p: LexProperty, at: number): { of: string; key: string; edge?: boolean } | undefined {
  if (p.ownerKind === 'relationship') {
    const edge = ownerEdge(ctx, p);
    return edge ? { of: String(edge.index), key: p.key, edge: true } : undefined;
  }
  const node = ownerNode(ctx, at, p);
  return node ? { of: node.id, key: p.key } : undefined;
}

/** The relationships the schema has from label `a` to label `b` (`forward`) or from `b` to `a`; a relationship of a label to itself once. */
export function joinsBetween(lexicon: Lexicon, a: string, b: string): { type: string; forward: boolean }[] {
  return lexicon.relationships.flatMap((r) =>
    r.patterns.flatMap((p) => [...(p.from === a && p.to === b ? [{ type: r.type, forward: true }] : []), ...(p.to === a && p.from === b && p.from !== p.to ? [{ type: r.type, forward: false }] : [])]),
  );
}

/**
 * "the hotels with the highest average score" where only ratings have a score: the thing the value
 * belongs to, reached from `from` by the one relationship the schema has between their labels,
 * added as a thing the question did not name (a guess the confidence pays for). Undefined where
 * there is no such one way.
 */
export function reachOwner(ctx: Ctx, p: LexProperty, from: Draft): { of: string; key: string; edge?: boolean } | undefined {
  if (p.ownerKind !== 'label' || !from.label || p.owner === from.label) return undefined;
  const ways = joinsBetween(ctx.lexicon, from.label, p.owner);
  if (ways.length !== 1) return undefined;
  const [way] = ways as [{ type: string; forward: boolean }];
  const owner: Draft = { id: newNodeId(ctx), at: from.at, label: p.owner, implicit: true, conditions: [] };
  ctx.nodes.push(owner);
  ctx.edges.push({ from: way.forward ? from.id : owner.id, to: way.forward ? owner.id : from.id, type: way.type, conditions: [], at: from.at, guessed: true });
  ctx.confidence -= 0.1;
  ctx.notes.push(`read ${p.key} as that of the ${p.owner} joined by ${way.type}`);
  return { of: owner.id, key: p.key };
}

/** A named thing as the meaning holds it. */
export const anchorOf = (a: NamedThing): Anchor => ({ name: a.name, nameKey: a.nameProperty, ...(a.key ? { key: a.key } : {}), unique: a.unique, ...(a.shared ? { shared: true as const } : {}) });

/** A label's own dates (and years). */
export const datesOf = (ctx: Ctx, label: string): LexProperty[] => ctx.lexicon.properties.filter((p) => p.ownerKind === 'label' && p.owner === label && holdsDate(p));
