import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_PROCEDURES } from '../../../src/cypher/guard.js';
import { GrafeoGraphStore } from '../../../src/stores/graph/grafeo-store.js';
import type { UpsertBatch } from '../../../src/stores/graph/port.js';
import { isProcessAlive } from '../../support/processes.js';

/**
 * The embedded engine has no timeout of its own: these tests show that the store's time
 * limit stops a runaway query for real (its process is gone, so is its CPU work), answers
 * with the 422 about when the limit passes, and that the store goes on working with its data.
 */

const LIMIT_MS = 400;
/** A thousand nodes, three ways: a billion combinations, filtered so that nothing can stop early. */
const RUNAWAY = 'MATCH (a:N), (b:N), (c:N) WHERE a.i + b.i + c.i < 0 RETURN count(*) AS n';
const allowedProcedures = [...DEFAULT_ALLOWED_PROCEDURES];

const nodes = (count: number, label: string, offset = 0): UpsertBatch => ({
  nodes: Array.from({ length: count }, (_, i) => ({ key: `${label}:${offset + i}`, labels: [label], properties: { i: offset + i } })),
  relationships: [],
});

async function timed<T>(work: Promise<T>): Promise<{ value: T | undefined; error: unknown; ms: number }> {
  const started = performance.now();
  try {
    const value = await work;
    return { value, error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { value: undefined, error, ms: performance.now() - started };
  }
}

/** Records what the supervisor logs, with when. */
const events: { at: number; msg: string }[] = [];
const logger = {
  info: (_: object, msg?: string) => void events.push({ at: performance.now(), msg: msg ?? '' }),
  warn: (_: object, msg?: string) => void events.push({ at: performance.now(), msg: msg ?? '' }),
  error: (_: object, msg?: string) => void events.push({ at: performance.now(), msg: msg ?? '' }),
};

describe('Grafeo time limit (persistent data directory)', () => {
  let dataDir: string;
  let store: GrafeoGraphStore;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cqks-graph-limit-'));
    store = await GrafeoGraphStore.open({ dataDir, queryTimeoutMs: LIMIT_MS, maxRows: 100, allowedProcedures, logger });
    await store.upsert(nodes(1000, 'N'), 'bulk');
  });
  afterAll(async () => {
    await store?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers a runaway query with the 422 timeout at about the limit, kills the work, and keeps its data', async () => {
    const pid = store.enginePid!;
    const { error, ms } = await timed(store.runReadOnly(RUNAWAY));
    expect(error).toMatchObject({ category: 'refused', kind: 'query-timeout', details: { limit_ms: LIMIT_MS } });
    expect((error as Error).message).toContain(`${LIMIT_MS} ms`);
    expect(ms).toBeGreaterThanOrEqual(LIMIT_MS - 5);
    expect(ms).toBeLessThan(LIMIT_MS + 1_000);

    await store.health(); // answered by the fresh engine process
    expect(store.enginePid).not.toBe(pid);
    expect(isProcessAlive(pid)).toBe(false); // the process that ran the query, and its native threads, are gone
    expect(store.restartCount).toBe(1);
    await expect(store.runReadOnly('MATCH (n:N) RETURN count(n) AS n, sum(n.i) AS s')).resolves.toMatchObject({ rows: [{ n: 1000, s: 499500 }] });
  });

  it('takes a per-query limit', async () => {
    const { error, ms } = await timed(store.runReadOnly(RUNAWAY, {}, { timeoutMs: 150 }));
    expect(error).toMatchObject({ category: 'refused', kind: 'query-timeout', details: { limit_ms: 150 } });
    expect(ms).toBeLessThan(150 + 1_000);
  });

  it('does not hurt reads and writes that run beside the runaway', async () => {
    const runaway = timed(store.runReadOnly(RUNAWAY));
    const read = store.runReadOnly('MATCH (n:N) RETURN count(n) AS n');
    const write = store.upsert({ nodes: [{ key: 'late', labels: ['Late'], properties: { name: 'Late Node' } }], relationships: [] }, 'late');
    const [cut, readAnswer, written] = await Promise.all([runaway, read, write]);
    expect(cut.error).toMatchObject({ kind: 'query-timeout' });
    expect(readAnswer.rows).toEqual([{ n: 1000 }]);
    expect(written).toEqual({ nodes: 1, relationships: 0 });
    // A read sent while the engine restarts waits for the new process and is answered.
    await expect(store.runReadOnly('MATCH (n:Late) RETURN n.name AS name')).resolves.toMatchObject({ rows: [{ name: 'Late Node' }] });
  });

  it('lets a write that is running when the limit passes finish before the engine is killed', async () => {
    await store.health(); // the engine is up: both calls below go to the same process
    const restarts = store.restartCount;
    const started = performance.now();
    let writeDone = 0;
    const big = nodes(10_000, 'Bulk'); // takes a few hundred ms to write
    const write = timed(store.upsert(big, 'bulk-2').finally(() => (writeDone = performance.now())));
    const runaway = timed(store.runReadOnly(RUNAWAY, {}, { timeoutMs: 50 }));
    const [w, r] = await Promise.all([write, runaway]);
    expect(r.error).toMatchObject({ kind: 'query-timeout' });
    expect(r.ms).toBeLessThan(50 + 1_000); // the caller is answered at once, whatever the engine still does
    expect(w.error).toBeUndefined();
    expect(w.value).toEqual({ nodes: 10_000, relationships: 0 });
    await store.health();
    // The write was answered by the old process before the new one was ready: it was not killed and sent again.
    const nextReady = events.find((e) => e.at > started && e.msg === 'graph engine process ready');
    expect(nextReady).toBeDefined();
    expect(writeDone).toBeLessThan(nextReady!.at);
    expect(writeDone - started).toBeGreaterThan(50);
    expect(events.some((e) => e.msg.includes('unexpectedly'))).toBe(false);
    await expect(store.runReadOnly('MATCH (n:Bulk) RETURN count(n) AS n')).resolves.toMatchObject({ rows: [{ n: 10_000 }] });
    expect(store.restartCount).toBe(restarts + 1);
  });

  it('cuts two runaways at once and recovers', async () => {
    const [a, b] = await Promise.all([timed(store.runReadOnly(RUNAWAY)), timed(store.runReadOnly(RUNAWAY))]);
    expect(a.error).toMatchObject({ kind: 'query-timeout' });
    expect(b.error).toMatchObject({ kind: 'query-timeout' });
    await expect(store.runReadOnly('MATCH (n:N) RETURN count(n) AS n')).resolves.toMatchObject({ rows: [{ n: 1000 }] });
  });

  it('finds everything again after close and reopen of the same directory', async () => {
    await store.close();
    store = await GrafeoGraphStore.open({ dataDir, queryTimeoutMs: LIMIT_MS, maxRows: 100, allowedProcedures });
    expect(store.databaseFile).toBe(path.join(dataDir, 'graph', 'knowledge.grafeo'));
    await expect(store.stats()).resolves.toEqual({ nodes: 11_001, relationships: 0 });
    await expect(store.findNodesByName('late node')).resolves.toHaveLength(1);
  });
});

describe('Grafeo time limit (no data directory)', () => {
  it('keeps the data of a temporary store across a restart, and removes its files on close', async () => {
    const store = await GrafeoGraphStore.open({ queryTimeoutMs: 300, maxRows: 100, allowedProcedures });
    try {
      await store.upsert(nodes(1000, 'N'), 'bulk');
      await expect(store.runReadOnly(RUNAWAY)).rejects.toMatchObject({ kind: 'query-timeout' });
      await expect(store.runReadOnly('MATCH (n:N) RETURN count(n) AS n')).resolves.toMatchObject({ rows: [{ n: 1000 }] });
      expect(store.restartCount).toBe(1);
    } finally {
      await store.close();
    }
    expect(existsSync(path.dirname(store.databaseFile))).toBe(false);
    await expect(store.runReadOnly('RETURN 1 AS x')).rejects.toMatchObject({ category: 'unavailable' });
  });
});
