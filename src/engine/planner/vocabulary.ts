import { ENTITY_LABEL } from '../../stores/graph/bookkeeping.js';
import type { GraphSchema } from '../../stores/graph/port.js';
import { identifierWords, pluralOf, stem } from './words.js';
import type { Word } from './understand.js';

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

export function buildVocabulary(schema: GraphSchema): Vocabulary {
  const labels = schema.labels
    .filter((l) => l.label !== ENTITY_LABEL)
    .map((l) => {
      const words = identifierWords(l.label);
      const last = words.at(-1) ?? l.label.toLowerCase();
      const stems = new Set([stem(last), stem(pluralOf(last))]);
      return { label: l.label, count: l.count, properties: l.properties, stems };
    });
  const relationships = schema.relationshipTypes.map((t) => {
    const words = identifierWords(t.type);
    const content = words.filter((w) => !JOINING_WORDS.has(w));
    return {
      type: t.type,
      count: t.count,
      patterns: t.patterns.filter((p) => p.from !== ENTITY_LABEL && p.to !== ENTITY_LABEL),
      stems: (content.length > 0 ? content : words).map(stem),
      phrase: words.join(' '),
    };
  });
  const properties = schema.propertyKeys.map((key) => {
    const words = identifierWords(key);
    return { key, stems: words.map(stem), phrase: words.join(' ') };
  });
  return { labels, relationships, properties };
}

export interface WordMatches {
  labels: { entry: LabelEntry; position: number }[];
  relationships: { entry: RelationshipEntry; position: number }[];
  properties: { entry: PropertyEntry; position: number }[];
}

/** Which labels, relationship types and properties the words name (with where they stand). */
export function matchWords(vocabulary: Vocabulary, words: Word[]): WordMatches {
  const at = (s: string) => words.find((w) => w.stem === s)?.start;
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
  return { labels, relationships, properties };
}
