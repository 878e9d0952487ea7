import type { ExtractedDocument, TextBlock } from '../types.js';

/**
 * Builds a document's blocks so the invariants every other view relies on hold by construction:
 * the full text is `blocks.map((b) => b.text).join('\n')`, each block's `offset` is its start in
 * that string, and the text stops at `maxChars` (the block that crosses it is cut, the rest are
 * dropped, and one warning says so).
 */
export class BlockBuilder {
  readonly blocks: TextBlock[] = [];
  readonly warnings: string[] = [];
  /** Length of the full text so far (blocks and their '\n' separators). */
  private length = 0;
  private full = false;

  constructor(private readonly maxChars: number) {}

  /** Whether the text reached maxChars: later blocks are dropped. */
  get isFull(): boolean {
    return this.full;
  }

  /** Adds a block (empty text is skipped); returns false once the text is full. */
  add(text: string, page?: number): boolean {
    if (this.full) return false;
    if (text.length === 0) return true;
    const offset = this.blocks.length === 0 ? 0 : this.length + 1;
    const room = this.maxChars - offset;
    let kept = text;
    if (room < text.length) {
      this.full = true;
      this.warnings.push(`The text was cut at ${this.maxChars} characters (INGEST_MAX_CHARS); the rest of the document's text was left out.`);
      if (room <= 0) return false;
      kept = cutAt(text, room);
    }
    this.blocks.push(page === undefined ? { text: kept, offset } : { text: kept, page, offset });
    this.length = offset + kept.length;
    return !this.full;
  }

  /** Adds a warning once. */
  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  /** The document so far, with the format's extra fields. */
  finish(fields: Omit<ExtractedDocument, 'blocks' | 'chars' | 'warnings'>): ExtractedDocument {
    return { ...fields, blocks: this.blocks, chars: this.length, warnings: this.warnings };
  }
}

/** `text` cut to at most `length` UTF-16 units, never between the two halves of a surrogate pair. */
export function cutAt(text: string, length: number): string {
  if (length >= text.length) return text;
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}

/** Splits text at blank lines into trimmed paragraphs (line breaks inside a paragraph are kept). */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n\s*/)
    .map((p) => p.replace(/[^\S\n]+$/gm, '').trim())
    .filter((p) => p.length > 0);
}
