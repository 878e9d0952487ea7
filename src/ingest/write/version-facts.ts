import type { Evidence, LoneMention } from '../types.js';

/**
 * What a document version wrote to the graph, as the graph writing reads and keeps it: its facts
 * (nodes and relationships, with their evidence), the names it mentioned once, and whether the
 * version is in the graph. The documents module keeps them in SQL (its `IngestionStore`).
 */

/** One node or relationship a version wrote, as `document_facts` keeps it. */
export interface FactRow {
  item_kind: 'node' | 'relationship';
  item_key: string;
  label: string;
  name: string | null;
  from_key: string | null;
  to_key: string | null;
  properties: Record<string, unknown>;
  outcome: string | null;
  evidence: Evidence[];
}

/** A node's text value naming something, as `valuesNaming` finds it. */
export interface ValueMention {
  doc_id: string;
  version: number;
  item_key: string;
  /** The node's label and name, as the document gives them. */
  label: string;
  name: string | null;
  property: string;
  value: string;
  evidence: Evidence[];
}

/** Spaces and ASCII punctuation, which `nameSkeleton` drops. */
export const SPACE_OR_PUNCTUATION = /[\s!-/:-@[-`{-~]+/g;

/** A name as `namesGivenAs` compares it: lower case, without spaces or ASCII punctuation ("Brask & Co." and "brask co" meet). */
export const nameSkeleton = (name: string) => name.toLowerCase().replace(SPACE_OR_PUNCTUATION, '');

export const relationshipKey = (from: string, type: string, to: string) => `${from}|${type}|${to}`;

export interface VersionFacts {
  /** Replaces what the version recorded (a step that runs again records it again). */
  saveFacts(docId: string, version: number, facts: readonly FactRow[]): Promise<void>;
  /** Adds facts to a version (a fact it has already is kept as it is). */
  addFacts(docId: string, version: number, facts: readonly FactRow[]): Promise<void>;
  removeFacts(docId: string, version: number): Promise<void>;
  /** Keeps the names a version mentioned once and left out of the graph (see `mentionsNaming`). */
  saveMentions(docId: string, version: number, mentions: readonly LoneMention[]): Promise<void>;
  /** Other documents' live text values that are one of `names`: what a thing new to the graph is named by. */
  valuesNaming(names: readonly string[], exceptDoc: string): Promise<ValueMention[]>;
  /** The text values `property` takes on the nodes of `label` one document version gives (a column). */
  columnValues(docId: string, version: number, label: string, property: string): Promise<ValueMention[]>;
  /** Which of `names` live documents give a node under one of `labels` (in `nameSkeleton` form). */
  namesGivenAs(names: readonly string[], labels: readonly string[]): Promise<Set<string>>;
  /** The names other documents' live versions mentioned once that are one of `names`. */
  mentionsNaming(names: readonly string[], exceptDoc: string): Promise<(LoneMention & { doc_id: string; version: number })[]>;
  /** Moves every document's facts about node `from` onto node `to`: `from` was found to be `to`. */
  moveFacts(from: string, to: string): Promise<void>;
  /** The nodes a version set properties on, with those properties. */
  nodeProperties(docId: string, version: number): Promise<{ key: string; properties: Record<string, unknown> }[]>;
  /** For each of `keys`, the property values the live versions of other documents set: what a node keeps when one document goes. */
  otherSupport(docId: string, keys: readonly string[]): Promise<Map<string, Record<string, unknown>>>;
  /** Versions that wrote to the graph and will never be live: what a sweep removes. */
  abandonedVersions(docId?: string): Promise<{ doc_id: string; version: number; live_version: number | null }[]>;
  setGraphWritten(docId: string, version: number, written: boolean): Promise<void>;
}
