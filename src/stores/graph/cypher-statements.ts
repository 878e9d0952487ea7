import { ENTITY_LABEL, KEY_PROPERTY, PROVENANCE_PROPERTY, SEARCH_PROPERTY, searchDocument } from './bookkeeping.js';
import { quoteName } from './upsert-batch.js';

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

/** Parameters: `rows: {key, props}[]`, `provenance`. */
export function upsertNodesStatement(labels: string[]): string {
  const setLabels = labels.map((l) => `n:${quoteName(l)}`);
  return [
    'UNWIND $rows AS row',
    `MERGE (n:${ENTITY} {${KEY}: row.key})`,
    `SET ${[...setLabels, 'n += row.props', addProvenance('n')].join(', ')}`,
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
 * Parameters: `rows: {from, to, props}[]`, `provenance`. Rows whose endpoints do not exist write nothing.
 * MERGE looks for an existing relationship from the node its pattern names first, among all of
 * that node's relationships: rows that share their start (a document's node linked to each thing
 * it mentions) are merged from their end, or each row would scan every relationship written before.
 */
export function upsertRelationshipsStatement(type: string, options: { fromEnd?: boolean } = {}): string {
  return [
    'UNWIND $rows AS row',
    `MATCH (a:${ENTITY} {${KEY}: row.from})`,
    `MATCH (b:${ENTITY} {${KEY}: row.to})`,
    options.fromEnd ? `MERGE (b)<-[r:${quoteName(type)}]-(a)` : `MERGE (a)-[r:${quoteName(type)}]->(b)`,
    `SET r += row.props, ${addProvenance('r')}`,
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

/** Fetches nodes found by a full-text search (Grafeo: by internal id). */
export const nodesByIdStatement = 'MATCH (n) WHERE id(n) IN $ids RETURN n';
