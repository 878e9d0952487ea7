import { readFile } from 'node:fs/promises';
import type { NodeUpsert, PropertyValue, RelationshipUpsert, TemporalKind, UpsertBatch } from '../src/stores/graph/port.js';

/**
 * A graph for an evaluation, read from a file into one upsert batch, so it is written through
 * the service's own graph store (keys, provenance and name search as for any other data).
 *
 * Two formats:
 * - `.json`: `{ nodes: [{ key, labels, properties }], relationships: [{ fromKey, type, toKey, properties }] }`;
 * - `.cypher`: one statement a line, as the external benchmark ships its graph:
 *   `CREATE (:Label {…, _k: 'p0'});` and `MATCH (a {_k: 'p0'}), (b {_k: 'm1'}) CREATE (a)-[:TYPE {…}]->(b);`.
 *   `_k` becomes the node's key. A node may have several labels (`CREATE (:Application:Process {…})`);
 *   values are scalars, lists of scalars, temporal literals (`date('2015-08-29')`, `datetime(…)`,
 *   `localdatetime`, `time`, `localtime`, `duration`) and points (`point({srid: 4326, x: …, y: …})`).
 *   Nothing else of Cypher is understood: this is a data format, not a query.
 */

export async function readGraphFile(file: string): Promise<UpsertBatch> {
  const text = await readFile(file, 'utf8');
  if (file.endsWith('.json')) return JSON.parse(text) as UpsertBatch;
  return parseCypherGraph(text);
}

const NODE_LINE = /^CREATE \(((?::[A-Za-z_][A-Za-z0-9_]*)+) (\{.*\})\);?$/;
const REL_LINE = /^MATCH \(a \{_k: '([^']+)'\}\), \(b \{_k: '([^']+)'\}\) CREATE \(a\)-\[:([A-Za-z_][A-Za-z0-9_]*)(?: (\{.*\}))?\]->\(b\);?$/;

export function parseCypherGraph(text: string): UpsertBatch {
  const nodes: NodeUpsert[] = [];
  const relationships: RelationshipUpsert[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    // The key is kept as the node's key; the statement that drops it after loading has nothing to do here.
    if (!line || line.startsWith('//') || /^MATCH \(n\) REMOVE n\._k;?$/.test(line)) return;
    const node = NODE_LINE.exec(line);
    if (node) {
      const properties = parseMap(node[2]!);
      const key = properties._k;
      if (typeof key !== 'string') throw new Error(`line ${index + 1}: a node without its _k key`);
      delete properties._k;
      nodes.push({ key, labels: node[1]!.slice(1).split(':'), properties });
      return;
    }
    const rel = REL_LINE.exec(line);
    if (rel) {
      relationships.push({ fromKey: rel[1]!, toKey: rel[2]!, type: rel[3]!, ...(rel[4] ? { properties: parseMap(rel[4]) } : {}) });
      return;
    }
    throw new Error(`line ${index + 1}: not a node or relationship statement of the graph format`);
  });
  return { nodes, relationships };
}

/** The largest batch the store takes: a graph of any size is written in batches of this many nodes, then of relationships. */
const MAX_BATCH = 10_000;

/** A graph cut into batches the store accepts: all nodes first, so every relationship finds its ends. */
export function batchesOf(graph: UpsertBatch): UpsertBatch[] {
  const batches: UpsertBatch[] = [];
  for (let i = 0; i < graph.nodes.length; i += MAX_BATCH) batches.push({ nodes: graph.nodes.slice(i, i + MAX_BATCH), relationships: [] });
  for (let i = 0; i < graph.relationships.length; i += MAX_BATCH) batches.push({ nodes: [], relationships: graph.relationships.slice(i, i + MAX_BATCH) });
  return batches;
}

const TEMPORAL_FUNCTIONS: ReadonlySet<string> = new Set<TemporalKind>(['date', 'datetime', 'localdatetime', 'time', 'localtime', 'duration']);

/** A Cypher map literal of scalars, lists of scalars, temporal literals and points. */
export function parseMap(text: string): Record<string, PropertyValue> {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at ${at} in ${text.slice(0, 80)}`);
  };
  const space = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const expect = (c: string) => {
    space();
    if (text[at] !== c) fail(`expected ${c}`);
    at++;
  };
  const scalar = (): string | number | boolean | null => {
    space();
    const c = text[at];
    if (c === "'" || c === '"') {
      at++;
      let out = '';
      while (at < text.length && text[at] !== c) {
        if (text[at] === '\\') {
          at++;
          const e = text[at++];
          out += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'r' ? '\r' : (e ?? '');
        } else out += text[at++];
      }
      if (text[at] !== c) fail('unterminated string');
      at++;
      return out;
    }
    const word = /^(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)/.exec(text.slice(at));
    if (!word) return fail('expected a value');
    at += word[0].length;
    if (word[0] === 'true') return true;
    if (word[0] === 'false') return false;
    if (word[0] === 'null') return null;
    return Number(word[0]);
  };
  const call = (): PropertyValue | undefined => {
    const name = /^([a-z]+)\(/.exec(text.slice(at));
    if (!name) return undefined;
    at += name[0].length;
    space();
    let result: PropertyValue;
    if (TEMPORAL_FUNCTIONS.has(name[1]!)) {
      const iso = scalar();
      if (typeof iso !== 'string') fail(`${name[1]}() takes its ISO text`);
      result = { temporal: name[1] as TemporalKind, value: iso as string };
    } else if (name[1] === 'point') {
      const coordinates = parseMapAt();
      result = { point: coordinates as unknown as { srid: number; x: number; y: number } };
    } else return fail(`unknown function ${name[1]}`);
    expect(')');
    return result;
  };
  const value = (): PropertyValue => {
    space();
    const called = call();
    if (called !== undefined) return called;
    if (text[at] !== '[') return scalar();
    at++;
    const items: (string | number | boolean)[] = [];
    space();
    while (text[at] !== ']') {
      const item = scalar();
      if (item !== null) items.push(item);
      space();
      if (text[at] === ',') at++;
      else if (text[at] !== ']') fail('expected , or ]');
      space();
    }
    at++;
    return items as PropertyValue;
  };
  function parseMapAt(): Record<string, PropertyValue> {
    const map: Record<string, PropertyValue> = {};
    expect('{');
    space();
    while (text[at] !== '}') {
      const key = /^[A-Za-z_][A-Za-z0-9_]*|^`[^`]+`/.exec(text.slice(at));
      if (!key) fail('expected a key');
      at += key![0].length;
      expect(':');
      map[key![0].replace(/`/g, '')] = value();
      space();
      if (text[at] === ',') at++;
      else if (text[at] !== '}') fail('expected , or }');
      space();
    }
    at++;
    return map;
  }
  return parseMapAt();
}
