import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import grafeo from '@grafeo-db/js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nodesByIdStatement } from '../../../src/stores/graph/cypher-statements.js';
import { GrafeoEngine, writeOperatorIn } from '../../../src/stores/graph/grafeo-engine.js';
import { GrafeoGraphStore } from '../../../src/stores/graph/grafeo-store.js';
import { openGraphStore } from '../../../src/stores/graph/index.js';
import { prepareBatch } from '../../../src/stores/graph/upsert-batch.js';
import { SEED } from './cypher-cases.js';
import { CONTRACT_LIMITS, allowedProcedures, describeGraphStoreContract } from './graph-store.contract.js';

/** Each store opened here is in memory: a fresh, empty graph every time. */
describeGraphStoreContract({
  name: 'Grafeo',
  openEmpty: (limits) => GrafeoGraphStore.open({ ...CONTRACT_LIMITS, ...limits, allowedProcedures }),
  openAnother: (limits) => GrafeoGraphStore.open({ ...CONTRACT_LIMITS, ...limits, allowedProcedures }),
  keywordsAsPropertyNames: false,
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
      expect(textSearch).toHaveBeenCalledWith('_CqksEntity', '_search', 'smi', 5);
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

describe('a Grafeo file written when the bookkeeping label was Entity', () => {
  it('is relabelled when opened: its nodes keep their keys, the name search works, and Entity leaves the schema', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cqks-graph-legacy-'));
    const file = path.join(dir, 'g.grafeo');
    try {
      // What an older version left: `Entity` on every node, its key index and full-text index on that label.
      const old = grafeo.GrafeoDB.create(file);
      await old.executeCypher('CREATE INDEX cqks_entity_key IF NOT EXISTS FOR (n:Entity) ON (n._key)');
      await old.createTextIndex('Entity', '_search', { tokenizer: 'standard', stopWords: [] });
      await old.executeCypher(
        "CREATE (a:Entity:Person {_key: 'p:ada', _provenance: ['doc-1'], _search: 'ada lovelace ad lo lov', name: 'Ada Lovelace'})-[:KNOWS {_provenance: ['doc-1']}]->(b:Entity:Person {_key: 'p:charles', _provenance: ['doc-1'], _search: 'charles ch', name: 'Charles'})",
      );
      old.close();

      const engine = await GrafeoEngine.open(file);
      try {
        const all = 'MATCH (n) RETURN n._key AS key, labels(n) AS labels ORDER BY key';
        const read = await engine.read({ statement: all, run: all, params: {}, maxRows: 10 });
        expect(read.rows.map((r) => [r.key, [...(r.labels as string[])].sort()])).toEqual([
          ['p:ada', ['Person', '_CqksEntity']],
          ['p:charles', ['Person', '_CqksEntity']],
        ]);
        expect((await engine.introspect()).labels.map((l) => l.label)).toEqual(['Person']);
        expect((await engine.search({ terms: ['lovelace'], labels: [], limit: 5 })).matches.map((m) => (m.node as { key: string }).key)).toEqual(['p:ada']);
        // A second upsert finds the relabelled node by its key rather than writing a second one.
        await engine.upsert({ batch: prepareBatch({ nodes: [{ key: 'p:ada', labels: ['Person'], properties: { born: 1815 } }], relationships: [] }), provenance: 'doc-2' });
        expect((await engine.run('stats', {})).nodes).toBe(2);
      } finally {
        engine.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
