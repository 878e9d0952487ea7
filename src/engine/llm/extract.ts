/**
 * Finds the query in a model's answer. The answer is untrusted text: this only cuts it (it
 * never evaluates anything); whether the result is a valid, read-only query is for the guard.
 *
 * Preference: the first non-empty fenced block tagged as Cypher, else the first untagged one,
 * else the first fenced block of any other tag, else the whole text. An unterminated fence
 * (an answer cut short) runs to the end of the text. Leading labels such as `Cypher:` or
 * `Query:` are dropped.
 */

const CYPHER_TAGS = new Set(['cypher', 'opencypher', 'cql', 'neo4j', 'gql']);
const KNOWN_TAGS = new Set([...CYPHER_TAGS, 'sql', 'text', 'plaintext', 'txt', 'json', 'code', 'query']);
const TAG = /^[A-Za-z][\w.+#-]*$/;

interface Block {
  tag: string;
  body: string;
}

function blocks(text: string): Block[] {
  const found: Block[] = [];
  const markers = [...text.matchAll(/`{3,}|~{3,}/g)];
  for (let i = 0; i < markers.length; i += 2) {
    const open = markers[i] as RegExpExecArray;
    const close = markers[i + 1];
    const start = open.index + open[0].length;
    const inner = text.slice(start, close ? close.index : text.length);
    const newline = inner.indexOf('\n');
    if (newline >= 0) {
      const first = inner.slice(0, newline).trim();
      if (first === '') found.push({ tag: '', body: inner.slice(newline + 1) });
      else if (TAG.test(first)) found.push({ tag: first.toLowerCase(), body: inner.slice(newline + 1) });
      else {
        // Content right after the fence ("```cypher MATCH ..." or "```MATCH ...").
        const word = /^(\S+)\s+([\s\S]*)$/.exec(inner.trimStart());
        const tag = word?.[1]?.toLowerCase() ?? '';
        if (word && KNOWN_TAGS.has(tag)) found.push({ tag, body: word[2] ?? '' });
        else found.push({ tag: '', body: inner });
      }
    } else {
      // A one-line block: "```cypher MATCH (n) RETURN n```".
      const word = /^\s*(\S+)\s+([\s\S]*)$/.exec(inner);
      const tag = word?.[1]?.toLowerCase() ?? '';
      if (word && KNOWN_TAGS.has(tag)) found.push({ tag, body: word[2] ?? '' });
      else found.push({ tag: '', body: inner });
    }
  }
  return found;
}

// Bounded whitespace runs: unbounded ones next to each other backtrack quadratically.
const LABEL = /^(?:\*\*|__)?[ \t]{0,4}(?:(?:the[ \t]{1,4})?(?:cypher|read-only)?[ \t]{0,4}(?:query|statement)|cypher|answer)[ \t]{0,4}(?:\*\*|__)?[ \t]{0,4}:(?:\*\*|__)?/i;

/** A first line of prose that introduces what follows: "Here is the query:". */
function stripIntro(text: string): string {
  const newline = text.indexOf('\n');
  if (newline < 0 || newline > 200) return text;
  const first = text.slice(0, newline).trim();
  return /^[A-Za-z][^`(){}[\]]* [^`(){}[\]]*:$/.test(first) ? text.slice(newline + 1) : text;
}

function stripLabels(text: string): string {
  let out = text.trim();
  for (let i = 0; i < 3; i += 1) {
    const next = stripIntro(out.replace(LABEL, '').replace(/^cypher[ \t]*\n/i, '')).trim();
    if (next === out) break;
    out = next;
  }
  // A whole answer in one pair of inline backticks: `MATCH (n) RETURN n`.
  if (/^`[^`]+`$/.test(out)) out = out.slice(1, -1).trim();
  return out;
}

export function extractCypher(text: string, maxChars = 20000): string | undefined {
  const normalized = text.replace(/\r\n?/g, '\n');
  const all = blocks(normalized);
  const found = all.filter((b) => b.body.trim() !== '');
  if (all.length > 0 && found.length === 0) return undefined;
  const chosen = found.find((b) => CYPHER_TAGS.has(b.tag)) ?? found.find((b) => b.tag === '') ?? found[0];
  const query = stripLabels(chosen ? chosen.body : normalized);
  if (query === '' || query.length > maxChars) return undefined;
  return query;
}
