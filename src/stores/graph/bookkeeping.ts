/**
 * The store's own marks on the graph, the same on both engines. Everything written through
 * `upsert` carries the label `_CqksEntity` (what the key constraint and the full-text index
 * cover; namespaced, so a graph's own `Entity` or `Node` label is the graph's and stays in its
 * schema) and three properties whose names start with `_`, a prefix refused for callers'
 * properties:
 * - `_key`: the caller's stable key, unique among `Entity` nodes;
 * - `_provenance`: the list of writers (documents, ...) that wrote the node or relationship;
 * - `_search`: the words of the name-like properties (`isNameKey`) plus their prefixes, what
 *   the full-text index reads, so "ali" finds "Alice" on both engines without wildcard syntax.
 * Results lift `_key` and `_provenance` out of `properties` and drop `_search`.
 */

export const ENTITY_LABEL = '_CqksEntity';
/** The bookkeeping label as Cypher text. */
export const ENTITY_CYPHER = '`' + ENTITY_LABEL + '`';
/** The bookkeeping label before it was namespaced: stores written then are relabelled once when opened. */
export const LEGACY_ENTITY_LABEL = 'Entity';
export const KEY_PROPERTY = '_key';
export const PROVENANCE_PROPERTY = '_provenance';
export const SEARCH_PROPERTY = '_search';
export const BOOKKEEPING_PROPERTIES: ReadonlySet<string> = new Set([KEY_PROPERTY, PROVENANCE_PROPERTY, SEARCH_PROPERTY]);

/** The plain name-like properties; `isNameKey` also takes their compounds. */
export const NAME_PROPERTIES = ['name', 'title', 'aliases'] as const;

/** The name-like properties that hold one display name (not `aliases`, a list), in order of preference. */
export const DISPLAY_NAME_PROPERTIES = ['name', 'title'] as const;

/** `productName`, `shipTitle`, `company_name`, `FULL_NAME`: a compound ending in a name word. */
const COMPOUND_NAME_KEY = /(?:[a-z0-9](?:Name|Title)|[_-](?:name|title|NAME|TITLE))$/;

/**
 * Whether a property names the thing it is on, so `findNodesByName` searches it: `name`,
 * `title`, `aliases`, and compounds ending in Name or Title (`productName`, `fullName`,
 * `shipTitle`, `company_name`). Graphs name things in many ways; the key says which.
 */
export function isNameKey(key: string): boolean {
  return (NAME_PROPERTIES as readonly string[]).includes(key) || COMPOUND_NAME_KEY.test(key);
}

/**
 * The key of the one name to show for a thing with these properties: `name`, then `title`,
 * then a compound that reads as the whole name (`fullName`, `displayName`), then the first
 * other compound in key order; undefined when none holds a string.
 */
export function displayNameKey(properties: Record<string, unknown>): string | undefined {
  const keys = Object.keys(properties).filter((k) => k !== 'aliases' && isNameKey(k) && typeof properties[k] === 'string' && properties[k] !== '');
  if (keys.length === 0) return undefined;
  const rank = (k: string) => (k === 'name' ? 0 : k === 'title' ? 1 : /^(full|display)/i.test(k) ? 2 : /^(first|last|given|family|middle|nick|user|file)/i.test(k) ? 4 : 3);
  return keys.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))[0];
}

/** The name to show for a thing with these properties (see `displayNameKey`). */
export function displayNameOf(properties: Record<string, unknown>): string | undefined {
  const key = displayNameKey(properties);
  return key === undefined ? undefined : (properties[key] as string);
}

/** Neo4j's full-text index over `_search`, and its uniqueness constraint on `_key`. */
export const NEO4J_SEARCH_INDEX = 'cqks_node_search';
export const NEO4J_KEY_CONSTRAINT = 'cqks_node_key';
/** The names they had while on the un-namespaced label: dropped when a store is opened. */
export const LEGACY_NEO4J_SCHEMA_RULES = ['CONSTRAINT cqks_entity_key', 'INDEX cqks_entity_search'] as const;
/** Grafeo's index on `_key`, and the one it had on the un-namespaced label. */
export const GRAFEO_KEY_INDEX = 'cqks_node_key';
export const LEGACY_GRAFEO_KEY_INDEX = 'cqks_entity_key';

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
  // The plain name keys first, then compounds in key order: the same text whatever order properties were written in.
  const plain = NAME_PROPERTIES.filter((k) => k in properties) as string[];
  for (const key of [...plain, ...Object.keys(properties).filter((k) => isNameKey(k) && !plain.includes(k)).sort()]) {
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
