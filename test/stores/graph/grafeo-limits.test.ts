import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROVENANCE, demoGraph } from '../../../src/demo/graph.js';
import { DomainError } from '../../../src/platform/domain-error.js';
import { openGraphStore } from '../../../src/stores/graph/index.js';
import type { GraphStore } from '../../../src/stores/graph/port.js';

/**
 * The embedded engine's resource limits: a query that eats memory is stopped at the process's
 * cap, a result over its byte limit is refused, and a query the engine panics on is a 422
 * without internals. None of them is run twice.
 */
describe('embedded graph engine limits', () => {
  let graph: GraphStore;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cqks-limits-'));
    graph = await openGraphStore({ dataDir: dir, queryTimeoutMs: 60_000, maxRows: 1000, allowedProcedures: [], maxResultBytes: 1_000_000, maxMemoryMb: 400 });
    await graph.upsert(demoGraph(), DEMO_PROVENANCE);
  });
  afterAll(async () => {
    await graph.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** How many times the engine process was replaced (the supervisor is the store's own). */
  const restartsOf = (store: GraphStore) => (store as unknown as { supervisor: { restartCount: number } }).supervisor.restartCount;

  const problem = async (cypher: string) => {
    const error = await graph.runReadOnly(cypher).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  };

  it('a result over GRAPH_QUERY_MAX_RESULT_BYTES is a 422 that says so', async () => {
    const error = await problem("RETURN [x IN range(1, 200000) | 'xxxxxxxxxx'] AS big");
    expect(error).toMatchObject({ category: 'refused', kind: 'result-too-large' });
    expect(error.message).toContain('1000000 bytes');
    // Under the limit it is answered.
    expect((await graph.runReadOnly("RETURN [x IN range(1, 1000) | 'xxxxxxxxxx'] AS small")).rowCount).toBe(1);
  });

  it('a query that eats memory is stopped at the engine’s cap with a 422, run once, and the engine comes back', async () => {
    const restarts = restartsOf(graph);
    const started = performance.now();
    const error = await problem('UNWIND range(1, 1000000000) AS x WITH collect(x) AS xs RETURN size(xs) AS n');
    expect(error).toMatchObject({ category: 'refused', kind: 'query-memory' });
    expect(performance.now() - started).toBeLessThan(30_000);
    expect((await graph.runReadOnly('MATCH (n:Person) RETURN count(n) AS n')).rows).toEqual([{ n: 120 }]);
    // One restart: the query was not sent again to the fresh engine.
    expect(restartsOf(graph)).toBe(restarts + 1);
  }, 60_000);

  it('a query the engine panics on is a 422 without the engine’s internals', async () => {
    // Grafeo 0.6 panics on this one ("task … panicked with message \"assertion failed …\"").
    const error = await problem('MATCH (a)--(b)--(c)--(d) RETURN count(*) AS n');
    expect(error).toMatchObject({ category: 'refused', kind: 'engine-failure' });
    expect(JSON.stringify(error)).not.toMatch(/panicked|assertion|task \d+/);
  }, 60_000);
});
