import type { PropertyValue } from '../stores/graph/port.js';

/**
 * The shapes a document goes through on its way into the graph: bytes → a sniffed format →
 * extracted text and records (in a parser child process) → chunks → facts (entities and
 * relations, each with its evidence) → resolved facts (graph keys) → graph writes.
 * Everything here is plain JSON, so it crosses the child process boundary as it is.
 */

export const DOCUMENT_FORMATS = ['text', 'markdown', 'csv', 'json', 'jsonl', 'jsonld', 'html', 'pdf', 'docx'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** The media type each format is stored and downloaded with. */
export const FORMAT_MEDIA_TYPES: Record<DocumentFormat, string> = {
  text: 'text/plain; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  jsonl: 'application/jsonl',
  jsonld: 'application/ld+json',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Every limit of ingestion: the settings' shape lives with the settings (config.ts). */
export type { IngestLimits } from '../config.js';

/** A line, paragraph or page of extracted text and where it is. */
export interface TextBlock {
  text: string;
  /** 1-based page number (PDF); absent where the format has no pages. */
  page?: number;
  /** Offset of the block's first character in the document's full text (blocks joined by '\n'), in UTF-16 code units. */
  offset: number;
}

/** A CSV cell or JSON scalar, typed: numbers, booleans and ISO dates are not strings. */
export type CellValue = null | boolean | number | string;

export interface ExtractedTable {
  columns: string[];
  /** Values typed from their text: integers and decimals, true/false, ISO dates stay ISO strings; empty cells are null. */
  rows: Record<string, CellValue>[];
}

export interface WikiLink {
  /** The linked note's name, as written inside `[[...]]` before any `|`. */
  target: string;
  alias?: string;
  /** Offset in the full text. */
  offset: number;
}

/** What the parser took out of a document; `blocks` is the text every other view points into. */
export interface ExtractedDocument {
  format: DocumentFormat;
  blocks: TextBlock[];
  /** Total characters of text (the sum of the blocks plus their separators). */
  chars: number;
  /** PDF pages read. */
  pages?: number;
  /** CSV. */
  table?: ExtractedTable;
  /** JSON: one value; JSON Lines: one per line; JSON-LD: the document as JSON (no remote context is ever fetched). */
  json?: unknown[];
  /** Markdown: its YAML front matter (null when absent), its first heading, its wiki-links. */
  markdown?: { frontMatter: Record<string, unknown> | null; title: string | null; links: WikiLink[] };
  /** Something was cut or skipped (INGEST_MAX_CHARS, ...): said here, in plain words. */
  warnings: string[];
}

/** A piece of the text, the unit of entity extraction and of evidence. */
export interface Chunk {
  /** 0-based, in document order. */
  index: number;
  text: string;
  /** Offsets of the chunk in the full text: [start, end). */
  start: number;
  end: number;
  /** The page its first character is on (PDF). */
  page?: number;
}

export const EXTRACTORS = ['csv', 'json', 'markdown', 'nlp', 'pattern', 'model'] as const;
export type Extractor = (typeof EXTRACTORS)[number];

/** Where in the document a fact was read, and how sure the extractor is. */
export interface Evidence {
  /** The chunk (free text) or -1 for a structured record. */
  chunk: number;
  page?: number;
  /** Character offsets in the full text, [start, end); for a CSV row, the row's line; for JSON, the object's path is in `snippet`. */
  start: number;
  end: number;
  /** At most ~200 characters around the fact, for people to read. */
  snippet: string;
  extractor: Extractor;
  /** 0..1. */
  confidence: number;
}

/** Broad entity kinds free text can tell; structured files name their own labels. */
export const ENTITY_KINDS = ['Person', 'Organization', 'Place'] as const;

/** An entity as read from the document, before it is linked to the graph. */
export interface EntityFact {
  /** Unique within the document's facts; relations refer to it. */
  ref: string;
  /** Graph labels (identifiers); the first is the main one. Free text uses ENTITY_KINDS, or `Thing` when untyped. */
  labels: string[];
  /** The display name (`name` property). */
  name: string;
  /** A key given by the file itself (a CSV id column, a JSON `@id`/`id`): the node is exactly that one. */
  key?: string;
  /** Other names it goes by in this document ("Kim" for "Alex Kim"). */
  aliases?: string[];
  /** Typed property values the document gives it. */
  properties: Record<string, PropertyValue>;
  /** How often it is mentioned (free text); structured records count 1. */
  mentions: number;
  /**
   * Only a reference (an edge list's end, a wiki-link's target, a JSON `{"@id": …}`): linked to
   * the node with that key or name when there is one, created with what little is known otherwise.
   */
  reference?: boolean;
  evidence: Evidence[];
}

export interface RelationFact {
  from: string;
  /** Relationship type, UPPER_SNAKE_CASE. */
  type: string;
  to: string;
  properties: Record<string, PropertyValue>;
  evidence: Evidence[];
}

export interface DocumentFacts {
  entities: EntityFact[];
  relations: RelationFact[];
  warnings: string[];
}

/** How one entity was linked to the graph. */
export interface Resolution {
  ref: string;
  /** The graph key written. */
  key: string;
  /** `existing`: merged into the one node of a compatible label with that name; `new`: a node of its own; `ambiguous`: several candidates, kept apart and marked. */
  outcome: 'existing' | 'new' | 'ambiguous';
  /** The candidates' keys when ambiguous. */
  candidates?: string[];
}

/** A name a document mentions once, in no relation, left out of the graph as noise unless the graph has the thing from another document. */
export interface LoneMention {
  label: string;
  name: string;
  evidence: Evidence[];
}

/** Progress as the stream and the status show it. */
export const INGESTION_STAGES = ['sniffing', 'extracting_text', 'chunking', 'extracting_entities', 'resolving', 'writing'] as const;
export type IngestionStage = (typeof INGESTION_STAGES)[number];

export interface Progress {
  stage: IngestionStage;
  done: number;
  total: number;
  /** What is counted: bytes, pages, rows, chunks, entities, facts. */
  unit: string;
}

/** A document that cannot be ingested as it is (a bad file, a limit): not retried; the message is for people. */
export class IngestRejection extends Error {
  override name = 'IngestRejection';
  constructor(
    readonly stage: IngestionStage,
    message: string,
  ) {
    super(message);
  }
}
