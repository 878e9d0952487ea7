import type { DocumentPreview } from './preview-schema.js';
import type { CellValue, ExtractedDocument } from './types.js';

export type { DocumentPreview } from './preview-schema.js';

/**
 * A bounded JSON view of what the parser extracted from a document, for people to look at
 * before (or instead of) ingesting it: never the raw file, never HTML to render.
 * - text, markdown, html, pdf, docx: the extracted text as lines (a blank line between
 *   paragraphs or pages), each with its page for a PDF;
 * - csv: the header and the first typed rows;
 * - json, jsonl, jsonld: the values pretty-printed (JSON Lines as one array), cut at maxBytes.
 * At most maxLines lines, maxRows rows and about maxBytes bytes of UTF-8 text.
 */

export interface DocumentPreviewLimits {
  maxLines: number;
  maxRows: number;
  maxBytes: number;
}

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

export function previewOf(doc: ExtractedDocument, limits: DocumentPreviewLimits): DocumentPreview {
  const base = { format: doc.format, warnings: doc.warnings, ...(doc.pages === undefined ? {} : { pages: doc.pages }) };
  const maxBytes = Math.max(0, Math.floor(limits.maxBytes));
  if (doc.table) return { kind: 'table', ...tableOf(doc.table, Math.max(0, Math.floor(limits.maxRows)), maxBytes), ...base };
  if (doc.json) {
    const value = doc.format === 'jsonl' ? doc.json : doc.json[0];
    const text = cutToBytes(JSON.stringify(value, null, 2) ?? '', maxBytes);
    return { kind: 'json', text: text.text, truncated: text.cut, ...base };
  }
  return { kind: 'text', ...linesOf(doc, Math.max(0, Math.floor(limits.maxLines)), maxBytes), ...base };
}

function linesOf(doc: ExtractedDocument, maxLines: number, maxBytes: number) {
  const lines: { text: string; page?: number }[] = [];
  let bytes = 0;
  for (const [index, block] of doc.blocks.entries()) {
    const blockLines = index === 0 ? block.text.split('\n') : ['', ...block.text.split('\n')];
    for (const text of blockLines) {
      if (lines.length >= maxLines) return { lines, truncated: true };
      const room = maxBytes - bytes;
      const size = bytesOf(text) + 1;
      if (size > room) {
        const cut = cutToBytes(text, Math.max(0, room - 1));
        if (cut.text.length > 0) lines.push(lineOf(cut.text, block.page));
        return { lines, truncated: true };
      }
      bytes += size;
      lines.push(lineOf(text, block.page));
    }
  }
  return { lines, truncated: false };
}

const lineOf = (text: string, page: number | undefined) => (page === undefined ? { text } : { text, page });

function tableOf(table: NonNullable<ExtractedDocument['table']>, maxRows: number, maxBytes: number) {
  const rows: CellValue[][] = [];
  let bytes = bytesOf(JSON.stringify(table.columns));
  for (const record of table.rows) {
    if (rows.length >= maxRows) break;
    const row = table.columns.map((column) => record[column] ?? null);
    bytes += bytesOf(JSON.stringify(row)) + 1;
    if (bytes > maxBytes) break;
    rows.push(row);
  }
  return { columns: table.columns, rows, total_rows: table.rows.length, truncated: rows.length < table.rows.length };
}

/** `text` cut so its UTF-8 takes at most `maxBytes`, on a character boundary. */
function cutToBytes(text: string, maxBytes: number): { text: string; cut: boolean } {
  // Every character takes at least a byte: the first maxBytes + 1 are enough to decide.
  const head = text.slice(0, maxBytes + 1);
  const encoded = Buffer.from(head, 'utf8');
  if (encoded.length <= maxBytes) return { text, cut: false };
  let end = maxBytes;
  while (end > 0 && ((encoded[end] ?? 0) & 0xc0) === 0x80) end--; // not inside a character
  return { text: encoded.subarray(0, end).toString('utf8'), cut: true };
}
