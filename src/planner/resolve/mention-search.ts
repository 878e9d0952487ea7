import { cypherName } from '../../cypher/text.js';
import { displayNameKey, ENTITY_LABEL } from '../../stores/graph/bookkeeping.js';
import type { GraphNode, GraphStore } from '../../stores/graph/port.js';
import type { Mention, Understanding } from './understand.js';
import { distance } from 'fastest-levenshtein';
import { matchWords } from '../link/vocabulary.js';
import type { Vocabulary } from '../link/vocabulary.js';
import type { Lexicon } from '../link/lexicon.js';
import { valueWords } from '../link/lexicon.js';
import { fold, isPlainWord, wordKey } from '../read/words.js';
import type { Word } from '../read/words.js';

/**
 * Looks the mentions of a question up through the store's name search: the nodes each may name
 * (those that fit what the question says of them), names split or merged as the graph has them,
 * values that are not things, and near names for one nothing has.
 */

/** Candidates fetched per mention. */
const SEARCH_LIMIT = 25;

export interface Candidate {
  id: string;
  key?: string;
  label: string;
  name: string;
  nameProperty: string;
  properties: Record<string, unknown>;
}

/** A mention that is a value of a relationship's property ("CEO": the `role` of WORKS_AT), not a thing. */
export interface RelationshipValue {
  mention: string;
  type: string;
  property: string;
  /** The value as the graph holds it. */
  value: string;
}

export const normalizeMention = (text: string) => fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** The naming property of a label as the lexicon reads it (naming.ts), where it has one. */
export type NameKeyOf = (label: string) => string | undefined;

/**
 * A found node as a candidate, named by its label's naming property, else by its own name-like keys.
 * Of a node's several labels, the one the question says ("the gate 'G9'" of a `Gate:Exit`).
 */
export function candidateOf(node: GraphNode, nameKeyOf?: NameKeyOf, said: readonly string[] = []): Candidate | undefined {
  // Of two labels, the one the question says first (`said` is in that order).
  const label = said.find((l) => node.labels.includes(l)) ?? node.labels.find((l) => l !== ENTITY_LABEL) ?? node.labels[0] ?? 'Node';
  const own = nameKeyOf?.(label);
  const nameProperty = own && typeof node.properties[own] === 'string' && node.properties[own] !== '' ? own : displayNameKey(node.properties);
  if (!nameProperty) return undefined;
  return {
    id: node.id,
    key: node.key,
    label,
    name: node.properties[nameProperty] as string,
    nameProperty,
    properties: node.properties,
  };
}

export const sameNode = (a: Candidate, b: Candidate) => (a.key && b.key ? a.key === b.key : a.id === b.id);

/** Nodes named exactly by the mention, else (unless `exactOnly`) those whose name contains all its words. */
async function candidatesFor(graph: GraphStore, text: string, nameKeyOf: NameKeyOf, exactOnly = false, said: readonly string[] = [], labels?: string[]): Promise<Candidate[]> {
  const wanted = normalizeMention(text);
  if (!wanted) return [];
  const found = (await graph.findNodesByName(text, { limit: SEARCH_LIMIT, ...(labels ? { labels } : {}) })).map((m) => candidateOf(m.node, nameKeyOf, said)).filter((c): c is Candidate => !!c);
  const exact = found.filter((c) => normalizeMention(c.name) === wanted);
  if (exact.length > 0 || exactOnly) return exact;
  const words = wanted.split(' ');
  return found.filter((c) => {
    const name = normalizeMention(c.name).split(' ');
    return words.every((w) => name.includes(w));
  });
}

/** The label said right before a name ("the tool 'lint'", "the process named 'nginx'", "the gate with code 'G9'"), if one is. */
export function labelSaidBefore(mention: Mention, understanding: Understanding, vocabulary: Vocabulary): string | undefined {
  const before = understanding.words.filter((w) => w.start < mention.start).slice(-2);
  const last = before.at(-1);
  const labelOf = (word: Word | undefined) => (word ? matchWords(vocabulary, [word]).labels[0]?.entry.label : undefined);
  if (last && /^(named|called|titled)$/.test(last.word)) return labelOf(before.at(-2));
  const label = labelOf(last);
  const prior = before.at(-2);
  if (label || !last || !prior) return label;
  // "the gate with code 'G9'", "the gate whose code is 'G9'": a key of the label said before, between it and the name.
  const owner = labelOf(prior);
  const between = understanding.question.slice(prior.start + prior.word.length, last.start);
  const keys = matchWords(vocabulary, [last]).properties.map((p) => p.entry.key);
  const hasKey = vocabulary.labels.find((l) => l.label === owner)?.properties.some((k) => keys.includes(k));
  return owner && hasKey && /^\s+(with(\s+the)?|whose|having(\s+the)?)\s+$/i.test(between) ? owner : undefined;
}

/**
 * The label said right after a name ("the 'nginx' service", "the 'Blue' line"), if one is: the kind of
 * thing named, as the one said before would be. (A name that no thing of that label bears may say
 * whose things these are instead, "the 'Rosa Pell' books": then all labels are searched.)
 */
export function labelSaidRightAfter(mention: Mention, understanding: Understanding, vocabulary: Vocabulary): string | undefined {
  const word = understanding.words.find((w) => w.start >= mention.end);
  if (!word || !/^['"’”\s]*$/.test(understanding.question.slice(mention.end, word.start))) return undefined;
  return matchWords(vocabulary, [word]).labels[0]?.entry.label;
}

/** Whether the word before a name stands right before it ("release '3.0'", "the tool named lint", "whose code is 'G9'"), not only somewhere before ("projects does Mercury maintain"). */
function wordRightBefore(mention: Mention, understanding: Understanding): boolean {
  const word = understanding.words.filter((w) => w.start < mention.start).at(-1);
  if (!word) return false;
  const between = understanding.question.slice(word.start + word.word.length, mention.start);
  return /^(\s+is)?[\s'"‘“]*$/.test(between);
}

/** Whether a candidate's label takes part in every relationship the question names (true when it names none). */
export function fits(candidate: Candidate, understanding: Understanding, vocabulary: Vocabulary): boolean {
  const rels = matchWords(vocabulary, understanding.words).relationships.map((m) => m.entry);
  return rels.every((r) => r.patterns.some((p) => p.from === candidate.label || p.to === candidate.label));
}

/** Candidates the question's own words (`matches`, its schema words) rule out: a label or relationship their label cannot take part in. */
function fitting(candidates: Candidate[], matches: ReturnType<typeof matchWords>): Candidate[] {
  const rels = matches.relationships.map((m) => m.entry);
  const labelWords = matches.labels.map((m) => m.entry.label);
  const fits = (c: Candidate) => {
    if (rels.length === 0) return true;
    return rels.some((r) =>
      r.patterns.some((p) => {
        if (p.from === c.label) return labelWords.length === 0 || labelWords.includes(p.to) || labelWords.includes(c.label);
        if (p.to === c.label) return labelWords.length === 0 || labelWords.includes(p.from) || labelWords.includes(c.label);
        return false;
      }),
    );
  };
  const kept = candidates.filter(fits);
  return kept.length > 0 ? kept : candidates;
}

/** The parts of "A and B" / "A & B" as mentions of their own. */
function splitOnAnd(mention: Mention): Mention[] {
  const parts: Mention[] = [];
  let offset = 0;
  for (const piece of mention.text.split(/(\s+(?:and|&)\s+)/)) {
    if (!/^\s+(?:and|&)\s+$/.test(piece) && piece.trim()) {
      parts.push({ text: piece.trim(), start: mention.start + offset, end: mention.start + offset + piece.length, quoted: false });
    }
    offset += piece.length;
  }
  return parts;
}

/** Most neighbouring mentions joined into one name. */
const MERGE_WINDOW = 3;

/** Most lower-case words a name may have between its capitalized parts ("Language Models as Query Planners"). */
const NAME_GAP_WORDS = 3;

/**
 * Joins neighbouring mentions with the few words between them when the whole is exactly the
 * name of something in the graph: titles keep their small words in lower case.
 */
async function mergeSplitNames(graph: GraphStore, question: string, mentions: Mention[], nameKeyOf: NameKeyOf): Promise<Mention[]> {
  const merged: Mention[] = [];
  for (let i = 0; i < mentions.length; i++) {
    let best: Mention = mentions[i]!;
    for (let j = Math.min(mentions.length - 1, i + MERGE_WINDOW); j > i; j--) {
      const gap = question.slice(mentions[j - 1]!.end, mentions[j]!.start);
      const span = question.slice(mentions[i]!.start, mentions[j]!.end);
      const gapWords = question.slice(mentions[i]!.end, mentions[j]!.start).trim().split(/\s+/).filter(Boolean).length;
      if (mentions.slice(i, j + 1).some((m) => m.quoted) || /[,;:.!?"“”]/.test(gap) || gapWords > NAME_GAP_WORDS * (j - i)) continue;
      const exact = (await candidatesFor(graph, span, nameKeyOf)).some((c) => normalizeMention(c.name) === normalizeMention(span));
      if (exact) {
        best = { text: span, start: mentions[i]!.start, end: mentions[j]!.end, quoted: false };
        i = j;
        break;
      }
    }
    merged.push(best);
  }
  return merged;
}

/** What the graph has for a question's mentions, found before any memory is consulted. */
export type MentionSearch =
  | { status: 'too_many'; mentions: number; max: number }
  | {
      status: 'searched';
      /** Each mention that names something, in the question's order, with the nodes it may name. */
      found: { mention: Mention; candidates: Candidate[] }[];
      /** Mentions that name nothing in the graph. */
      unknown: string[];
      /** When nothing named is found: nodes the unknown names may have meant. */
      suggestions: Candidate[];
      /** Mentions that are values of a relationship's property. */
      values?: RelationshipValue[];
    };

/** Most names offered for one that is not found. */
const SUGGESTIONS_MAX = 5;
/** How alike a name must be to be offered (1 - edit distance / length, case and accents aside). */
export const SIMILAR_NAME_MIN = 0.7;

/**
 * Names like one the graph does not know ("Ada Moreu" for Ada Moreau, "Port Lyons" for Port
 * Lyon): the things whose names share the start of one of
 * its words, the closest by edit distance.
 */
async function similarNames(graph: GraphStore, text: string, nameKeyOf: NameKeyOf): Promise<Candidate[]> {
  const wanted = normalizeMention(text);
  const words = wanted.split(' ').filter((w) => w.length >= 3);
  const pool = new Map<string, Candidate>();
  for (const word of words.slice(0, 4)) {
    for (const m of await graph.findNodesByName(word.slice(0, 4), { limit: SEARCH_LIMIT })) {
      const c = candidateOf(m.node, nameKeyOf);
      if (c) pool.set(c.key ?? c.id, c);
    }
  }
  const similarity = (name: string) => {
    const n = normalizeMention(name);
    return 1 - distance(n, wanted) / Math.max(n.length, wanted.length, 1);
  };
  return [...pool.values()]
    .map((c) => ({ c, s: similarity(c.name) }))
    .filter(({ s }) => s >= SIMILAR_NAME_MIN)
    .sort((a, b) => b.s - a.s)
    .slice(0, SUGGESTIONS_MAX)
    .map(({ c }) => c);
}

/** Most relationship properties looked at for one mention. */
const VALUE_PROPERTIES_MAX = 12;

/**
 * The relationship property one of whose values the text is ("CEO", "engineers": roles on
 * WORKS_AT), compared without case and also in the singular.
 */
export async function relationshipValue(graph: GraphStore, vocabulary: Vocabulary, text: string, lexicon?: Lexicon): Promise<RelationshipValue | undefined> {
  const lower = fold(text).trim();
  if (!lower || lower.length > 60) return undefined;
  const forms = [...new Set([lower, lower.replace(/ies$/, 'y'), lower.replace(/s$/, '')])];
  const properties = vocabulary.relationships.flatMap((r) => r.properties.map((p) => ({ type: r.type, property: p }))).slice(0, VALUE_PROPERTIES_MAX);
  // A list's items are compared one by one: Neo4j refuses toString() of a list ("roles: ['Man in Bar']").
  const isList = (type: string, key: string) => lexicon?.properties.some((p) => p.ownerKind === 'relationship' && p.owner === type && p.key === key && p.kind === 'list') ?? false;
  for (const { type, property } of properties) {
    const p = `r.${cypherName(property)}`;
    const list = isList(type, property);
    const matching = list ? `any(item IN ${p} WHERE toLower(toString(item)) IN $forms)` : `toLower(toString(${p})) IN $forms`;
    const value = list ? `[item IN ${p} WHERE toLower(toString(item)) IN $forms][0]` : p;
    const { rows } = await graph.runReadOnly(`MATCH ()-[r:${cypherName(type)}]->() WHERE ${matching} RETURN ${value} AS value LIMIT 1`, { forms });
    if (rows.length > 0) return { mention: text, type, property, value: String(rows[0]!.value) };
  }
  return undefined;
}

const isPropertyValue = (lexicon: Lexicon, text: string) => lexicon.values.has(valueWords(text).join(' '));

/**
 * A mention that starts with the words of a label or a property, written with a capital as names
 * are ("DataCenter DC1", "Port 8080", "PID 8966"): those words say what the rest is, and are tried
 * only when the whole names nothing. The rest as a mention of its own, or `number` when only a
 * number is left (the planner reads "port 8080" as a value); undefined when no such words lead.
 */
function withoutSchemaHead(mention: Mention, vocabulary: Vocabulary): Mention | 'number' | undefined {
  if (mention.quoted) return undefined;
  const words = [...mention.text.matchAll(/\S+/g)];
  for (let n = words.length - 1; n >= 1; n--) {
    const head = words.slice(0, n).map((w) => ({ word: w[0].toLowerCase(), stem: wordKey(w[0].toLowerCase()), start: mention.start + w.index }));
    const said = new Set(head.map((h) => h.stem));
    const matches = matchWords(vocabulary, head);
    // A label also as the schema writes it, in one word ("DataCenter").
    const asWritten = n === 1 && vocabulary.labels.some((l) => fold(l.label) === fold(words[0]![0]));
    if (!asWritten && !matches.labels.some((l) => [...l.entry.stems].every((s) => said.has(s))) && matches.properties.length === 0) continue;
    const rest = words[n]!;
    const text = mention.text.slice(rest.index);
    if (/^\d+(\.\d+)?$/.test(text)) return 'number';
    return { text, start: mention.start + rest.index, end: mention.end, quoted: false };
  }
  return undefined;
}

/** Looks up what each mention of the question may name. Nothing here depends on what the session remembers. */
export async function searchMentions(graph: GraphStore, understanding: Understanding, vocabulary: Vocabulary, maxMentions = 8, lexicon?: Lexicon): Promise<MentionSearch> {
  const found: { mention: Mention; candidates: Candidate[] }[] = [];
  const unknown: string[] = [];
  const values: RelationshipValue[] = [];
  let mentions = [...understanding.mentions];
  const nameKeyOf: NameKeyOf = (label) => vocabulary.labels.find((l) => l.label === label)?.nameKey;

  // Nothing capitalized or quoted: try the words the schema does not explain ("ships that carry copper").
  // (With the lexicon, the mentions already hold such words, marked loose.)
  if (mentions.length === 0 && !lexicon) {
    const schemaStems = new Set([
      ...vocabulary.labels.flatMap((l) => [...l.stems]),
      ...vocabulary.relationships.flatMap((r) => r.stems),
      ...vocabulary.properties.flatMap((p) => p.stems),
    ]);
    const loose = understanding.words.filter((w) => !schemaStems.has(w.stem) && !isPlainWord(w.word) && /\p{L}/u.test(w.word));
    mentions = loose.map((w) => ({ text: w.word, start: w.start, end: w.start + w.word.length, quoted: false }));
  }

  // Every mention costs searches: a question naming too many things is refused before any; words nothing explains
  // are looked up within what is left of the budget.
  const named = mentions.filter((m) => !m.loose).length;
  if (named > maxMentions) return { status: 'too_many', mentions: named, max: maxMentions };
  let looseBudget = maxMentions - named;
  mentions = mentions.filter((m) => !m.loose || looseBudget-- > 0);
  mentions = await mergeSplitNames(graph, understanding.question, mentions, nameKeyOf);
  // The question's schema words, read once for all its mentions.
  const matches = matchWords(vocabulary, understanding.words);
  const saidLabels = matches.labels.map((m) => m.entry.label);
  for (let index = 0; index < mentions.length; index++) {
    const mention = mentions[index]!;
    // Lower-case words name something only by its whole name ("copper", "ada moreau"), never by a word of it ("top").
    // A thing of two labels is of the one said right before its name ("the tool 'lint'"), else of the first said.
    const before = labelSaidBefore(mention, understanding, vocabulary);
    const after = mention.loose ? undefined : labelSaidRightAfter(mention, understanding, vocabulary);
    const said = before ? [before, ...saidLabels] : after ? [after, ...saidLabels] : saidLabels;
    // "the version '7.1'", "the '7.1' version" where hundreds of processes share the name: the things of the label
    // said right before or after it, when any are so named.
    const right = before && !mention.loose && wordRightBefore(mention, understanding) ? before : after;
    const ofLabel = right ? await candidatesFor(graph, mention.text, nameKeyOf, false, said, [right]) : [];
    let candidates = ofLabel.length > 0 ? ofLabel : fitting(await candidatesFor(graph, mention.text, nameKeyOf, mention.loose === true, said), matches);
    // "branches in 'Lyon'", "parcels sent to Portugal": a recurring value of a property is that value, not a
    // thing whose name merely holds it ("Lyon Central Library"); a thing named exactly so still wins.
    if (lexicon && candidates.length > 0 && isPropertyValue(lexicon, mention.text) && !candidates.some((c) => normalizeMention(c.name) === normalizeMention(mention.text))) candidates = [];
    // "Python and Rust" names two things, unless something is called exactly that.
    const parts = mention.quoted ? [] : splitOnAnd(mention);
    if (candidates.length === 0 && parts.length > 1) {
      mentions.splice(index, 1, ...parts);
      index--;
      continue;
    }
    // "DataCenter DC1", "Port 8080": the thing's label or property in front of its name, or of a number left to be read as a value.
    const rest = candidates.length === 0 ? withoutSchemaHead(mention, vocabulary) : undefined;
    if (rest === 'number') continue;
    if (rest) {
      mentions.splice(index, 1, rest);
      index--;
      continue;
    }
    if (candidates.length === 0) {
      // "CEO of Acme Tools": a value of a relationship and the thing it is about.
      const of = mention.quoted ? undefined : /^(.+?)\s+of\s+(.+)$/i.exec(mention.text);
      if (of) {
        const tailStart = mention.start + mention.text.length - of[2]!.length;
        const value = await relationshipValue(graph, vocabulary, of[1]!, lexicon);
        if (value) {
          values.push(value);
          mentions.splice(index, 1, { text: of[2]!, start: tailStart, end: mention.end, quoted: false });
          index--;
          continue;
        }
      }
      const value = mention.quoted ? undefined : await relationshipValue(graph, vocabulary, mention.text, lexicon);
      if (value) {
        values.push(value);
        continue;
      }
      // Loose words that name nothing are left to the planner, which reports them if it cannot place them;
      // a recurring value of a property ("Germany" as a country) is a value, not a missing thing.
      if (mention.loose || (lexicon && isPropertyValue(lexicon, mention.text))) continue;
      // A capitalized word that names a label or relationship ("Which Companies …") is not a name.
      if (!mention.quoted && matchWords(vocabulary, [{ word: fold(mention.text), stem: fold(mention.text), start: mention.start }]).labels.length === 0) {
        if (understanding.mentions.length > 0) unknown.push(mention.text);
      }
      continue;
    }
    found.push({ mention, candidates });
  }

  const suggestions = unknown.length > 0 ? (await Promise.all(unknown.map((u) => similarNames(graph, u, nameKeyOf)))).flat().slice(0, SUGGESTIONS_MAX) : [];
  return { status: 'searched', found, unknown, suggestions, values };
}
