import type { GraphStore } from '../src/stores/graph/port.js';

/**
 * The graph that documents built, read back for the documents evaluation: a canonical dump
 * (what must be the same whatever order the documents were ingested in) and the checks of a
 * gold graph (things that must be there or gone, links between them, no wiki-link brackets).
 */

/** What the store keeps for itself on every node; not part of what documents built. */
const BOOKKEEPING = /^_/;

export interface DumpedNode {
  labels: string[];
  properties: Record<string, unknown>;
  /** The files whose facts support it. */
  files: string[];
}

export interface Dump {
  nodes: DumpedNode[];
  /** `from -TYPE-> to`, each end by its name (or its labels and properties when it has none), with its properties and files. */
  relationships: { from: string; type: string; to: string; properties: Record<string, unknown>; files: string[] }[];
}

const sortedObject = (value: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !BOOKKEEPING.test(k))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, Array.isArray(v) ? [...v].map(String).sort() : v]),
  );

/**
 * Every node but the Document nodes (those are per upload and carry its id), with its labels,
 * properties and supporting files; every relationship between such nodes. Sorted, so two dumps
 * of the same graph are the same text. `fileOf` maps a document id to its file name.
 */
export async function dumpGraph(graph: GraphStore, fileOf: (docId: string) => string): Promise<Dump> {
  const filesOf = (provenance: unknown) =>
    [...new Set((Array.isArray(provenance) ? provenance : []).map(String).map((p) => /^document:([^@]+)@/.exec(p)?.[1]).filter((id): id is string => !!id).map(fileOf))].sort();
  const { rows: nodeRows } = await graph.runReadOnly(
    "MATCH (n) WHERE NOT n:Document RETURN elementId(n) AS id, labels(n) AS labels, properties(n) AS properties, n._provenance AS provenance",
    {},
    { maxRows: 100_000 },
  );
  const identity = new Map<string, string>();
  const nodes: DumpedNode[] = nodeRows.map((r) => {
    const properties = sortedObject(r.properties as Record<string, unknown>);
    const labels = (r.labels as string[]).filter((l) => l !== '_CqksEntity').sort();
    identity.set(String(r.id), typeof properties.name === 'string' ? properties.name : JSON.stringify({ labels, properties }));
    return { labels, properties, files: filesOf(r.provenance) };
  });
  const { rows: relRows } = await graph.runReadOnly(
    'MATCH (a)-[r]->(b) WHERE NOT a:Document AND NOT b:Document RETURN elementId(a) AS a, type(r) AS type, elementId(b) AS b, properties(r) AS properties, r._provenance AS provenance',
    {},
    { maxRows: 100_000 },
  );
  const relationships = relRows.map((r) => ({
    from: identity.get(String(r.a)) ?? '?',
    type: String(r.type),
    to: identity.get(String(r.b)) ?? '?',
    properties: sortedObject(r.properties as Record<string, unknown>),
    files: filesOf(r.provenance),
  }));
  const text = (x: unknown) => JSON.stringify(x);
  nodes.sort((a, b) => text(a).localeCompare(text(b)));
  relationships.sort((a, b) => text(a).localeCompare(text(b)));
  return { nodes, relationships };
}

export interface GraphExpectation {
  nodes?: string[];
  gone_nodes?: string[];
  links?: [string, string][];
  gone_links?: [string, string][];
  /** Text no property value may contain. */
  values?: string[];
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}&]+/gu, ' ').trim();

/** What of `expected` the dump does not hold: one line per miss (none: all held). */
export function checkGraph(dump: Dump, expected: GraphExpectation): string[] {
  const names = new Set(dump.nodes.map((n) => n.properties.name).filter((n): n is string => typeof n === 'string').map(fold));
  const links = new Set(dump.relationships.map((r) => `${fold(r.from)}\u0000${fold(r.to)}`));
  const misses: string[] = [];
  for (const name of expected.nodes ?? []) if (!names.has(fold(name))) misses.push(`missing node: ${name}`);
  for (const name of expected.gone_nodes ?? []) if (names.has(fold(name))) misses.push(`node still there: ${name}`);
  for (const [a, b] of expected.links ?? []) if (!links.has(`${fold(a)}\u0000${fold(b)}`)) misses.push(`missing link: ${a} -> ${b}`);
  for (const [a, b] of expected.gone_links ?? []) if (links.has(`${fold(a)}\u0000${fold(b)}`)) misses.push(`link still there: ${a} -> ${b}`);
  for (const text of expected.values ?? []) {
    const holding = dump.nodes.filter((n) => JSON.stringify(n.properties).includes(text));
    if (holding.length > 0) misses.push(`${holding.length} node(s) hold "${text}" in a value (${holding.map((n) => String(n.properties.name)).slice(0, 3).join(', ')})`);
  }
  return misses;
}
