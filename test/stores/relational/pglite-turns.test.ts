import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteStore } from '../../../src/stores/relational/pglite-store.js';

/**
 * PGlite runs statements on the event loop's thread. A long series of them (an ingestion's
 * inserts) must still let the loop read sockets between two statements, or every request
 * waits for the whole series.
 */
describe('PGlite between two statements', () => {
  let store: PgliteStore;
  beforeAll(async () => {
    store = await PgliteStore.open({ schema: 'public' });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('gives the event loop a turn, so a timer fires long before a series of statements ends', async () => {
    const statements = 200;
    let done = 0;
    const series = (async () => {
      for (let i = 0; i < statements; i++) {
        await store.query('SELECT $1::int AS i', [i]);
        done++;
      }
    })();
    const doneWhenTimerFired = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
    await series;
    expect(done).toBe(statements);
    expect(doneWhenTimerFired).toBeLessThan(statements / 4);
  });

  it('also inside a transaction', async () => {
    let done = 0;
    const series = store.transaction(async (tx) => {
      for (let i = 0; i < 200; i++) {
        await tx.query('SELECT $1::int AS i', [i]);
        done++;
      }
    });
    const doneWhenTimerFired = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
    await series;
    expect(doneWhenTimerFired).toBeLessThan(50);
  });

  // A writer that hands its rows on itself (an event stream's local delivery) has them before a
  // listener hears of them: otherwise the listener reads back what it is about to be given.
  it('a notification is heard a turn after the statement that sent it has returned to its caller', async () => {
    const order: string[] = [];
    let heard = () => {};
    const stop = await store.listen('cqks_turns', () => {
      order.push('heard');
      heard();
    });
    try {
      for (const write of [
        () => store.query("SELECT pg_notify('cqks_turns', 'plain')"),
        () => store.transaction((tx) => tx.query("SELECT pg_notify('cqks_turns', 'in a transaction')")),
      ]) {
        order.length = 0;
        const again = new Promise<void>((resolve) => (heard = resolve));
        await write().then(() => order.push('returned'));
        // What the caller does next, in the same turn.
        order.push('handed on');
        await again;
        expect(order).toEqual(['returned', 'handed on', 'heard']);
      }
    } finally {
      await stop();
    }
  });
});
