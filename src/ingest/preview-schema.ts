import { z } from 'zod';
import { DOCUMENT_FORMATS } from './types.js';

/**
 * What a document preview (preview.ts) looks like, as the API publishes it. Apart from
 * preview.ts so that the parser process, which makes previews, does not load zod for it.
 */

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
