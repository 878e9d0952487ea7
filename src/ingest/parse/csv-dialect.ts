import { parse } from 'csv-parse/sync';

/**
 * Whether text is a CSV table, and with which delimiter: the sniffer asks it of a file's head,
 * the CSV parser of the whole text (the sniffed delimiter is not stored, only the format).
 *
 * A table: a header record and data records that all have the same number of fields, at least
 * two, split by one of comma, semicolon or tab (quoted fields as RFC 4180). Two columns are
 * easy to mistake for prose ("Hello, world."), so they need two data records and a header whose
 * names read like names (short, not ending a sentence).
 */

export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** Records read to decide; enough to see a pattern, few enough to be quick on any file. */
const SAMPLE_RECORDS = 50;

export function detectCsvDelimiter(options: { text: string; complete: boolean }): CsvDelimiter | undefined {
  let sample = options.text;
  if (!options.complete) {
    // The head was cut somewhere: drop the last, possibly partial, line.
    const lastBreak = sample.lastIndexOf('\n');
    if (lastBreak <= 0) return undefined;
    sample = sample.slice(0, lastBreak);
  }
  let best: { delimiter: CsvDelimiter; columns: number } | undefined;
  for (const delimiter of CSV_DELIMITERS) {
    if (!sample.includes(delimiter)) continue;
    const columns = consistentColumns(sample, delimiter);
    if (columns !== undefined && (!best || columns > best.columns)) best = { delimiter, columns };
  }
  return best?.delimiter;
}

/**
 * The delimiter of a file known to be CSV: the consistent one when there is one, else the one
 * that splits the header into the most fields (rows may be ragged), else a comma.
 */
export function csvDelimiterOf(text: string): CsvDelimiter {
  const consistent = detectCsvDelimiter({ text, complete: true });
  if (consistent) return consistent;
  let best: { delimiter: CsvDelimiter; columns: number } = { delimiter: ',', columns: 1 };
  for (const delimiter of CSV_DELIMITERS) {
    try {
      const [header] = parse(text, { delimiter, to: 1, bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true }) as string[][];
      if (header && header.length > best.columns) best = { delimiter, columns: header.length };
    } catch {
      // not this one
    }
  }
  return best.delimiter;
}

function consistentColumns(sample: string, delimiter: CsvDelimiter): number | undefined {
  let records: string[][];
  try {
    records = parse(sample, { delimiter, to: SAMPLE_RECORDS, skip_empty_lines: true, bom: true, relax_column_count: true }) as string[][];
  } catch {
    return undefined; // a quote that does not close, or text after a closing quote: not this dialect
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) return undefined;
  const columns = header.length;
  if (columns < 2 || rows.some((row) => row.length !== columns)) return undefined;
  if (columns === 2) {
    const namesLike = header.every((name) => name.trim().length <= 64 && !/[.!?]$/.test(name.trim()));
    if (rows.length < 2 || !namesLike) return undefined;
  }
  return columns;
}
