import { ENTITY_LABEL, isNameKey } from './bookkeeping.js';
import { invalidGraphWrite } from './errors.js';
import type { PointValue, TemporalKind, TemporalValue, UpsertBatch } from './port.js';

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

/** Plain values travel in `props`; a temporal value's text or a point's map in `typed`, made typed by the statement. */
export type PlainValue = null | boolean | number | string | boolean[] | number[] | string[];
export type TypedText = string | PointValue['point'];

// (Types, not interfaces: rows are sent to Neo4j as the JSON parameters they are.)
export type NodeRow = {
  key: string;
  props: Record<string, PlainValue>;
  typed: Record<string, TypedText>;
};

export type RelationshipRow = {
  from: string;
  to: string;
  props: Record<string, PlainValue>;
  typed: Record<string, TypedText>;
};

/** A typed property a group's statement sets: its key and the type its text becomes. */
export interface TypedKey {
  key: string;
  kind: TemporalKind | 'point';
}

export interface PreparedBatch {
  /** Nodes grouped by their (sorted) labels and typed keys, the bookkeeping label left out: one statement per group. */
  nodeGroups: { labels: string[]; typed: TypedKey[]; rows: NodeRow[] }[];
  relationshipGroups: { type: string; typed: TypedKey[]; rows: RelationshipRow[] }[];
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

const ZONE = '(?:Z|[+-]\\d{2}(?::?\\d{2})?)(?:\\[[A-Za-z0-9_/+-]+\\])?';
const CLOCK = '\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?';
const DAY = '[+-]?\\d{4,9}-\\d{2}-\\d{2}';
/** What each temporal kind's text must look like (ISO 8601, as both engines parse it). */
const TEMPORAL_TEXT: Record<TemporalKind, RegExp> = {
  date: new RegExp(`^${DAY}$`),
  datetime: new RegExp(`^${DAY}T${CLOCK}${ZONE}$`),
  localdatetime: new RegExp(`^${DAY}T${CLOCK}$`),
  time: new RegExp(`^${CLOCK}${ZONE}$`),
  localtime: new RegExp(`^${CLOCK}$`),
  duration: /^-?P(?=\d|T\d)(?:\d+(?:\.\d+)?Y)?(?:\d+(?:\.\d+)?M)?(?:\d+(?:\.\d+)?W)?(?:\d+(?:\.\d+)?D)?(?:T(?=\d)(?:\d+(?:\.\d+)?H)?(?:\d+(?:\.\d+)?M)?(?:\d+(?:\.\d+)?S)?)?$/,
};
const SRIDS = new Set([4326, 4979, 7203, 9157]);

function checkTemporal(v: Record<string, unknown>, at: string): string {
  const kind = v.temporal as TemporalKind;
  if (!Object.hasOwn(TEMPORAL_TEXT, kind) || typeof v.value !== 'string' || Object.keys(v).length !== 2 || !TEMPORAL_TEXT[kind].test(v.value)) {
    throw invalidGraphWrite(`a temporal value is {temporal: ${Object.keys(TEMPORAL_TEXT).join('|')}, value: its ISO 8601 text}`, at);
  }
  return v.value;
}

function checkPoint(v: Record<string, unknown>, at: string): PointValue['point'] {
  const p = v.point as Record<string, unknown> | null;
  const finite = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
  if (Object.keys(v).length !== 1 || p === null || typeof p !== 'object' || !SRIDS.has(p.srid as number) || !finite(p.x) || !finite(p.y) || (p.z !== undefined && !finite(p.z))) {
    throw invalidGraphWrite(`a point is {point: {srid: ${[...SRIDS].join('|')}, x, y, z?}} with finite coordinates`, at);
  }
  return { srid: p.srid as number, x: p.x as number, y: p.y as number, ...(p.z === undefined ? {} : { z: p.z as number }) };
}

interface CheckedProperties {
  props: Record<string, PlainValue>;
  typed: Record<string, TypedText>;
  kinds: Record<string, TypedKey['kind']>;
}

function checkProperties(value: unknown, path: string): CheckedProperties {
  const out: CheckedProperties = { props: {}, typed: {}, kinds: {} };
  if (value === undefined) return out;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidGraphWrite('properties must be an object', path);
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const at = `${path}.${key}`;
    if (!PROPERTY_KEY.test(key)) throw invalidGraphWrite(`property keys must match ${PROPERTY_KEY.source} (a leading '_' is reserved)`, at);
    if (v === null || isScalar(v)) {
      out.props[key] = v;
    } else if (Array.isArray(v) && v.every(isScalar) && new Set(v.map((x) => typeof x)).size <= 1) {
      out.props[key] = v as PlainValue;
    } else if (typeof v === 'object' && !Array.isArray(v) && 'temporal' in v) {
      out.typed[key] = checkTemporal(v as Record<string, unknown>, at);
      out.kinds[key] = (v as TemporalValue).temporal;
    } else if (typeof v === 'object' && !Array.isArray(v) && 'point' in v) {
      out.typed[key] = checkPoint(v as Record<string, unknown>, at);
      out.kinds[key] = 'point';
    } else {
      throw invalidGraphWrite('a property must be null, a string, a finite number, a boolean, a list of one of those types, a temporal value or a point', at);
    }
  }
  return out;
}

/** Later values of a key replace earlier ones, whether plain or typed. */
function mergeProperties(into: CheckedProperties, from: CheckedProperties): void {
  for (const key of Object.keys(from.props)) {
    delete into.typed[key];
    delete into.kinds[key];
  }
  for (const key of Object.keys(from.typed)) delete into.props[key];
  Object.assign(into.props, from.props);
  Object.assign(into.typed, from.typed);
  Object.assign(into.kinds, from.kinds);
}

const typedKeysOf = (kinds: Record<string, TypedKey['kind']>): TypedKey[] =>
  Object.keys(kinds)
    .sort()
    .map((key) => ({ key, kind: kinds[key]! }));
const signatureOf = (typed: TypedKey[]) => typed.map((t) => `${t.key}=${t.kind}`).join(',');

export function prepareBatch(batch: UpsertBatch): PreparedBatch {
  if (batch === null || typeof batch !== 'object') throw invalidGraphWrite('the batch must be an object', 'batch');
  const nodes: unknown = batch.nodes ?? [];
  const relationships: unknown = batch.relationships ?? [];
  if (!Array.isArray(nodes) || nodes.length > MAX_ITEMS) throw invalidGraphWrite(`nodes must be a list of at most ${MAX_ITEMS}`, 'nodes');
  if (!Array.isArray(relationships) || relationships.length > MAX_ITEMS) {
    throw invalidGraphWrite(`relationships must be a list of at most ${MAX_ITEMS}`, 'relationships');
  }

  const byKey = new Map<string, { labels: Set<string>; properties: CheckedProperties }>();
  nodes.forEach((node: unknown, i) => {
    if (node === null || typeof node !== 'object') throw invalidGraphWrite('must be an object', `nodes[${i}]`);
    const n = node as Record<string, unknown>;
    const key = checkKey(n.key, `nodes[${i}].key`);
    if (!Array.isArray(n.labels)) throw invalidGraphWrite('labels must be a list', `nodes[${i}].labels`);
    const labels = n.labels.map((l, j) => checkIdentifier(l, `nodes[${i}].labels[${j}]`, 'a label'));
    const properties = checkProperties(n.properties, `nodes[${i}].properties`);
    const seen = byKey.get(key);
    if (seen) {
      labels.forEach((l) => seen.labels.add(l));
      mergeProperties(seen.properties, properties);
    } else {
      byKey.set(key, { labels: new Set(labels), properties });
    }
  });

  const groups = new Map<string, { labels: string[]; typed: TypedKey[]; rows: NodeRow[] }>();
  const allLabels = new Set<string>([ENTITY_LABEL]);
  for (const [key, { labels, properties }] of byKey) {
    const own = [...labels].filter((l) => l !== ENTITY_LABEL).sort();
    own.forEach((l) => allLabels.add(l));
    const typed = typedKeysOf(properties.kinds);
    const groupKey = `${own.join(':')}|${signatureOf(typed)}`;
    const group = groups.get(groupKey) ?? { labels: own, typed, rows: [] };
    group.rows.push({ key, props: properties.props, typed: properties.typed });
    groups.set(groupKey, group);
  }

  const byTriple = new Map<string, { type: string; row: RelationshipRow; properties: CheckedProperties }>();
  relationships.forEach((rel: unknown, i) => {
    if (rel === null || typeof rel !== 'object') throw invalidGraphWrite('must be an object', `relationships[${i}]`);
    const r = rel as Record<string, unknown>;
    const from = checkKey(r.fromKey, `relationships[${i}].fromKey`);
    const to = checkKey(r.toKey, `relationships[${i}].toKey`);
    const type = checkIdentifier(r.type, `relationships[${i}].type`, 'a relationship type');
    const properties = checkProperties(r.properties, `relationships[${i}].properties`);
    const triple = JSON.stringify([from, type, to]);
    const seen = byTriple.get(triple);
    if (seen) mergeProperties(seen.properties, properties);
    else byTriple.set(triple, { type, row: { from, to, props: properties.props, typed: properties.typed }, properties });
  });
  const relationshipGroups = new Map<string, { type: string; typed: TypedKey[]; rows: RelationshipRow[] }>();
  for (const { type, row, properties } of byTriple.values()) {
    const typed = typedKeysOf(properties.kinds);
    const groupKey = `${type}|${signatureOf(typed)}`;
    const group = relationshipGroups.get(groupKey) ?? { type, typed, rows: [] };
    group.rows.push(row);
    relationshipGroups.set(groupKey, group);
  }

  return {
    nodeGroups: [...groups.values()],
    relationshipGroups: [...relationshipGroups.values()],
    labels: [...allLabels],
    renamedKeys: [...byKey].filter(([, { properties }]) => Object.keys(properties.props).some(isNameKey)).map(([key]) => key),
    nodeCount: byKey.size,
  };
}
