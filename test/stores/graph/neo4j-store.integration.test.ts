import neo4j from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openGraphStore } from '../../../src/stores/graph/index.js';
import { openNeo4jStore, type Neo4jConnection } from '../../../src/stores/graph/neo4j-store.js';
import type { GraphStore, UpsertBatch } from '../../../src/stores/graph/port.js';
import { SEED } from './cypher-cases.js';
import { CONTRACT_LIMITS, allowedProcedures, describeGraphStoreContract, type GraphStoreEngine, type StoreLimits } from './graph-store.contract.js';

/**
 * The Neo4j adapter against a real server: the local one the global setup starts for this file
 * alone (skipped only where no Java can run it), or NEO4J_URI (with NEO4J_USER, NEO4J_PASSWORD,
 * NEO4J_DATABASE). The contract suite wipes the graph before each part, so NEO4J_URI must name
 * a database kept for tests.
 */

const uri = inject('neo4jUri') || undefined;
const connection = (): Neo4jConnection => ({
  uri: uri!,
  user: process.env.NEO4J_USER ?? 'neo4j',
  password: process.env.NEO4J_PASSWORD ?? '',
  database: process.env.NEO4J_DATABASE ?? 'neo4j',
});
const open = (limits?: StoreLimits) => openGraphStore({ neo4j: connection(), ...CONTRACT_LIMITS, ...limits, allowedProcedures });

/** Deletes everything in the test database, in batches the server's transaction memory allows. */
async function wipe(): Promise<void> {
  const { uri: at, user, password, database } = connection();
  const driver = neo4j.driver(at, neo4j.auth.basic(user, password));
  const session = driver.session({ database });
  try {
    // IN TRANSACTIONS runs only in an auto-commit transaction, which session.run is.
    await session.run('MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS').summary();
  } finally {
    await session.close();
    await driver.close();
  }
}

const engine: GraphStoreEngine = {
  name: 'Neo4j',
  openEmpty: async (limits) => {
    await wipe();
    return open(limits);
  },
  openAnother: open,
  keywordsAsPropertyNames: true,
};

if (uri) describeGraphStoreContract(engine);

describe.skipIf(!uri)('Neo4j adapter: what only a server does', () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = await engine.openEmpty();
    await store.upsert(SEED, 'seed');
  });
  afterAll(async () => {
    await store?.close();
  });

  it('opens idempotently (constraint and full-text index already there) and is healthy', async () => {
    const again = await openNeo4jStore(connection(), { queryTimeoutMs: 1_000, maxRows: 10, allowedProcedures });
    await expect(again.health()).resolves.toBeUndefined();
    await again.close();
    expect(store.engine).toBe('neo4j');
  });

  it('refuses through EXPLAIN and the READ transaction what a misconfigured allow-list lets past the guard', async () => {
    const loose = await openNeo4jStore(connection(), { queryTimeoutMs: 5_000, maxRows: 10, allowedProcedures: [...allowedProcedures, 'db.createLabel'] });
    try {
      await expect(loose.runReadOnly("CALL db.createLabel('Hacked')")).rejects.toMatchObject({ status: 422, slug: 'cypher-not-read-only' });
      const labels = await loose.runReadOnly('CALL db.labels() YIELD label RETURN label');
      expect(labels.rows.map((r) => r.label)).not.toContain('Hacked');
    } finally {
      await loose.close();
    }
  });

  it('writes from several stores at once, in opposite orders, without a deadlock reaching the caller', async () => {
    const keys = Array.from({ length: 200 }, (_, i) => `crowd:${i}`);
    const batch = (reverse: boolean): UpsertBatch => {
      const order = reverse ? [...keys].reverse() : keys;
      return {
        nodes: order.map((key) => ({ key, labels: ['Crowd'], properties: { name: key } })),
        relationships: order.map((key, i) => ({ fromKey: key, type: 'NEXT', toKey: order[(i + 1) % order.length]! })),
      };
    };
    const writers = await Promise.all([0, 1, 2, 3].map(() => open()));
    try {
      const written = await Promise.all(writers.map((w, i) => w.upsert(batch(i % 2 === 1), `crowd-${i}`)));
      for (const counts of written) expect(counts.nodes).toBe(keys.length);
      const result = await store.runReadOnly('MATCH (n:Crowd) RETURN count(n) AS n, min(size(n._provenance)) AS fewest');
      expect(result.rows).toEqual([{ n: keys.length, fewest: 4 }]);
    } finally {
      await Promise.all(writers.map((w) => w.close()));
    }
  });

  it('maps spatial values', async () => {
    const result = await store.runReadOnly('RETURN point({x: 1, y: 2}) AS pt, point({latitude: 47.37, longitude: 8.54}) AS geo');
    expect(result.rows).toEqual([{ pt: { srid: 7203, x: 1, y: 2 }, geo: { srid: 4326, x: 8.54, y: 47.37 } }]);
  });
});
