/**
 * A Cypher tokenizer: enough of the language to know, for every character, whether it is
 * code, a string literal, a quoted name or a comment. The read-only guard decides on the
 * tokens, never on the raw text, so a keyword inside `'...'`, `` `...` `` or a comment can
 * neither be missed nor cause a false refusal.
 *
 * The lexer is deliberately stricter than the engines where they might disagree with it or
 * with each other, because a disagreement about where a string or comment ends is how code
 * gets hidden from a guard:
 * - outside literals and comments only printable ASCII and space, tab and newline are
 *   accepted (a Cyrillic `С` or a fullwidth `Ｃ` could pass for a keyword to a reader or
 *   to some engine; non-ASCII names can still be written in backticks);
 * - a `/*` inside a block comment is refused (engines differ on nesting);
 * - a backslash inside a backtick-quoted name is refused (not an escape in Cypher, but an
 *   easy one to get wrong);
 * - a number running straight into a letter (`1CREATE`, `0xCREATE`) is refused.
 * Characters that no engine should see at all (controls, zero-width and bidi format
 * characters, lone carriage returns) are refused by the guard before lexing.
 */

export type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'param' | 'symbol' | 'comment' | 'space';

export interface Token {
  kind: TokenKind;
  /** The raw text, quotes included. */
  text: string;
  /** For `quoted` names: the name without backticks, ``` `` ``` unescaped. */
  value: string;
  start: number;
  end: number;
}

export type LexFailure = {
  ok: false;
  /** `invalid`: the text is not Cypher; `character`: a character refused outside literals. */
  kind: 'invalid' | 'character';
  reason: string;
  at: number;
};

export type LexResult = { ok: true; tokens: Token[] } | LexFailure;

const isDigit = (c: string) => c >= '0' && c <= '9';
const isIdentStart = (c: string) => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c === '_';
const isIdentPart = (c: string) => isIdentStart(c) || isDigit(c);
const isHexDigit = (c: string) => isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
/** Printable ASCII punctuation that Cypher uses as operators and delimiters. */
const SYMBOLS = new Set([...'()[]{},.:;|+-*/%^=<>!~&?']);

export function lexCypher(source: string): LexResult {
  const tokens: Token[] = [];
  let i = 0;
  const n = source.length;
  const push = (kind: TokenKind, start: number, end: number, value?: string) => {
    const text = source.slice(start, end);
    tokens.push({ kind, text, value: value ?? text, start, end });
  };
  const fail = (kind: LexFailure['kind'], reason: string, at: number): LexFailure => ({ ok: false, kind, reason, at });
  /** A backtick-quoted name starting at `at`; a doubled backtick stands for one backtick. */
  const readQuoted = (at: number): { ok: true; end: number; value: string } | LexFailure => {
    let j = at + 1;
    let value = '';
    while (j < n) {
      const d = source[j] as string;
      if (d === '`') {
        if (source[j + 1] === '`') {
          value += '`';
          j += 2;
          continue;
        }
        if (value.length === 0) return fail('invalid', 'empty backtick-quoted name', at);
        return { ok: true, end: j + 1, value };
      }
      if (d === '\\') return fail('character', 'a backslash inside a backtick-quoted name', j);
      value += d;
      j++;
    }
    return fail('invalid', 'unterminated backtick-quoted name', at);
  };

  while (i < n) {
    const c = source[i] as string;
    const start = i;

    if (isSpace(c)) {
      while (i < n && isSpace(source[i] as string)) i++;
      push('space', start, i);
      continue;
    }

    if (c === '/' && source[i + 1] === '/') {
      // A line comment ends at the newline (a lone CR was refused before lexing).
      while (i < n && source[i] !== '\n') i++;
      push('comment', start, i);
      continue;
    }

    if (c === '/' && source[i + 1] === '*') {
      i += 2;
      let closed = false;
      while (i < n) {
        if (source[i] === '*' && source[i + 1] === '/') {
          i += 2;
          closed = true;
          break;
        }
        if (source[i] === '/' && source[i + 1] === '*') {
          return fail('character', 'a comment opened inside a comment (engines differ on nesting)', i);
        }
        i++;
      }
      if (!closed) return fail('invalid', 'unterminated comment', start);
      push('comment', start, i);
      continue;
    }

    if (c === "'" || c === '"') {
      i++;
      let closed = false;
      while (i < n) {
        const d = source[i];
        if (d === '\\') {
          // An escape takes the next character whatever it is, so an escaped quote never ends the string.
          if (i + 1 >= n) break;
          i += 2;
          continue;
        }
        i++;
        if (d === c) {
          closed = true;
          break;
        }
      }
      if (!closed) return fail('invalid', 'unterminated string literal', start);
      push('string', start, i);
      continue;
    }

    if (c === '`') {
      const quoted = readQuoted(i);
      if (!quoted.ok) return quoted;
      i = quoted.end;
      push('quoted', start, i, quoted.value);
      continue;
    }

    if (c === '$') {
      i++;
      const d = source[i] ?? '';
      if (d === '`') {
        const quoted = readQuoted(i);
        if (!quoted.ok) return quoted;
        i = quoted.end;
      } else if (isIdentPart(d)) {
        while (i < n && isIdentPart(source[i] as string)) i++;
      } else {
        return fail('invalid', 'a `$` without a parameter name', start);
      }
      push('param', start, i);
      continue;
    }

    if (isDigit(c)) {
      if (c === '0' && (source[i + 1] === 'x' || source[i + 1] === 'X') && isHexDigit(source[i + 2] ?? '')) {
        i += 2;
        while (i < n && isHexDigit(source[i] as string)) i++;
      } else if (c === '0' && (source[i + 1] === 'o' || source[i + 1] === 'O') && isDigit(source[i + 2] ?? '')) {
        i += 2;
        while (i < n && source[i]! >= '0' && source[i]! <= '7') i++;
      } else {
        while (i < n && isDigit(source[i] as string)) i++;
        if (source[i] === '.' && isDigit(source[i + 1] ?? '')) {
          i++;
          while (i < n && isDigit(source[i] as string)) i++;
        }
        if ((source[i] === 'e' || source[i] === 'E') && (isDigit(source[i + 1] ?? '') || ((source[i + 1] === '+' || source[i + 1] === '-') && isDigit(source[i + 2] ?? '')))) {
          i += 2;
          while (i < n && isDigit(source[i] as string)) i++;
        }
      }
      if (i < n && isIdentPart(source[i] as string)) {
        return fail('character', `a number running into a name ('${source.slice(start, i + 1)}...')`, start);
      }
      push('number', start, i);
      continue;
    }

    if (isIdentStart(c)) {
      while (i < n && isIdentPart(source[i] as string)) i++;
      push('word', start, i);
      continue;
    }

    if (SYMBOLS.has(c)) {
      i++;
      push('symbol', start, i);
      continue;
    }

    const code = source.codePointAt(i) ?? 0;
    if (code > 0x7e) {
      return fail('character', `character U+${code.toString(16).toUpperCase().padStart(4, '0')} outside string literals and backtick-quoted names`, i);
    }
    return fail('invalid', `unexpected character '${c}'`, i);
  }
  return { ok: true, tokens };
}

/** The tokens that carry meaning: everything but whitespace and comments. */
export const significant = (tokens: Token[]): Token[] => tokens.filter((t) => t.kind !== 'space' && t.kind !== 'comment');
