import { badRequest } from '../../platform/problem.js';

/**
 * Paths of a run's files ("artifacts"), as they arrive in `/runs/{run_id}/download/{path}` and
 * `/runs/{run_id}/preview/{path}`. Fastify has already percent-decoded the parameter once.
 *
 * The rule is deliberately strict: a path is a relative, `/`-separated list of plain names. Anything
 * that could mean something else to a file system, a browser, a proxy or a second decoding round is
 * refused with a 400 rather than "cleaned", so that one stored file has exactly one accepted spelling.
 *
 * Refused:
 * - empty paths, paths longer than {@link RUN_FILE_PATH_MAX} code points, names longer than
 *   {@link RUN_FILE_SEGMENT_MAX} code points;
 * - control characters (C0, DEL, C1, so NUL too), lone surrogates;
 * - invisible characters: format characters (U+200B, U+202E, U+FEFF, …), default-ignorable code
 *   points, line/paragraph separators, private-use and unassigned code points, and any space other
 *   than U+0020;
 * - `\` anywhere and `%` anywhere (a `%` left after Fastify's decoding can only be a second encoding
 *   such as `%252e%252e`, or a literal `%` we choose not to support);
 * - a dot, a slash or a backslash written percent-encoded in the URL (`%2e`, `%2f`, `%5c`, any case:
 *   `data%2fgraph-report.json`, `report%2emd`), checked on the URL as sent (`refuseEncodedSeparators`):
 *   a proxy or a file system may decode them otherwise than we do;
 * - non-ASCII characters whose NFKC form contains `.`, `/`, `\`, `%` or `:` (fullwidth `．／＼％：`,
 *   `…`, `⁄`-like compatibility forms);
 * - absolute paths (`/x`, `//server/share`) and drive prefixes (`C:x`, `C:/x`, `C:\x`);
 * - empty names (`a//b`, trailing `/`), names made only of dots (`.`, `..`, `...`), names that begin
 *   or end with a space or end with a dot (Windows silently strips those, so `a.` would download as `a`).
 *
 * Accepted paths are returned NFC-normalized (`nai\u0308ve.txt` → `naïve.txt`), which is the spelling
 * the store must use as well.
 */

/** Longest accepted path, in Unicode code points after NFC normalization. */
export const RUN_FILE_PATH_MAX = 512;
/** Longest accepted name (path segment), in Unicode code points. */
export const RUN_FILE_SEGMENT_MAX = 255;

const CONTROL = /\p{Cc}/u;
const LONE_SURROGATE = /\p{Cs}/u;
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u;
const NON_ASCII_SPACE = /(?! )[\s\p{Zs}]/u;
const NON_ASCII = /\P{ASCII}/gu;
const NFKC_DANGEROUS = /[./\\%:]/;
const DRIVE_PREFIX = /^[A-Za-z]:/;
const ONLY_DOTS = /^\.+$/;

const refuse = (message: string): never => {
  throw badRequest(`Invalid file path: ${message}.`, [{ path: 'params.path', message }]);
};

const ENCODED_SEPARATOR = /%(2e|2f|5c)/i;

/**
 * Refuses a run file path whose dots, slashes or backslashes the URL sends percent-encoded. `url` is
 * the request's URL as sent; the path is its tail after `/{route}/` (`download`, `preview`), which
 * Fastify decodes once for the route's parameter.
 */
export function refuseEncodedSeparators(url: string, route: 'download' | 'preview'): void {
  const path = url.split('?', 1)[0]!;
  const at = path.indexOf(`/${route}/`);
  if (at >= 0 && ENCODED_SEPARATOR.test(path.slice(at + route.length + 2))) refuse('must not encode dots, slashes or backslashes (%2e, %2f, %5c)');
}

/** The canonical spelling of a run file path, or a 400 problem error if the path is unsafe. */
export function normalizeRunFilePath(raw: string): string {
  if (typeof raw !== 'string' || raw.length === 0) refuse('must not be empty');
  // Cheap guard before normalizing: NFC never shrinks a string by more than this.
  if (raw.length > RUN_FILE_PATH_MAX * 4) refuse(`must be at most ${RUN_FILE_PATH_MAX} characters`);
  if (LONE_SURROGATE.test(raw)) refuse('must be valid Unicode');

  const path = raw.normalize('NFC');
  if ([...path].length > RUN_FILE_PATH_MAX) refuse(`must be at most ${RUN_FILE_PATH_MAX} characters`);
  if (CONTROL.test(path)) refuse('must not contain control characters');
  if (INVISIBLE.test(path)) refuse('must not contain invisible or unassigned characters');
  if (NON_ASCII_SPACE.test(path)) refuse('must not contain spaces other than U+0020');
  if (path.includes('\\')) refuse('must not contain backslashes');
  if (path.includes('%')) refuse('must not contain percent signs (encoded twice?)');
  for (const char of path.match(NON_ASCII) ?? []) {
    if (NFKC_DANGEROUS.test(char.normalize('NFKC'))) refuse('must not contain look-alikes of . / \\ % or :');
  }
  if (path.startsWith('/')) refuse('must be relative');
  if (DRIVE_PREFIX.test(path)) refuse('must not start with a drive letter');

  const segments = path.split('/');
  segments.forEach((segment, index) => {
    if (segment.length === 0) refuse(index === segments.length - 1 ? 'must not end with /' : 'must not contain empty names (//)');
    if (ONLY_DOTS.test(segment)) refuse('must not contain names made only of dots (., .., ...)');
    if ([...segment].length > RUN_FILE_SEGMENT_MAX) refuse(`names must be at most ${RUN_FILE_SEGMENT_MAX} characters`);
    if (segment.startsWith(' ') || segment.endsWith(' ')) refuse('names must not begin or end with a space');
    if (segment.endsWith('.')) refuse('names must not end with a dot');
  });
  return segments.join('/');
}

/**
 * Content types by lower-cased extension. Types a browser would execute or render as a document
 * (`.html`, `.htm`, `.xhtml`, `.xml`, `.js`, `.mjs`) are deliberately served as `text/plain`: a run's
 * files are untrusted, and downloads also carry `Content-Disposition: attachment` and
 * `X-Content-Type-Options: nosniff`. SVG keeps `image/svg+xml` (it is an image), but previews only
 * inline SVG that passes the script checks in `preview.ts`.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  md: 'text/markdown; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  json: 'application/json',
  yaml: 'text/yaml; charset=utf-8',
  yml: 'text/yaml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  html: 'text/plain; charset=utf-8',
  htm: 'text/plain; charset=utf-8',
  xhtml: 'text/plain; charset=utf-8',
  xml: 'text/plain; charset=utf-8',
  js: 'text/plain; charset=utf-8',
  mjs: 'text/plain; charset=utf-8',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Content type for a file path by its extension (case-insensitive); `application/octet-stream` if unknown. */
export function contentTypeFor(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return DEFAULT_CONTENT_TYPE; // no extension, or a dot file such as `.env`
  return CONTENT_TYPES[name.slice(dot + 1).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}
