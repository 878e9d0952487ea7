import { cellText } from './csv.js';

/**
 * A small Markdown (CommonMark + GFM tables) writer for reports.
 *
 * Everything that comes from data — the title, headings, paragraphs, bullets, table cells, image alt
 * text — is untrusted, and must come out as the same text it went in as: never as a link, an image,
 * emphasis, a heading, a list, a table, a code block or HTML. One consistent approach:
 * - HTML-significant characters become entities: `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`. No tag,
 *   autolink, blockquote or entity from data survives, whatever the renderer does with raw HTML.
 * - Markdown-significant punctuation gets a backslash: `\` `` ` `` `*` `_` `[` `]` `#` `|` `~`.
 * - At the start of a line, `-`, `+` and `=` and a number followed by `.` or `)` get a backslash, so
 *   that no list, thematic break or setext heading underline can start there.
 * - Titles, headings and bullets are one line: every run of whitespace (newlines included) becomes
 *   one space. Paragraph lines keep their line breaks (a blank line splits the paragraph in two) but
 *   lose leading and trailing whitespace, which would otherwise make indented code or hard breaks.
 * - Table cells turn line breaks into spaces (a cell is one line of the table); `|` is escaped with
 *   the rest. Rows are written at the width of the header: short rows are padded with empty cells,
 *   cells beyond the header are dropped, as GFM would drop them.
 *
 * Cell values read as in CSV exports ({@link cellText}): null is empty, numbers stay raw via
 * `String` (deterministic, no locale), objects are JSON.
 *
 * An image is written only when its path is a relative path of plain names — characters
 * `A–Z a–z 0–9 . _ / -`, no empty segment (so no leading `/`), no segment made only of dots (so no
 * `..`). Anything else (URLs, `javascript:`, absolute paths, escapes) is left out rather than cleaned.
 *
 * Layout: `# title`, the intro paragraphs, then each section as `## heading` followed by its
 * paragraphs, bullets, table and image, in that order. Blocks are separated by one blank line and the
 * document ends with a single newline.
 */

export interface MarkdownTable {
  columns: string[];
  rows: unknown[][];
}

export interface MarkdownSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  table?: MarkdownTable;
  image?: { alt: string; path: string };
}

export interface MarkdownDocument {
  title: string;
  intro?: string[];
  sections: MarkdownSection[];
}

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const HTML_SIGNIFICANT = /[&<>]/g;
const MARKDOWN_PUNCTUATION = /[\\`*_[\]#|~]/g;
/** Line starts that would open a list item, a thematic break or a setext underline. */
const BLOCK_MARKER = /^[-+=]/;
const ORDERED_LIST_MARKER = /^(\d+)([.)])/;

const SAFE_IMAGE_PATH = /^[A-Za-z0-9._/-]+$/;

/** Escapes text for use anywhere inside a line. */
function escapeInline(text: string): string {
  return text.replace(HTML_SIGNIFICANT, (char) => HTML_ENTITIES[char] ?? char).replace(MARKDOWN_PUNCTUATION, '\\$&');
}

/** Escapes text that begins a line, where list and heading markers count too. */
function escapeLine(text: string): string {
  return escapeInline(text).replace(BLOCK_MARKER, '\\$&').replace(ORDERED_LIST_MARKER, '$1\\$2');
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function paragraph(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => escapeLine(line.trim()))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n') // one blank line splits the paragraph; more would add nothing
    .trim();
}

function bulletList(items: string[]): string {
  return items.map((item) => `- ${escapeLine(oneLine(item))}`.trimEnd()).join('\n');
}

function tableCell(value: unknown): string {
  return escapeInline(oneLine(cellText(value)));
}

const tableRow = (cells: string[]): string => `| ${cells.join(' | ')} |`;

function table({ columns, rows }: MarkdownTable): string {
  // GFM needs at least one column for a table to exist.
  if (columns.length === 0) return '';
  return [
    tableRow(columns.map(tableCell)),
    tableRow(columns.map(() => '---')),
    ...rows.map((row) => tableRow(columns.map((_, i) => tableCell(row[i])))),
  ].join('\n');
}

/** Whether `path` is a relative path of plain names that cannot leave the report's directory. */
export function isSafeImagePath(path: string): boolean {
  return SAFE_IMAGE_PATH.test(path) && path.split('/').every((segment) => segment !== '' && !/^\.+$/.test(segment));
}

function image({ alt, path }: { alt: string; path: string }): string {
  return isSafeImagePath(path) ? `![${escapeInline(oneLine(alt))}](${path})` : '';
}

function section(part: MarkdownSection): string[] {
  return [
    `## ${escapeLine(oneLine(part.heading))}`.trimEnd(),
    ...(part.paragraphs ?? []).map(paragraph),
    bulletList(part.bullets ?? []),
    part.table ? table(part.table) : '',
    part.image ? image(part.image) : '',
  ];
}

/** The document as Markdown; every piece of text in it is escaped as described above. */
export function renderMarkdown(doc: MarkdownDocument): string {
  const blocks = [
    `# ${escapeLine(oneLine(doc.title))}`.trimEnd(),
    ...(doc.intro ?? []).map(paragraph),
    ...doc.sections.flatMap(section),
  ];
  return `${blocks.filter((block) => block !== '').join('\n\n')}\n`;
}
