import type { DocumentPreview, DocumentPreviewLimits } from '../preview.js';
import type { ResultPart } from './result-parts.js';
import type { Chunk, DocumentFacts, DocumentFormat, ExtractedDocument, IngestLimits, IngestionStage, Progress } from '../types.js';

/**
 * What the parser process is asked and answers over IPC ('advanced' serialization). The
 * document's bytes do not go this way: they are streamed to the process's stdin.
 */

/** `parse`: text and chunks. `extract`: also the facts (entities, relations). `preview`: a bounded view. */
export type ParserTaskName = 'parse' | 'extract' | 'preview';

export interface ParserResults {
  parse: { document: ExtractedDocument; chunks: Chunk[] };
  extract: { document: ExtractedDocument; chunks: Chunk[]; facts: DocumentFacts };
  preview: DocumentPreview;
}

/** Sent once, first; the bytes follow on stdin until it ends. */
export interface ParserRequest {
  task: ParserTaskName;
  /** The stored format; when absent the process sniffs the bytes itself. */
  format?: DocumentFormat;
  limits: IngestLimits;
  previewLimits?: DocumentPreviewLimits;
  /** The document's file name, for `extract` (a CSV's rows are labelled after it when they have no type column). */
  sourceName?: string;
}

export type ParserMessage =
  | { type: 'progress'; progress: Progress }
  /** Items of a long array of the answer, sent before it (result-parts.ts). */
  | ({ type: 'result_part' } & ResultPart)
  | { type: 'result'; value: unknown }
  /** An IngestRejection: the document cannot be ingested as it is. */
  | { type: 'rejected'; stage: IngestionStage; message: string }
  /** Anything else that went wrong; the message is for logs, not for people. */
  | { type: 'failed'; message: string }
  /** The parser's thread reached its heap limit and was stopped. */
  | { type: 'out_of_memory'; message: string };
