import { detectCsvDelimiter } from './parse/csv-dialect.js';
import { hasTopLevelKey } from './parse/json-scan.js';
import type { DocumentFormat } from './types.js';

/**
 * Which text format a UTF-8 file is, from its head (the first ~64 KiB, or the whole text when
 * `complete`). In order: JSON (JSON-LD with a top-level "@context"), JSON Lines, HTML, Markdown
 * with front matter, CSV, Markdown by its marks, plain text. Only the text decides, never a name.
 */
export function classifyText(options: { text: string; complete: boolean }): DocumentFormat {
  const { complete } = options;
  const text = options.text.replace(/^\uFEFF/, '');
  const start = text.trimStart();

  if (start.startsWith('{') || start.startsWith('[')) {
    const json = jsonKind(text, complete);
    if (json) return json;
  }
  if (looksLikeHtml(start)) return 'html';
  if (/^---[^\S\n]*\r?\n/.test(text)) return 'markdown';
  if (detectCsvDelimiter({ text, complete })) return 'csv';
  if (looksLikeMarkdown(text)) return 'markdown';
  return 'text';
}

function jsonKind(text: string, complete: boolean): DocumentFormat | undefined {
  const lines = linesOf(text, complete).filter((line) => line.trim().length > 0);
  // JSON Lines: several lines, each a whole object or array.
  if (lines.length >= 2 && lines.every(isJsonRecord)) return 'jsonl';
  if (complete) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined; // not JSON after all: some other text that starts with a bracket
    }
    return isObject(value) && '@context' in value ? 'jsonld' : 'json';
  }
  // Too large to parse here: the parser checks it whole.
  return hasTopLevelKey(text, '@context') ? 'jsonld' : 'json';
}

function isJsonRecord(line: string): boolean {
  const trimmed = line.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text's lines; of a head that was cut, the last (partial) line is left out. */
function linesOf(text: string, complete: boolean): string[] {
  const lines = text.split(/\r?\n/);
  if (!complete && lines.length > 1) lines.pop();
  return lines;
}

/** Markup from the first character: a doctype, or an html/head/body tag near the start (comments allowed before). */
function looksLikeHtml(start: string): boolean {
  const head = start.slice(0, 4096).replace(/^(\s*<!--[\s\S]*?-->)+\s*/, '');
  if (!head.startsWith('<')) return false;
  return /^<!doctype\s+html[\s>]/i.test(head) || /<(html|head|body)[\s>]/i.test(head.slice(0, 1024));
}

/** Marks typical of Markdown: ATX headings, [[wiki links]], [links](...), fences, lists. */
function looksLikeMarkdown(text: string): boolean {
  if (/^#{1,6}[^\S\n]+\S/m.test(text)) return true;
  if (/\[\[[^\]\n]+\]\]/.test(text)) return true;
  if (/\[[^\]\n]+\]\([^)\s]+\)/.test(text)) return true;
  if (/^(```|~~~)/m.test(text)) return true;
  const listItems = text.match(/^[^\S\n]*([-*+]|\d{1,9}[.)])[^\S\n]+\S/gm);
  return (listItems?.length ?? 0) >= 2;
}
