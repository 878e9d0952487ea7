import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ALLOWED_PROCEDURES } from '../../../src/cypher/guard.js';
import type { GrafeoGraphStore } from '../../../src/stores/graph/grafeo-store.js';
import { openGraphStore } from '../../../src/stores/graph/index.js';
import type { GraphStore } from '../../../src/stores/graph/port.js';
import { DEFAULT_VALIDATION_CACHE_ENTRIES, ValidatedStatements } from '../../../src/stores/graph/validated-statements.js';

/** Statements whose read-only plan check passed are remembered (text + parameter names), within a bound. */
describe('ValidatedStatements', () => {
  const READ = 'MATCH (p:Person) WHERE p.name = $name RETURN p.name AS name';

  it('knows nothing at first, and remembers what was added', () => {
    const cache = new ValidatedStatements(10);
    expect(cache.has(READ, { name: 'Keanu' })).toBe(false);
    cache.add(READ, { name: 'Keanu' });
    expect(cache.has(READ, { name: 'Keanu' })).toBe(true);
    // Another statement is not known because one was added.
    expect(cache.has('MATCH (n) RETURN n', { name: 'Keanu' })).toBe(false);
    expect(cache.has(`${READ} `, { name: 'Keanu' })).toBe(false);
  });

  it('keys on the parameter names, not their values', () => {
    const cache = new ValidatedStatements(10);
    cache.add(READ, { name: 'Keanu' });
    expect(cache.has(READ, { name: 'Carrie-Anne' })).toBe(true);
    expect(cache.has(READ, { name: 42 })).toBe(true);
    expect(cache.has(READ, { name: null })).toBe(true);
    expect(cache.has(READ, { name: { nested: ['x'] } })).toBe(true);
  });

  it('different parameter names make a different key (a missing or extra name too)', () => {
    const cache = new ValidatedStatements(10);
    cache.add(READ, { name: 'Keanu' });
    expect(cache.has(READ, { title: 'Keanu' })).toBe(false);
    expect(cache.has(READ, { name: 'Keanu', limit: 3 })).toBe(false);
    expect(cache.has(READ, {})).toBe(false);
    expect(cache.has(READ, undefined)).toBe(false);
  });

  it('no parameters and undefined parameters are the same key', () => {
    const cache = new ValidatedStatements(10);
    cache.add('RETURN 1 AS x', undefined);
    expect(cache.has('RETURN 1 AS x', {})).toBe(true);
    const other = new ValidatedStatements(10);
    other.add('RETURN 1 AS x', {});
    expect(other.has('RETURN 1 AS x', undefined)).toBe(true);
  });

  it('the order of the parameter names does not matter', () => {
    const cache = new ValidatedStatements(10);
    const statement = 'MATCH (p:Person) WHERE p.name = $name AND p.born > $born RETURN p LIMIT $limit';
    cache.add(statement, { name: 'a', born: 1960, limit: 5 });
    expect(cache.has(statement, { limit: 1, name: 'b', born: 1970 })).toBe(true);
    expect(cache.has(statement, { born: 0, limit: 0, name: '' })).toBe(true);
  });

  it('entries 0 remembers nothing', () => {
    const cache = new ValidatedStatements(0);
    cache.add(READ, { name: 'Keanu' });
    cache.add('RETURN 1 AS x', undefined);
    expect(cache.has(READ, { name: 'Keanu' })).toBe(false);
    expect(cache.has('RETURN 1 AS x', undefined)).toBe(false);
  });

  it('holds its bound: with max 2, a third statement evicts the least recently added', () => {
    const cache = new ValidatedStatements(2);
    cache.add('RETURN 1 AS x', {});
    cache.add('RETURN 2 AS x', {});
    cache.add('RETURN 3 AS x', {});
    expect(cache.has('RETURN 1 AS x', {})).toBe(false);
    expect(cache.has('RETURN 2 AS x', {})).toBe(true);
    expect(cache.has('RETURN 3 AS x', {})).toBe(true);
    // The same text under other parameter names is another entry, and counts against the bound.
    cache.add('RETURN 3 AS x', { a: 1 });
    expect(cache.has('RETURN 2 AS x', {})).toBe(false);
    expect(cache.has('RETURN 3 AS x', {})).toBe(true);
    expect(cache.has('RETURN 3 AS x', { a: 2 })).toBe(true);
  });

  it('adding a statement again makes it the most recently used: the other one is evicted', () => {
    const cache = new ValidatedStatements(2);
    cache.add('RETURN $p AS x', { p: 1 });
    cache.add('RETURN $p AS y', { p: 1 });
    cache.add('RETURN $p AS x', { p: 'other value' }); // the same key: a refresh, not a new entry
    cache.add('RETURN $p AS z', { p: 1 });
    expect(cache.has('RETURN $p AS x', { p: 1 })).toBe(true);
    expect(cache.has('RETURN $p AS y', { p: 1 })).toBe(false);
    expect(cache.has('RETURN $p AS z', { p: 1 })).toBe(true);
  });

  it('holds a large bound exactly', () => {
    const cache = new ValidatedStatements(50);
    for (let i = 0; i < 120; i++) cache.add(`RETURN ${i} AS x`, { p: i });
    const kept = Array.from({ length: 120 }, (_, i) => cache.has(`RETURN ${i} AS x`, { p: 0 }));
    expect(kept.filter(Boolean)).toHaveLength(50);
    // The newest 50 are the ones kept.
    expect(kept.slice(70).every(Boolean)).toBe(true);
  });

  it('defaults to 1000 entries', () => {
    expect(DEFAULT_VALIDATION_CACHE_ENTRIES).toBe(1000);
  });

  // A statement validated again and again (a hit, which returns before add()) stays in.
  it('a hit (has) makes the statement the most recently used', () => {
    const cache = new ValidatedStatements(2);
    cache.add('RETURN 1 AS x', {});
    cache.add('RETURN 2 AS x', {});
    expect(cache.has('RETURN 1 AS x', {})).toBe(true); // used again
    cache.add('RETURN 3 AS x', {});
    expect(cache.has('RETURN 1 AS x', {})).toBe(true);
    expect(cache.has('RETURN 2 AS x', {})).toBe(false);
  });

  // Names are any strings: no (statement, names) pair may make the key of another.
  it('parameter names containing "," or "\\n" do not make keys of other statements', () => {
    const cache = new ValidatedStatements(10);
    cache.add('RETURN $a AS a, $b AS b', { a: 1, b: 2 });
    expect(cache.has('RETURN $a AS a, $b AS b', { 'a,b': 1 })).toBe(false);
    cache.add('RETURN 1 AS x', { 'a\nB': 1 });
    expect(cache.has('B\nRETURN 1 AS x', { a: 1 })).toBe(false);
  });
});

describe('validate on the embedded Grafeo store', () => {
  const allowedProcedures = [...DEFAULT_ALLOWED_PROCEDURES];
  const common = { queryTimeoutMs: 10_000, maxRows: 100, allowedProcedures };
  let cached: GraphStore;
  let uncached: GraphStore;

  beforeAll(async () => {
    [cached, uncached] = await Promise.all([openGraphStore(common), openGraphStore({ ...common, validationCacheEntries: 0 })]);
    await cached.upsert({ nodes: [{ key: 'person:keanu', labels: ['Person'], properties: { name: 'Keanu Reeves' } }], relationships: [] }, 'test');
  });
  afterAll(async () => {
    await Promise.all([cached?.close(), uncached?.close()]);
  });

  /** Counts the calls the store makes to its engine process, by operation. */
  const engineCalls = (store: GraphStore) => {
    const supervisor = (store as unknown as { supervisor: { call: (op: string, ...rest: unknown[]) => unknown } }).supervisor;
    return vi.spyOn(supervisor, 'call');
  };
  const validations = (spy: ReturnType<typeof engineCalls>) => spy.mock.calls.filter(([op]) => op === 'validate').length;

  it('opens Grafeo stores', () => {
    expect((cached as GrafeoGraphStore).engine).toBe('grafeo');
    expect((uncached as GrafeoGraphStore).engine).toBe('grafeo');
  });

  it('validates a good read-only statement twice; the second time asks the engine nothing', async () => {
    const spy = engineCalls(cached);
    try {
      const statement = 'MATCH (p:Person) WHERE p.name = $name RETURN p.name AS name';
      await expect(cached.validate(statement, { name: 'Keanu Reeves' })).resolves.toEqual({ queryType: 'r' });
      expect(validations(spy)).toBe(1);
      await expect(cached.validate(statement, { name: 'someone else' })).resolves.toEqual({ queryType: 'r' });
      expect(validations(spy)).toBe(1);
      // Other parameter names: checked by the engine again.
      await expect(cached.validate(statement, { name: 'x', unused: 1 })).resolves.toEqual({ queryType: 'r' });
      expect(validations(spy)).toBe(2);
      // The check before execution is never skipped: a read still runs (and plans) in the engine.
      const result = await cached.runReadOnly(statement, { name: 'Keanu Reeves' });
      expect(result.rows).toEqual([{ name: 'Keanu Reeves' }]);
    } finally {
      spy.mockRestore();
    }
  });

  it('a statement that fails the plan check fails every time (failures are not remembered)', async () => {
    const spy = engineCalls(cached);
    try {
      for (let i = 0; i < 3; i++) {
        // Refused by the engine (it cannot resolve them): asked each time.
        await expect(cached.validate('RETURN nosuchfunction(1) AS x')).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
        await expect(cached.validate('MATCH (n) RETURN m')).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
        await expect(cached.validate('RETURN $missing AS x', {})).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
        // Not even Cypher for the guard: refused before the engine.
        await expect(cached.validate('MATCH (n RETURN n')).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
      }
      expect(validations(spy)).toBe(9);
      // The same text with the parameter given plans fine; it does not make the failing one pass.
      await expect(cached.validate('RETURN $missing AS x', { missing: 1 })).resolves.toEqual({ queryType: 'r' });
      await expect(cached.validate('RETURN $missing AS x', {})).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
    } finally {
      spy.mockRestore();
    }
  });

  it('a write is refused every time, before the engine is asked', async () => {
    const spy = engineCalls(cached);
    try {
      for (let i = 0; i < 3; i++) {
        await expect(cached.validate('CREATE (n:Hacked) RETURN n')).rejects.toMatchObject({ category: 'refused', kind: 'cypher-not-read-only' });
        await expect(cached.validate('MATCH (p:Person) SET p.name = $x RETURN p', { x: 1 })).rejects.toMatchObject({
          category: 'refused',
          kind: 'cypher-not-read-only',
        });
      }
      expect(validations(spy)).toBe(0);
    } finally {
      spy.mockRestore();
    }
    const labels = await cached.runReadOnly('MATCH (n:Hacked) RETURN count(n) AS c');
    expect(labels.rows).toEqual([{ c: 0 }]);
  });

  it('validationCacheEntries 0: validates correctly, asking the engine every time', async () => {
    const spy = engineCalls(uncached);
    try {
      const statement = 'MATCH (p:Person) RETURN p.name AS name LIMIT $limit';
      await expect(uncached.validate(statement, { limit: 1 })).resolves.toEqual({ queryType: 'r' });
      await expect(uncached.validate(statement, { limit: 1 })).resolves.toEqual({ queryType: 'r' });
      expect(validations(spy)).toBe(2);
      await expect(uncached.validate('RETURN nosuchfunction(1) AS x')).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
      await expect(uncached.validate('MATCH (n RETURN n')).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
      await expect(uncached.validate('CREATE (n:Hacked)')).rejects.toMatchObject({ category: 'refused', kind: 'cypher-not-read-only' });
      expect(validations(spy)).toBe(3);
    } finally {
      spy.mockRestore();
    }
  });

  it('the engine refuses the statements of the key collision below, and accepts the ones that collide with them', async () => {
    await expect(uncached.validate('B\nRETURN 1 AS x', { a: 1 })).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
    await expect(uncached.validate('RETURN 1 AS x', { 'a\nB': 1 })).resolves.toEqual({ queryType: 'r' });
  });

  // End to end: a statement the engine refuses must not pass validate because another statement
  // with odd parameter names passed before.
  it('validate does not pass an invalid statement by a key collision', async () => {
    const store = await openGraphStore(common);
    try {
      await store.validate('RETURN 1 AS x', { 'a\nB': 1 });
      await expect(store.validate('B\nRETURN 1 AS x', { a: 1 })).rejects.toMatchObject({ category: 'refused', kind: 'cypher-invalid' });
    } finally {
      await store.close();
    }
  });
});
