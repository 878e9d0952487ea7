import { CypherTemplateError } from './errors.js';
import { lexCypher, significant, type Token } from './lexer.js';

/**
 * A query read for its shape: its tokens (no comments, one statement), the role of each
 * (keyword, function, variable, label, property, map key, parameter, symbol, literal), its
 * brackets and their kinds, its literal values and its lists of values. Fingerprints
 * (fingerprint.ts) and templates (parameterize.ts) are made from it.
 */

type Role = 'keyword' | 'function' | 'variable' | 'label' | 'property' | 'mapKey' | 'param' | 'symbol' | 'literal';
type BracketKind = 'paren' | 'rel' | 'subscript' | 'list' | 'map' | 'block' | 'quantifier';

interface Literal {
  first: number;
  last: number;
  value: unknown;
  /** Kept as written: a LIMIT count, a range bound, a subscript. */
  structural: boolean;
}

interface ValueList {
  first: number;
  last: number;
  /** At least one element is an existing `$parameter`. */
  hasParam: boolean;
  value: unknown[];
}

export interface Analysis {
  tokens: Token[];
  roles: Role[];
  partner: number[];
  parent: number[];
  kinds: Map<number, BracketKind>;
  literals: Map<number, Literal>;
  lists: Map<number, ValueList>;
}

const KEYWORDS = new Set(
  (
    'MATCH OPTIONAL WHERE RETURN WITH UNWIND AS ORDER BY ASC ASCENDING DESC DESCENDING SKIP OFFSET LIMIT DISTINCT ' +
    'AND OR XOR NOT IN STARTS ENDS CONTAINS IS NULL TRUE FALSE UNION ALL CALL YIELD CASE WHEN THEN ELSE END ' +
    'CREATE MERGE SET DELETE DETACH NODETACH REMOVE ON FOREACH LOAD CSV FROM HEADERS FIELDTERMINATOR USING INDEX ' +
    'SCAN JOIN PERIODIC COMMIT SHOW USE SHORTEST PATHS'
  ).split(' '),
);
/** Words that open a subquery block when followed by `{`, and are functions when followed by `(`. */
const SUBQUERY_WORDS = new Set(['EXISTS', 'COUNT', 'COLLECT', 'CALL']);
export const KEYWORD_ALIASES: Record<string, string> = { ASCENDING: 'ASC', DESCENDING: 'DESC', OFFSET: 'SKIP' };
const COUNT_KEYWORDS = new Set(['LIMIT', 'SKIP', 'OFFSET']);
export const OPERATOR_SYMBOLS = new Set(['=', '<', '>', '~', '!']);
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const isSym = (t: Token | undefined, text: string) => t !== undefined && t.kind === 'symbol' && t.text === text;
export const isName = (t: Token | undefined) => t !== undefined && (t.kind === 'word' || t.kind === 'quoted');
export const upper = (t: Token | undefined) => (t?.kind === 'word' ? t.text.toUpperCase() : '');

/** The name of a `$parameter` token, backticks removed. */
export const paramName = (t: Token) => (t.text[1] === '`' ? t.text.slice(2, -1).replace(/``/g, '`') : t.text.slice(1));

function decodeString(text: string): string {
  const body = text.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const d = body[i + 1] ?? '';
    i++;
    const simple: Record<string, string> = { t: '\t', b: '\b', n: '\n', r: '\r', f: '\f', "'": "'", '"': '"', '\\': '\\' };
    if (d in simple) out += simple[d];
    else if ((d === 'u' && /^[0-9a-fA-F]{4}/.test(body.slice(i + 1))) || (d === 'U' && /^[0-9a-fA-F]{8}/.test(body.slice(i + 1)))) {
      const len = d === 'u' ? 4 : 8;
      const code = parseInt(body.slice(i + 1, i + 1 + len), 16);
      out += code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
      i += len;
    } else out += d;
  }
  return out;
}

const decodeNumber = (text: string): number => Number(text);

export function lex(cypher: string): Token[] {
  if (typeof cypher !== 'string') throw new CypherTemplateError('the query is not a string');
  const lexed = lexCypher(cypher);
  if (!lexed.ok) throw new CypherTemplateError(`cannot read the Cypher at offset ${lexed.at}: ${lexed.reason}`, lexed.at);
  const tokens = significant(lexed.tokens);
  const semicolon = tokens.findIndex((t) => isSym(t, ';'));
  if (semicolon >= 0) {
    if (semicolon < tokens.length - 1) throw new CypherTemplateError('more than one statement', tokens[semicolon]?.start);
    tokens.pop();
  }
  if (tokens.length === 0) throw new CypherTemplateError('the query is empty');
  return tokens;
}

export function analyze(cypher: string): Analysis {
  const tokens = lex(cypher);
  const n = tokens.length;

  // Brackets: partners and the innermost open bracket around each token.
  const partner = new Array<number>(n).fill(-1);
  const parent = new Array<number>(n).fill(-1);
  const stack: number[] = [];
  const closers: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let k = 0; k < n; k++) {
    const t = tokens[k] as Token;
    parent[k] = stack[stack.length - 1] ?? -1;
    if (t.kind !== 'symbol') continue;
    if (t.text === '(' || t.text === '[' || t.text === '{') stack.push(k);
    else if (t.text in closers) {
      const open = stack.pop();
      if (open === undefined || tokens[open]?.text !== closers[t.text]) throw new CypherTemplateError(`unbalanced '${t.text}'`, t.start);
      partner[open] = k;
      partner[k] = open;
    }
  }
  if (stack.length > 0) throw new CypherTemplateError(`unclosed '${tokens[stack[stack.length - 1] as number]?.text}'`, tokens[stack[0] as number]?.start);

  // What each bracket is.
  const kinds = new Map<number, BracketKind>();
  for (let k = 0; k < n; k++) {
    const t = tokens[k] as Token;
    const prev = tokens[k - 1];
    if (isSym(t, '(')) kinds.set(k, 'paren');
    else if (isSym(t, '[')) {
      if (isSym(prev, '-') || isSym(prev, '<')) kinds.set(k, 'rel');
      else if (
        prev !== undefined &&
        (isSym(prev, ')') ||
          isSym(prev, ']') ||
          prev.kind === 'param' ||
          prev.kind === 'quoted' ||
          (prev.kind === 'word' && (!KEYWORDS.has(upper(prev)) || isSym(tokens[k - 2], '.'))))
      ) {
        kinds.set(k, 'subscript');
      } else kinds.set(k, 'list');
    } else if (isSym(t, '{')) {
      const inner = tokens.slice(k + 1, partner[k]).map((x) => (x.kind === 'number' ? 'n' : x.text)).join('');
      const callParen = isSym(prev, ')') && upper(tokens[(partner[k - 1] ?? 0) - 1]) === 'CALL';
      if ((prev?.kind === 'word' && SUBQUERY_WORDS.has(upper(prev))) || callParen) kinds.set(k, 'block');
      else if (/^(n|n,|,n|n,n)$/.test(inner)) kinds.set(k, 'quantifier');
      else kinds.set(k, 'map');
    }
  }

  // The role of every token.
  const roles = new Array<Role | undefined>(n).fill(undefined);
  let labelMode = false;
  for (let k = 0; k < n; k++) {
    if (roles[k] !== undefined) continue;
    const t = tokens[k] as Token;
    const prev = tokens[k - 1];
    const next = tokens[k + 1];
    if (t.kind === 'symbol') {
      roles[k] = 'symbol';
      if (t.text === ':') labelMode = roles[k - 1] !== 'mapKey';
      else if (!(labelMode && (t.text === '|' || t.text === '&' || t.text === '!'))) labelMode = false;
      continue;
    }
    if (t.kind === 'param' || t.kind === 'string' || t.kind === 'number') {
      roles[k] = t.kind === 'param' ? 'param' : 'literal';
      labelMode = false;
      continue;
    }
    // A name: word or backtick-quoted.
    if (labelMode) {
      const afterOperator = isSym(prev, '|') || isSym(prev, '&') || isSym(prev, '!');
      if (isSym(prev, ':') || (afterOperator && !isSym(next, '.') && !isSym(next, '(') && !isSym(next, '['))) {
        roles[k] = 'label';
        continue;
      }
    }
    labelMode = false;
    const before = tokens[k - 2];
    if (isSym(prev, '.') && before !== undefined && before.kind !== 'number' && !isSym(before, '.')) {
      roles[k] = 'property';
    } else if (isSym(next, ':') && kinds.get(parent[k] ?? -1) === 'map' && (isSym(prev, '{') || isSym(prev, ','))) {
      roles[k] = 'mapKey';
    } else if (t.kind === 'word' && SUBQUERY_WORDS.has(upper(t)) && isSym(next, '{')) {
      roles[k] = 'keyword';
    } else if (t.kind === 'word' && KEYWORDS.has(upper(t))) {
      roles[k] = 'keyword';
    } else {
      // A function call: a chain `a.b.c` directly followed by `(`.
      let j = k;
      while (isSym(tokens[j + 1], '.') && isName(tokens[j + 2])) j += 2;
      if (isSym(tokens[j + 1], '(')) {
        for (let m = k; m <= j; m++) roles[m] = isName(tokens[m]) ? 'function' : 'symbol';
      } else roles[k] = 'variable';
    }
  }

  // Literals, with a unary minus, and whether they are structure.
  const literals = new Map<number, Literal>();
  for (let k = 0; k < n; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== 'string' && t.kind !== 'number') continue;
    let first = k;
    let value: unknown = t.kind === 'string' ? decodeString(t.text) : decodeNumber(t.text);
    if (t.kind === 'number' && isSym(tokens[k - 1], '-')) {
      const before = tokens[k - 2];
      const unary =
        before === undefined ||
        (before.kind === 'symbol' && !isSym(before, ')') && !isSym(before, ']') && !isSym(before, '}')) ||
        (roles[k - 2] === 'keyword' && !['TRUE', 'FALSE', 'NULL'].includes(upper(before)));
      if (unary) {
        first = k - 1;
        value = -(value as number);
      }
    }
    const enclosing = kinds.get(parent[k] ?? -1);
    const structural =
      (roles[first - 1] === 'keyword' && COUNT_KEYWORDS.has(upper(tokens[first - 1]))) ||
      enclosing === 'subscript' ||
      enclosing === 'quantifier' ||
      (enclosing === 'rel' && t.kind === 'number');
    literals.set(first, { first, last: k, value, structural });
  }

  // Lists made only of values, innermost first (they close first).
  const lists = new Map<number, ValueList>();
  for (let close = 0; close < n; close++) {
    if (!isSym(tokens[close], ']')) continue;
    const open = partner[close] as number;
    if (kinds.get(open) !== 'list' || close === open + 1) continue;
    const elements: [number, number][] = [];
    let start = open + 1;
    for (let k = open + 1; k <= close; k++) {
      if (k === close || (isSym(tokens[k], ',') && parent[k] === open)) {
        elements.push([start, k - 1]);
        start = k + 1;
      }
    }
    let ok = true;
    let hasParam = false;
    const value: unknown[] = [];
    for (const [s, e] of elements) {
      const literal = literals.get(s);
      const list = lists.get(s);
      if (literal && literal.last === e && !literal.structural) value.push(literal.value);
      else if (list && list.last === e) {
        hasParam ||= list.hasParam;
        value.push(list.value);
      } else if (s === e && tokens[s]?.kind === 'param') {
        hasParam = true;
        value.push(undefined);
      } else {
        ok = false;
        break;
      }
    }
    if (ok) lists.set(open, { first: open, last: close, hasParam, value });
  }

  return { tokens, roles: roles as Role[], partner, parent, kinds, literals, lists };
}
