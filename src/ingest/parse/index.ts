import type { DocumentFormat, ExtractedDocument, IngestLimits } from '../types.js';
import type { ParseProgress } from './input.js';

export type { ParseProgress } from './input.js';

/**
 * Reads a document of a known format into text blocks and records (ExtractedDocument). Meant to
 * run in the parser child process (child/), where memory and time are capped: the parsers trust
 * their limits for what they read, not for what a library may allocate on the way.
 *
 * Each format's parser is loaded when first needed (pdf.js is large). Formats without pages or
 * rows report their progress in bytes, once, when done.
 */
export async function parseDocument(options: {
  bytes: Uint8Array;
  format: DocumentFormat;
  limits: IngestLimits;
  onProgress?: ParseProgress;
}): Promise<ExtractedDocument> {
  const { bytes, format, limits, onProgress } = options;
  const input = { bytes, limits, onProgress };
  const whole = (document: ExtractedDocument) => {
    onProgress?.(bytes.length, bytes.length, 'bytes');
    return document;
  };
  switch (format) {
    case 'text':
      return whole((await import('./text.js')).parseText(input));
    case 'markdown':
      return whole((await import('./markdown.js')).parseMarkdown(input));
    case 'csv':
      return (await import('./csv.js')).parseCsv(input);
    case 'json':
    case 'jsonl':
    case 'jsonld':
      return whole((await import('./json.js')).parseJson({ ...input, format }));
    case 'html':
      return whole((await import('./html.js')).parseHtml(input));
    case 'pdf':
      return (await import('./pdf.js')).parsePdf(input);
    case 'docx':
      return whole(await (await import('./docx.js')).parseDocx(input));
  }
}
