import { classifyText } from './sniff-text.js';
import { ZIP_SIGNATURE, zipVerdict } from './sniff-zip.js';
import type { DocumentFormat } from './types.js';

/**
 * Tells a document's format from its bytes while an upload streams in, holding only bounded
 * parts of it (the head; for a ZIP archive also the tail). `finish()` answers synchronously.
 *
 * - PDF: `%PDF-` at offset 0, nowhere else (a file that only contains a PDF is not one).
 * - DOCX: a ZIP archive at offset 0 whose `[Content_Types].xml` names a Word document, found in
 *   the first or last 256 KiB (sniff-zip.ts); any other archive is refused.
 * - Everything else must be UTF-8 text from the first byte to the last (a BOM is allowed) with no
 *   NUL byte: images, executables and any other binary fail this. The text's format is read from
 *   its first 64 KiB (sniff-text.ts).
 */

export type SniffResult = { ok: true; format: DocumentFormat } | { ok: false; reason: string };

export interface Sniffer {
  /** The next bytes of the file. */
  push(chunk: Uint8Array): void;
  /** The verdict, once every byte was pushed. */
  finish(): SniffResult;
}

/** Bytes needed to tell PDF and ZIP from text. */
const SIGNATURE_BYTES = 5;
/** Characters of text the text format is read from. */
const TEXT_HEAD_CHARS = 64 * 1024;
/** Bytes of a ZIP archive's head and tail kept to find `[Content_Types].xml` (first or last) and the central directory (last). */
const ZIP_HEAD_BYTES = 256 * 1024;
const ZIP_TAIL_BYTES = 256 * 1024;

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

type Mode = 'undecided' | 'pdf' | 'zip' | 'text' | 'refused';

export function createSniffer(): Sniffer {
  let mode: Mode = 'undecided';
  let reason = '';
  let head: Uint8Array = new Uint8Array(0);
  let tail: Uint8Array = new Uint8Array(0);
  let size = 0;
  const text = new TextStream();

  const refuse = (why: string) => {
    mode = 'refused';
    reason = why;
    head = new Uint8Array(0);
  };
  const keepHead = (chunk: Uint8Array, max: number) => {
    if (head.length >= max) return;
    const more = chunk.subarray(0, max - head.length);
    const joined = new Uint8Array(head.length + more.length);
    joined.set(head);
    joined.set(more, head.length);
    head = joined;
  };
  const keepTail = (chunk: Uint8Array) => {
    const kept = Math.min(tail.length, ZIP_TAIL_BYTES - Math.min(chunk.length, ZIP_TAIL_BYTES));
    const more = chunk.subarray(Math.max(0, chunk.length - ZIP_TAIL_BYTES));
    const joined = new Uint8Array(kept + more.length);
    joined.set(tail.subarray(tail.length - kept));
    joined.set(more, kept);
    tail = joined;
  };
  const decide = () => {
    if (startsWith(head, PDF_SIGNATURE)) mode = 'pdf';
    else if (startsWith(head, ZIP_SIGNATURE)) mode = 'zip';
    else {
      mode = 'text';
      const buffered = head;
      head = new Uint8Array(0);
      feedText(buffered);
    }
  };
  const feedText = (chunk: Uint8Array) => {
    const problem = text.push(chunk);
    if (problem) refuse(problem);
  };

  return {
    push(chunk) {
      size += chunk.length;
      switch (mode) {
        case 'undecided':
          keepHead(chunk, SIGNATURE_BYTES);
          if (head.length >= SIGNATURE_BYTES) {
            const rest = chunk.subarray(chunk.length - (size - SIGNATURE_BYTES));
            decide();
            const decided = mode as Mode; // decide() changed it
            if (decided === 'zip') {
              keepTail(head);
              keepHead(rest, ZIP_HEAD_BYTES);
              keepTail(rest);
            } else if (decided === 'text') feedText(rest);
          }
          return;
        case 'zip':
          keepHead(chunk, ZIP_HEAD_BYTES);
          return keepTail(chunk);
        case 'text':
          return feedText(chunk);
        default:
          return; // pdf: the rest is the parser's business; refused: nothing more to learn
      }
    },
    finish() {
      if (size === 0) return { ok: false, reason: 'the file is empty' };
      if (mode === 'undecided') decide();
      if (mode === 'pdf') return { ok: true, format: 'pdf' };
      if (mode === 'zip') {
        if (size < SIGNATURE_BYTES) keepTail(head); // decided only now: the head is all there is
        const verdict = zipVerdict({ head, tail, size });
        if (verdict === 'docx') return { ok: true, format: 'docx' };
        return { ok: false, reason: verdict === 'other' ? 'a ZIP archive that is not a Word document' : 'a ZIP archive that cannot be read' };
      }
      if (mode === 'text') {
        const problem = text.end();
        if (problem) refuse(problem);
      }
      if (mode === 'refused') return { ok: false, reason };
      return { ok: true, format: classifyText({ text: text.head, complete: !text.cut }) };
    },
  };
}

/** The verdict for a whole file in memory. */
export function sniffBytes(bytes: Uint8Array): SniffResult {
  const sniffer = createSniffer();
  sniffer.push(bytes);
  return sniffer.finish();
}

/** Strict, streaming UTF-8 validation that keeps the first TEXT_HEAD_CHARS characters. */
class TextStream {
  head = '';
  /** Whether text went on past `head`. */
  cut = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private offset = 0;
  /** The last bytes pushed, from where a character may still be open (to locate an invalid byte). */
  private tail: Uint8Array = new Uint8Array(0);

  /** Takes the next bytes; returns why the file is not text, if it is not. */
  push(chunk: Uint8Array): string | undefined {
    const nul = chunk.indexOf(0);
    let decoded: string;
    try {
      decoded = this.decoder.decode(nul === -1 ? chunk : chunk.subarray(0, nul), { stream: true });
    } catch {
      return `not UTF-8 text (invalid byte at offset ${this.invalidOffset(chunk)})`;
    }
    if (nul !== -1) return `contains NUL bytes (the first at offset ${this.offset + nul})`;
    this.keep(decoded);
    this.tail = openCharacter(this.tail, chunk);
    this.offset += chunk.length;
    return undefined;
  }

  end(): string | undefined {
    try {
      this.keep(this.decoder.decode());
    } catch {
      return `not UTF-8 text (it ends in the middle of a character, at offset ${this.offset - this.tail.length})`;
    }
    return undefined;
  }

  private keep(decoded: string): void {
    const room = TEXT_HEAD_CHARS - this.head.length;
    if (decoded.length > room) this.cut = true;
    if (room > 0) this.head += decoded.slice(0, room);
  }

  /** Where in the file the first invalid byte of `chunk` is (only computed once, on failure). */
  private invalidOffset(chunk: Uint8Array): number {
    const bytes = new Uint8Array(this.tail.length + chunk.length);
    bytes.set(this.tail);
    bytes.set(chunk, this.tail.length);
    // The longest prefix that still decodes (an unfinished last character is fine) ends at the bad byte.
    let good = 0;
    let bad = bytes.length;
    while (bad - good > 1) {
      const middle = (good + bad) >>> 1;
      if (decodes(bytes.subarray(0, middle))) good = middle;
      else bad = middle;
    }
    if (decodes(bytes.subarray(0, bad))) bad = bytes.length; // unreachable in practice: the whole failed
    return this.offset - this.tail.length + bad - 1;
  }
}

function decodes(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The bytes at the end of what was pushed that may belong to an unfinished character (at most 3), from its lead byte. */
function openCharacter(previous: Uint8Array, chunk: Uint8Array): Uint8Array {
  let last: Uint8Array;
  if (chunk.length >= 3) last = chunk.subarray(chunk.length - 3);
  else {
    const joined = new Uint8Array(previous.length + chunk.length);
    joined.set(previous);
    joined.set(chunk, previous.length);
    last = joined.subarray(Math.max(0, joined.length - 3));
  }
  // From the last lead byte on (continuation bytes before it belong to finished characters).
  for (let i = last.length - 1; i >= 0; i--) {
    const byte = last[i] as number;
    if ((byte & 0xc0) !== 0x80) return byte >= 0xc0 ? last.slice(i) : new Uint8Array(0);
  }
  return new Uint8Array(0);
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
