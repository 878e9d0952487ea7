import { BOOKKEEPING_PROPERTIES, KEY_PROPERTY, PROVENANCE_PROPERTY } from './bookkeeping.js';
import type { GraphNode, GraphPath, GraphRelationship, JsonObject, JsonValue } from './port.js';

/**
 * Turns engine values into plain JSON, the same shape from both adapters:
 * - integers: a number when safe (|n| <= 2^53-1), else its decimal string; NaN and
 *   infinities (not JSON) become the strings "NaN", "Infinity", "-Infinity";
 * - nodes `{id, labels, properties, key?, provenance?}`, relationships
 *   `{id, type, start, end, properties, provenance?}`, paths `{nodes, relationships}`;
 * - temporal values: their ISO 8601 text; points `{srid, x, y, z?}`; bytes: base64;
 * - lists and maps recursively.
 * Bookkeeping properties (see bookkeeping.ts) are lifted out of `properties`: `_key` and
 * `_provenance` become `key` and `provenance`, `_search` is dropped. A query can still read
 * them explicitly (`RETURN n._provenance`).
 *
 * This module holds the shared rules and Grafeo's values; neo4j-mapping.ts holds Neo4j's
 * (kept apart so the Grafeo engine process does not load the Neo4j driver).
 */

export const jsonNumber = (n: number): JsonValue => (Number.isFinite(n) ? n : String(n));

export const bigintValue = (n: bigint): JsonValue =>
  n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(n) : n.toString();

/** Separates the entity's own properties from the store's bookkeeping. */
export function splitProperties(raw: Record<string, JsonValue>): { properties: JsonObject; key?: string; provenance?: string[] } {
  const properties: JsonObject = {};
  for (const [k, v] of Object.entries(raw)) if (!BOOKKEEPING_PROPERTIES.has(k)) properties[k] = v;
  const out: { properties: JsonObject; key?: string; provenance?: string[] } = { properties };
  const key = raw[KEY_PROPERTY];
  if (typeof key === 'string') out.key = key;
  const provenance = raw[PROVENANCE_PROPERTY];
  if (Array.isArray(provenance)) out.provenance = provenance.filter((p): p is string => typeof p === 'string');
  return out;
}

export function mapObject(raw: Record<string, unknown>, map: (v: unknown) => JsonValue): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(raw)) out[k] = map(v);
  return out;
}

export const asJson = (v: GraphNode | GraphRelationship | GraphPath): JsonValue => v;

// ---------------------------------------------------------------- Grafeo

/**
 * Grafeo gives nodes as `{_id, _labels, ...properties}`, edges as
 * `{_id, _type, _source, _target, ...}` and paths as `{nodes, edges}`; a map literal that
 * imitates those keys is read as one (Grafeo's values carry no other tag).
 */
type Raw = Record<string, unknown>;
const isRawObject = (v: unknown): v is Raw =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && !ArrayBuffer.isView(v);
const isId = (v: unknown) => typeof v === 'number' || typeof v === 'bigint';
const isGrafeoNode = (v: Raw) => isId(v._id) && Array.isArray(v._labels) && !('_type' in v);
const isGrafeoEdge = (v: Raw) => isId(v._id) && typeof v._type === 'string' && isId(v._source) && isId(v._target);
const isGrafeoPath = (v: Raw) => {
  const keys = Object.keys(v);
  return (
    keys.length === 2 &&
    Array.isArray(v.nodes) &&
    Array.isArray(v.edges) &&
    v.nodes.every((n) => isRawObject(n) && isGrafeoNode(n)) &&
    v.edges.every((e) => isRawObject(e) && isGrafeoEdge(e))
  );
};

function grafeoNode(v: Raw): GraphNode {
  const rest: Raw = { ...v };
  delete rest._id;
  delete rest._labels;
  const { properties, key, provenance } = splitProperties(mapObject(rest, mapGrafeoValue));
  const out: GraphNode = { id: String(v._id), labels: (v._labels as unknown[]).map(String), properties };
  if (key !== undefined) out.key = key;
  if (provenance !== undefined) out.provenance = provenance;
  return out;
}

function grafeoEdge(v: Raw): GraphRelationship {
  const rest: Raw = { ...v };
  for (const k of ['_id', '_type', '_source', '_target']) delete rest[k];
  const { properties, provenance } = splitProperties(mapObject(rest, mapGrafeoValue));
  const out: GraphRelationship = { id: String(v._id), type: String(v._type), start: String(v._source), end: String(v._target), properties };
  if (provenance !== undefined) out.provenance = provenance;
  return out;
}

export function mapGrafeoValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return jsonNumber(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return bigintValue(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  // A typed array's elements are its own values (a DataView has none).
  if (ArrayBuffer.isView(value)) return Object.values(value).map((x) => jsonNumber(Number(x)));
  if (Array.isArray(value)) return value.map(mapGrafeoValue);
  if (isRawObject(value)) {
    if (isGrafeoNode(value)) return asJson(grafeoNode(value));
    if (isGrafeoEdge(value)) return asJson(grafeoEdge(value));
    if (isGrafeoPath(value)) {
      return asJson({ nodes: (value.nodes as Raw[]).map(grafeoNode), relationships: (value.edges as Raw[]).map(grafeoEdge) });
    }
    // Tagged scalars (`{$decimal: '1.50'}`, ...) become their text.
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0]!.startsWith('$') && typeof value[keys[0]!] === 'string') return value[keys[0]!] as string;
    if ('termType' in value && typeof value.value === 'string') return value.value;
    return mapObject(value, mapGrafeoValue);
  }
  return String(value);
}
