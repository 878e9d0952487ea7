import {
  isDate,
  isDateTime,
  isDuration,
  isInt,
  isLocalDateTime,
  isLocalTime,
  isNode,
  isPath,
  isPoint,
  isRelationship,
  isTime,
  isUUID,
  isUnsupportedType,
  isVector,
  type Duration,
  type Integer,
  type Node,
  type Path,
  type Point,
  type Relationship,
} from 'neo4j-driver';
import type { GraphNode, GraphPath, GraphRelationship, JsonObject, JsonValue } from './port.js';
import { asJson, bigintValue, jsonNumber, mapObject, splitProperties } from './result-mapping.js';

/** Neo4j driver values to the JSON shapes result-mapping.ts describes. */

function neo4jNode(node: Node): GraphNode {
  const { properties, key, provenance } = splitProperties(mapObject(node.properties as Record<string, unknown>, mapNeo4jValue));
  const out: GraphNode = { id: node.elementId, labels: [...node.labels], properties };
  if (key !== undefined) out.key = key;
  if (provenance !== undefined) out.provenance = provenance;
  return out;
}

function neo4jRelationship(rel: Relationship): GraphRelationship {
  const { properties, provenance } = splitProperties(mapObject(rel.properties as Record<string, unknown>, mapNeo4jValue));
  const out: GraphRelationship = { id: rel.elementId, type: rel.type, start: rel.startNodeElementId, end: rel.endNodeElementId, properties };
  if (provenance !== undefined) out.provenance = provenance;
  return out;
}

function neo4jPath(path: Path): GraphPath {
  const nodes = [neo4jNode(path.start)];
  const relationships: GraphRelationship[] = [];
  for (const segment of path.segments) {
    relationships.push(neo4jRelationship(segment.relationship));
    nodes.push(neo4jNode(segment.end));
  }
  return { nodes, relationships };
}

function neo4jInteger(n: Integer): JsonValue {
  return n.inSafeRange() ? n.toNumber() : n.toString();
}

function neo4jPoint(p: Point): JsonValue {
  const out: JsonObject = { srid: mapNeo4jValue(p.srid), x: p.x, y: p.y };
  if (p.z !== undefined && p.z !== null) out.z = p.z;
  return out;
}

export function mapNeo4jValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return jsonNumber(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return bigintValue(value);
  if (isInt(value)) return neo4jInteger(value as Integer);
  if (isNode(value)) return asJson(neo4jNode(value as Node));
  if (isRelationship(value)) return asJson(neo4jRelationship(value as Relationship));
  if (isPath(value)) return asJson(neo4jPath(value as Path));
  if (isPoint(value)) return neo4jPoint(value as Point);
  if (isDuration(value)) return isoDuration(value as Duration);
  if (isDate(value) || isDateTime(value) || isLocalDateTime(value) || isLocalTime(value) || isTime(value)) {
    return String(value);
  }
  if (isUUID(value) || isUnsupportedType(value)) return String(value);
  if (isVector(value)) return Array.from((value as { asTypedArray(): ArrayLike<number | bigint> }).asTypedArray(), (x) => mapNeo4jValue(x));
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(mapNeo4jValue);
  if (typeof value === 'object') return mapObject(value as Record<string, unknown>, mapNeo4jValue);
  return String(value);
}

interface DurationParts {
  months: unknown;
  days: unknown;
  seconds: unknown;
  nanoseconds: unknown;
}

/**
 * A duration as ISO 8601 in the shortest form (`P1Y2M`, `PT1H30M`, `P3D`, `PT0S`), the text the
 * embedded engine gives: the driver's own text keeps empty parts (`P3DT`, `P0M3DT0S`).
 */
export function isoDuration(d: DurationParts): string {
  const months = Number(d.months);
  const days = Number(d.days);
  const total = BigInt(String(d.seconds)) * 1_000_000_000n + BigInt(String(d.nanoseconds));
  const negative = months < 0 || days < 0 || total < 0n;
  const abs = (n: number) => Math.abs(n);
  const nanos = total < 0n ? -total : total;
  const hours = nanos / 3_600_000_000_000n;
  const minutes = (nanos / 60_000_000_000n) % 60n;
  const secondsPart = nanos % 60_000_000_000n;
  const seconds = secondsPart / 1_000_000_000n;
  const fraction = (secondsPart % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  const date = `${abs(months) >= 12 ? `${Math.floor(abs(months) / 12)}Y` : ''}${abs(months) % 12 ? `${abs(months) % 12}M` : ''}${days ? `${abs(days)}D` : ''}`;
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds || fraction ? `${seconds}${fraction ? `.${fraction}` : ''}S` : ''}`;
  if (!date && !time) return 'PT0S';
  return `${negative ? '-' : ''}P${date}${time ? `T${time}` : ''}`;
}
