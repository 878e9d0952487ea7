import { createHash } from 'node:crypto';
import neo4j from 'neo4j-driver';
import { ENTITY_LABEL } from './bookkeeping.js';
import { createSchemaRule, type SchemaSession } from './neo4j-schema-rules.js';
import { quoteName } from './upsert-batch.js';

/**
 * Name search over a Neo4j the service did not write. Nodes written through `upsert` carry
 * `_search` (their names and its prefixes) under the `Entity` label's full-text index; a graph
 * the user already runs has neither. For it the store keeps a second full-text index over every
 * label's naming properties (`name`, `title`, `productName`, …, what the values or the
 * deployment's `GRAPH_NAME_PROPERTIES` say), named after its definition: when labels or keys
 * change, a new index is created, searched once it is online, and the old one dropped then.
 */
export const NEO4J_NAME_INDEX_PREFIX = 'cqks_names_';

/** How long a schema read waits for a new name index to come online by default (a small graph: well under a second) before searching the previous one meanwhile. */
export const NAME_INDEX_WAIT_S = 2;

export interface NameIndexDefinition {
  name: string;
  labels: string[];
  keys: string[];
}

/** The index over these naming properties (label → keys); undefined when there are none. */
export function nameIndexDefinition(names: ReadonlyMap<string, readonly string[]>): NameIndexDefinition | undefined {
  const labels = new Set<string>();
  const keys = new Set<string>();
  for (const [label, own] of names) {
    if (label === ENTITY_LABEL || own.length === 0) continue;
    labels.add(label);
    own.forEach((k) => keys.add(k));
  }
  if (labels.size === 0) return undefined;
  const definition = { labels: [...labels].sort(), keys: [...keys].sort() };
  const hash = createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 12);
  return { name: `${NEO4J_NAME_INDEX_PREFIX}${hash}`, ...definition };
}

export function createNameIndexStatement(d: NameIndexDefinition): string {
  // Index names are [a-z0-9_] (prefix and hash); labels and keys are quoted as identifiers.
  return (
    `CREATE FULLTEXT INDEX ${d.name} IF NOT EXISTS FOR (n:${d.labels.map(quoteName).join('|')}) ` +
    `ON EACH [${d.keys.map((k) => `n.${quoteName(k)}`).join(', ')}] ` +
    "OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words' } }"
  );
}

/**
 * The Lucene query for search terms (letters and digits only, lower case, so no Lucene syntax):
 * each term as itself or as the start of a word, as `_search`'s stored prefixes answer.
 */
export function nameIndexQuery(terms: readonly string[]): string {
  return terms.map((t) => `${t} ${t}*`).join(' ');
}

/** Longest text searched as one phrase. */
const PHRASE_MAX = 200;

/**
 * The text as typed, as one Lucene phrase, where it holds more than letters, digits and spaces:
 * the analyzer keeps "6.4" or "2.0.1" one word, which the terms' prefixes match no better than every
 * "6" of other names, so it is searched apart. Undefined for other texts. (Inside quotes only `"`
 * and `\` mean anything to Lucene, and both are escaped.)
 */
export function nameIndexPhrase(text: string): string | undefined {
  const phrase = text.trim().toLowerCase();
  if (phrase.length === 0 || phrase.length > PHRASE_MAX || !/[^\p{L}\p{N}\s]/u.test(phrase)) return undefined;
  return `"${phrase.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** The name indexes that may be dropped once `current` is online: every other one of ours. */
export function staleNameIndexes(existing: readonly string[], current: string | undefined): string[] {
  return existing.filter((name) => name.startsWith(NEO4J_NAME_INDEX_PREFIX) && name !== current && /^[a-z0-9_]+$/.test(name));
}

/**
 * Creates the index over `names` if it is missing and waits `waitS` seconds at most for
 * it to come online; answers the index to search: the new one once online, else the previous
 * one meanwhile (a large graph takes long to index). Drops the ones the online one replaces.
 * Safe from many processes at once (IF NOT EXISTS, IF EXISTS).
 */
export async function keepNeo4jNameIndex(session: SchemaSession, names: ReadonlyMap<string, readonly string[]>, waitS: number): Promise<string | undefined> {
  const wanted = nameIndexDefinition(names);
  const states = new Map<string, string>();
  const show = 'SHOW FULLTEXT INDEXES YIELD name, state WHERE name STARTS WITH $prefix RETURN name, state';
  for await (const r of session.run(show, { prefix: NEO4J_NAME_INDEX_PREFIX })) states.set(String(r.get('name')), String(r.get('state')));
  if (wanted && states.get(wanted.name) !== 'ONLINE') {
    if (!states.has(wanted.name)) await createSchemaRule(session, createNameIndexStatement(wanted));
    try {
      await session.run('CALL db.awaitIndex($name, $seconds)', { name: wanted.name, seconds: neo4j.int(waitS) }).summary();
      states.set(wanted.name, 'ONLINE');
    } catch {
      // Still populating: the previous index answers until a later schema read finds this one online.
    }
  }
  const current = wanted && states.get(wanted.name) === 'ONLINE' ? wanted.name : [...states].find(([, state]) => state === 'ONLINE')?.[0];
  if (!wanted || current === wanted.name) {
    for (const stale of staleNameIndexes([...states.keys()], current)) await session.executeWrite((tx) => tx.run(`DROP INDEX ${stale} IF EXISTS`).summary());
  }
  return current;
}
