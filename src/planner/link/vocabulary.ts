import { displayNameKey, ENTITY_LABEL, isNameKey } from '../../stores/graph/bookkeeping.js';
import type { GraphSchema } from '../../stores/graph/port.js';
import { identifierWords, pluralOf, wordKey } from '../read/words.js';
import type { Word } from '../read/words.js';

/**
 * The graph's own names as words a question may use: each label with its plural, each
 * relationship type by its words ("WORKS_AT" → "work at"), each property key by its words.
 * Built from the schema the graph reports, so the planner knows nothing of any one graph.
 */

/** Words of a type that only join ("WORKS_AT": "at"); a question may leave them out. */
const JOINING_WORDS = new Set(['at', 'in', 'to', 'of', 'by', 'for', 'on', 'with', 'from', 'has', 'have', 'is', 'a', 'an', 'the']);

export interface LabelEntry {
  label: string;
  count: number;
  properties: string[];
  /** The property that names its things (`name`, `title`, `vesselName`, …). */
  nameKey: string;
  stems: Set<string>;
}

export interface RelationshipEntry {
  type: string;
  count: number;
  patterns: { from: string; to: string }[];
  /** The stems a question must contain to name this type. */
  stems: string[];
  /** The type as words, for sentences ("works at"). */
  phrase: string;
  /** Its property keys ("role", "since"). */
  properties: string[];
}

export interface PropertyEntry {
  key: string;
  stems: string[];
  phrase: string;
}

export interface Vocabulary {
  labels: LabelEntry[];
  relationships: RelationshipEntry[];
  properties: PropertyEntry[];
}

/**
 * The property that names a label's things, read from its keys: `name`, then `title`, then a
 * compound naming the label itself (`vesselName` on `Vessel`, `courseTitle` on `TrainingCourse`),
 * then one for the whole name (`fullName`), then any other name-like key; else the first key.
 */
export function labelNameKey(label: string, properties: readonly string[]): string {
  return nameLikeKey(label, properties) ?? properties[0] ?? 'name';
}

/** `labelNameKey` without the fallback: undefined when no key is name-like. */
export function nameLikeKey(label: string, properties: readonly string[]): string | undefined {
  const names = properties.filter((k) => k !== 'aliases' && isNameKey(k));
  const labelWords = new Set(identifierWords(label));
  const own = names.filter((k) => k !== 'name' && k !== 'title' && identifierWords(k).slice(0, -1).some((w) => labelWords.has(w))).sort();
  const plain = names.find((k) => k === 'name') ?? names.find((k) => k === 'title');
  // Otherwise the order a thing's own name is shown in (bookkeeping.ts), every key standing in for a value.
  return plain ?? own[0] ?? displayNameKey(Object.fromEntries(names.map((k) => [k, k])));
}

/** `nameKeys`: the naming property per label (naming.ts); a label it lacks is named by its keys. */
export function buildVocabulary(schema: GraphSchema, nameKeys?: ReadonlyMap<string, string>): Vocabulary {
  const labels = schema.labels
    .filter((l) => l.label !== ENTITY_LABEL)
    .map((l) => {
      const words = identifierWords(l.label);
      const last = words.at(-1) ?? l.label.toLowerCase();
      const stems = new Set([wordKey(last), wordKey(pluralOf(last))]);
      return { label: l.label, count: l.count, properties: l.properties, nameKey: nameKeys?.get(l.label) ?? labelNameKey(l.label, l.properties), stems };
    });
  const relationships = schema.relationshipTypes.map((t) => {
    const words = identifierWords(t.type);
    const content = words.filter((w) => !JOINING_WORDS.has(w));
    return {
      type: t.type,
      count: t.count,
      patterns: t.patterns.filter((p) => p.from !== ENTITY_LABEL && p.to !== ENTITY_LABEL),
      stems: (content.length > 0 ? content : words).map(wordKey),
      phrase: words.join(' '),
      properties: (t as { properties?: string[] }).properties ?? [],
    };
  });
  const properties = schema.propertyKeys.map((key) => {
    const words = identifierWords(key);
    return { key, stems: words.map(wordKey), phrase: words.join(' ') };
  });
  return { labels, relationships, properties };
}

export interface WordMatches {
  labels: { entry: LabelEntry; position: number }[];
  relationships: { entry: RelationshipEntry; position: number }[];
  properties: { entry: PropertyEntry; position: number }[];
  /** Question words read as another word (none since deployment synonyms are data the lexicon reads). */
  synonyms: { word: string; as: string; position: number }[];
}

interface MatchWord extends Word {
  /** Set when this stem came from the synonym list: the word as asked. */
  synonymOf?: string;
}

/** The words as they are matched: hyphenated words also as their parts ("h-index": h, index). */
function matchableWords(_vocabulary: Vocabulary, words: Word[]): MatchWord[] {
  const out: MatchWord[] = [];
  for (const w of words) {
    out.push(w);
    if (w.word.includes('-')) for (const part of w.word.split('-').filter(Boolean)) out.push({ word: part, stem: wordKey(part), start: w.start });
  }
  return out;
}

/** Which labels, relationship types and properties the words name (with where they stand). */
export function matchWords(vocabulary: Vocabulary, words: Word[]): WordMatches {
  const all = matchableWords(vocabulary, words);
  const find = (s: string) => all.find((w) => w.stem === s);
  const at = (s: string) => find(s)?.start;
  const allPresent = (stems: string[]) => stems.length > 0 && stems.every((s) => at(s) !== undefined);
  const labels = vocabulary.labels
    .map((entry) => ({ entry, position: Math.min(...[...entry.stems].map((s) => at(s) ?? Infinity)) }))
    .filter((m) => Number.isFinite(m.position))
    .sort((a, b) => a.position - b.position);
  const relationships = vocabulary.relationships
    .filter((entry) => allPresent(entry.stems))
    .map((entry) => ({ entry, position: Math.min(...entry.stems.map((s) => at(s)!)) }));
  const properties = vocabulary.properties
    .filter((entry) => allPresent(entry.stems))
    .map((entry) => ({ entry, position: Math.min(...entry.stems.map((s) => at(s)!)) }));
  const used = [
    ...labels.flatMap((m) => [...m.entry.stems].map((s) => [s, m.entry.label] as const)),
    ...relationships.flatMap((m) => m.entry.stems.map((s) => [s, m.entry.phrase] as const)),
    ...properties.flatMap((m) => m.entry.stems.map((s) => [s, m.entry.phrase] as const)),
  ];
  const synonyms = used.flatMap(([s, as]) => {
    const w = find(s);
    return w?.synonymOf ? [{ word: w.synonymOf, as, position: w.start }] : [];
  });
  // A date word ("published") with nothing else to name: kept for the planner to map to a date-like property.
  for (const w of all) if (w.synonymOf && w.stem === '@date' && !synonyms.some((x) => x.position === w.start)) synonyms.push({ word: w.synonymOf, as: '@date', position: w.start });
  return { labels, relationships, properties, synonyms };
}
