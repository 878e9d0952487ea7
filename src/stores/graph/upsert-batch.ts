import { ENTITY_LABEL, isNameKey } from './bookkeeping.js';
import { invalidGraphWrite } from './errors.js';
import type { PropertyValue, UpsertBatch } from './port.js';

/**
 * Checks an upsert batch and shapes it for the write statements both adapters run. Labels
 * and relationship types end up inside the Cypher text (no engine takes them as parameters),
 * so they must be plain identifiers and are backtick-quoted as well; everything else travels
 * as parameters. Duplicates inside one batch are folded, so a batch writes each node key and
 * each (from, type, to) once.
 */

export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
/** Callers' property keys: identifiers not starting with `_` (reserved for bookkeeping). */
export const PROPERTY_KEY = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

const MAX_ITEMS = 10_000;
const MAX_KEY = 1_000;
const MAX_PROVENANCE = 500;

export interface NodeRow {
  key: string;
  props: Record<string, PropertyValue>;
}

export interface RelationshipRow {
  from: string;
  to: string;
  props: Record<string, PropertyValue>;
}

export interface PreparedBatch {
  /** Nodes grouped by their (sorted) labels, `Entity` left out: one statement per group. */
  nodeGroups: { labels: string[]; rows: NodeRow[] }[];
  relationshipGroups: { type: string; rows: RelationshipRow[] }[];
  /** Every label the batch uses, `Entity` included (each gets a full-text index on Grafeo). */
  labels: string[];
  /** Keys of the nodes whose name-like properties this batch sets: their search text is computed again. */
  renamedKeys: string[];
  nodeCount: number;
}

/** Quotes a checked identifier for Cypher text. */
export const quoteName = (name: string): string => '`' + name.replace(/`/g, '``') + '`';

export function checkProvenance(provenance: unknown): string {
  if (typeof provenance !== 'string' || provenance.length === 0 || provenance.length > MAX_PROVENANCE) {
    throw invalidGraphWrite(`provenance must be a non-empty string of at most ${MAX_PROVENANCE} characters`, 'provenance');
  }
  return provenance;
}

function checkKey(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_KEY) {
    throw invalidGraphWrite(`must be a non-empty string of at most ${MAX_KEY} characters`, path);
  }
  return value;
}

function checkIdentifier(value: unknown, path: string, what: string): string {
  if (typeof value !== 'string' || !IDENTIFIER.test(value)) {
    throw invalidGraphWrite(`${what} must match ${IDENTIFIER.source}`, path);
  }
  return value;
}

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

function checkProperties(value: unknown, path: string): Record<string, PropertyValue> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidGraphWrite('properties must be an object', path);
  const out: Record<string, PropertyValue> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const at = `${path}.${key}`;
    if (!PROPERTY_KEY.test(key)) throw invalidGraphWrite(`property keys must match ${PROPERTY_KEY.source} (a leading '_' is reserved)`, at);
    if (v === null || isScalar(v)) {
      out[key] = v;
    } else if (Array.isArray(v) && v.every(isScalar) && new Set(v.map((x) => typeof x)).size <= 1) {
      out[key] = v as PropertyValue;
    } else {
      throw invalidGraphWrite('a property must be null, a string, a finite number, a boolean or a list of one of those types', at);
    }
  }
  return out;
}

export function prepareBatch(batch: UpsertBatch): PreparedBatch {
  if (batch === null || typeof batch !== 'object') throw invalidGraphWrite('the batch must be an object', 'batch');
  const nodes: unknown = batch.nodes ?? [];
  const relationships: unknown = batch.relationships ?? [];
  if (!Array.isArray(nodes) || nodes.length > MAX_ITEMS) throw invalidGraphWrite(`nodes must be a list of at most ${MAX_ITEMS}`, 'nodes');
  if (!Array.isArray(relationships) || relationships.length > MAX_ITEMS) {
    throw invalidGraphWrite(`relationships must be a list of at most ${MAX_ITEMS}`, 'relationships');
  }

  const byKey = new Map<string, { labels: Set<string>; props: Record<string, PropertyValue> }>();
  nodes.forEach((node: unknown, i) => {
    if (node === null || typeof node !== 'object') throw invalidGraphWrite('must be an object', `nodes[${i}]`);
    const n = node as Record<string, unknown>;
    const key = checkKey(n.key, `nodes[${i}].key`);
    if (!Array.isArray(n.labels)) throw invalidGraphWrite('labels must be a list', `nodes[${i}].labels`);
    const labels = n.labels.map((l, j) => checkIdentifier(l, `nodes[${i}].labels[${j}]`, 'a label'));
    const props = checkProperties(n.properties, `nodes[${i}].properties`);
    const seen = byKey.get(key);
    if (seen) {
      labels.forEach((l) => seen.labels.add(l));
      Object.assign(seen.props, props);
    } else {
      byKey.set(key, { labels: new Set(labels), props });
    }
  });

  const groups = new Map<string, { labels: string[]; rows: NodeRow[] }>();
  const allLabels = new Set<string>([ENTITY_LABEL]);
  for (const [key, { labels, props }] of byKey) {
    const own = [...labels].filter((l) => l !== ENTITY_LABEL).sort();
    own.forEach((l) => allLabels.add(l));
    const groupKey = own.join(':');
    const group = groups.get(groupKey) ?? { labels: own, rows: [] };
    group.rows.push({ key, props });
    groups.set(groupKey, group);
  }

  const byTriple = new Map<string, { type: string; row: RelationshipRow }>();
  relationships.forEach((rel: unknown, i) => {
    if (rel === null || typeof rel !== 'object') throw invalidGraphWrite('must be an object', `relationships[${i}]`);
    const r = rel as Record<string, unknown>;
    const from = checkKey(r.fromKey, `relationships[${i}].fromKey`);
    const to = checkKey(r.toKey, `relationships[${i}].toKey`);
    const type = checkIdentifier(r.type, `relationships[${i}].type`, 'a relationship type');
    const props = checkProperties(r.properties, `relationships[${i}].properties`);
    const triple = JSON.stringify([from, type, to]);
    const seen = byTriple.get(triple);
    if (seen) Object.assign(seen.row.props, props);
    else byTriple.set(triple, { type, row: { from, to, props } });
  });
  const relationshipGroups = new Map<string, { type: string; rows: RelationshipRow[] }>();
  for (const { type, row } of byTriple.values()) {
    const group = relationshipGroups.get(type) ?? { type, rows: [] };
    group.rows.push(row);
    relationshipGroups.set(type, group);
  }

  return {
    nodeGroups: [...groups.values()],
    relationshipGroups: [...relationshipGroups.values()],
    labels: [...allLabels],
    renamedKeys: [...byKey].filter(([, { props }]) => Object.keys(props).some(isNameKey)).map(([key]) => key),
    nodeCount: byKey.size,
  };
}
