import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaCache } from '../../src/planner/link/schema-cache.js';
import type { GraphSchema, GraphStore } from '../../src/stores/graph/port.js';
import { openScratchGraph } from '../support/scratch-graph.js';

/**
 * The schema cache on a real embedded graph: one read however many questions wait for it, a stale
 * view served while the next is read (a question never waits for a refresh), a fresh read after
 * `invalidate`, a failed read not kept, a lexicon rebuilt only when what it is built from changed.
 */
describe('schema cache', () => {
  let scratch: Awaited<ReturnType<typeof openScratchGraph>>;

  beforeAll(async () => {
    scratch = await openScratchGraph('schemacache', { nodes: [{ key: 'a', labels: ['Harbour'], properties: { name: 'North Quay' } }], relationships: [] });
  });
  afterAll(() => scratch?.close());

  /** The real store, whose schema reads can be held back, made to fail, and counted. */
  function gatedGraph() {
    let release: (() => void) | undefined;
    let failNext = false;
    const state = { reads: 0, hold: false };
    const graph = new Proxy(scratch.graph, {
      get(target, key, receiver) {
        if (key !== 'introspect') return Reflect.get(target, key, receiver) as unknown;
        return (): Promise<GraphSchema> => {
          state.reads++;
          if (failNext) {
            failNext = false;
            return Promise.reject(new Error('graph unreachable'));
          }
          const gate = state.hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
          return gate.then(() => target.introspect());
        };
      },
    }) as GraphStore;
    return { graph, state, release: () => release?.(), failOnce: () => (failNext = true) };
  }
  const labelsOf = (view: { schema: GraphSchema }) => view.schema.labels.map((l) => l.label);

  it('reads once for every question waiting at the same time', async () => {
    const { graph, state } = gatedGraph();
    const cache = new SchemaCache({ graph, ttlMs: 60_000 });
    const views = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(state.reads).toBe(1);
    expect(new Set(views).size).toBe(1);
    await cache.get();
    expect(state.reads).toBe(1);
  });

  it('serves the stale view while the next is read, then the new one', async () => {
    const { graph, state, release } = gatedGraph();
    const cache = new SchemaCache({ graph, ttlMs: 0 }); // every view is stale at once
    expect(labelsOf(await cache.get())).not.toContain('Lighthouse');
    await scratch.graph.upsert({ nodes: [{ key: 'l', labels: ['Lighthouse'], properties: { name: 'Grey Point' } }], relationships: [] }, 'test:schemacache');
    state.hold = true;
    // Answered at once from the old view; the read behind it is held.
    expect(labelsOf(await cache.get())).not.toContain('Lighthouse');
    expect(labelsOf(await cache.get())).not.toContain('Lighthouse');
    expect(state.reads).toBe(2); // one refresh, however many questions came meanwhile
    state.hold = false;
    release();
    await cache.warm(); // joins the refresh under way
    expect(state.reads).toBe(2);
    expect(labelsOf(await cache.get())).toContain('Lighthouse');
  });

  it('keeps the lexicon it built while the graph reads the same, and builds a new one when it changes', async () => {
    const { graph, state } = gatedGraph();
    const cache = new SchemaCache({ graph, ttlMs: 60_000 });
    const first = await cache.get();
    cache.invalidate();
    const same = await cache.get();
    expect(state.reads).toBe(2);
    expect(same.lexicon).toBe(first.lexicon);
    await scratch.graph.upsert({ nodes: [{ key: 'b', labels: ['Buoy'], properties: { name: 'Red Nun' } }], relationships: [] }, 'test:schemacache');
    cache.invalidate();
    const changed = await cache.get();
    expect(changed.lexicon).not.toBe(first.lexicon);
    expect(labelsOf(changed)).toContain('Buoy');
  });

  it('waits for a fresh read after invalidate, and does not keep a failed one', async () => {
    const { graph, state, failOnce } = gatedGraph();
    const cache = new SchemaCache({ graph, ttlMs: 60_000 });
    await cache.get();
    cache.invalidate();
    failOnce();
    await expect(cache.get()).rejects.toThrow('graph unreachable');
    expect(labelsOf(await cache.get())).toContain('Harbour');
    expect(state.reads).toBe(3);
  });

  it('warms: the view is read ahead and the time it took is logged; a failure is logged, not thrown', async () => {
    const { graph, state, failOnce } = gatedGraph();
    const lines: { fields: Record<string, unknown>; msg: string }[] = [];
    const logger = {
      info: (fields: Record<string, unknown>, msg: string) => lines.push({ fields, msg }),
      warn: (fields: Record<string, unknown>, msg: string) => lines.push({ fields, msg }),
    };
    const cache = new SchemaCache({ graph, ttlMs: 60_000, logger: logger as never });
    await cache.warm();
    expect(lines[0]!.msg).toBe('graph schema and lexicon read');
    expect(lines[0]!.fields.ms).toEqual(expect.any(Number));
    await cache.get();
    expect(state.reads).toBe(1);
    cache.invalidate();
    failOnce();
    await cache.warm();
    expect(lines[1]!.msg).toMatch(/could not be read/);
  });
});
