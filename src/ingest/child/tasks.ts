import { chunkDocument } from '../chunk.js';
import { parseDocument } from '../parse/index.js';
import { previewOf } from '../preview.js';
import type { DocumentPreviewLimits } from '../preview.js';
import { sniffBytes } from '../sniff.js';
import { IngestRejection } from '../types.js';
import type { Progress } from '../types.js';
import type { ParserRequest, ParserResults, ParserTaskName } from './protocol.js';

/**
 * The work of the parser process, for one request: sniff (when no format is given), parse,
 * then preview, or chunk and, for `extract`, read the facts. Plain async code, so it can be
 * called in-process where no cap is needed; parser-entry.ts runs it in the capped process.
 */

const DEFAULT_PREVIEW_LIMITS: DocumentPreviewLimits = { maxLines: 500, maxRows: 200, maxBytes: 256 * 1024 };

export async function runParserTask<K extends ParserTaskName>(options: {
  request: ParserRequest & { task: K };
  bytes: Uint8Array;
  onProgress: (progress: Progress) => void;
}): Promise<ParserResults[K]> {
  const { request, bytes, onProgress } = options;
  const { limits } = request;
  let format = request.format;
  if (!format) {
    const sniffed = sniffBytes(bytes);
    if (!sniffed.ok) throw new IngestRejection('sniffing', `not a supported document: ${sniffed.reason}`);
    format = sniffed.format;
  }
  const document = await parseDocument({
    bytes,
    format,
    limits,
    onProgress: (done, total, unit) => onProgress({ stage: 'extracting_text', done, total, unit }),
  });
  if (request.task === 'preview') return previewOf(document, request.previewLimits ?? DEFAULT_PREVIEW_LIMITS) as ParserResults[K];

  onProgress({ stage: 'chunking', done: 0, total: document.chars, unit: 'characters' });
  const chunks = chunkDocument(document, limits);
  onProgress({ stage: 'chunking', done: document.chars, total: document.chars, unit: 'characters' });
  if (request.task === 'parse') return { document, chunks } as ParserResults[K];

  // Loaded only here: `parse` and `preview` have no use for the extractors (NLP is heavy to load).
  const { extractFacts } = await import('../extract/index.js');
  const facts = await extractFacts({ document, chunks, limits, sourceName: request.sourceName, onProgress });
  return { document, chunks, facts } as ParserResults[K];
}
