import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_ALLOWED_PROCEDURES } from '../../../src/stores/graph/cypher-guard.js';
import { openGraphStore } from '../../../src/stores/graph/index.js';
import { openNeo4jStore, type Neo4jConnection } from '../../../src/stores/graph/neo4j-store.js';
import type { GraphNode, GraphPath, GraphStore } from '../../../src/stores/graph/port.js';
import { WRITE_ATTEMPTS } from './cypher-cases.js';

/**
 * The Neo4j adapter against a real server: NEO4J_URI (with NEO4J_USER, NEO4J_PASSWORD,
 * NEO4J_DATABASE), or the local one the global setup starts (skipped only where no Java can run
 * it). Everything it writes uses labels and a provenance unique to the run, and is deleted at
 * the end, so it can share a database with other data.
 */

const uri = inject('neo4jUri') || undefined;
const connection = (): Neo4jConnection => ({
  uri: uri!,
  user: process.env.NEO4J_USER ?? 'neo4j',
  password: process.env.NEO4J_PASSWORD ?? '',
  database: process.env.NEO4J_DATABASE ?? 'neo4j',
});
const allowedProcedures = [...DEFAULT_ALLOWED_PROCEDURES];

describe.skipIf(!uri)('Neo4j adapter against a real server', () => {
  const run = randomUUID().replace(/-/g, '').slice(0, 10);
  const Person = `Person_${run}`;
  const Org = `Org_${run}`;
  const provenance = `it-${run}`;
  const key = (k: string) => `${run}:${k}`;
  let store: GraphStore;

  const count = async (label: string) => (await store.runReadOnly(`MATCH (n:\`${label}\`) RETURN count(n) AS n`)).rows[0]!.n;

  beforeAll(async () => {
    store = await openGraphStore({ neo4j: connection(), queryTimeoutMs: 5_000, maxRows: 100, allowedProcedures });
    await store.upsert(
      {
        nodes: [
          { key: key('alice'), labels: [Person], properties: { name: 'Alice Smith', age: 30, set: 'blue' } },
          { key: key('bob'), labels: [Person], properties: { name: 'Bob Jones', age: 25 } },
          { key: key('carol'), labels: [Person], properties: { name: 'Carol White', age: 35 } },
          { key: key('acme'), labels: [Org], properties: { name: 'Acme Corp' } },
        ],
        relationships: [
          { fromKey: key('alice'), type: 'KNOWS', toKey: key('bob'), properties: { since: 2020 } },
          { fromKey: key('bob'), type: 'KNOWS', toKey: key('carol'), properties: { since: 2021 } },
          { fromKey: key('alice'), type: 'WORKS_AT', toKey: key('acme') },
        ],
      },
      provenance,
    );
  });

  afterAll(async () => {
    if (!store) return;
    await store.deleteByProvenance(provenance).catch(() => undefined);
    await store.deleteByProvenance(`${provenance}-2`).catch(() => undefined);
    await store.close();
  });

  it('opens idempotently (constraint and full-text index already there) and is healthy', async () => {
    const again = await openNeo4jStore(connection(), { queryTimeoutMs: 1_000, maxRows: 10, allowedProcedures });
    await expect(again.health()).resolves.toBeUndefined();
    await again.close();
    expect(store.engine).toBe('neo4j');
  });

  it.each(WRITE_ATTEMPTS)('refuses $name with a 422 and writes nothing', async ({ cypher }) => {
    await expect(store.runReadOnly(cypher)).rejects.toMatchObject({ status: 422, slug: 'cypher-not-read-only' });
    expect(await count(Person)).toBe(3);
  });

  it('refuses through EXPLAIN and the READ transaction what a misconfigured allow-list lets past the guard', async () => {
    const loose = await openNeo4jStore(connection(), { queryTimeoutMs: 5_000, maxRows: 10, allowedProcedures: [...allowedProcedures, 'db.createLabel'] });
    try {
      await expect(loose.runReadOnly(`CALL db.createLabel('Hacked_${run}')`)).rejects.toMatchObject({ status: 422, slug: 'cypher-not-read-only' });
      const labels = await loose.runReadOnly('CALL db.labels() YIELD label RETURN label');
      expect(labels.rows.map((r) => r.label)).not.toContain(`Hacked_${run}`);
    } finally {
      await loose.close();
    }
  });

  it('runs legitimate reads', async () => {
    const q = (cypher: string, params?: Record<string, string | number | string[]>) => store.runReadOnly(cypher, params).then((r) => r.rows);
    expect(await q(`MATCH (p:\`${Person}\`) RETURN p.name AS name ORDER BY p.age DESC SKIP 1 LIMIT 1`)).toEqual([{ name: 'Alice Smith' }]);
    expect(await q(`MATCH (a:\`${Person}\` {name: 'Alice Smith'})-[:KNOWS*1..2]->(b) RETURN b.name AS name ORDER BY name`)).toEqual([
      { name: 'Bob Jones' },
      { name: 'Carol White' },
    ]);
    expect(await q(`MATCH p = shortestPath((a:\`${Person}\` {name: 'Alice Smith'})-[*]-(c:\`${Person}\` {name: 'Carol White'})) RETURN length(p) AS hops`)).toEqual([{ hops: 2 }]);
    expect(await q(`MATCH (p:\`${Person}\`) OPTIONAL MATCH (p)-[:WORKS_AT]->(o) RETURN p.name AS name, o.name AS org ORDER BY name`)).toEqual([
      { name: 'Alice Smith', org: 'Acme Corp' },
      { name: 'Bob Jones', org: null },
      { name: 'Carol White', org: null },
    ]);
    expect(await q(`MATCH (p:\`${Person}\`) WHERE p.name IN $names RETURN count(p) AS n LIMIT $limit`, { names: ['Bob Jones'], limit: 1 })).toEqual([{ n: 1 }]);
    expect(await q(`MATCH (p:\`${Person}\`) WHERE p.name <> 'CREATE (x) DELETE x' RETURN count(p) AS n`)).toEqual([{ n: 3 }]);
    expect(await q(`MATCH (p:\`${Person}\` {name: 'Alice Smith'}) RETURN p.set AS s`)).toEqual([{ s: 'blue' }]); // keywords as property names work on Neo4j
    expect(await q("RETURN 9007199254740993 AS big, date('2024-03-05') AS d, point({x: 1, y: 2}) AS pt")).toEqual([
      { big: '9007199254740993', d: '2024-03-05', pt: { srid: 7203, x: 1, y: 2 } },
    ]);
    expect((await q('CALL db.labels() YIELD label RETURN label')).map((r) => r.label)).toEqual(expect.arrayContaining([Person, Org, 'Entity']));
    const [row] = await q(`MATCH p = (a:\`${Person}\` {name: 'Alice Smith'})-[:WORKS_AT]->(o) RETURN a, p`);
    expect(row!.a as unknown as GraphNode).toMatchObject({ labels: expect.arrayContaining([Person, 'Entity']), properties: { name: 'Alice Smith', age: 30, set: 'blue' }, key: key('alice'), provenance: [provenance] });
    const path = row!.p as unknown as GraphPath;
    expect(path.relationships).toMatchObject([{ type: 'WORKS_AT', start: path.nodes[0]!.id, end: path.nodes[1]!.id }]);
  });

  it('validates without running, and answers invalid Cypher with a 422', async () => {
    await expect(store.validate(`MATCH (p:\`${Person}\`) RETURN p`)).resolves.toEqual({ queryType: 'r' });
    await expect(store.validate('MATCH (p RETURN p')).rejects.toMatchObject({ status: 422, slug: 'cypher-invalid' });
    await expect(store.runReadOnly('RETURN nosuchfunction(1) AS x')).rejects.toMatchObject({ status: 422, slug: 'cypher-invalid' });
  });

  it('cuts rows at the limit while streaming', async () => {
    const result = await store.runReadOnly('UNWIND range(1, 1000000) AS x RETURN x', {}, { maxRows: 10 });
    expect(result).toMatchObject({ rowCount: 10, truncated: true });
  });

  it('stops a runaway query at the time limit', async () => {
    const started = performance.now();
    await expect(
      store.runReadOnly('UNWIND range(1, 100000) AS a UNWIND range(1, 100000) AS b WITH a + b AS s WHERE s < 0 RETURN count(*) AS n', {}, { timeoutMs: 500 }),
    ).rejects.toMatchObject({ status: 422, slug: 'query-timeout' });
    expect(performance.now() - started).toBeLessThan(500 + 3_000);
    await expect(store.runReadOnly('RETURN 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  it('finds nodes by part of their name through the full-text index', async () => {
    const found = await store.findNodesByName('ali', { labels: [Person] });
    expect(found.map((m) => m.node.key)).toEqual([key('alice')]);
    expect((await store.findNodesByName('SMITH', { labels: [Person] })).map((m) => m.node.key)).toEqual([key('alice')]);
    expect(await store.findNodesByName('acme', { labels: [Person] })).toEqual([]);
  });

  it('introspects labels, counts and patterns', async () => {
    const schema = await store.introspect();
    expect(schema.labels).toEqual(expect.arrayContaining([{ label: Person, count: 3, properties: ['age', 'name', 'set'] }]));
    const worksAt = schema.relationshipTypes.find((t) => t.type === 'WORKS_AT');
    expect(worksAt?.patterns).toEqual(expect.arrayContaining([{ from: Person, to: Org }]));
    expect(schema.propertyKeys).not.toContain('_key');
  });

  it('upserts idempotently and deletes by provenance, keeping shared nodes', async () => {
    const batch = {
      nodes: [
        { key: key('alice'), labels: [Person], properties: { name: 'Alice Smith' } },
        { key: key('dave'), labels: [Person], properties: { name: 'Dave' } },
      ],
      relationships: [{ fromKey: key('alice'), type: 'KNOWS', toKey: key('dave') }],
    };
    await expect(store.upsert(batch, `${provenance}-2`)).resolves.toEqual({ nodes: 2, relationships: 1 });
    await expect(store.upsert(batch, `${provenance}-2`)).resolves.toEqual({ nodes: 2, relationships: 1 });
    expect(await count(Person)).toBe(4);
    const alice = await store.runReadOnly(`MATCH (n:\`${Person}\` {name: 'Alice Smith'}) RETURN n._provenance AS p`);
    expect(alice.rows).toEqual([{ p: [provenance, `${provenance}-2`] }]);
    await expect(store.deleteByProvenance(`${provenance}-2`)).resolves.toEqual({ nodes: 1, relationships: 1 });
    expect(await count(Person)).toBe(3);
    const after = await store.runReadOnly(`MATCH (n:\`${Person}\` {name: 'Alice Smith'}) RETURN n._provenance AS p`);
    expect(after.rows).toEqual([{ p: [provenance] }]);
  });
});
