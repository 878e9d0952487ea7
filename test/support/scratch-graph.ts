import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openGraphStore } from '../../src/stores/graph/index.js';
import type { GraphStore, UpsertBatch } from '../../src/stores/graph/port.js';

/** An embedded graph of a test's own in a temporary directory, holding `batch`; `close` removes it all. */
export async function openScratchGraph(name: string, batch?: UpsertBatch): Promise<{ graph: GraphStore; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `cqks-${name}-`));
  const graph = await openGraphStore({ dataDir: dir, queryTimeoutMs: 5000, maxRows: 1000, allowedProcedures: [] });
  if (batch) await graph.upsert(batch, `test:${name}`);
  return {
    graph,
    async close() {
      await graph.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
