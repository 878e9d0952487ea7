import { ENTITY_LABEL, KEY_PROPERTY, LEGACY_ENTITY_LABEL, PROVENANCE_PROPERTY, SEARCH_PROPERTY, searchDocument } from './bookkeeping.js';
import { quoteName, type TypedKey } from './upsert-batch.js';

/**
 * The store's own Cypher, the same text on both engines (both run this subset). Labels and
 * types come from `prepareBatch` (checked identifiers, quoted here); every value is a
 * parameter. Provenance is a list, added to once and removed from once, so writing twice
 * changes nothing and a node two writers share survives the removal of one.
 */

const ENTITY = quoteName(ENTITY_LABEL);
const KEY = quoteName(KEY_PROPERTY);
const PROV = quoteName(PROVENANCE_PROPERTY);
const SEARCH = quoteName(SEARCH_PROPERTY);

const addProvenance = (v: string) =>
  `${v}.${PROV} = CASE WHEN $provenance IN coalesce(${v}.${PROV}, []) THEN ${v}.${PROV} ELSE coalesce(${v}.${PROV}, []) + [$provenance] END`;

/** How an engine keeps a point: Neo4j as a POINT, the embedded engine (no point type) as its map. */
export interface TypedOptions {
  pointsAsMaps?: boolean;
}

/** `v.key = date(row.typed.key)`, ... for each typed key of a group: the text becomes the type. */
const setTyped = (v: string, typed: readonly TypedKey[], options: TypedOptions) =>
  typed.map(({ key, kind }) => {
    const text = `row.typed.${quoteName(key)}`;
    const value = kind === 'point' ? (options.pointsAsMaps ? text : `point(${text})`) : `${kind}(${text})`;
    return `${v}.${quoteName(key)} = ${value}`;
  });

/** Parameters: `rows: {key, props, typed}[]`, `provenance`. */
export function upsertNodesStatement(labels: string[], typed: readonly TypedKey[] = [], options: TypedOptions = {}): string {
  const setLabels = labels.map((l) => `n:${quoteName(l)}`);
  return [
    'UNWIND $rows AS row',
    `MERGE (n:${ENTITY} {${KEY}: row.key})`,
    `SET ${[...setLabels, 'n += row.props', ...setTyped('n', typed, options), addProvenance('n')].join(', ')}`,
    'RETURN count(n) AS written',
  ].join('\n');
}

/**
 * The search text is computed from a node's name-like properties as they are after the
 * merge (a batch may set `title` on a node whose `name` came earlier): read them back with
 * `nameFieldsStatement` (`$keys`), then write `searchRows(...)` with `setSearchStatement` (`$rows`).
 */
export const nameFieldsStatement = [
  'UNWIND $keys AS key',
  `MATCH (n:${ENTITY} {${KEY}: key})`,
  'RETURN key, properties(n) AS props',
].join('\n');

export const setSearchStatement = ['UNWIND $rows AS row', `MATCH (n:${ENTITY} {${KEY}: row.key})`, `SET n.${SEARCH} = row.search`].join('\n');

export function searchRows(records: Record<string, unknown>[]): { key: string; search: string | null }[] {
  return records.map((r) => ({ key: String(r.key), search: searchDocument((r.props ?? {}) as Record<string, unknown>) }));
}

/**
 * Parameters: `rows: {from, to, props, typed}[]`, `provenance`. Rows whose endpoints do not exist write nothing.
 * MERGE looks for an existing relationship from the node its pattern names first, among all of
 * that node's relationships: rows that share their start (a document's node linked to each thing
 * it mentions) are merged from their end, or each row would scan every relationship written before.
 */
export function upsertRelationshipsStatement(type: string, options: { fromEnd?: boolean; typed?: readonly TypedKey[] } & TypedOptions = {}): string {
  return [
    'UNWIND $rows AS row',
    `MATCH (a:${ENTITY} {${KEY}: row.from})`,
    `MATCH (b:${ENTITY} {${KEY}: row.to})`,
    options.fromEnd ? `MERGE (b)<-[r:${quoteName(type)}]-(a)` : `MERGE (a)-[r:${quoteName(type)}]->(b)`,
    `SET ${['r += row.props', ...setTyped('r', options.typed ?? [], options), addProvenance('r')].join(', ')}`,
    'RETURN count(r) AS written',
  ].join('\n');
}

/** Whether a group's rows have fewer distinct starts than ends: then they are merged from their end. */
export const mergeFromEnd = (rows: readonly { from: string; to: string }[]): boolean =>
  new Set(rows.map((r) => r.from)).size < new Set(rows.map((r) => r.to)).size;

/** Run in this order, in one transaction, with `$provenance`; the engines' counters say what was deleted. */
export const deleteByProvenanceStatements = [
  `MATCH ()-[r]->() WHERE $provenance IN r.${PROV} AND size(r.${PROV}) = 1 DELETE r`,
  `MATCH ()-[r]->() WHERE $provenance IN r.${PROV} SET r.${PROV} = [p IN r.${PROV} WHERE p <> $provenance]`,
  `MATCH (n:${ENTITY}) WHERE $provenance IN n.${PROV} AND size(n.${PROV}) = 1 DETACH DELETE n`,
  `MATCH (n:${ENTITY}) WHERE $provenance IN n.${PROV} SET n.${PROV} = [p IN n.${PROV} WHERE p <> $provenance]`,
] as const;

/** Parameters: `keys`. Removes these nodes and every relationship they have, whoever wrote them. */
export const deleteNodesStatement = `UNWIND $keys AS key MATCH (n:${ENTITY} {${KEY}: key}) DETACH DELETE n`;

/**
 * Moves up to LEGACY_RELABEL_BATCH nodes that an older version marked with the un-namespaced
 * bookkeeping label to the namespaced one; run until it moves none. A node counts as the store's by its `_key`.
 */
export const LEGACY_RELABEL_BATCH = 10_000;

export const relabelLegacyStatement = [
  `MATCH (n:${quoteName(LEGACY_ENTITY_LABEL)}) WHERE n.${KEY} IS NOT NULL AND NOT n:${ENTITY}`,
  `WITH n LIMIT ${LEGACY_RELABEL_BATCH}`,
  `SET n:${ENTITY} REMOVE n:${quoteName(LEGACY_ENTITY_LABEL)}`,
  'RETURN count(n) AS moved',
].join('\n');

/** Fetches nodes found by a full-text search (Grafeo: by internal id). */
export const nodesByIdStatement = 'MATCH (n) WHERE id(n) IN $ids RETURN n';
