import { createHash } from 'node:crypto';
import { lexCypher, significant, type Token } from '../../stores/graph/cypher-lexer.js';

/**
 * The shape of a Cypher query, and the template made from it. Pure functions over the
 * tokens of the project's Cypher lexer (`cypher-lexer.ts`); nothing here runs a query.
 *
 * One principle decides what the fingerprint ignores: two queries share a fingerprint when
 * they differ only in what a template parameter can vary, so that a new query with the
 * fingerprint of a template is an instance of that template. Hence the fingerprint and
 * `parameterizeCypher` agree on what a "value" is:
 *
 * - values (become `?` in the fingerprint, named parameters in a template): string and
 *   number literals (a unary minus included), lists made only of values (`['a', 'b']`,
 *   `[$x, 'y']`, collapsed to one `?` whatever their length), and existing `$parameters`;
 * - structure (kept as written, normalized): `LIMIT`/`SKIP`/`OFFSET` counts, numbers in
 *   variable-length ranges `*1..3` and quantifiers `{1,3}`, subscripts and slices
 *   (`list[0]`, `list[1..3]`, `n['name']`), the empty list `[]`, and `true`, `false`,
 *   `null` (a fixed condition of the query, never data from the question). A query with
 *   `LIMIT 10` is therefore not an instance of a template with `LIMIT 5`, and
 *   `{active: true}` is not the same shape as `{active: false}`.
 *
 * Everything else is normalized, not ignored: keywords upper-cased (`ASCENDING`→`ASC`,
 * `DESCENDING`→`DESC`, `OFFSET`→`SKIP`), function names lower-cased (Cypher does not
 * distinguish their case), variables renamed `v1`, `v2`, ... in order of first appearance
 * (aliases after `AS` included), whitespace and comments dropped, a final `;` dropped.
 * Labels, relationship types, property keys and map keys are names of the graph and are
 * kept exactly (backticks only where needed), so changing any of them, a direction, a
 * clause, `OPTIONAL`, a returned expression or an `ORDER BY` direction changes the
 * fingerprint.
 */

export class CypherTemplateError extends Error {
  override name = 'CypherTemplateError';
  constructor(
    message: string,
    /** Offset in the text where the problem is, when there is one. */
    readonly at?: number,
  ) {
    super(message);
  }
}

/** The names given for a template's parameters do not fit its Cypher (how many, which, twice). */
export class TemplateNamesError extends CypherTemplateError {
  override name = 'TemplateNamesError';
}

/** The `$parameters` a query uses, by name. Throws CypherTemplateError for unreadable Cypher. */
export function parametersUsedBy(cypher: string): Set<string> {
  return new Set(lex(cypher).filter((t) => t.kind === 'param').map(paramName));
}

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

interface Analysis {
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
const KEYWORD_ALIASES: Record<string, string> = { ASCENDING: 'ASC', DESCENDING: 'DESC', OFFSET: 'SKIP' };
const COUNT_KEYWORDS = new Set(['LIMIT', 'SKIP', 'OFFSET']);
const OPERATOR_SYMBOLS = new Set(['=', '<', '>', '~', '!']);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const isSym = (t: Token | undefined, text: string) => t !== undefined && t.kind === 'symbol' && t.text === text;
const isName = (t: Token | undefined) => t !== undefined && (t.kind === 'word' || t.kind === 'quoted');
const upper = (t: Token | undefined) => (t?.kind === 'word' ? t.text.toUpperCase() : '');

/** A name as Cypher text: bare when it is a plain identifier, in backticks otherwise. */
const renderName = (name: string) => (IDENTIFIER.test(name) ? name : '`' + name.replace(/`/g, '``') + '`');

/** The name of a `$parameter` token, backticks removed. */
const paramName = (t: Token) => (t.text[1] === '`' ? t.text.slice(2, -1).replace(/``/g, '`') : t.text.slice(1));

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

/** A value as a Cypher literal: the inverse of reading a literal, used to put examples back. */
export function renderCypherLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') {
    return "'" + value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t') + "'";
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new CypherTemplateError(`${value} cannot be written as a Cypher literal`);
    return String(value);
  }
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return '[' + value.map(renderCypherLiteral).join(', ') + ']';
  if (typeof value === 'object') {
    return '{' + Object.entries(value as Record<string, unknown>).map(([k, v]) => `${renderName(k)}: ${renderCypherLiteral(v)}`).join(', ') + '}';
  }
  throw new CypherTemplateError(`a ${typeof value} cannot be written as a Cypher literal`);
}

function lex(cypher: string): Token[] {
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

function analyze(cypher: string): Analysis {
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

type OutClass = 'word' | 'keyword' | 'open' | 'close' | 'comma' | 'symbol';

function layout(parts: { text: string; cls: OutClass }[]): string {
  let out = '';
  let prev: { text: string; cls: OutClass } | undefined;
  for (const part of parts) {
    if (prev) {
      let space = false;
      if (prev.cls === 'comma') space = true;
      else if (part.cls === 'close' || part.cls === 'comma' || prev.cls === 'open') space = false;
      else if (prev.cls === 'keyword' || part.cls === 'keyword') space = true;
      else if (prev.cls === 'word' && part.cls === 'word') space = true;
      else if (part.text === '{' && (prev.cls === 'word' || prev.text === ')')) space = true;
      if (space) out += ' ';
    }
    out += part.text;
    prev = part;
  }
  return out;
}

/**
 * The structural fingerprint of a query: `normalized` is a compact one-line text of its
 * shape (see the module comment), `fingerprint` the sha256 hex of it. Throws a
 * `CypherTemplateError` for text the lexer cannot read or with unbalanced brackets.
 */
export function fingerprintCypher(cypher: string): { fingerprint: string; normalized: string } {
  const { tokens, roles, literals, lists } = analyze(cypher);
  const variables = new Map<string, string>();
  const parts: { text: string; cls: OutClass }[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    const list = lists.get(k);
    if (list) {
      parts.push({ text: '?', cls: 'word' });
      k = list.last;
      continue;
    }
    const literal = literals.get(k);
    if (literal) {
      const text = literal.structural ? renderCypherLiteral(literal.value) : '?';
      parts.push({ text, cls: 'word' });
      k = literal.last;
      continue;
    }
    switch (roles[k]) {
      case 'param':
        parts.push({ text: '?', cls: 'word' });
        break;
      case 'keyword': {
        const word = upper(t);
        parts.push({ text: KEYWORD_ALIASES[word] ?? word, cls: 'keyword' });
        break;
      }
      case 'function':
        parts.push({ text: renderName(t.value.toLowerCase()), cls: 'word' });
        break;
      case 'variable': {
        let name = variables.get(t.value);
        if (name === undefined) {
          name = `v${variables.size + 1}`;
          variables.set(t.value, name);
        }
        parts.push({ text: name, cls: 'word' });
        break;
      }
      case 'label':
      case 'property':
      case 'mapKey':
        parts.push({ text: renderName(t.value), cls: 'word' });
        break;
      default: {
        const cls: OutClass = '([{'.includes(t.text) ? 'open' : ')]}'.includes(t.text) ? 'close' : t.text === ',' ? 'comma' : 'symbol';
        parts.push({ text: t.text, cls });
      }
    }
  }
  const normalized = layout(parts);
  return { fingerprint: createHash('sha256').update(normalized).digest('hex'), normalized };
}

export interface TemplateParameter {
  name: string;
  /** The value the approved query used (for an existing `$parameter`: from `parameters`, else null). */
  example: unknown;
}

interface Unit {
  /** Token ranges this parameter replaces. */
  spans: [number, number][];
  name: string;
  example: unknown;
  /** The name of an existing `$parameter`, undefined for a literal made a parameter. */
  existing?: string;
}

/** Turns a property key or alias into a parameter name. */
function sanitizeName(raw: string): string {
  const name = raw.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (!name) return '';
  return /^[0-9]/.test(name) ? `p_${name}` : name;
}

/** Reads a comparison-like operator ending at index `end` (inclusive); returns its first index or -1. */
function operatorBefore(a: Analysis, end: number): number {
  const { tokens, roles } = a;
  let k = end;
  if (roles[k] === 'keyword') {
    const word = upper(tokens[k]);
    if (word === 'IN' || word === 'CONTAINS') return k;
    if (word === 'WITH' && ['STARTS', 'ENDS'].includes(upper(tokens[k - 1]))) return k - 1;
    return -1;
  }
  while (k >= 0 && tokens[k]?.kind === 'symbol' && OPERATOR_SYMBOLS.has(tokens[k]?.text ?? '')) k--;
  return k < end ? k + 1 : -1;
}

/** Reads a comparison-like operator starting at `start`; returns the index after it or -1. */
function operatorAfter(a: Analysis, start: number): number {
  const { tokens, roles } = a;
  const t = tokens[start];
  if (roles[start] === 'keyword') {
    const word = upper(t);
    if (word === 'IN' || word === 'CONTAINS') return start + 1;
    if ((word === 'STARTS' || word === 'ENDS') && upper(tokens[start + 1]) === 'WITH') return start + 2;
    return -1;
  }
  let k = start;
  while (tokens[k]?.kind === 'symbol' && OPERATOR_SYMBOLS.has(tokens[k]?.text ?? '')) k++;
  return k > start ? k : -1;
}

/** The property (or variable) an operand ending (backwards) or starting (forwards) at `at` refers to. */
function operandName(a: Analysis, at: number, forwards: boolean): string | undefined {
  const { tokens, roles, partner } = a;
  const lastNamed = (from: number, to: number): string | undefined => {
    let variable: string | undefined;
    for (let k = to; k >= from; k--) {
      if (roles[k] === 'property') return tokens[k]?.value;
      if (roles[k] === 'variable') variable ??= tokens[k]?.value;
    }
    return variable;
  };
  if (!forwards) {
    if (roles[at] === 'property' || roles[at] === 'variable') return tokens[at]?.value;
    if (isSym(tokens[at], ')')) return lastNamed(partner[at] as number, at);
    return undefined;
  }
  if (roles[at] === 'variable') {
    let k = at;
    while (isSym(tokens[k + 1], '.') && roles[k + 2] === 'property') k += 2;
    return tokens[k]?.value;
  }
  if (roles[at] === 'function') {
    let k = at;
    while (!isSym(tokens[k], '(') && k < tokens.length) k++;
    return isSym(tokens[k], '(') ? lastNamed(k, partner[k] as number) : undefined;
  }
  return undefined;
}

/** A parameter name suggested by where a value stands: its map key, the property compared with it, its alias. */
function hintFor(a: Analysis, first: number, last: number): string | undefined {
  const { tokens, roles, partner, parent, kinds } = a;
  let lo = first;
  let hi = last;
  for (;;) {
    if (isSym(tokens[lo - 1], ':') && roles[lo - 2] === 'mapKey') return tokens[lo - 2]?.value;
    // The only argument of a function call: look at the call instead (`toLower('x')`).
    if (isSym(tokens[lo - 1], '(') && isSym(tokens[hi + 1], ')') && roles[lo - 2] === 'function') {
      let head = lo - 2;
      while (isSym(tokens[head - 1], '.') && roles[head - 2] === 'function') head -= 2;
      lo = head;
      hi += 1;
      continue;
    }
    // An element of a list: look at the list.
    const p = parent[lo] ?? -1;
    if (p >= 0 && kinds.get(p) === 'list' && (isSym(tokens[lo - 1], '[') || isSym(tokens[lo - 1], ','))) {
      lo = p;
      hi = partner[p] as number;
      continue;
    }
    break;
  }
  const op = operatorBefore(a, lo - 1);
  if (op > 0) {
    const name = operandName(a, op - 1, false);
    if (name) return name;
  }
  const after = operatorAfter(a, hi + 1);
  if (after > 0) {
    const name = operandName(a, after, true);
    if (name) return name;
  }
  if (upper(tokens[hi + 1]) === 'AS' && isName(tokens[hi + 2])) return tokens[hi + 2]?.value;
  return undefined;
}

/**
 * Turns an approved query into a template: every value (see the module comment: string and
 * number literals, lists of them) becomes a named parameter whose example is the literal's
 * value; structure (`LIMIT`/`SKIP` counts, ranges, subscripts, `true`/`false`/`null`) stays
 * literal. Names come from the context: the map key (`{name: 'x'}` → `$name`), the property
 * compared (`m.released > 1990` → `$released`, also through function calls such as
 * `toLower(p.name) CONTAINS toLower('x')`), the alias (`UNWIND [...] AS x` → `$x`); else
 * `p1`, `p2`, ...; duplicates get `_2`, `_3`. The same value used twice is one parameter.
 * Existing `$parameters` stay, with their example from `parameters` (null when absent).
 * The result lists the parameters in order of first appearance; `names` renames them in
 * that order (existing ones included), each an identifier, all different, as many as there
 * are parameters. Comments and layout of the original text are kept.
 * Throws `CypherTemplateError` for unreadable Cypher or bad `names`.
 */
export function parameterizeCypher(
  cypher: string,
  parameters: Record<string, unknown> = {},
  names?: string[],
): { cypher: string; parameters: TemplateParameter[] } {
  const analysis = analyze(cypher);
  const { tokens, literals, lists } = analysis;

  const used = new Set<string>();
  for (const t of tokens) if (t.kind === 'param') used.add(paramName(t));

  const units: Unit[] = [];
  const byValue = new Map<string, Unit>();
  const byParam = new Map<string, Unit>();
  let fallback = 0;
  const claim = (hint: string | undefined): string => {
    const base = hint ? sanitizeName(hint) : '';
    if (base) {
      let name = base;
      for (let i = 2; used.has(name); i++) name = `${base}_${i}`;
      used.add(name);
      return name;
    }
    let name: string;
    do name = `p${++fallback}`;
    while (used.has(name));
    used.add(name);
    return name;
  };
  const addValue = (first: number, last: number, value: unknown) => {
    const key = JSON.stringify(value);
    const known = byValue.get(key);
    if (known) {
      known.spans.push([first, last]);
      return;
    }
    const unit: Unit = { spans: [[first, last]], name: claim(hintFor(analysis, first, last)), example: value };
    byValue.set(key, unit);
    units.push(unit);
  };

  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    const list = lists.get(k);
    if (list && !list.hasParam) {
      addValue(list.first, list.last, list.value);
      k = list.last;
      continue;
    }
    const literal = literals.get(k);
    if (literal) {
      if (!literal.structural) addValue(literal.first, literal.last, literal.value);
      k = literal.last;
      continue;
    }
    if (t.kind === 'param') {
      const name = paramName(t);
      const known = byParam.get(name);
      if (known) known.spans.push([k, k]);
      else {
        const unit: Unit = { spans: [[k, k]], name, example: Object.hasOwn(parameters, name) ? parameters[name] : null, existing: name };
        byParam.set(name, unit);
        units.push(unit);
      }
    }
  }

  if (names !== undefined) {
    if (!Array.isArray(names)) throw new TemplateNamesError('parameter names must be a list of names');
    if (names.length !== units.length) {
      throw new TemplateNamesError(
        `expected ${units.length} parameter name${units.length === 1 ? '' : 's'} (for ${units.map((u) => u.name).join(', ') || 'no parameters'}), got ${names.length}`,
      );
    }
    const seen = new Set<string>();
    for (const name of names) {
      if (typeof name !== 'string' || !IDENTIFIER.test(name)) {
        throw new TemplateNamesError(`invalid parameter name ${JSON.stringify(name)}: use letters, digits and _, not starting with a digit`);
      }
      if (seen.has(name)) throw new TemplateNamesError(`parameter name '${name}' is given twice`);
      seen.add(name);
    }
    units.forEach((unit, i) => (unit.name = names[i] as string));
  }

  // Rewrite the original text span by span, so comments and layout stay.
  const edits: { start: number; end: number; text: string }[] = [];
  for (const unit of units) {
    if (unit.existing !== undefined && unit.existing === unit.name) continue;
    for (const [first, last] of unit.spans) {
      edits.push({ start: (tokens[first] as Token).start, end: (tokens[last] as Token).end, text: `$${unit.name}` });
    }
  }
  edits.sort((x, y) => x.start - y.start);
  let out = '';
  let at = 0;
  const identPart = /[A-Za-z0-9_]/;
  for (const edit of edits) {
    out += cypher.slice(at, edit.start);
    const before = cypher[edit.start - 1] ?? '';
    const after = cypher[edit.end] ?? '';
    out += (identPart.test(before) ? ' ' : '') + edit.text + (identPart.test(after) || after === '$' ? ' ' : '');
    at = edit.end;
  }
  out += cypher.slice(at);

  const result = { cypher: out, parameters: units.map((u) => ({ name: u.name, example: u.example })) };
  // The template must be the same shape as the query it came from.
  if (fingerprintCypher(out).fingerprint !== fingerprintCypher(cypher).fingerprint) {
    throw new CypherTemplateError('the parameterized query does not have the shape of the original (please report this query)');
  }
  return result;
}

/**
 * Puts values in place of `$parameters` (as Cypher literals), leaving parameters without a
 * value as they are. Used to show a template with its examples and to test round trips.
 */
export function substituteParameters(cypher: string, values: Record<string, unknown>): string {
  const tokens = lex(cypher);
  let out = '';
  let at = 0;
  for (const t of tokens) {
    if (t.kind !== 'param') continue;
    const name = paramName(t);
    if (!Object.hasOwn(values, name)) continue;
    out += cypher.slice(at, t.start);
    const literal = renderCypherLiteral(values[name]);
    out += /[A-Za-z0-9_]/.test(cypher[t.end] ?? '') ? `${literal} ` : literal;
    at = t.end;
  }
  return out + cypher.slice(at);
}
