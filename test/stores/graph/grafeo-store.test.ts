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
