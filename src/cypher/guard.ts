import { invalidCypher, notReadOnly } from './errors.js';
import { lexCypher, significant, type Token } from './lexer.js';

/**
 * Layer 1 of the read-only rule: decides from the tokens alone, before any engine sees the
 * text, whether a query only reads. It refuses every writing clause, administration and
 * schema command, LOAD CSV (a read that reaches files and other hosts), `USE`, transaction
 * control, more than one statement, and every procedure or namespaced function that is not
 * on an allow-list. Generated Cypher is untrusted input; this layer is the one that knows
 * it, the engine layers (READ transaction / rollback, limits) back it up.
 *
 * Unicode: the text is checked, not rewritten. Engines do not normalize (a fullwidth
 * `ＣＲＥＡＴＥ` is an identifier to them), and rewriting would change the data inside string
 * literals, so the guard refuses what normalization would change outside literals instead:
 * invisible and format characters anywhere (zero-width joiners, bidi controls that make a
 * reviewer read something else, lone carriage returns that engines treat differently in
 * comments), and any non-ASCII character in code (fullwidth letters, whose NFKC form is
 * named in the reason, and homoglyphs such as a Cyrillic `С`). Non-ASCII text belongs in
 * string literals, parameters or backtick-quoted names.
 */

export const DEFAULT_ALLOWED_PROCEDURES = [
  'db.labels',
  'db.relationshipTypes',
  'db.propertyKeys',
  'db.schema.visualization',
  'db.schema.nodeTypeProperties',
  'db.schema.relTypeProperties',
] as const;

/** Namespaces of built-in functions that only compute (temporal and spatial helpers). */
export const DEFAULT_ALLOWED_FUNCTION_NAMESPACES = ['date', 'datetime', 'localdatetime', 'localtime', 'time', 'duration', 'point'] as const;

export interface GuardOptions {
  /** Exact procedure names `CALL` may use (compared without case). */
  allowedProcedures: readonly string[];
  /** Namespaces whose functions may be called (`date` allows `date.truncate(...)`). */
  allowedFunctionNamespaces?: readonly string[];
  /** Allows `SHOW INDEXES|CONSTRAINTS|PROCEDURES|FUNCTIONS` (never users, roles, databases, ...). */
  allowShow?: boolean;
  /** Longest accepted query, in characters (default 100,000). */
  maxLength?: number;
}

export type GuardVerdict =
  | { ok: true; /** The single statement, without a trailing `;`, to send to the engine. */ statement: string }
  | { ok: false; kind: 'not-read-only' | 'invalid'; reason: string };

/** Words that start a writing, administration or otherwise refused clause wherever they appear as code. */
const REFUSED_WORDS: Record<string, string> = {
  CREATE: 'the writing clause CREATE',
  MERGE: 'the writing clause MERGE',
  SET: 'the writing clause SET',
  DELETE: 'the writing clause DELETE',
  DETACH: 'the writing clause DETACH DELETE',
  NODETACH: 'the writing clause NODETACH DELETE',
  REMOVE: 'the writing clause REMOVE',
  FOREACH: 'the writing clause FOREACH',
  INSERT: 'the writing clause INSERT',
  DROP: 'the schema command DROP',
  ALTER: 'the administration command ALTER',
  RENAME: 'the administration command RENAME',
  GRANT: 'the administration command GRANT',
  DENY: 'the administration command DENY',
  REVOKE: 'the administration command REVOKE',
  TERMINATE: 'the administration command TERMINATE',
  ENABLE: 'the administration command ENABLE',
  DEALLOCATE: 'the administration command DEALLOCATE',
  REALLOCATE: 'the administration command REALLOCATE',
  LOAD: 'LOAD CSV (it reads files and URLs)',
  PERIODIC: 'USING PERIODIC COMMIT',
  TRANSACTIONS: 'CALL ... IN TRANSACTIONS (it commits on its own)',
  USE: 'USE (it selects another database)',
  EXPLAIN: 'EXPLAIN (the service plans queries itself)',
  PROFILE: 'PROFILE (the service plans queries itself)',
  CYPHER: 'CYPHER options (planner and runtime selection)',
};

/**
 * Transaction control: a statement of its own, so only where a statement starts. Elsewhere the
 * word is a name (`ORDER BY begin`, a graph's `begin` and `end` dates), which the engine reads as one.
 */
const TRANSACTION_WORDS: Record<string, string> = {
  BEGIN: 'transaction control (BEGIN)',
  COMMIT: 'transaction control (COMMIT)',
  ROLLBACK: 'transaction control (ROLLBACK)',
};

const SCHEMA_OBJECTS = new Set(['INDEX', 'CONSTRAINT', 'FULLTEXT', 'TEXT', 'RANGE', 'POINT', 'LOOKUP', 'VECTOR', 'BTREE']);
const ADMIN_OBJECTS = new Set(['DATABASE', 'COMPOSITE', 'ALIAS', 'USER', 'ROLE', 'SERVER', 'OR']);

/** What `SHOW` may list when `allowShow` is set: metadata about the graph, never security or servers. */
const SHOWABLE = new Set(['INDEX', 'INDEXES', 'CONSTRAINT', 'CONSTRAINTS', 'PROCEDURE', 'PROCEDURES', 'FUNCTION', 'FUNCTIONS']);
const SHOW_MODIFIERS = new Set(['ALL', 'BTREE', 'RANGE', 'TEXT', 'POINT', 'FULLTEXT', 'LOOKUP', 'VECTOR', 'BUILT', 'IN', 'USER', 'DEFINED', 'UNIQUE', 'EXIST', 'EXISTENCE', 'NODE', 'RELATIONSHIP', 'KEY', 'PROPERTY']);

/** Characters nothing legitimate needs and that can hide or disguise code. */
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}]|[^\P{Cc}\t\n\r]/u;

const codePoint = (ch: string) => `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Explains a non-ASCII character in code: what NFKC makes of the word around it, if ASCII. */
function describeNonAscii(source: string, at: number): string {
  let from = at;
  let to = at;
  while (from > 0 && !/[\s(){}[\],;]/.test(source[from - 1] as string)) from--;
  while (to < source.length && !/[\s(){}[\],;]/.test(source[to] as string)) to++;
  const word = source.slice(from, to);
  const normalized = word.normalize('NFKC');
  const ch = String.fromCodePoint(source.codePointAt(at) ?? 0);
  if (normalized !== word && /^[\x20-\x7e]+$/.test(normalized)) {
    return `compatibility characters outside string literals: '${word}' reads as '${normalized}' after NFKC normalization`;
  }
  return `non-ASCII character ${codePoint(ch)} ('${ch}') outside string literals and backtick-quoted names (it could disguise a keyword; quote names with backticks)`;
}

export function checkReadOnly(cypher: string, options: GuardOptions): GuardVerdict {
  const refuse = (reason: string): GuardVerdict => ({ ok: false, kind: 'not-read-only', reason });
  const invalid = (reason: string): GuardVerdict => ({ ok: false, kind: 'invalid', reason });

  if (typeof cypher !== 'string') return invalid('the query is not a string');
  if (cypher.length > (options.maxLength ?? 100_000)) return invalid(`the query is longer than ${options.maxLength ?? 100_000} characters`);

  const hidden = INVISIBLE.exec(cypher);
  if (hidden) {
    return refuse(`invisible or control character ${codePoint(hidden[0])} (zero-width, bidi and control characters can hide code; pass such text as a parameter)`);
  }
  const loneCr = /\r(?!\n)/.exec(cypher);
  if (loneCr) return refuse('a carriage return not followed by a newline (engines disagree on where a comment ends)');

  const lexed = lexCypher(cypher);
  if (!lexed.ok) {
    if (lexed.kind === 'invalid') return invalid(lexed.reason);
    const code = cypher.codePointAt(lexed.at) ?? 0;
    return refuse(code > 0x7e && lexed.reason.startsWith('character') ? describeNonAscii(cypher, lexed.at) : lexed.reason);
  }

  const tokens = significant(lexed.tokens);
  if (tokens.length === 0) return invalid('the query is empty');

  // A statement separator may only end the text.
  let statementEnd = cypher.length;
  const semicolon = tokens.findIndex((t) => t.kind === 'symbol' && t.text === ';');
  if (semicolon >= 0) {
    if (semicolon < tokens.length - 1) return refuse('more than one statement');
    statementEnd = (tokens[semicolon] as Token).start;
    tokens.pop();
    if (tokens.length === 0) return invalid('the query is empty');
  }

  const allowedProcedures = new Set(options.allowedProcedures.map((p) => p.toLowerCase()));
  const allowedNamespaces = new Set((options.allowedFunctionNamespaces ?? DEFAULT_ALLOWED_FUNCTION_NAMESPACES).map((p) => p.toLowerCase()));
  const isSymbol = (t: Token | undefined, s: string) => t !== undefined && t.kind === 'symbol' && t.text === s;
  const isName = (t: Token | undefined) => t !== undefined && (t.kind === 'word' || t.kind === 'quoted');
  const upper = (t: Token | undefined) => (t?.kind === 'word' ? t.text.toUpperCase() : '');

  /** The innermost open bracket at each token, to tell a map key `{set: 1}` from a label `(n:Set)`. */
  const stack: string[] = [];
  const enclosing: (string | undefined)[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const t of tokens) {
    enclosing.push(stack[stack.length - 1]);
    if (t.kind !== 'symbol') continue;
    if (t.text === '(' || t.text === '[' || t.text === '{') stack.push(t.text);
    else if (t.text in pairs) {
      if (stack.pop() !== pairs[t.text]) return invalid(`unbalanced '${t.text}'`);
    }
  }
  if (stack.length > 0) return invalid(`unclosed '${stack[stack.length - 1]}'`);

  /** A word that is a name, not a keyword: `n.set`, `{.set}`, `(n:Set)`, `[:DELETE]`, `{set: 1}`. */
  const isNamePosition = (k: number): boolean => {
    const prev = tokens[k - 1];
    const next = tokens[k + 1];
    if (isSymbol(prev, '.')) {
      const before = tokens[k - 2];
      // `1.SET` or `..SET` is not a property access.
      return before !== undefined && before.kind !== 'number' && !isSymbol(before, '.');
    }
    if (isSymbol(prev, ':') && enclosing[k] !== '{') return true;
    if (isSymbol(next, ':') && enclosing[k] === '{' && (isSymbol(prev, '{') || isSymbol(prev, ','))) return true;
    return false;
  };

  /** Reads `a.b.c` (words or quoted names, dots between) from k; returns the joined name and the index after it. */
  const readQualifiedName = (k: number): { name: string; next: number } => {
    const parts: string[] = [];
    let j = k;
    while (isName(tokens[j])) {
      parts.push((tokens[j] as Token).value);
      if (isSymbol(tokens[j + 1], '.') && isName(tokens[j + 2])) j += 2;
      else {
        j += 1;
        break;
      }
    }
    return { name: parts.join('.'), next: j };
  };

  const consumed = new Set<number>(); // tokens already read as part of a qualified name
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (consumed.has(k) || !isName(t)) continue;
    const word = upper(t);

    if (t.kind === 'word' && !isNamePosition(k)) {
      const refused = REFUSED_WORDS[word];
      if (refused) {
        const object = upper(tokens[k + 1]);
        if ((word === 'CREATE' || word === 'DROP') && SCHEMA_OBJECTS.has(object)) return refuse(`the schema command ${word} ${object}`);
        if ((word === 'CREATE' || word === 'DROP') && ADMIN_OBJECTS.has(object)) return refuse(`the administration command ${word} ${object}`);
        return refuse(refused);
      }

      if (k === 0 && TRANSACTION_WORDS[word]) return refuse(TRANSACTION_WORDS[word]);

      if ((word === 'START' || word === 'STOP') && (k === 0 || ['DATABASE', 'SERVER', 'COMPOSITE'].includes(upper(tokens[k + 1])))) {
        return refuse(`the administration command ${word}`);
      }

      if (word === 'SHOW') {
        if (!options.allowShow) return refuse('SHOW commands');
        let j = k + 1;
        while (SHOW_MODIFIERS.has(upper(tokens[j]))) j++;
        if (!SHOWABLE.has(upper(tokens[j]))) return refuse(`SHOW ${upper(tokens[j]) || '...'} (only indexes, constraints, procedures and functions may be listed)`);
        continue;
      }

      if (word === 'CALL') {
        const next = tokens[k + 1];
        if (isSymbol(next, '{') || isSymbol(next, '(')) continue; // a subquery: its clauses are checked like any other
        const { name, next: after } = readQualifiedName(k + 1);
        if (!name) return invalid('CALL without a procedure name');
        if (!allowedProcedures.has(name.toLowerCase())) return refuse(`procedure '${name}' is not on the allow-list`);
        for (let j = k + 1; j < after; j++) consumed.add(j);
        continue;
      }
    }

    // A function call: a name chain that is not a property or label, directly followed by '('.
    const prev = tokens[k - 1];
    if (isSymbol(prev, '.') || isSymbol(prev, ':')) continue;
    const { name, next: after } = readQualifiedName(k);
    for (let j = k + 1; j < after; j++) consumed.add(j);
    if (isSymbol(tokens[after], '(') && name.includes('.')) {
      const namespace = name.slice(0, name.lastIndexOf('.'));
      if (!allowedNamespaces.has(namespace.toLowerCase())) return refuse(`function '${name}' (namespace '${namespace}' is not on the allow-list)`);
    }
  }

  return { ok: true, statement: cypher.slice(0, statementEnd).trimEnd() };
}

/** Throws the refusal (a DomainError) for a query that is not read-only or does not parse; returns the statement to run otherwise. */
export function assertReadOnly(cypher: string, options: GuardOptions): string {
  const verdict = checkReadOnly(cypher, options);
  if (verdict.ok) return verdict.statement;
  throw verdict.kind === 'invalid' ? invalidCypher(verdict.reason) : notReadOnly(verdict.reason);
}
