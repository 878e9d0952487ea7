import { z } from 'zod';
import { DEFAULT_CONTENT_TYPE, contentTypeFor } from './file-paths.js';

/**
 * Previews of a run's files, for `GET /runs/{run_id}/preview/{path}`: a bounded, JSON-safe view that a
 * client can render without interpreting the file itself.
 *
 * Choices:
 * - The kind is chosen from the stored content type (parameters ignored); a stored
 *   `application/octet-stream` falls back to the type the path's extension suggests.
 * - Text-like kinds decode at most `maxBytes` bytes (cut on a UTF-8 character boundary) as strict
 *   UTF-8; a NUL byte or invalid UTF-8 in that prefix means binary → `none`.
 * - JSON is parsed only when the whole file fits in `maxBytes` (bounded work); a larger or invalid
 *   document falls back to a text preview. Pretty text beyond `maxBytes` is cut and `truncated`.
 * - CSV follows RFC 4180 (quoted fields, `""`, separators and line breaks inside quotes, CRLF or LF);
 *   the first record is the header, blank lines are skipped, rows may be ragged. An unterminated
 *   quote in a complete file falls back to a text preview.
 * - Images (PNG, JPEG, GIF, WebP) are inlined as base64 data URLs only when the bytes start with the
 *   format's signature and fit in `maxBytes`. SVG is inlined only when it contains none of: `<script`,
 *   `on…=` event handler attributes, `javascript:`/`vbscript:` (spaces allowed in between), numeric
 *   character references (`&#`, which could hide the former), `<foreignObject`, `<iframe`, `<embed`,
 *   `<object`, `<!ENTITY`/`<!DOCTYPE`. We refuse rather than sanitize: a refused SVG is still downloadable.
 */

export const DEFAULT_PREVIEW_MAX_BYTES = 256 * 1024;
export const DEFAULT_PREVIEW_MAX_LINES = 500;
export const DEFAULT_PREVIEW_MAX_ROWS = 200;

export interface PreviewLimits {
  /** Most bytes of the file read for text kinds; largest inlined image; most bytes of pretty JSON. */
  maxBytes: number;
  /** Most lines in a text preview. */
  maxLines: number;
  /** Most data rows (header excluded) in a CSV preview. */
  maxRows: number;
}

export const DEFAULT_PREVIEW_LIMITS: Readonly<PreviewLimits> = Object.freeze({
  maxBytes: DEFAULT_PREVIEW_MAX_BYTES,
  maxLines: DEFAULT_PREVIEW_MAX_LINES,
  maxRows: DEFAULT_PREVIEW_MAX_ROWS,
});

export interface PreviewFile {
  path: string;
  contentType: string;
  bytes: Uint8Array;
}

const TextPreviewSchema = z.object({
  kind: z.literal('text').describe('Plain text: show `text` verbatim (never as HTML).'),
  text: z.string().describe('The first lines of the file, decoded as UTF-8.'),
  truncated: z.boolean().describe('Whether the file goes on beyond `text` (line or byte limit).'),
  lines: z.number().int().nonnegative().describe('Number of lines in `text`.'),
});

const CsvPreviewSchema = z.object({
  kind: z.literal('csv').describe('A table parsed as RFC 4180 CSV.'),
  columns: z.array(z.string()).describe('The header record.'),
  rows: z.array(z.array(z.string())).describe('The first data records; a row may have more or fewer cells than `columns`.'),
  truncated: z.boolean().describe('Whether the file has more records than `rows` (row or byte limit).'),
});

const JsonPreviewSchema = z.object({
  kind: z.literal('json').describe('A valid JSON document.'),
  text: z.string().describe('The document pretty-printed with two-space indentation.'),
  truncated: z.boolean().describe('Whether `text` was cut at the byte limit (and is then not valid JSON).'),
});

const ImagePreviewSchema = z.object({
  kind: z.literal('image').describe('An image small enough to inline.'),
  data_url: z
    .string()
    .regex(/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]*={0,2}$/)
    .describe('`data:image/<type>;base64,…` URL of the whole image, for an `<img src>`.'),
  truncated: z.literal(false).describe('Always false: images are whole or not previewed.'),
});

const NonePreviewSchema = z.object({
  kind: z.literal('none').describe('No preview; download the file instead.'),
  reason: z.string().describe('Why there is no preview (binary, unsupported type, too large, unsafe SVG, …).'),
});

export const PreviewSchema = z
  .discriminatedUnion('kind', [TextPreviewSchema, CsvPreviewSchema, JsonPreviewSchema, ImagePreviewSchema, NonePreviewSchema])
  .describe('A bounded preview of a run file, by `kind`.')
  .meta({ id: 'RunFilePreview' });

export type Preview = z.infer<typeof PreviewSchema>;

const RASTER_SIGNATURES: Readonly<Record<string, (bytes: Uint8Array) => boolean>> = {
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/gif': (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61,
  'image/webp': (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b.subarray(8), [0x57, 0x45, 0x42, 0x50]),
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);

const mediaTypeOf = (contentType: string): string => (contentType.split(';')[0] ?? '').trim().toLowerCase();

const none = (reason: string): Preview => ({ kind: 'none', reason });

/** A bounded, JSON-safe preview of a run file. Never throws for any bytes. */
export function buildPreview(file: PreviewFile, limits: PreviewLimits = DEFAULT_PREVIEW_LIMITS): Preview {
  let type = mediaTypeOf(file.contentType);
  if (type === '' || type === DEFAULT_CONTENT_TYPE) type = mediaTypeOf(contentTypeFor(file.path));
  const maxBytes = Math.max(0, Math.floor(limits.maxBytes));

  const signature = RASTER_SIGNATURES[type];
  if (signature) {
    if (file.bytes.length > maxBytes) return none(`image larger than ${maxBytes} bytes`);
    if (!signature(file.bytes)) return none(`content is not a valid ${type}`);
    return imageOf(type, file.bytes);
  }
  if (type === 'image/svg+xml') return svgPreview(file.bytes, maxBytes);
  if (type === 'text/csv') return csvPreview(file.bytes, { ...limits, maxBytes });
  if (type === 'application/json' || type.endsWith('+json')) return jsonPreview(file.bytes, { ...limits, maxBytes });
  if (type.startsWith('text/')) return textPreview(file.bytes, { ...limits, maxBytes });
  return none(type === DEFAULT_CONTENT_TYPE ? 'binary or unknown file type' : `no preview for ${type}`);
}

const imageOf = (type: string, bytes: Uint8Array): Preview => ({
  kind: 'image',
  data_url: `data:${type};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`,
  truncated: false,
});

interface Decoded {
  text: string;
  /** Whether bytes were left out at the byte limit. */
  cut: boolean;
}

/** Strict UTF-8 decoding of at most `maxBytes` bytes, cut on a character boundary; undefined if binary. */
function decodePrefix(bytes: Uint8Array, maxBytes: number): Decoded | undefined {
  let end = Math.min(bytes.length, maxBytes);
  if (end < bytes.length) {
    // Step back over continuation bytes (10xxxxxx) so a multi-byte character is not split.
    let back = 0;
    while (end > 0 && back < 3 && ((bytes[end] ?? 0) & 0xc0) === 0x80) {
      end -= 1;
      back += 1;
    }
  }
  const prefix = bytes.subarray(0, end);
  if (prefix.includes(0)) return undefined;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(prefix), cut: end < bytes.length };
  } catch {
    return undefined;
  }
}

const BINARY = 'binary content (not UTF-8 text)';

/** Cut a string so its UTF-8 encoding fits in `maxBytes`, on a character boundary. */
function cutToBytes(text: string, maxBytes: number): { text: string; cut: boolean } {
  const encoded = Buffer.from(text, 'utf8');
  if (encoded.length <= maxBytes) return { text, cut: false };
  const decoded = decodePrefix(encoded, maxBytes);
  return { text: decoded?.text ?? '', cut: true };
}

const countLines = (text: string): number => {
  if (text.length === 0) return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) if (i < text.length - 1) lines += 1;
  return lines;
};

function textPreview(bytes: Uint8Array, limits: PreviewLimits): Preview {
  const decoded = decodePrefix(bytes, limits.maxBytes);
  if (!decoded) return none(BINARY);
  return textOf(decoded, limits.maxLines);
}

function textOf(decoded: Decoded, maxLines: number): Preview {
  const keep = Math.max(0, Math.floor(maxLines));
  let { text } = decoded;
  let truncated = decoded.cut;
  let index = keep === 0 ? 0 : -1;
  for (let n = 0; n < keep && (n === 0 || index !== -1); n += 1) index = text.indexOf('\n', index + 1);
  // `index` ends on the line break of the last kept line (or -1 if the text has fewer lines).
  const end = keep === 0 ? 0 : index + 1;
  if (index !== -1 && end < text.length) {
    text = text.slice(0, end);
    truncated = true;
  }
  return { kind: 'text', text, truncated, lines: countLines(text) };
}

function jsonPreview(bytes: Uint8Array, limits: PreviewLimits): Preview {
  const decoded = decodePrefix(bytes, limits.maxBytes);
  if (!decoded) return none(BINARY);
  if (decoded.cut) return textOf(decoded, limits.maxLines);
  let value: unknown;
  try {
    value = JSON.parse(decoded.text);
  } catch {
    return textOf(decoded, limits.maxLines);
  }
  const pretty = cutToBytes(JSON.stringify(value, null, 2), limits.maxBytes);
  return { kind: 'json', text: pretty.text, truncated: pretty.cut };
}

interface CsvParse {
  records: string[][];
  /** Input left unread because enough records were read. */
  more: boolean;
  /** The last record ended at the end of the input, not at a line break. */
  lastUnterminated: boolean;
  /** The input ended inside a quoted field. */
  openQuote: boolean;
}

/** RFC 4180 parser, reading at most `maxRecords` non-blank records. */
function parseCsv(text: string, maxRecords: number): CsvParse {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let atFieldStart = true;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
    atFieldStart = true;
  };
  const endRecord = () => {
    endField();
    if (!(record.length === 1 && record[0] === '')) records.push(record); // skip blank lines
    record = [];
  };
  while (i < text.length) {
    if (records.length >= maxRecords) {
      // At the start of a record: is there another non-blank one?
      return { records, more: /[^\r\n]/.test(text.slice(i)), lastUnterminated: false, openQuote: false };
    }
    const char = text[i] as string;
    i += 1;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
      continue;
    }
    if (char === ',') endField();
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i] === '\n') i += 1;
      endRecord();
    } else if (char === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
    } else {
      field += char; // lenient: a stray quote inside a field, or text after a closing quote, is kept
      atFieldStart = false;
    }
  }
  if (quoted) return { records, more: false, lastUnterminated: true, openQuote: true };
  const pending = !atFieldStart || field.length > 0 || record.length > 0;
  if (pending) endRecord();
  return { records, more: false, lastUnterminated: pending, openQuote: false };
}

function csvPreview(bytes: Uint8Array, limits: PreviewLimits): Preview {
  const decoded = decodePrefix(bytes, limits.maxBytes);
  if (!decoded) return none(BINARY);
  const maxRows = Math.max(0, Math.floor(limits.maxRows));
  const parsed = parseCsv(decoded.text, maxRows + 1);
  if (parsed.openQuote && !decoded.cut) return textOf(decoded, limits.maxLines);
  const records = parsed.records;
  let truncated = parsed.more;
  if (decoded.cut) {
    truncated = true;
    // The record running into the byte limit may be incomplete: drop it.
    if (!parsed.more && parsed.lastUnterminated && !parsed.openQuote) records.pop();
  }
  const [columns = [], ...rows] = records;
  return { kind: 'csv', columns, rows, truncated };
}

const UNSAFE_SVG: readonly RegExp[] = [
  /<\s*script/i,
  /\bon[a-z]+\s*=/i,
  /j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i,
  /v\s*b\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i,
  /&#/,
  /<\s*foreignObject/i,
  /<\s*(iframe|embed|object)\b/i,
  /<!\s*(ENTITY|DOCTYPE)/i,
];

function svgPreview(bytes: Uint8Array, maxBytes: number): Preview {
  if (bytes.length > maxBytes) return none(`image larger than ${maxBytes} bytes`);
  const decoded = decodePrefix(bytes, maxBytes);
  if (!decoded) return none(BINARY);
  if (!/<svg[\s>]/i.test(decoded.text)) return none('content is not an SVG image');
  if (UNSAFE_SVG.some((pattern) => pattern.test(decoded.text))) {
    return none('SVG contains scripts, event handlers or other active content');
  }
  return imageOf('image/svg+xml', bytes);
}
