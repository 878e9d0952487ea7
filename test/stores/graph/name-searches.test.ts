import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ALLOWED_PROCEDURES } from '../../../src/cypher/guard.js';
import { openGraphStore } from '../../../src/stores/graph/index.js';
import { DEFAULT_SEARCH_CACHE_ENTRIES, DEFAULT_SEARCH_CACHE_MS } from '../../../src/stores/graph/name-searches.js';
import type { GraphStore } from '../../../src/stores/graph/port.js';

/** Name searches are kept between questions, and no write lets an old one be used. On the embedded Grafeo store. */
describe('name searches kept by the Grafeo store', () => {
  const common = { queryTimeoutMs: 10_000, maxRows: 100, allowedProcedures: [...DEFAULT_ALLOWED_PROCEDURES] };
  let cached: GraphStore;
  let uncached: GraphStore;
  const person = (key: string, name: string) => ({ nodes: [{ key, labels: ['Person'], properties: { name } }], relationships: [] });

  beforeAll(async () => {
    [cached, uncached] = await Promise.all([openGraphStore(common), openGraphStore({ ...common, searchCacheEntries: 0 })]);
    for (const store of [cached, uncached]) await store.upsert(person('person:alex-1', 'Alex Kim'), 'first');
  });
  afterAll(async () => {
    await Promise.all([cached?.close(), uncached?.close()]);
  });

  /** Counts the searches the store asks its engine process for (the calls still run). */
  const engineSearches = (store: GraphStore) => {
    const supervisor = (store as unknown as { supervisor: { call: (op: string, ...rest: unknown[]) => unknown } }).supervisor;
    const spy = vi.spyOn(supervisor, 'call');
    return { count: () => spy.mock.calls.filter(([op]) => op === 'search').length, restore: () => spy.mockRestore() };
  };
  const names = async (store: GraphStore, text: string, labels?: string[]) =>
    (await store.findNodesByName(text, { labels })).map((m) => m.node.properties.name).sort();

  it('defaults to 1000 searches kept for 30 s', () => {
    expect(DEFAULT_SEARCH_CACHE_ENTRIES).toBe(1000);
    expect(DEFAULT_SEARCH_CACHE_MS).toBe(30_000);
  });

  it('the same search again asks the engine nothing; another text, label set or limit does', async () => {
    const searches = engineSearches(cached);
    try {
      expect(await names(cached, 'Alex Kim')).toEqual(['Alex Kim']);
      expect(await names(cached, 'alex   KIM')).toEqual(['Alex Kim']); // the same terms
      expect(searches.count()).toBe(1);
      expect(await names(cached, 'Alex Kim', ['Person'])).toEqual(['Alex Kim']);
      await cached.findNodesByName('Alex Kim', { limit: 3 });
      expect(await names(cached, 'Kim')).toEqual(['Alex Kim']);
      expect(searches.count()).toBe(4);
    } finally {
      searches.restore();
    }
  });

  it('after a write the next search asks the engine, and finds what was written or deleted', async () => {
    expect(await names(cached, 'Alex')).toEqual(['Alex Kim']);
    await cached.upsert(person('person:alex-2', 'Alex Kimura'), 'second');
    expect(await names(cached, 'Alex')).toEqual(['Alex Kim', 'Alex Kimura']);
    await cached.deleteByProvenance('second');
    expect(await names(cached, 'Alex')).toEqual(['Alex Kim']);
  });

  it('a caller changing the list it got changes nothing for the next', async () => {
    const first = await cached.findNodesByName('Alex Kim');
    first.splice(0, first.length);
    expect(await names(cached, 'Alex Kim')).toEqual(['Alex Kim']);
  });

  it('searchCacheEntries 0: every search asks the engine', async () => {
    const searches = engineSearches(uncached);
    try {
      expect(await names(uncached, 'Alex Kim')).toEqual(['Alex Kim']);
      expect(await names(uncached, 'Alex Kim')).toEqual(['Alex Kim']);
      expect(searches.count()).toBe(2);
    } finally {
      searches.restore();
    }
  });
});
