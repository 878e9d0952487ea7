import { createHash } from 'node:crypto';
import { analyze, KEYWORD_ALIASES, upper } from './analysis.js';
import { cypherLiteral, plainOrBackticked } from './text.js';
import type { Token } from './lexer.js';

/**
 * The shape of a Cypher query, and the template made from it. Pure functions over the
 * tokens of the project's Cypher lexer (`lexer.ts`, read by `analysis.ts`); nothing here runs a query.
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
      const text = literal.structural ? cypherLiteral(literal.value) : '?';
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
        parts.push({ text: plainOrBackticked(t.value.toLowerCase()), cls: 'word' });
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
        // (Keywords bare, as written before they were quoted in queries: fingerprints stored before keep their form.)
        parts.push({ text: plainOrBackticked(t.value), cls: 'word' });
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
