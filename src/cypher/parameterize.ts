import { CypherTemplateError } from './errors.js';
import { analyze, IDENTIFIER, isName, isSym, lex, OPERATOR_SYMBOLS, paramName, upper, type Analysis } from './analysis.js';
import { fingerprintCypher } from './fingerprint.js';
import { cypherLiteral } from './text.js';
import type { Token } from './lexer.js';

/**
 * Templates made from approved queries: their values become named `$parameters` (the same
 * values the fingerprint ignores, fingerprint.ts), and a template's parameters are put back
 * as literals to show or run it.
 */

/** The names given for a template's parameters do not fit its Cypher (how many, which, twice). */
export class TemplateNamesError extends CypherTemplateError {
  override name = 'TemplateNamesError';
}

/** The `$parameters` a query uses, by name. Throws CypherTemplateError for unreadable Cypher. */
export function parametersUsedBy(cypher: string): Set<string> {
  return new Set(lex(cypher).filter((t) => t.kind === 'param').map(paramName));
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
    const literal = cypherLiteral(values[name]);
    out += /[A-Za-z0-9_]/.test(cypher[t.end] ?? '') ? `${literal} ` : literal;
    at = t.end;
  }
  return out + cypher.slice(at);
}
