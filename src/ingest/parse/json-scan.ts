/**
 * Linear scans of JSON text that never recurse: how deep it nests (checked before JSON.parse,
 * whose work and whose callers' work grows with depth), and whether the top-level object has a
 * given key (JSON-LD's "@context", read from the head of a file too large to parse while sniffing).
 * Strings are skipped with their escapes; the text need not be valid JSON.
 */

/** The deepest nesting of arrays and objects, stopping early once it passes `stopAbove`. */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = endOfString(text, i);
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/** Whether the text's top-level value is an object with `key` among its keys (as far as the text goes). */
export function hasTopLevelKey(text: string, key: string): boolean {
  let i = skipSpace(text, 0);
  if (text[i] !== '{') return false;
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = endOfString(text, i);
      if (depth === 1 && text[skipSpace(text, end + 1)] === ':') {
        try {
          if (JSON.parse(text.slice(i, end + 1)) === key) return true;
        } catch {
          return false;
        }
      }
      i = end;
    } else if (c === '{' || c === '[') {
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return false;
    }
  }
  return false;
}

/** Index of the quote closing the string that opens at `start` (or the text's last index). */
function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c /* \ */) i++;
    else if (c === 0x22) return i;
  }
  return text.length - 1;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}
