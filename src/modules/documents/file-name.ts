/**
 * A client's file name, made safe to show and to put in a header. It is never used as a
 * path: bytes are stored by document id. What is kept is the last path part, without control,
 * bidirectional-override or other invisible formatting characters, at most MAX_NAME characters.
 */

export const MAX_NAME = 255;
const FALLBACK = 'document';

/** C0/C1 controls, and the format characters that reorder or hide text (bidi overrides, isolates, marks, zero-width). */
const UNSAFE = /[\p{Cc}\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/gu;

export function safeFileName(raw: string | undefined): string {
  const cleaned = (raw ?? '').normalize('NFC').replace(UNSAFE, '');
  const last = cleaned.split(/[/\\]/).filter((part) => part !== '' && part !== '.' && part !== '..').at(-1) ?? '';
  const trimmed = [...last.trim()].slice(0, MAX_NAME).join('').trim();
  return trimmed === '' ? FALLBACK : trimmed;
}
