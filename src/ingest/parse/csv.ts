import { parse } from 'csv-parse/sync';
import { IngestRejection } from '../types.js';
import type { CellValue, ExtractedDocument } from '../types.js';
import { BlockBuilder } from './blocks.js';
import { csvDelimiterOf } from './csv-dialect.js';
import { decodeText } from './decode.js';
import type { ParseInput } from './input.js';

/**
 * CSV: the first record is the header, each later record a row of typed values (`cellValue`)
 * and a text block "column: value, ..." (empty cells left out), so blocks[i] is rows[i] as long
 * as the text is not cut. More than csvMaxRows data rows is a rejection; csv-parse stops reading
 * one record past the limit, so a huge file is not read to the end to say so.
 */

/** Rows between two progress reports. */
const PROGRESS_EVERY = 1000;

export function parseCsv({ bytes, limits, onProgress }: ParseInput): ExtractedDocument {
  const text = decodeText(bytes);
  const delimiter = csvDelimiterOf(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      to: limits.csvMaxRows + 2, // the header, the limit, and one more to know it was passed
    }) as string[][];
  } catch (error) {
    throw new IngestRejection('extracting_text', `the CSV could not be read: ${plainCsvError(error)}`);
  }
  const [header = [], ...data] = records;
  if (data.length > limits.csvMaxRows) {
    throw new IngestRejection('extracting_text', `the CSV has more than ${limits.csvMaxRows} data rows (INGEST_CSV_MAX_ROWS)`);
  }
  const columns = columnNames(header);
  const builder = new BlockBuilder(limits.maxChars);
  const rows: Record<string, CellValue>[] = [];
  let ragged = false;
  for (const [index, record] of data.entries()) {
    if (record.length !== columns.length) ragged = true;
    const row: Record<string, CellValue> = {};
    columns.forEach((column, i) => (row[column] = cellValue(record[i] ?? '')));
    rows.push(row);
    if (!builder.isFull) builder.add(rowText(columns, row));
    if ((index + 1) % PROGRESS_EVERY === 0) onProgress?.(index + 1, data.length, 'rows');
  }
  onProgress?.(data.length, data.length, 'rows');
  if (ragged) builder.warn('Some rows have more or fewer cells than the header: missing cells are empty, extra cells were left out.');
  return builder.finish({ format: 'csv', table: { columns, rows } });
}

/** Integers and decimals as numbers (not ones with leading zeros, which are codes), true/false as booleans, empty as null. */
export function cellValue(raw: string): CellValue {
  const text = raw.trim();
  if (text === '') return null;
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  if (/^[-+]?(0|[1-9]\d*)$/.test(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : text;
  }
  if (/^[-+]?(0|[1-9]\d*)?\.\d+([eE][-+]?\d+)?$|^[-+]?(0|[1-9]\d*)(\.\d+)?[eE][-+]?\d+$/.test(text)) {
    const value = Number(text);
    return Number.isFinite(value) ? value : text;
  }
  return text;
}

/** Header names made unique and never empty (`column_3`, `name_2`), as rows are keyed by them. */
function columnNames(header: string[]): string[] {
  const seen = new Set<string>();
  return header.map((raw, i) => {
    const base = raw.trim() || `column_${i + 1}`;
    let name = base;
    for (let n = 2; seen.has(name); n++) name = `${base}_${n}`;
    seen.add(name);
    return name;
  });
}

function rowText(columns: string[], row: Record<string, CellValue>): string {
  return columns
    .filter((column) => row[column] !== null)
    .map((column) => `${column}: ${String(row[column])}`)
    .join(', ');
}

/** csv-parse's message without its option dump: the reason and the line. */
function plainCsvError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Invalid (Record Length|Opening Quote|Closing Quote):\s*/i, '').replace(/,?\s*got\s+\d+\s+on line\s+(\d+)/i, ' (line $1)');
}
