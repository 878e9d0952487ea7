import { IngestRejection } from '../types.js';
import type { DocumentFormat, ExtractedDocument } from '../types.js';
import { BlockBuilder } from './blocks.js';
import { decodeText } from './decode.js';
import type { ParseInput } from './input.js';
import { jsonDepth } from './json-scan.js';

/**
 * JSON, JSON Lines and JSON-LD. The nesting depth is checked by a linear scan before anything is
 * parsed (deeper than jsonMaxDepth is a rejection), so no later step (ours or a caller's
 * recursion) meets a 10,000-deep value. JSON-LD is plain JSON here: its @context is never
 * fetched. `json` holds the values (one; one per line for JSON Lines, at most csvMaxRows).
 *
 * Text blocks are a readable flattening, one per record: an object's scalar fields as
 * "key: value; nested.key: value; list: a, b", its arrays of objects as records of their own.
 */

type JsonFormat = Extract<DocumentFormat, 'json' | 'jsonl' | 'jsonld'>;

/** Lines between two progress reports (JSON Lines). */
const PROGRESS_EVERY = 1000;

export function parseJson(input: ParseInput & { format: JsonFormat }): ExtractedDocument {
  const { bytes, limits, format, onProgress } = input;
  const text = decodeText(bytes);
  const depth = jsonDepth(text, limits.jsonMaxDepth);
  if (depth > limits.jsonMaxDepth) {
    throw new IngestRejection('extracting_text', `the JSON nests deeper than ${limits.jsonMaxDepth} levels (INGEST_JSON_MAX_DEPTH)`);
  }
  const values = format === 'jsonl' ? parseLines(text, limits.csvMaxRows, onProgress) : [parseWhole(text)];
  const builder = new BlockBuilder(limits.maxChars);
  for (const value of values) if (!addRecords(value, builder)) break;
  return builder.finish({ format, json: values });
}

function parseWhole(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new IngestRejection('extracting_text', `the file is not valid JSON (${(error as Error).message})`);
  }
}

function parseLines(text: string, maxRecords: number, onProgress: ParseInput['onProgress']): unknown[] {
  const values: unknown[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    if (values.length >= maxRecords) {
      throw new IngestRejection('extracting_text', `the JSON Lines file has more than ${maxRecords} records (INGEST_CSV_MAX_ROWS)`);
    }
    try {
      values.push(JSON.parse(line));
    } catch {
      throw new IngestRejection('extracting_text', `line ${index + 1} of the JSON Lines file is not valid JSON`);
    }
    if (values.length % PROGRESS_EVERY === 0) onProgress?.(index + 1, lines.length, 'rows');
  }
  return values;
}

type Scalar = string | number | boolean | null;
const isScalar = (value: unknown): value is Scalar => value === null || typeof value !== 'object';
const scalarText = (value: Scalar) => (typeof value === 'string' ? value : String(value));
/** JSON-LD's context says how to read the keys, it is not content. */
const SKIPPED_KEYS = new Set(['@context']);

/** Adds the blocks of one value (breadth first over its records, no recursion); false once the text is full. */
function addRecords(value: unknown, builder: BlockBuilder): boolean {
  const queue: unknown[] = [value];
  for (let next = 0; next < queue.length; next++) {
    const record = queue[next];
    queue[next] = undefined; // let what was read go
    let text: string;
    if (isScalar(record)) text = scalarText(record);
    else if (Array.isArray(record)) {
      text = record.filter(isScalar).map(scalarText).join(', ');
      for (const item of record) if (!isScalar(item)) queue.push(item);
    } else text = objectText(record as Record<string, unknown>, queue);
    if (!builder.add(text)) return false;
  }
  return true;
}

/** An object's fields as "key: value; ..." (nested objects with dotted keys); its arrays' objects go to `queue`. */
function objectText(object: Record<string, unknown>, queue: unknown[]): string {
  const parts: string[] = [];
  const stack: [string, unknown][] = [];
  const pushFields = (from: Record<string, unknown>, prefix: string) => {
    const entries = Object.entries(from).filter(([key]) => !SKIPPED_KEYS.has(key));
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, value] = entries[i] as [string, unknown];
      stack.push([prefix + key, value]);
    }
  };
  pushFields(object, '');
  while (stack.length > 0) {
    const [key, value] = stack.pop() as [string, unknown];
    if (isScalar(value)) parts.push(`${key}: ${scalarText(value)}`);
    else if (Array.isArray(value)) {
      const scalars = value.filter(isScalar);
      if (scalars.length > 0) parts.push(`${key}: ${scalars.map(scalarText).join(', ')}`);
      for (const item of value) if (!isScalar(item)) queue.push(item);
    } else pushFields(value as Record<string, unknown>, `${key}.`);
  }
  return parts.join('; ');
}
