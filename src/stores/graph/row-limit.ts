import { lexCypher, significant } from '../../cypher/lexer.js';

/**
 * Lets the engine itself stop at the row limit. Grafeo materializes a whole result before
 * returning it and has no streaming inside a transaction, but it does push a LIMIT down
 * (a `LIMIT 11` over a billion-row cross product answers in milliseconds). So when the
 * query ends in a top-level `RETURN` without its own `LIMIT` (and is not a `UNION`, where a
 * trailing LIMIT would bind to the last branch only), `LIMIT <n>` is appended on a new line
 * (a trailing `//` comment cannot swallow it). The first n rows are the same either way:
 * LIMIT applies after ORDER BY, SKIP and DISTINCT. Any other query is left as it is and is
 * cut while its rows are read.
 */
export function withRowLimit(statement: string, limit: number): string {
  const lexed = lexCypher(statement);
  if (!lexed.ok) return statement;
  const tokens = significant(lexed.tokens);
  let depth = 0;
  let lastReturn = -1;
  let limitAfterReturn = false;
  tokens.forEach((t, k) => {
    if (t.kind === 'symbol') {
      if (t.text === '(' || t.text === '[' || t.text === '{') depth++;
      else if (t.text === ')' || t.text === ']' || t.text === '}') depth--;
      return;
    }
    if (depth !== 0 || t.kind !== 'word') return;
    const prev = tokens[k - 1];
    if (prev && prev.kind === 'symbol' && (prev.text === '.' || prev.text === ':')) return; // n.return, :Return
    const word = t.text.toUpperCase();
    if (word === 'UNION') lastReturn = -2;
    else if (word === 'RETURN' && lastReturn !== -2) {
      lastReturn = k;
      limitAfterReturn = false;
    } else if (word === 'LIMIT' && lastReturn >= 0) limitAfterReturn = true;
  });
  if (lastReturn < 0 || limitAfterReturn) return statement;
  return `${statement}\nLIMIT ${Math.max(0, Math.floor(limit))}`;
}
