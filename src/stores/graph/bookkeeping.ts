/**
 * The store's own marks on the graph, the same on both engines. Everything written through
 * `upsert` carries the label `Entity` (what the key constraint and the full-text index
 * cover) and three properties whose names start with `_`, a prefix refused for callers'
 * properties:
 * - `_key`: the caller's stable key, unique among `Entity` nodes;
 * - `_provenance`: the list of writers (documents, ...) that wrote the node or relationship;
 * - `_search`: the words of the name-like properties plus their prefixes, what the
 *   full-text index reads, so "ali" finds "Alice" on both engines without wildcard syntax.
 * Results lift `_key` and `_provenance` out of `properties` and drop `_search`.
 */

export const ENTITY_LABEL = 'Entity';
export const KEY_PROPERTY = '_key';
export const PROVENANCE_PROPERTY = '_provenance';
export const SEARCH_PROPERTY = '_search';
export const BOOKKEEPING_PROPERTIES: ReadonlySet<string> = new Set([KEY_PROPERTY, PROVENANCE_PROPERTY, SEARCH_PROPERTY]);

/** The properties whose text `findNodesByName` searches. */
export const NAME_PROPERTIES = ['name', 'title', 'aliases'] as const;

/** The name-like properties that hold one display name (not `aliases`, a list), in order of preference. */
export const DISPLAY_NAME_PROPERTIES = ['name', 'title'] as const;

/** Neo4j's full-text index over `_search`, and its uniqueness constraint on `_key`. */
export const NEO4J_SEARCH_INDEX = 'cqks_entity_search';
export const NEO4J_KEY_CONSTRAINT = 'cqks_entity_key';

const MIN_PREFIX = 2;
const MAX_TERM = 40;
const MAX_TERMS = 64;

/** Lower-case words without accents: how both the indexed text and the searched text are cut. */
export function searchTerms(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  return [...new Set(words.map((w) => w.slice(0, MAX_TERM)))].slice(0, MAX_TERMS);
}

/** The `_search` text for a node's properties, or null when it has no name-like property. */
export function searchDocument(properties: Record<string, unknown>): string | null {
  const texts: string[] = [];
  for (const key of NAME_PROPERTIES) {
    const value = properties[key];
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) texts.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  if (texts.length === 0) return null;
  const terms = new Set<string>();
  for (const word of searchTerms(texts.join(' '))) {
    terms.add(word);
    const chars = [...word];
    for (let len = MIN_PREFIX; len < chars.length; len++) terms.add(chars.slice(0, len).join(''));
  }
  return [...terms].join(' ');
}
