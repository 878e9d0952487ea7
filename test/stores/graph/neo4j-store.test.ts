import {
  Date as Neo4jDate,
  DateTime,
  Duration,
  Integer,
  LocalDateTime,
  LocalTime,
  Node,
  Path,
  PathSegment,
  Point,
  Relationship,
  Time,
  int,
} from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_PROCEDURES } from '../../../src/cypher/guard.js';
import { mapNeo4jValue } from '../../../src/stores/graph/neo4j-mapping.js';
import {
  Neo4jGraphStore,
  type Neo4jDriverLike,
  type Neo4jRecordLike,
  type Neo4jResultLike,
  type Neo4jSessionLike,
  type Neo4jSummaryLike,
  type Neo4jTransactionLike,
} from '../../../src/stores/graph/neo4j-store.js';
import { WRITE_ATTEMPTS } from './cypher-cases.js';

/**
 * The Neo4j adapter without a server: result mapping with the driver's own value types, and
 * the gating (guard first, EXPLAIN query type, READ access mode, streaming cut) against a
 * stand-in for the few driver calls the adapter makes. The same behaviour against a real
 * Neo4j is in neo4j-store.integration.test.ts.
 */

// ------------------------------------------------------------------ mapping

const alice = new Node(int(1), ['Person', '_CqksEntity'], { name: 'Alice', age: int(30), _key: 'p:alice', _provenance: ['doc-1'], _search: 'alice al ali' }, '4:db:1');
const acme = new Node(int(2), ['Organization'], { name: 'Acme', founded: new Neo4jDate(1999, 12, 31) }, '4:db:2');
const worksAt = new Relationship(int(7), int(1), int(2), 'WORKS_AT', { since: int(2020), _provenance: ['doc-1', 'doc-2'] }, '5:db:7', '4:db:1', '4:db:2');

describe('Neo4j result mapping', () => {
  it('maps integers to numbers when safe, else to decimal strings', () => {
    expect(mapNeo4jValue(int(42))).toBe(42);
    expect(mapNeo4jValue(int(-7))).toBe(-7);
    expect(mapNeo4jValue(Integer.fromString('9007199254740993'))).toBe('9007199254740993');
    expect(mapNeo4jValue(Integer.fromString('-9223372036854775808'))).toBe('-9223372036854775808');
    expect(mapNeo4jValue(1.5)).toBe(1.5);
    expect(mapNeo4jValue(Number.NaN)).toBe('NaN');
    expect(mapNeo4jValue(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });

  it('maps a node, lifting the bookkeeping out of its properties', () => {
    expect(mapNeo4jValue(alice)).toEqual({
      id: '4:db:1',
      labels: ['Person', '_CqksEntity'],
      properties: { name: 'Alice', age: 30 },
      key: 'p:alice',
      provenance: ['doc-1'],
    });
    expect(mapNeo4jValue(acme)).toEqual({ id: '4:db:2', labels: ['Organization'], properties: { name: 'Acme', founded: '1999-12-31' } });
  });

  it('maps a relationship and a path', () => {
    const rel = { id: '5:db:7', type: 'WORKS_AT', start: '4:db:1', end: '4:db:2', properties: { since: 2020 }, provenance: ['doc-1', 'doc-2'] };
    expect(mapNeo4jValue(worksAt)).toEqual(rel);
    const path = new Path(alice, acme, [new PathSegment(alice, worksAt, acme)]);
    const mapped = mapNeo4jValue(path) as { nodes: { id: string }[]; relationships: unknown[] };
    expect(mapped.nodes.map((n) => n.id)).toEqual(['4:db:1', '4:db:2']);
    expect(mapped.relationships).toEqual([rel]);
    expect(mapNeo4jValue(new Path(alice, alice, []))).toMatchObject({ nodes: [{ id: '4:db:1' }], relationships: [] });
  });

  it('maps temporal values to ISO 8601 text', () => {
    expect(mapNeo4jValue(new Neo4jDate(2024, 3, 5))).toBe('2024-03-05');
    expect(mapNeo4jValue(new DateTime(2024, 1, 2, 3, 4, 5, 0, 0))).toBe('2024-01-02T03:04:05Z');
    expect(mapNeo4jValue(new DateTime(2024, 1, 2, 3, 4, 5, 500_000_000, 7200))).toBe('2024-01-02T03:04:05.500000000+02:00');
    expect(mapNeo4jValue(new DateTime(2024, 1, 2, 3, 4, 5, 0, undefined, 'Europe/Zurich'))).toBe('2024-01-02T03:04:05[Europe/Zurich]');
    expect(mapNeo4jValue(new LocalDateTime(2024, 1, 2, 3, 4, 5, 0))).toBe('2024-01-02T03:04:05');
    expect(mapNeo4jValue(new LocalTime(12, 30, 0, 0))).toBe('12:30:00');
    expect(mapNeo4jValue(new Time(12, 30, 0, 0, 3600))).toBe('12:30:00+01:00');
    expect(mapNeo4jValue(new Duration(14, 3, 3661, 0))).toBe('P1Y2M3DT1H1M1S');
  });

  it('maps points, bytes, lists and maps', () => {
    expect(mapNeo4jValue(new Point(int(7203), 1.5, 2.5))).toEqual({ srid: 7203, x: 1.5, y: 2.5 });
    expect(mapNeo4jValue(new Point(int(4979), 1, 2, 3))).toEqual({ srid: 4979, x: 1, y: 2, z: 3 });
    expect(mapNeo4jValue(new Uint8Array([1, 2, 3]))).toBe('AQID');
    expect(mapNeo4jValue([int(1), [int(2), null], { a: int(3), b: [alice] }])).toEqual([1, [2, null], { a: 3, b: [mapNeo4jValue(alice)] }]);
    expect(mapNeo4jValue(undefined)).toBeNull();
  });
});

// ------------------------------------------------------------------ a stand-in for the driver

class FakeRecord implements Neo4jRecordLike {
  constructor(private readonly values: Record<string, unknown>) {}
  get keys() {
    return Object.keys(this.values);
  }
  get(key: PropertyKey) {
    return this.values[String(key)];
  }
}

/** A result that yields its records one at a time and counts what was pulled. */
class FakeResult implements Neo4jResultLike {
  pulled = 0;
  cancelled = false;
  constructor(
    private readonly records: FakeRecord[],
    private readonly summaryValue: Neo4jSummaryLike = { queryType: 'r' },
    private readonly failure?: Error,
    private readonly columns: string[] = [],
  ) {}
  async keys() {
    if (this.failure) throw this.failure;
    return this.columns;
  }
  async summary() {
    if (this.failure) throw this.failure;
    return this.summaryValue;
  }
  async *[Symbol.asyncIterator]() {
    if (this.failure) throw this.failure;
    try {
      for (const record of this.records) {
        this.pulled++;
        yield record;
      }
    } finally {
      if (this.pulled < this.records.length) this.cancelled = true;
    }
  }
}

type Script = (query: string, params: Record<string, unknown> | undefined) => FakeResult;

interface Recorded {
  sessions: { config: Parameters<Neo4jDriverLike['session']>[0]; closed: boolean }[];
  transactions: { config: Parameters<Neo4jSessionLike['beginTransaction']>[0]; committed: boolean; rolledBack: boolean }[];
  runs: { query: string; params: Record<string, unknown> | undefined }[];
}

function fakeDriver(script: Script, options: { forbidden?: boolean } = {}) {
  const recorded: Recorded = { sessions: [], transactions: [], runs: [] };
  const run = (query: string, params?: Record<string, unknown>) => {
    recorded.runs.push({ query, params });
    return script(query, params);
  };
  const driver: Neo4jDriverLike = {
    session(config) {
      if (options.forbidden) throw new Error('the driver must not be used');
      const s = { config, closed: false };
      recorded.sessions.push(s);
      const session: Neo4jSessionLike = {
        beginTransaction(txConfig) {
          const t = { config: txConfig, committed: false, rolledBack: false };
          recorded.transactions.push(t);
          const tx: Neo4jTransactionLike = {
            run,
            commit: async () => void (t.committed = true),
            rollback: async () => void (t.rolledBack = true),
            isOpen: () => !t.committed && !t.rolledBack,
          };
          return tx;
        },
        // As the driver does, without its retries: the work in a transaction committed when it succeeds.
        async executeWrite(work, txConfig) {
          const tx = session.beginTransaction(txConfig);
          try {
            const value = await work(tx);
            await tx.commit();
            return value;
          } finally {
            if (tx.isOpen()) await tx.rollback();
          }
        },
        run,
        close: async () => void (s.closed = true),
      };
      return session;
    },
    verifyConnectivity: async () => ({}),
    close: async () => undefined,
  };
  return { driver, recorded };
}

const options = { database: 'neo4j', queryTimeoutMs: 1234, maxRows: 3, allowedProcedures: [...DEFAULT_ALLOWED_PROCEDURES] };
const explain = (queryType: string) => new FakeResult([], { queryType });
const rows = (n: number) => Array.from({ length: n }, (_, i) => new FakeRecord({ i: int(i), node: alice }));

describe('Neo4j adapter gating (no server)', () => {
  it.each(WRITE_ATTEMPTS.slice(0, 12))('refuses $name in the guard, before the driver is used', async ({ cypher }) => {
    const { driver } = fakeDriver(() => {
      throw new Error('unreachable');
    }, { forbidden: true });
    const store = new Neo4jGraphStore(driver, options);
    await expect(store.runReadOnly(cypher)).rejects.toMatchObject({ category: 'refused', kind: 'cypher-not-read-only' });
    await expect(store.validate(cypher)).rejects.toMatchObject({ category: 'refused', kind: 'cypher-not-read-only' });
  });

  it('runs a read in a READ session and transaction, after an EXPLAIN of type r, and rolls it back', async () => {
    const data = new FakeResult(rows(2));
    const { driver, recorded } = fakeDriver((q) => (q.startsWith('EXPLAIN ') ? explain('r') : data));
    const store = new Neo4jGraphStore(driver, options);
    const result = await store.runReadOnly('MATCH (n:Person) RETURN n LIMIT $limit;', { limit: 2, name: 'x', ratio: 0.5 });

    expect(recorded.sessions).toEqual([{ config: { defaultAccessMode: 'READ', database: 'neo4j', fetchSize: 4 }, closed: true }]);
    expect(recorded.transactions).toHaveLength(1);
    expect(recorded.transactions[0]).toMatchObject({ config: { timeout: 1234 }, committed: false, rolledBack: true });
    expect(recorded.runs.map((r) => r.query)).toEqual(['EXPLAIN MATCH (n:Person) RETURN n LIMIT $limit', 'MATCH (n:Person) RETURN n LIMIT $limit']);
    const params = recorded.runs[1]!.params!;
    expect(params.limit).toBeInstanceOf(Integer); // integers reach Neo4j as integers, not floats
    expect(params.ratio).toBe(0.5);
    expect(params.name).toBe('x');

    expect(result).toMatchObject({ columns: ['i', 'node'], rowCount: 2, truncated: false, queryType: 'r' });
    expect(result.rows[1]).toEqual({ i: 1, node: mapNeo4jValue(alice) });
  });

  it('plans a statement once: Neo4j’s read-only verdict is remembered, in a READ transaction all the same', async () => {
    const { driver, recorded } = fakeDriver((q) => (q.startsWith('EXPLAIN ') ? explain('r') : new FakeResult(rows(1))));
    const store = new Neo4jGraphStore(driver, options);
    await store.runReadOnly('MATCH (n) RETURN n', { a: 1 });
    await store.runReadOnly('MATCH (n) RETURN n', { a: 2 });
    await store.runReadOnly('MATCH (n) RETURN n', { b: 2 }); // other parameter names: planned again
    expect(recorded.runs.map((r) => r.query)).toEqual([
      'EXPLAIN MATCH (n) RETURN n',
      'MATCH (n) RETURN n',
      'MATCH (n) RETURN n',
      'EXPLAIN MATCH (n) RETURN n',
      'MATCH (n) RETURN n',
    ]);
    expect(recorded.sessions.every((s) => s.config.defaultAccessMode === 'READ')).toBe(true);
  });

  it('cuts the rows while streaming: stops pulling one row past maxRows and cancels the stream', async () => {
    const data = new FakeResult(rows(1000));
    const { driver } = fakeDriver((q) => (q.startsWith('EXPLAIN ') ? explain('r') : data));
    const store = new Neo4jGraphStore(driver, options);
    const result = await store.runReadOnly('MATCH (n) RETURN n');
    expect(result).toMatchObject({ rowCount: 3, truncated: true });
    expect(result.rows).toHaveLength(3);
    expect(data.pulled).toBe(4);
    expect(data.cancelled).toBe(true);
  });

  it('does not flag exactly maxRows rows, and takes the columns from the result when there are none', async () => {
    const { driver } = fakeDriver((q) => (q.startsWith('EXPLAIN ') ? explain('r') : new FakeResult(rows(3))));
    const store = new Neo4jGraphStore(driver, options);
    await expect(store.runReadOnly('MATCH (n) RETURN n')).resolves.toMatchObject({ rowCount: 3, truncated: false });
    const empty = fakeDriver((q) => (q.startsWith('EXPLAIN ') ? explain('r') : new FakeResult([], undefined, undefined, ['a', 'b'])));
    await expect(new Neo4jGraphStore(empty.driver, options).runReadOnly('MATCH (n) RETURN n.a AS a, n.b AS b')).resolves.toMatchObject({
      columns: ['a', 'b'],
      rows: [],
      truncated: false,
    });
  });

  it.each(['rw', 'w', 's'])('refuses a query that EXPLAIN classifies as %s, without running it', async (queryType) => {
    const { driver, recorded } = fakeDriver((q) => (q.startsWith('EXPLAIN ') ? explain(queryType) : new FakeResult(rows(1))));
    const store = new Neo4jGraphStore(driver, options);
    await expect(store.runReadOnly('MATCH (n) RETURN n')).rejects.toMatchObject({ category: 'refused', kind: 'cypher-not-read-only' });
    await expect(store.validate('MATCH (n) RETURN n')).rejects.toMatchObject({ category: 'refused', kind: 'cypher-not-read-only' });
    expect(recorded.runs.map((r) => r.query)).toEqual(['EXPLAIN MATCH (n) RETURN n', 'EXPLAIN MATCH (n) RETURN n']);
    expect(recorded.transactions.every((t) => t.rolledBack && !t.committed)).toBe(true);
    expect(recorded.sessions.every((s) => s.config.defaultAccessMode === 'READ' && s.closed)).toBe(true);
  });

  it('validate plans in a READ transaction and does not run the query', async () => {
    const { driver, recorded } = fakeDriver(() => explain('r'));
    await expect(new Neo4jGraphStore(driver, options).validate('MATCH (n) RETURN n')).resolves.toEqual({ queryType: 'r' });
    expect(recorded.runs.map((r) => r.query)).toEqual(['EXPLAIN MATCH (n) RETURN n']);
  });

  it.each([
    ['Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration', 'refused', 'query-timeout'],
    ['Neo.ClientError.Transaction.TransactionTimedOut', 'refused', 'query-timeout'],
    ['Neo.ClientError.Statement.SyntaxError', 'refused', 'cypher-invalid'],
    ['Neo.ClientError.Statement.SemanticError', 'refused', 'cypher-invalid'],
    ['Neo.ClientError.Procedure.ProcedureNotFound', 'refused', 'cypher-invalid'],
    ['Neo.ClientError.Statement.AccessMode', 'refused', 'cypher-not-read-only'],
    ['Neo.ClientError.Statement.ArithmeticError', 'refused', 'cypher-failed'],
    ['Neo.DatabaseError.Statement.ExecutionFailed', 'refused', 'cypher-failed'],
    ['Neo.DatabaseError.General.UnknownError', 'unavailable', 'graph-unavailable'],
    ['ServiceUnavailable', 'unavailable', 'graph-unavailable'],
    ['Neo.TransientError.General.DatabaseUnavailable', 'unavailable', 'graph-unavailable'],
  ])('maps %s to a %s %s', async (code, category, kind) => {
    const failure = Object.assign(new Error(`server says ${code}`), { code });
    const { driver } = fakeDriver((q) => (q.startsWith('EXPLAIN ') ? explain('r') : new FakeResult([], undefined, failure)));
    await expect(new Neo4jGraphStore(driver, options).runReadOnly('MATCH (n) RETURN n')).rejects.toMatchObject({ category, kind });
  });

  it('gives up on its own shortly after the limit when the server does not answer', async () => {
    const never = new FakeResult([]);
    never.summary = () => new Promise<Neo4jSummaryLike>(() => undefined);
    const { driver, recorded } = fakeDriver(() => never);
    const store = new Neo4jGraphStore(driver, { ...options, queryTimeoutMs: 30, clientGraceMs: 20 });
    await expect(store.runReadOnly('MATCH (n) RETURN n')).rejects.toMatchObject({ category: 'refused', kind: 'query-timeout' });
    expect(recorded.sessions[0]!.closed).toBe(true);
  });

  it('writes in WRITE transactions that are committed, and counts what they did', async () => {
    const { driver, recorded } = fakeDriver((q) => {
      if (q.includes('MERGE (a)-[r:')) return new FakeResult([new FakeRecord({ written: int(1) })]);
      if (q.includes('RETURN key,')) return new FakeResult([new FakeRecord({ key: 'p:a', props: { name: 'Ada Lovelace', _key: 'p:a' } })]);
      if (q.includes('DELETE')) return new FakeResult([], { counters: { updates: () => ({ nodesDeleted: 2, relationshipsDeleted: 3 }) } });
      return new FakeResult([], { counters: { updates: () => ({}) } });
    });
    const store = new Neo4jGraphStore(driver, options);
    await expect(
      store.upsert(
        {
          nodes: [
            { key: 'p:a', labels: ['Person'], properties: { name: 'Ada Lovelace' } },
            { key: 'p:b', labels: ['Person'], properties: {} },
          ],
          relationships: [{ fromKey: 'p:a', type: 'KNOWS', toKey: 'p:b' }],
        },
        'doc-1',
      ),
    ).resolves.toEqual({ nodes: 2, relationships: 1 });
    expect(recorded.sessions[0]!.config.defaultAccessMode).toBe('WRITE');
    expect(recorded.transactions[0]).toMatchObject({ committed: true, rolledBack: false });
    expect(recorded.runs[0]!.query).toContain('MERGE (n:`_CqksEntity` {`_key`: row.key})');
    expect(recorded.runs[0]!.query).toContain('SET n:`Person`');
    const search = recorded.runs.find((r) => r.query.includes('`_search` = row.search'))!;
    expect(search.params).toEqual({ rows: [{ key: 'p:a', search: expect.stringContaining('lovelace') }] });

    // Two of the four statements delete (relationships, then nodes); the fake reports 2 and 3 for each.
    await expect(store.deleteByProvenance('doc-1')).resolves.toEqual({ nodes: 4, relationships: 6 });
    expect(recorded.sessions[1]!.config.defaultAccessMode).toBe('WRITE');
    expect(recorded.transactions[1]).toMatchObject({ committed: true });
  });

  it('searches names through the full-text index in a READ session', async () => {
    const { driver, recorded } = fakeDriver(() => new FakeResult([new FakeRecord({ node: alice, score: 2.5 })]));
    const store = new Neo4jGraphStore(driver, options);
    await expect(store.findNodesByName('ALI!', { labels: ['Person'], limit: 5 })).resolves.toEqual([{ node: mapNeo4jValue(alice), score: 2.5 }]);
    expect(recorded.sessions[0]!.config.defaultAccessMode).toBe('READ');
    expect(recorded.runs[0]!.query).toContain('db.index.fulltext.queryNodes($index, $query)');
    expect(recorded.runs[0]!.params).toMatchObject({ index: 'cqks_node_search', query: 'ali', labels: ['Person'] });
    await expect(store.findNodesByName('   ')).resolves.toEqual([]);
  });

  it('reports the server being down as 503 from health()', async () => {
    const { driver } = fakeDriver(() => new FakeResult([]));
    driver.verifyConnectivity = async () => {
      throw Object.assign(new Error('connection refused'), { code: 'ServiceUnavailable' });
    };
    await expect(new Neo4jGraphStore(driver, options).health()).rejects.toMatchObject({ category: 'unavailable' });
  });
});
