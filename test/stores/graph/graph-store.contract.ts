import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/platform/domain-error.js';
import { DEFAULT_ALLOWED_PROCEDURES, checkReadOnly } from '../../../src/cypher/guard.js';
import type { GraphNode, GraphPath, GraphRelationship, GraphStore, UpsertBatch } from '../../../src/stores/graph/port.js';
import { LEGIT_READS, SEED, WRITE_ATTEMPTS } from './cypher-cases.js';

/**
 * The graph store's contract, run on every engine from this one suite so the engines cannot
 * drift: the same batches, the same queries, the same expected values. An engine says how to
 * open a store over an empty graph, and which documented differences it has.
 */

export interface StoreLimits {
  queryTimeoutMs?: number;
  maxRows?: number;
}

export interface GraphStoreEngine {
  name: string;
  /** A store over an empty graph (a server's graph is wiped first). The suite opens one at a time. */
  openEmpty(limits?: StoreLimits): Promise<GraphStore>;
  /** Another store over the same graph as the last `openEmpty`, with other limits (nothing wiped). */
  openAnother(limits?: StoreLimits): Promise<GraphStore>;
  /** Whether `n.set` (a keyword as a property name) parses unquoted: Neo4j yes, Grafeo no. */
  keywordsAsPropertyNames: boolean;
}

export const allowedProcedures = [...DEFAULT_ALLOWED_PROCEDURES];
export const CONTRACT_LIMITS = { queryTimeoutMs: 10_000, maxRows: 100 } satisfies StoreLimits;

const big = { maxRows: 10_000 };

/** Everything in the graph, bookkeeping included, in a stable order. */
async function dump(store: GraphStore): Promise<string> {
  const nodes = await store.runReadOnly('MATCH (n) RETURN n._key AS key, labels(n) AS labels, properties(n) AS props ORDER BY key', {}, big);
  const rels = await store.runReadOnly('MATCH (a)-[r]->(b) RETURN a._key AS a, type(r) AS type, b._key AS b, properties(r) AS props ORDER BY a, type, b', {}, big);
  const sorted = nodes.rows.map((row) => ({ ...row, labels: [...(row.labels as string[])].sort() }));
  return JSON.stringify({ nodes: sorted, rels: rels.rows });
}

async function counts(store: GraphStore): Promise<{ nodes: number; relationships: number }> {
  const n = await store.runReadOnly('MATCH (n) RETURN count(n) AS c');
  const r = await store.runReadOnly('MATCH ()-[r]->() RETURN count(r) AS c');
  return { nodes: n.rows[0]!.c as number, relationships: r.rows[0]!.c as number };
}

export function describeGraphStoreContract(engine: GraphStoreEngine): void {
  describe(`${engine.name} adapter over the seed graph`, () => {
    let store: GraphStore;
    let seeded: string;

    beforeAll(async () => {
      store = await engine.openEmpty(CONTRACT_LIMITS);
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
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ category: 'refused', kind: 'cypher-not-read-only' });
        await expect(store.validate(cypher)).rejects.toMatchObject({ category: 'refused', kind: 'cypher-not-read-only' });
        expect(await dump(store)).toBe(seeded);
      });

      it('none of them reached the engine: not even a rolled-back label shows in its catalog', async () => {
        const labels = await store.runReadOnly('CALL db.labels() YIELD label RETURN label');
        expect(labels.rows.map((r) => r.label)).not.toContain('Hacked');
      });

      it('CRE/**/ATE is not Cypher: the guard sees two names, the engine refuses it as invalid, nothing is written', async () => {
        expect(checkReadOnly('CRE/**/ATE (n:Hacked)', { allowedProcedures }).ok).toBe(true);
        await expect(store.runReadOnly('CRE/**/ATE (n:Hacked)')).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
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

      it(`takes a keyword as a property name ${engine.keywordsAsPropertyNames ? 'unquoted' : 'only backtick-quoted'}`, async () => {
        const unquoted = store.runReadOnly("MATCH (p:Person {name: 'Alice Smith'}) RETURN p.set AS s");
        if (engine.keywordsAsPropertyNames) await expect(unquoted).resolves.toMatchObject({ rows: [{ s: 'blue' }] });
        else await expect(unquoted).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
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
        // 6^12 rows: only a limit the engine honours while producing rows makes this finish.
        const result = await store.runReadOnly('MATCH (a), (b), (c), (d), (e), (f), (g), (h), (i), (j), (k), (l) RETURN a._key AS a, l._key AS l', {}, { maxRows: 3 });
        expect(result).toMatchObject({ rowCount: 3, truncated: true });
        expect(performance.now() - started).toBeLessThan(5_000);
      });

      it('uses the store default when no limit is given', async () => {
        const small = await engine.openAnother({ ...CONTRACT_LIMITS, maxRows: 2 });
        try {
          const result = await small.runReadOnly('UNWIND range(1, 10) AS x RETURN x');
          expect(result).toMatchObject({ rows: [{ x: 1 }, { x: 2 }], truncated: true });
        } finally {
          await small.close();
        }
      });
    });

    describe('time limit', () => {
      it('stops a runaway query at the time limit with a 422, and the store goes on answering', async () => {
        const started = performance.now();
        // 6^10 combinations, each filtered on every variable: no row comes out, so no row limit helps.
        const runaway =
          'MATCH (a), (b), (c), (d), (e), (f), (g), (h), (i), (j) ' +
          'WHERE size(a._key) + size(b._key) + size(c._key) + size(d._key) + size(e._key) + size(f._key) + size(g._key) + size(h._key) + size(i._key) + size(j._key) < 0 ' +
          'RETURN count(*) AS n';
        await expect(store.runReadOnly(runaway, {}, { timeoutMs: 500 })).rejects.toMatchObject({ category: 'refused', kind: 'query-timeout' });
        expect(performance.now() - started).toBeLessThan(500 + 4_000);
        await expect(store.runReadOnly('RETURN 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
        expect(await dump(store)).toBe(seeded);
      });
    });

    describe('result mapping', () => {
      it('maps nodes, relationships, paths, lists, maps, big integers and temporals to plain JSON', async () => {
        const result = await store.runReadOnly(
          "MATCH p = (a:Person {name: 'Alice Smith'})-[r:KNOWS]->(b) " +
            "RETURN a, r, p, [a.name, b.name] AS names, {friend: b.name, n: 1} AS m, 9007199254740993 AS big, -42 AS small, 1.5 AS f, true AS yes, null AS nothing, " +
            "datetime('2024-01-02T03:04:05Z') AS dt, date('2024-03-05') AS d",
        );
        const row = result.rows[0]!;
        const a = row.a as unknown as GraphNode;
        expect(a).toEqual({
          id: expect.any(String),
          labels: expect.arrayContaining(['Person', '_CqksEntity']),
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
        expect(row).toMatchObject({
          names: ['Alice Smith', 'Bob Jones'],
          m: { friend: 'Bob Jones', n: 1 },
          big: '9007199254740993',
          small: -42,
          f: 1.5,
          yes: true,
          nothing: null,
          dt: '2024-01-02T03:04:05Z',
          d: '2024-03-05',
        });
        expect(JSON.parse(JSON.stringify(result.rows))).toEqual(result.rows);
      });

      it('takes integer, list and map parameters as such', async () => {
        const result = await store.runReadOnly('RETURN $n + 1 AS n, $list[1] AS second, $map.k AS k, $f * 2 AS f', { n: 41, list: ['a', 'b'], map: { k: 'v' }, f: 0.25 });
        expect(result.rows).toEqual([{ n: 42, second: 'b', k: 'v', f: 0.5 }]);
      });
    });

    describe('errors', () => {
      it('answers 422 cypher-invalid for what the engine cannot parse or resolve, in runReadOnly and validate', async () => {
        for (const cypher of ['RETURN nosuchfunction(1) AS x', 'MATCH (n) RETURN m', 'MATCH (p RETURN p']) {
          await expect(store.runReadOnly(cypher), cypher).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
          await expect(store.validate(cypher), cypher).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
        }
      });

      it('answers 422 cypher-failed for a query that fails on its data', async () => {
        await expect(store.runReadOnly('RETURN 1 / 0 AS x')).rejects.toMatchObject({ category: 'refused', kind: 'cypher-failed' });
      });

      it('answers 400 for parameters or limits that are not plain JSON or positive integers', async () => {
        await expect(store.runReadOnly('RETURN $x AS x', { x: (() => 1) as never })).rejects.toMatchObject({ category: 'invalid' });
        await expect(store.runReadOnly('RETURN 1 AS x', {}, { maxRows: 0 })).rejects.toMatchObject({ category: 'invalid' });
        await expect(store.runReadOnly('RETURN 1 AS x', {}, { timeoutMs: -5 })).rejects.toMatchObject({ category: 'invalid' });
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
      const names = async (text: string, opts?: { labels?: string[]; limit?: number }) => (await store.findNodesByName(text, opts)).map((m) => m.node.properties.name);

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
          node: { id: expect.any(String), labels: expect.arrayContaining(['Person', '_CqksEntity']), properties: { name: 'Bob Jones', age: 25 }, key: 'person:bob', provenance: ['seed'] },
          score: expect.any(Number),
        });
      });
    });
  });

  describe(`${engine.name} adapter writes`, () => {
    let store: GraphStore;
    beforeAll(async () => {
      store = await engine.openEmpty(CONTRACT_LIMITS);
    });
    afterAll(async () => {
      await store?.close();
    });

    const batch: UpsertBatch = {
      nodes: [
        { key: 'p:ada', labels: ['Person'], properties: { name: 'Ada Lovelace', born: 1815, born_on: '1815-12-10', fields: ['mathematics', 'computing'], weights: [1, 2.5] } },
        { key: 'p:charles', labels: ['Person', 'Inventor'], properties: { name: 'Charles Babbage', alive: false } },
      ],
      relationships: [{ fromKey: 'p:ada', type: 'WORKED_WITH', toKey: 'p:charles', properties: { topic: 'engines' } }],
    };

    it('upserting the same batch twice leaves the graph as upserting it once', async () => {
      await expect(store.upsert(batch, 'doc-1')).resolves.toEqual({ nodes: 2, relationships: 1 });
      const once = await dump(store);
      await expect(store.upsert(batch, 'doc-1')).resolves.toEqual({ nodes: 2, relationships: 1 });
      expect(await dump(store)).toBe(once);
      expect(await counts(store)).toEqual({ nodes: 2, relationships: 1 });
      const ada = await store.runReadOnly("MATCH (n {_key: 'p:ada'}) RETURN n");
      expect(ada.rows[0]!.n).toMatchObject({ key: 'p:ada', provenance: ['doc-1'], labels: expect.arrayContaining(['_CqksEntity', 'Person']) });
    });

    it('keeps the types of what it wrote: integers, floats, booleans, strings and lists', async () => {
      const result = await store.runReadOnly("MATCH (a {_key: 'p:ada'})-[r]->(c) RETURN a.born AS born, a.born_on AS bornOn, a.fields AS fields, a.weights AS weights, c.alive AS alive, r.topic AS topic");
      expect(result.rows).toEqual([{ born: 1815, bornOn: '1815-12-10', fields: ['mathematics', 'computing'], weights: [1, 2.5], alive: false, topic: 'engines' }]);
      const typed = await store.runReadOnly("MATCH (a {_key: 'p:ada'}) RETURN a.born + 1 AS next, size(a.fields) AS fieldCount, a.weights[1] * 2 AS w");
      expect(typed.rows).toEqual([{ next: 1816, fieldCount: 2, w: 5 }]);
    });

    it('merges properties, removes a property set to null, and records a second provenance once', async () => {
      await store.upsert({ nodes: [{ key: 'p:ada', labels: ['Mathematician'], properties: { born: null, title: 'Countess' } }], relationships: [] }, 'doc-2');
      await store.upsert({ nodes: [{ key: 'p:ada', labels: [], properties: {} }], relationships: [] }, 'doc-2');
      const result = await store.runReadOnly("MATCH (n {_key: 'p:ada'}) RETURN n");
      expect(result.rows[0]!.n).toMatchObject({
        labels: expect.arrayContaining(['_CqksEntity', 'Person', 'Mathematician']),
        properties: { name: 'Ada Lovelace', title: 'Countess', born_on: '1815-12-10', fields: ['mathematics', 'computing'], weights: [1, 2.5] },
        provenance: ['doc-1', 'doc-2'],
      });
      expect((result.rows[0]!.n as unknown as GraphNode).properties).not.toHaveProperty('born');
      expect(await store.findNodesByName('lovelace')).toHaveLength(1); // a row without a name keeps the search text
    });

    it('finds things named by other keys than name and title (productName, trial_title), and keeps the key in step', async () => {
      await store.upsert(
        {
          nodes: [
            { key: 'x:chai', labels: ['Product'], properties: { productName: 'Chai Latte', unitPrice: 18 } },
            { key: 'x:trial', labels: ['ClinicalTrial'], properties: { trial_title: 'Heart First Study', phase: 3 } },
            { key: 'x:count', labels: ['Stock'], properties: { unitsInStock: 39 } },
          ],
          relationships: [],
        },
        'doc-names',
      );
      expect((await store.findNodesByName('chai')).map((m) => m.node.key)).toEqual(['x:chai']);
      expect((await store.findNodesByName('heart first')).map((m) => m.node.key)).toEqual(['x:trial']);
      expect(await store.findNodesByName('39')).toEqual([]);
      await store.upsert({ nodes: [{ key: 'x:chai', labels: [], properties: { productName: 'Masala Chai' } }], relationships: [] }, 'doc-names');
      expect(await store.findNodesByName('latte')).toEqual([]);
      expect((await store.findNodesByName('masala')).map((m) => m.node.key)).toEqual(['x:chai']);
      await store.deleteByProvenance('doc-names');
    });

    it('finds a renamed node by its new name only', async () => {
      await store.upsert({ nodes: [{ key: 'p:charles', labels: [], properties: { name: 'Charles B.' } }], relationships: [] }, 'doc-1');
      expect(await store.findNodesByName('babbage')).toEqual([]);
      expect((await store.findNodesByName('charles')).map((m) => m.node.key)).toEqual(['p:charles']);
      await store.upsert({ nodes: [{ key: 'p:charles', labels: [], properties: { name: 'Charles Babbage' } }], relationships: [] }, 'doc-1');
      expect((await store.findNodesByName('babbage')).map((m) => m.node.key)).toEqual(['p:charles']);
    });

    it('folds duplicates inside a batch and skips relationships whose endpoints do not exist', async () => {
      const written = await store.upsert(
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
      expect(written).toEqual({ nodes: 1, relationships: 1 });
      const grace = await store.runReadOnly("MATCH (n {_key: 'p:grace'}) RETURN n.name AS name, labels(n) AS labels");
      expect(grace.rows[0]).toMatchObject({ name: 'Grace Hopper', labels: expect.arrayContaining(['Person', 'Admiral']) });
      expect(await counts(store)).toEqual({ nodes: 3, relationships: 2 });
    });

    it('deleteByProvenance keeps what another provenance also wrote', async () => {
      // doc-1 wrote ada, charles and WORKED_WITH; doc-2 also wrote ada; doc-3 wrote grace and KNEW.
      await expect(store.deleteByProvenance('doc-1')).resolves.toEqual({ nodes: 1, relationships: 1 }); // charles and WORKED_WITH
      const left = await store.runReadOnly('MATCH (n:_CqksEntity) RETURN n._key AS key, n._provenance AS prov ORDER BY key');
      expect(left.rows).toEqual([
        { key: 'p:ada', prov: ['doc-2'] },
        { key: 'p:grace', prov: ['doc-3'] },
      ]);
      expect(await store.findNodesByName('babbage')).toEqual([]);
      await expect(store.deleteByProvenance('doc-1')).resolves.toEqual({ nodes: 0, relationships: 0 });
      // Deleting ada (only doc-2 left on her) takes the KNEW relationship of doc-3 with her.
      await expect(store.deleteByProvenance('doc-2')).resolves.toEqual({ nodes: 1, relationships: 1 });
      await expect(store.deleteByProvenance('doc-3')).resolves.toEqual({ nodes: 1, relationships: 0 });
      expect(await counts(store)).toEqual({ nodes: 0, relationships: 0 });
      expect(await store.findNodesByName('grace')).toEqual([]);
    });

    it('deleteNodes removes those nodes with every relationship they have, whoever wrote them, and nothing else', async () => {
      await store.upsert(
        {
          nodes: [
            { key: 'd:broad', labels: ['Thing'], properties: { name: 'Rua Nova' } },
            { key: 'd:keep', labels: ['Store'], properties: { name: 'Old Market' } },
          ],
          relationships: [{ fromKey: 'd:keep', type: 'NEXT_TO', toKey: 'd:broad' }],
        },
        'doc-a',
      );
      await store.upsert({ nodes: [], relationships: [{ fromKey: 'd:broad', type: 'NEXT_TO', toKey: 'd:keep' }] }, 'doc-b');
      await expect(store.deleteNodes(['d:broad', 'd:missing'])).resolves.toEqual({ nodes: 1, relationships: 2 });
      expect((await store.runReadOnly('MATCH (n:_CqksEntity) RETURN n._key AS key')).rows).toEqual([{ key: 'd:keep' }]);
      expect(await store.findNodesByName('Rua Nova')).toEqual([]);
      await expect(store.deleteNodes([])).resolves.toEqual({ nodes: 0, relationships: 0 });
      await store.deleteByProvenance('doc-a');
    });

    it("keeps a graph's own Entity label and nodes with two labels in its schema, found by either label", async () => {
      await store.upsert(
        {
          nodes: [
            { key: 'g:acme', labels: ['Entity'], properties: { name: 'Acme Ltd' } },
            { key: 'g:cms', labels: ['Application', 'Process'], properties: { name: 'cms', pid: 7 } },
          ],
          relationships: [{ fromKey: 'g:cms', type: 'OWNED_BY', toKey: 'g:acme' }],
        },
        'doc-own',
      );
      const schema = await store.introspect();
      expect(schema.labels).toEqual([
        { label: 'Application', count: 1, properties: ['name', 'pid'] },
        { label: 'Entity', count: 1, properties: ['name'] },
        { label: 'Process', count: 1, properties: ['name', 'pid'] },
      ]);
      expect(schema.relationshipTypes).toEqual([
        { type: 'OWNED_BY', count: 1, patterns: [{ from: 'Application', to: 'Entity' }, { from: 'Process', to: 'Entity' }], properties: [] },
      ]);
      expect((await store.runReadOnly('MATCH (p:Process)-[:OWNED_BY]->(e:Entity) RETURN p.name AS p, e.name AS e')).rows).toEqual([{ p: 'cms', e: 'Acme Ltd' }]);
      expect((await store.findNodesByName('acme', { labels: ['Entity'] })).map((m) => m.node.key)).toEqual(['g:acme']);
      await store.deleteByProvenance('doc-own');
    });

    it('writes dates, datetimes, durations and points as typed values that compare and read back the same on every engine', async () => {
      await store.upsert(
        {
          nodes: [
            {
              key: 'f:1',
              labels: ['Filing'],
              properties: {
                filed: { temporal: 'date', value: '2015-08-29' },
                began: { temporal: 'datetime', value: '2015-03-25T10:30:00Z' },
                lasted: { temporal: 'duration', value: 'P3D' },
                location: { point: { srid: 4326, x: -113.99, y: 46.87 } },
              },
            },
            { key: 'f:2', labels: ['Filing'], properties: { filed: { temporal: 'date', value: '2017-01-02' } } },
          ],
          relationships: [{ fromKey: 'f:1', type: 'AMENDS', toKey: 'f:2', properties: { on: { temporal: 'date', value: '2017-02-01' } } }],
        },
        'doc-typed',
      );
      const read = await store.runReadOnly(
        "MATCH (f:Filing) WHERE f.filed < date('2016-01-01') RETURN f.filed AS filed, f.filed.year AS year, f.began AS began, f.began.month AS month, f.lasted AS lasted, f.location AS location",
      );
      expect(read.rows).toEqual([{ filed: '2015-08-29', year: 2015, began: '2015-03-25T10:30:00Z', month: 3, lasted: 'P3D', location: { srid: 4326, x: -113.99, y: 46.87 } }]);
      // The planner compares dates said as text by the value's text: the same text on every engine.
      const texts = await store.runReadOnly("MATCH (f:Filing) WHERE toString(f.began) >= '2015' AND toString(f.filed) STARTS WITH '2015-08' RETURN toString(f.filed) AS filed, toString(f.began) AS began");
      expect(texts.rows).toEqual([{ filed: '2015-08-29', began: '2015-03-25T10:30:00Z' }]);
      const rel = await store.runReadOnly("MATCH ()-[r:AMENDS]->() WHERE r.on >= date('2017-01-01') RETURN r.on AS on");
      expect(rel.rows).toEqual([{ on: '2017-02-01' }]);
      // A later plain value of the same key replaces the typed one.
      await store.upsert({ nodes: [{ key: 'f:2', labels: [], properties: { filed: 'unknown' } }], relationships: [] }, 'doc-typed');
      expect((await store.runReadOnly("MATCH (f {_key: 'f:2'}) RETURN f.filed AS filed")).rows).toEqual([{ filed: 'unknown' }]);
      await store.deleteByProvenance('doc-typed');
    });

    it('refuses typed values that are not what they say', async () => {
      const bad = [
        { temporal: 'date', value: '29/08/2015' },
        { temporal: 'epoch', value: '2015-08-29' },
        { temporal: 'datetime', value: "2015-08-29T00:00:00Z') DETACH DELETE (n" },
        { point: { srid: 4326, x: 'far', y: 1 } },
        { point: { srid: 1, x: 0, y: 0 } },
        { other: 1 },
      ];
      for (const value of bad) {
        await expect(store.upsert({ nodes: [{ key: 'x:bad', labels: ['X'], properties: { v: value as never } }], relationships: [] }, 'doc-bad'), JSON.stringify(value)).rejects.toMatchObject({
          category: 'invalid',
        });
      }
      expect(await counts(store)).toEqual({ nodes: 0, relationships: 0 });
    });

    it('forgets in its schema what is no longer in the graph', async () => {
      const schema = await store.introspect();
      expect(schema).toEqual({ labels: [], relationshipTypes: [], propertyKeys: [] });
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
        await expect(store.upsert(b, 'doc-x'), name).rejects.toMatchObject({ category: 'invalid' });
      }
      await expect(store.upsert({ nodes: [], relationships: [] }, '')).rejects.toMatchObject({ category: 'invalid' });
      expect(await counts(store)).toEqual({ nodes: 0, relationships: 0 });
    });
  });
}
