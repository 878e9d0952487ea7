/**
 * CSV for reports and exports, as RFC 4180 describes it: records end with CRLF (the last one too),
 * the header record comes first, and a field is quoted only when it has to be — when it contains a
 * `"` (doubled inside the quotes), a `,`, a CR or an LF.
 *
 * Every record has exactly as many fields as there are columns: a shorter row is padded with empty
 * fields, a longer one is a caller's mistake and throws a RangeError (dropping cells silently would
 * lose data).
 *
 * Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` as a formula, and some strip a
 * leading tab or CR first ("CSV injection", OWASP). Data we export is untrusted, so a string cell
 * (header cells included) that starts with one of those characters gets a leading `'`, which
 * spreadsheets read as "this is text". Strings that are plain numbers (`-12.5`, `+3`, `1e-3`) are
 * left alone, because they cannot run anything and a `'` would turn them into text; numbers proper
 * are never prefixed.
 *
 * No byte-order mark is written; a caller targeting old Excel versions may prepend one.
 */

const RECORD_END = '\r\n';

/** First characters that make a spreadsheet treat a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A string that is just a decimal number, optionally signed, optionally with an exponent. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Characters that force a field into quotes. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * The plain text of one value, as both CSV and Markdown reports show it: nothing for null and
 * undefined, strings as they are, numbers, booleans and bigints via `String`, dates in ISO 8601
 * (an invalid date as `Invalid Date`), anything else as JSON.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  // JSON.stringify gives undefined for functions and symbols, which have no JSON form.
  return JSON.stringify(value) ?? String(value);
}

/** A string cell that a spreadsheet would run as a formula gets a leading `'`. */
function defuseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The text of a cell, with the formula defence applied to strings only. */
function fieldText(value: unknown): string {
  return typeof value === 'string' ? defuseFormula(value) : cellText(value);
}

function quoteIfNeeded(field: string): string {
  return NEEDS_QUOTES.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

function record(fields: string[]): string {
  // A lone empty field would make an empty line, which readers skip as blank: write it as `""`.
  if (fields.length === 1 && fields[0] === '') return `""${RECORD_END}`;
  return fields.map(quoteIfNeeded).join(',') + RECORD_END;
}

/** CSV with a header record of `columns` and one record per row, cells in column order. */
export function toCsv(columns: string[], rows: unknown[][]): string {
  const lines = [record(columns.map(fieldText))];
  rows.forEach((row, index) => {
    if (row.length > columns.length) {
      throw new RangeError(`row ${index} has ${row.length} cells, but there are only ${columns.length} columns`);
    }
    lines.push(record(columns.map((_, i) => fieldText(row[i]))));
  });
  return lines.join('');
}

/**
 * CSV of records, each written in the order of `columns`; a missing key is an empty field. Only a
 * record's own keys count, so a column named `constructor` or `__proto__` never reads inherited values.
 */
export function rowsToCsv(columns: string[], rows: Record<string, unknown>[]): string {
  return toCsv(
    columns,
    rows.map((row) => columns.map((column) => (Object.hasOwn(row, column) ? row[column] : undefined))),
  );
}
