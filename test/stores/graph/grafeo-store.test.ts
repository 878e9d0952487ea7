import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import grafeo from '@grafeo-db/js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProblemError } from '../../../src/platform/problem.js';
import { DEFAULT_ALLOWED_PROCEDURES, checkReadOnly } from '../../../src/stores/graph/cypher-guard.js';
import { nodesByIdStatement } from '../../../src/stores/graph/cypher-statements.js';
import { GrafeoEngine, writeOperatorIn } from '../../../src/stores/graph/grafeo-engine.js';
import { GrafeoGraphStore } from '../../../src/stores/graph/grafeo-store.js';
import { openGraphStore } from '../../../src/stores/graph/index.js';
import type { GraphNode, GraphPath, GraphRelationship, UpsertBatch } from '../../../src/stores/graph/port.js';
import { prepareBatch } from '../../../src/stores/graph/upsert-batch.js';
import { LEGIT_READS, SEED, WRITE_ATTEMPTS } from './cypher-cases.js';

const allowedProcedures = [...DEFAULT_ALLOWED_PROCEDURES];
const openStore = () => GrafeoGraphStore.open({ queryTimeoutMs: 10_000, maxRows: 100, allowedProcedures });

/** Everything in the graph, bookkeeping included, in a stable order. */
async function dump(store: GrafeoGraphStore): Promise<string> {
  const nodes = await store.runReadOnly('MATCH (n) RETURN labels(n) AS labels, properties(n) AS props ORDER BY n._key', {}, { maxRows: 10_000 });
  const rels = await store.runReadOnly(
    'MATCH (a)-[r]->(b) RETURN a._key AS a, type(r) AS type, b._key AS b, properties(r) AS props ORDER BY a, type, b',
    {},
    { maxRows: 10_000 },
  );
  return JSON.stringify({ stats: await store.stats(), nodes: nodes.rows, rels: rels.rows });
}

describe('Grafeo adapter over the seed graph', () => {
  let store: GrafeoGraphStore;
  let seeded: string;

  beforeAll(async () => {
    store = await openStore();
    await store.upsert(SEED, 'seed');
    seeded = await dump(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  describe('write and escape attempts', () => {
    it.each(WRITE_ATTEMPTS)('$name: refused with a 422 and the graph is unchanged', async ({ cypher }) => {
      expect(checkReadOnly(cypher, { allowedProcedures }).ok).toBe(false);
      const error = await store.runReadOnly(cypher).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProblemError);
      expect(error).toMatchObject({ status: 422, slug: 'cypher-not-read-only' });
      await expect(store.validate(cypher)).rejects.toMatchObject({ status: 422, slug: 'cypher-not-read-only' });
      expect(await dump(store)).toBe(seeded);
    });

    it('none of them reached the engine: not even a rolled-back label shows in its catalog', async () => {
      const labels = await store.runReadOnly('CALL db.labels() YIELD label RETURN label');
      expect(labels.rows.map((r) => r.label)).not.toContain('Hacked');
    });

    it('CRE/**/ATE is not Cypher: the guard sees two names, the engine refuses it as invalid, nothing is written', async () => {
      expect(checkReadOnly('CRE/**/ATE (n:Hacked)', { allowedProcedures }).ok).toBe(true);
      await expect(store.runReadOnly('CRE/**/ATE (n:Hacked)')).rejects.toMatchObject({ status: 422, slug: 'cypher-invalid' });
      expect(await dump(store)).toBe(seeded);
    });
  });

  describe('legitimate reads', () => {
    it.each(LEGIT_READS)('$name', async ({ cypher, params, rows }) => {
      const result = await store.runReadOnly(cypher, params);
      expect(result.queryType).toBe('r');
      expect(result.truncated).toBe(false);
      expect(result.rowCount).toBe(result.rows.length);
      expect(result.elapsedMs).toBeGreaterThanOrEqual(0);
      if (typeof rows === 'function') rows(result.rows);
      else expect(result.rows).toEqual(rows);
      await expect(store.validate(cypher, params)).resolves.toEqual({ queryType: 'r' });
    });

    it('gives the column names, also when there are no rows', async () => {
      const result = await store.runReadOnly('MATCH (n:Nothing) RETURN n.x AS x, n.y AS y');
      expect(result).toMatchObject({ columns: ['x', 'y'], rows: [], rowCount: 0, truncated: false });
    });

    it('leaves the graph as it was', async () => {
      expect(await dump(store)).toBe(seeded);
    });
  });

  describe('row limit', () => {
    it('cuts at maxRows and says so', async () => {
      const result = await store.runReadOnly('MATCH (a), (b) RETURN a._key AS a, b._key AS b', {}, { maxRows: 5 });
      expect(result.rowCount).toBe(5);
      expect(result.rows).toHaveLength(5);
      expect(result.truncated).toBe(true);
    });

    it('does not flag a result of exactly maxRows rows', async () => {
      const result = await store.runReadOnly('MATCH (p:Person) RETURN p.name AS name', {}, { maxRows: 3 });
      expect(result).toMatchObject({ rowCount: 3, truncated: false });
    });

    it('cuts while reading when the limit cannot be pushed into the query (UNION)', async () => {
      const result = await store.runReadOnly('MATCH (p:Person) RETURN p.name AS name UNION MATCH (o:Organization) RETURN o.name AS name', {}, { maxRows: 2 });
      expect(result).toMatchObject({ rowCount: 2, truncated: true });
    });

    it('stops the engine at the limit: a two-billion-row product answers at once', async () => {
      const started = performance.now();
      // 6^12 rows: only a LIMIT inside the engine makes this finish.
      const result = await store.runReadOnly('MATCH (a), (b), (c), (d), (e), (f), (g), (h), (i), (j), (k), (l) RETURN a._key AS a, l._key AS l', {}, { maxRows: 3 });
      expect(result).toMatchObject({ rowCount: 3, truncated: true });
      expect(performance.now() - started).toBeLessThan(5_000);
    });

    it('uses the store default when no limit is given', async () => {
      const small = await GrafeoGraphStore.open({ queryTimeoutMs: 10_000, maxRows: 2, allowedProcedures });
      try {
        const result = await small.runReadOnly('UNWIND range(1, 10) AS x RETURN x');
        expect(result).toMatchObject({ rows: [{ x: 1 }, { x: 2 }], truncated: true });
      } finally {
        await small.close();
      }
    });
  });

  describe('result mapping', () => {
    it('maps nodes, relationships, paths, lists, maps, big integers and temporals to plain JSON', async () => {
      const result = await store.runReadOnly(
        "MATCH p = (a:Person {name: 'Alice Smith'})-[r:KNOWS]->(b) " +
          "RETURN a, r, p, [a.name, b.name] AS names, {friend: b.name, n: 1} AS m, 9007199254740993 AS big, 1.5 AS f, datetime('2024-01-02T03:04:05Z') AS dt",
      );
      const row = result.rows[0]!;
      const a = row.a as unknown as GraphNode;
      expect(a).toEqual({
        id: expect.any(String),
        labels: expect.arrayContaining(['Person', 'Entity']),
        properties: { name: 'Alice Smith', age: 30, set: 'blue' },
        key: 'person:alice',
        provenance: ['seed'],
      });
      expect(a.properties).not.toHaveProperty('_search');
      const r = row.r as unknown as GraphRelationship;
      expect(r).toEqual({ id: expect.any(String), type: 'KNOWS', start: a.id, end: expect.any(String), properties: { since: 2020 }, provenance: ['seed'] });
      const p = row.p as unknown as GraphPath;
      expect(p.nodes.map((n) => n.key)).toEqual(['person:alice', 'person:bob']);
      expect(p.relationships).toEqual([r]);
      expect(r.end).toBe(p.nodes[1]!.id);
      expect(row.names).toEqual(['Alice Smith', 'Bob Jones']);
      expect(row.m).toEqual({ friend: 'Bob Jones', n: 1 });
      expect(row.big).toBe('9007199254740993');
      expect(row.f).toBe(1.5);
      expect(row.dt).toBe('2024-01-02T03:04:05Z');
      expect(JSON.parse(JSON.stringify(result.rows))).toEqual(result.rows);
    });
  });

  describe('errors', () => {
    it('answers 422 cypher-invalid for what the engine cannot parse or resolve, in runReadOnly and validate', async () => {
      for (const cypher of ['RETURN nosuchfunction(1) AS x', 'MATCH (n) RETURN m', 'MATCH (n) RETURN n.set AS s']) {
        await expect(store.runReadOnly(cypher), cypher).rejects.toMatchObject({ status: 422, slug: 'cypher-invalid' });
        await expect(store.validate(cypher), cypher).rejects.toMatchObject({ status: 422, slug: 'cypher-invalid' });
      }
    });

    it('answers 422 cypher-failed for a query that fails on its data', async () => {
      await expect(store.runReadOnly('RETURN 1 / 0 AS x')).rejects.toMatchObject({ status: 422, slug: 'cypher-failed' });
    });

    it('answers 400 for parameters or limits that are not plain JSON or positive integers', async () => {
      await expect(store.runReadOnly('RETURN $x AS x', { x: (() => 1) as never })).rejects.toMatchObject({ status: 400 });
      await expect(store.runReadOnly('RETURN 1 AS x', {}, { maxRows: 0 })).rejects.toMatchObject({ status: 400 });
      await expect(store.runReadOnly('RETURN 1 AS x', {}, { timeoutMs: -5 })).rejects.toMatchObject({ status: 400 });
    });

    it('is healthy', async () => {
      await expect(store.health()).resolves.toBeUndefined();
    });
  });

  describe('introspect', () => {
    it('lists labels with counts and properties, relationship types with counts and the label pairs they join', async () => {
      const schema = await store.introspect();
      expect(schema.labels).toEqual([
        { label: 'City', count: 1, properties: ['name'] },
        { label: 'Entity', count: 6, properties: ['age', 'aliases', 'name', 'set'] },
        { label: 'Organization', count: 2, properties: ['aliases', 'name'] },
        { label: 'Person', count: 3, properties: ['age', 'name', 'set'] },
      ]);
      expect(schema.relationshipTypes).toEqual([
        { type: 'KNOWS', count: 2, patterns: [{ from: 'Person', to: 'Person' }], properties: ['since'] },
        { type: 'LOCATED_IN', count: 1, patterns: [{ from: 'Organization', to: 'City' }], properties: [] },
        { type: 'WORKS_AT', count: 3, patterns: [{ from: 'Person', to: 'Organization' }], properties: [] },
      ]);
      expect(schema.propertyKeys).toEqual(['age', 'aliases', 'name', 'set', 'since']);
    });
  });

  describe('findNodesByName', () => {
    const names = async (text: string, opts?: { labels?: string[]; limit?: number }) =>
      (await store.findNodesByName(text, opts)).map((m) => m.node.properties.name);

    it('finds by a word or the start of a word, whatever the case and accents', async () => {
      expect(await names('ali')).toEqual(['Alice Smith']);
      expect(await names('SMITH')).toEqual(['Alice Smith']);
      expect(await names('zurich')).toEqual(['Zürich']);
      expect(await names('ZÜR')).toEqual(['Zürich']);
      expect(await names('globex corporation')).toEqual(['Globex']); // through `aliases`
    });

    it('ranks by relevance and honours labels and limit', async () => {
      const both = await store.findNodesByName('acme alice');
      expect(both.map((m) => m.node.key).sort()).toEqual(['org:acme', 'person:alice']);
      expect(both[0]!.score).toBeGreaterThanOrEqual(both[1]!.score);
      expect(await names('acme alice', { labels: ['Organization'] })).toEqual(['Acme Corp']);
      expect(await names('acme alice', { labels: ['Person'] })).toEqual(['Alice Smith']);
      expect(await names('acme alice', { limit: 1 })).toHaveLength(1);
      expect(await names('acme alice', { labels: ['NeverUsed'] })).toEqual([]);
      expect(await names('')).toEqual([]);
      expect(await names('  -- ')).toEqual([]);
      expect(await names('nobody')).toEqual([]);
    });

    it('gives nodes in the common shape', async () => {
      const [match] = await store.findNodesByName('bob');
      expect(match).toEqual({
        node: { id: expect.any(String), labels: expect.arrayContaining(['Person', 'Entity']), properties: { name: 'Bob Jones', age: 25 }, key: 'person:bob', provenance: ['seed'] },
        score: expect.any(Number),
      });
    });
  });

  it('openGraphStore picks Grafeo when no Neo4j is configured', async () => {
    const opened = await openGraphStore({ queryTimeoutMs: 1_000, maxRows: 10, allowedProcedures });
    try {
      expect(opened.engine).toBe('grafeo');
      await expect(opened.runReadOnly('RETURN 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await opened.close();
    }
  });
});

describe('Grafeo adapter writes', () => {
  let store: GrafeoGraphStore;
  beforeAll(async () => {
    store = await openStore();
  });
  afterAll(async () => {
    await store?.close();
  });

  const batch: UpsertBatch = {
    nodes: [
      { key: 'p:ada', labels: ['Person'], properties: { name: 'Ada Lovelace', born: 1815 } },
      { key: 'p:charles', labels: ['Person', 'Inventor'], properties: { name: 'Charles Babbage' } },
    ],
    relationships: [{ fromKey: 'p:ada', type: 'WORKED_WITH', toKey: 'p:charles', properties: { topic: 'engines' } }],
  };

  it('upserting the same batch twice leaves the graph as upserting it once', async () => {
    await expect(store.upsert(batch, 'doc-1')).resolves.toEqual({ nodes: 2, relationships: 1 });
    const once = await dump(store);
    await expect(store.upsert(batch, 'doc-1')).resolves.toEqual({ nodes: 2, relationships: 1 });
    expect(await dump(store)).toBe(once);
    const ada = await store.runReadOnly("MATCH (n {_key: 'p:ada'}) RETURN n");
    expect(ada.rows[0]!.n).toMatchObject({ key: 'p:ada', provenance: ['doc-1'], labels: expect.arrayContaining(['Entity', 'Person']) });
  });

  it('merges properties, removes a property set to null, and records a second provenance once', async () => {
    await store.upsert({ nodes: [{ key: 'p:ada', labels: ['Mathematician'], properties: { born: null, title: 'Countess' } }], relationships: [] }, 'doc-2');
    await store.upsert({ nodes: [{ key: 'p:ada', labels: [], properties: {} }], relationships: [] }, 'doc-2');
    const result = await store.runReadOnly("MATCH (n {_key: 'p:ada'}) RETURN n");
    expect(result.rows[0]!.n).toMatchObject({
      labels: expect.arrayContaining(['Entity', 'Person', 'Mathematician']),
      properties: { name: 'Ada Lovelace', title: 'Countess' },
      provenance: ['doc-1', 'doc-2'],
    });
    expect(await store.findNodesByName('lovelace')).toHaveLength(1); // a row without a name keeps the search text
  });

  it('folds duplicates inside a batch and skips relationships whose endpoints do not exist', async () => {
    const counts = await store.upsert(
      {
        nodes: [
          { key: 'p:grace', labels: ['Person'], properties: { name: 'Grace' } },
          { key: 'p:grace', labels: ['Admiral'], properties: { name: 'Grace Hopper' } },
        ],
        relationships: [
          { fromKey: 'p:grace', type: 'KNEW', toKey: 'p:ada' },
          { fromKey: 'p:grace', type: 'KNEW', toKey: 'p:ada' },
          { fromKey: 'p:grace', type: 'KNEW', toKey: 'p:nobody' },
        ],
      },
      'doc-3',
    );
    expect(counts).toEqual({ nodes: 1, relationships: 1 });
    const grace = await store.runReadOnly("MATCH (n {_key: 'p:grace'}) RETURN n.name AS name, labels(n) AS labels");
    expect(grace.rows[0]).toMatchObject({ name: 'Grace Hopper', labels: expect.arrayContaining(['Person', 'Admiral']) });
  });

  it('deleteByProvenance keeps what another provenance also wrote', async () => {
    // doc-1 wrote ada, charles and WORKED_WITH; doc-2 also wrote ada; doc-3 wrote grace and KNEW.
    await expect(store.deleteByProvenance('doc-1')).resolves.toEqual({ nodes: 1, relationships: 1 }); // charles and WORKED_WITH
    const left = await store.runReadOnly('MATCH (n:Entity) RETURN n._key AS key, n._provenance AS prov ORDER BY key');
    expect(left.rows).toEqual([
      { key: 'p:ada', prov: ['doc-2'] },
      { key: 'p:grace', prov: ['doc-3'] },
    ]);
    expect(await store.findNodesByName('babbage')).toEqual([]);
    await expect(store.deleteByProvenance('doc-1')).resolves.toEqual({ nodes: 0, relationships: 0 });
    // Deleting ada (only doc-2 left on her) takes the KNEW relationship of doc-3 with her.
    await expect(store.deleteByProvenance('doc-2')).resolves.toEqual({ nodes: 1, relationships: 1 });
    await expect(store.deleteByProvenance('doc-3')).resolves.toEqual({ nodes: 1, relationships: 0 });
    expect(await store.stats()).toEqual({ nodes: 0, relationships: 0 });
  });

  it('refuses labels, types and properties that are not safe to write, with a 400', async () => {
    const bad: [string, UpsertBatch][] = [
      ['label injection', { nodes: [{ key: 'k', labels: ['Person) DETACH DELETE (n'], properties: {} }], relationships: [] }],
      ['backtick in a label', { nodes: [{ key: 'k', labels: ['A`B'], properties: {} }], relationships: [] }],
      ['type injection', { nodes: [], relationships: [{ fromKey: 'a', type: 'R]->() DELETE x //', toKey: 'b' }] }],
      ['reserved property', { nodes: [{ key: 'k', labels: ['A'], properties: { _provenance: ['forged'] } as never }], relationships: [] }],
      ['nested value', { nodes: [{ key: 'k', labels: ['A'], properties: { x: { y: 1 } } as never }], relationships: [] }],
      ['mixed list', { nodes: [{ key: 'k', labels: ['A'], properties: { x: [1, 'a'] } as never }], relationships: [] }],
      ['empty key', { nodes: [{ key: '', labels: ['A'] }], relationships: [] }],
    ];
    for (const [name, b] of bad) {
      await expect(store.upsert(b, 'doc-x'), name).rejects.toMatchObject({ status: 400 });
    }
    await expect(store.upsert({ nodes: [], relationships: [] }, '')).rejects.toMatchObject({ status: 400 });
    expect(await store.stats()).toEqual({ nodes: 0, relationships: 0 });
  });
});

describe('Grafeo engine internals', () => {
  let dir: string;
  let engine: GrafeoEngine;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cqks-graph-engine-'));
    engine = await GrafeoEngine.open(path.join(dir, 'g.grafeo'));
    await engine.upsert({ batch: prepareBatch(SEED), provenance: 'seed' });
  });
  afterAll(async () => {
    engine?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('findNodesByName is answered by the full-text index: a BM25 search, then a fetch of those ids only', async () => {
    const textSearch = vi.spyOn(grafeo.GrafeoDB.prototype, 'textSearch');
    const executeCypher = vi.spyOn(grafeo.Transaction.prototype, 'executeCypher');
    try {
      const answer = await engine.search({ terms: ['smi'], labels: [], limit: 5 });
      expect(answer.matches.map((m) => (m.node as { key: string }).key)).toEqual(['person:alice']);
      expect(textSearch).toHaveBeenCalledWith('Entity', '_search', 'smi', 5);
      expect(executeCypher.mock.calls.map((c) => c[0])).toEqual([nodesByIdStatement]);
    } finally {
      textSearch.mockRestore();
      executeCypher.mockRestore();
    }
  });

  it('refuses a write that reached it (past the guard) from its plan, and rolls back', async () => {
    const before = await engine.run('stats', {});
    await expect(engine.read({ statement: 'CREATE (n:Hacked)', run: 'CREATE (n:Hacked)', params: {}, maxRows: 10 })).rejects.toMatchObject({
      kind: 'not-read-only',
    });
    await expect(engine.validate({ statement: 'MATCH (n) SET n.x = 1', params: {} })).rejects.toMatchObject({ kind: 'not-read-only' });
    expect(await engine.run('stats', {})).toEqual(before);
  });

  it('recognizes write operators in Grafeo plans', () => {
    expect(writeOperatorIn('Return ()\n  SetProperty (n.x)\n    NodeScan (n:*)\n')).toBe('the SetProperty operator');
    expect(writeOperatorIn('Return (n) [after the write]\n  Create (n:X)\n')).toBe('a write before RETURN');
    expect(writeOperatorIn('Return (l)\n  LoadCsv (\'x\' AS l)\n')).toBe('the LoadCsv operator');
    expect(writeOperatorIn('Return ()\n  DeleteEdge (r)\n')).toBe('the DeleteEdge operator');
    expect(writeOperatorIn('Limit (3)\n  Return (n)\n    Filter (n.name Eq "Set")\n      NodeScan (n:*)\n')).toBeNull();
    expect(writeOperatorIn('Return (p)\n  ShortestPath (a -> b)\n    NodeScan (b:*)\n')).toBeNull();
  });
});
