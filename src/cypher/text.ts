import { CypherTemplateError } from './errors.js';

/** Writing names and values into Cypher text safely: values from the graph or a question are data, never syntax. */

const PLAIN_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Cypher's keywords (any case): a graph may call a relationship `IN` or a property `order`, which
 * bare would be read as the keyword (a parse error, or another query).
 */
const KEYWORDS = new Set(
  [
    'all', 'and', 'any', 'as', 'asc', 'ascending', 'by', 'call', 'case', 'contains', 'count', 'create', 'delete', 'desc', 'descending', 'detach',
    'distinct', 'else', 'end', 'ends', 'exists', 'false', 'foreach', 'in', 'is', 'limit', 'match', 'merge', 'none', 'not', 'null', 'on', 'optional',
    'or', 'order', 'remove', 'return', 'set', 'single', 'skip', 'starts', 'then', 'true', 'union', 'unwind', 'when', 'where', 'with', 'xor', 'yield',
  ],
);

/** A label, relationship type or property key: bare when plain, otherwise (or when a keyword) in backticks (doubled inside). */
export function cypherName(name: string): string {
  return KEYWORDS.has(name.toLowerCase()) ? backticked(name) : plainOrBackticked(name);
}

/** A name bare when plain, keywords too, otherwise in backticks: where a keyword cannot be read as one (a function's name, a key after a dot). */
export const plainOrBackticked = (name: string): string => (PLAIN_IDENTIFIER.test(name) ? name : backticked(name));

const backticked = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** A string literal in single quotes, with backslashes and quotes escaped and line breaks written as escapes. */
export function cypherString(value: string): string {
  return `'${value
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')}'`;
}

/** A scalar literal (strings quoted, finite numbers and booleans as is). */
export function cypherValue(value: string | number | boolean): string {
  if (typeof value === 'string') return cypherString(value);
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('not a finite number');
  return String(value);
}

/** Any value as a Cypher literal (lists and maps too): the inverse of reading one, used to put a template's values back. */
export function cypherLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return cypherString(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new CypherTemplateError(`${value} cannot be written as a Cypher literal`);
    return String(value);
  }
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return '[' + value.map(cypherLiteral).join(', ') + ']';
  if (typeof value === 'object') {
    return '{' + Object.entries(value as Record<string, unknown>).map(([k, v]) => `${cypherName(k)}: ${cypherLiteral(v)}`).join(', ') + '}';
  }
  throw new CypherTemplateError(`a ${typeof value} cannot be written as a Cypher literal`);
}
