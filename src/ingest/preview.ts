import { z } from 'zod';
import { DOCUMENT_FORMATS } from './types.js';
import type { CellValue, ExtractedDocument } from './types.js';

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

const common = {
  format: z.enum(DOCUMENT_FORMATS).describe('The document’s format, read from its bytes.'),
  pages: z.number().int().nonnegative().optional().describe('PDF: the number of pages.'),
  warnings: z.array(z.string()).describe('What the parser cut or skipped, in plain words (for example the text past INGEST_MAX_CHARS).'),
};

const CellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]).describe('A typed cell: numbers, booleans, ISO dates as strings, null when empty.');

const TextPreviewSchema = z.object({
  kind: z.literal('text').describe('Extracted text (text, Markdown, HTML, PDF, DOCX): show each line verbatim, never as HTML.'),
  lines: z
    .array(
      z.object({
        text: z.string().describe('One line of extracted text; an empty line separates paragraphs or pages.'),
        page: z.number().int().positive().optional().describe('PDF: the 1-based page the line is on.'),
      }),
    )
    .describe('The first lines of the extracted text.'),
  truncated: z.boolean().describe('Whether the text goes on beyond `lines` (line or byte limit).'),
  ...common,
});

const TablePreviewSchema = z.object({
  kind: z.literal('table').describe('A CSV table.'),
  columns: z.array(z.string()).describe('The header: column names (made unique, an empty one named column_N).'),
  rows: z.array(z.array(CellSchema)).describe('The first data rows, each cell in the order of `columns`.'),
  total_rows: z.number().int().nonnegative().describe('Data rows in the whole table.'),
  truncated: z.boolean().describe('Whether the table has more rows than `rows` (row or byte limit).'),
  ...common,
});

const JsonPreviewSchema = z.object({
  kind: z.literal('json').describe('JSON, JSON Lines (shown as one array of its records) or JSON-LD.'),
  text: z.string().describe('The values pretty-printed with two-space indentation.'),
  truncated: z.boolean().describe('Whether `text` was cut at the byte limit (and is then not valid JSON).'),
  ...common,
});

const NonePreviewSchema = z.object({
  kind: z.literal('none').describe('No preview: the parser could not read the document.'),
  reason: z.string().describe('Why, in plain words (a limit, a damaged file, ...).'),
  ...common,
});

export const DocumentPreviewSchema = z
  .discriminatedUnion('kind', [TextPreviewSchema, TablePreviewSchema, JsonPreviewSchema, NonePreviewSchema])
  .describe('A bounded view of what the parser extracts from a document, by `kind`.')
  .meta({ id: 'DocumentPreview' });

export type DocumentPreview = z.infer<typeof DocumentPreviewSchema>;

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
