import type { Chunk, ExtractedDocument, IngestLimits } from './types.js';

/**
 * Cuts a document's full text (its blocks joined by '\n') into chunks of at most chunkChars,
 * each starting chunkOverlap characters before the previous one ended, so a fact read across a
 * cut is still whole in one chunk. A cut is made at the best boundary in the second half of the
 * window: a blank line, then a line break, then the end of a sentence, then a space; only a text
 * with none of these is cut mid-word. A chunk never starts or ends inside a surrogate pair, and
 * starts after leading whitespace. Offsets are into the full text; `page` is the page of the
 * chunk's first character.
 */

export type ChunkOptions = Pick<IngestLimits, 'chunkChars' | 'chunkOverlap'>;

/** Boundaries in order of preference; each match's end is where a cut goes. */
const BOUNDARIES: readonly RegExp[] = [/\n[^\S\n]*\n/g, /\n/g, /[.!?…]["')\]]*\s/g, /\s/g];

export function chunkDocument(doc: ExtractedDocument, options: ChunkOptions): Chunk[] {
  const size = Math.max(1, Math.floor(options.chunkChars));
  // An overlap of half the chunk or more would make no progress worth having.
  const overlap = Math.max(0, Math.min(Math.floor(options.chunkOverlap), Math.floor(size / 2)));
  const text = doc.blocks.map((b) => b.text).join('\n');
  const chunks: Chunk[] = [];
  let start = skipSpace(text, 0);
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) end = bestCut(text, start, end);
    const chunkText = text.slice(start, end).trimEnd();
    if (chunkText.length > 0) {
      const page = pageAt(doc, start);
      chunks.push({ index: chunks.length, text: chunkText, start, end: start + chunkText.length, ...(page === undefined ? {} : { page }) });
    }
    if (end >= text.length) break;
    start = skipSpace(text, nextStart(text, start, end, overlap));
  }
  return chunks;
}

/** Where to end a chunk that starts at `start` and may not pass `limit`. */
function bestCut(text: string, start: number, limit: number): number {
  const floor = start + Math.floor((limit - start) / 2);
  const window = text.slice(floor, limit);
  for (const boundary of BOUNDARIES) {
    let last = -1;
    boundary.lastIndex = 0;
    for (let match = boundary.exec(window); match; match = boundary.exec(window)) last = match.index + match[0].length;
    if (last > 0) return floor + last;
  }
  return safeCut(text, limit);
}

/** The next chunk's start: `overlap` before `end`, moved forward to a word start, always past `start`. */
function nextStart(text: string, start: number, end: number, overlap: number): number {
  if (overlap === 0) return end;
  let next = safeCut(text, end - overlap);
  // Begin at a word: after the first space inside the overlap, if there is one.
  const space = text.slice(next, end).search(/\s/);
  if (space !== -1 && next > 0 && !/\s/.test(text[next - 1] as string)) next += space + 1;
  return next > start ? next : end;
}

/** `at`, or one before it when it would split a surrogate pair. */
function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff ? at - 1 : at;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}

/** The page of the block holding `offset` (binary search over block offsets). */
function pageAt(doc: ExtractedDocument, offset: number): number | undefined {
  const blocks = doc.blocks;
  let low = 0;
  let high = blocks.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (blocks[middle]!.offset <= offset) low = middle;
    else high = middle - 1;
  }
  return blocks[low]?.page;
}
