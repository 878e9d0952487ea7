import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../src/platform/read-cache.js';

/** A load that resolves when told to, counting how often it was called. */
function loads() {
  let calls = 0;
  const pending: ((value: string[]) => void)[] = [];
  return {
    get calls() {
      return calls;
    },
    load: () => {
      calls++;
      return new Promise<string[]>((resolve) => pending.push(resolve));
    },
    finish: (value: string[]) => pending.shift()!(value),
    now: (value: string[]) => async () => {
      calls++;
      return value;
    },
  };
}

describe('ReadCache', () => {
  it('loads a key once, then answers from memory', async () => {
    const cache = new ReadCache<string[]>({ entries: 10 });
    const l = loads();
    expect(await cache.read('a', l.now(['one']))).toEqual(['one']);
    expect(await cache.read('a', l.now(['two']))).toEqual(['one']);
    expect(await cache.read('b', l.now(['three']))).toEqual(['three']);
    expect(l.calls).toBe(2);
  });

  it('after forget, loads again', async () => {
    const cache = new ReadCache<string[]>({ entries: 10 });
    await cache.read('a', async () => ['old']);
    cache.forget();
    expect(await cache.read('a', async () => ['new'])).toEqual(['new']);
    expect(await cache.read('a', async () => ['newer'])).toEqual(['new']);
  });

  it('keeps nothing a read returns when a change came while it was under way', async () => {
    const cache = new ReadCache<string[]>({ entries: 10 });
    const l = loads();
    const straddling = cache.read('a', l.load);
    cache.forget(); // the data changed while the read ran: it may have seen it before
    l.finish(['maybe old']);
    expect(await straddling).toEqual(['maybe old']);
    expect(await cache.read('a', async () => ['current'])).toEqual(['current']);
  });

  it('forgetKey drops that key only, and a read of any key under way keeps nothing', async () => {
    const cache = new ReadCache<string[]>({ entries: 10 });
    await cache.read('a', async () => ['a']);
    await cache.read('b', async () => ['b']);
    const l = loads();
    const straddling = cache.read('c', l.load);
    cache.forgetKey('a');
    l.finish(['c']);
    await straddling;
    expect(await cache.read('a', async () => ['a2'])).toEqual(['a2']);
    expect(await cache.read('b', async () => ['b2'])).toEqual(['b']);
    expect(await cache.read('c', async () => ['c2'])).toEqual(['c2']);
  });

  it('revise changes a kept result in place; a key not kept stays unloaded', async () => {
    const cache = new ReadCache<string[]>({ entries: 10 });
    await cache.read('a', async () => ['one']);
    cache.revise('a', (kept) => ['zero', ...kept]);
    cache.revise('b', (kept) => ['never', ...kept]);
    expect(await cache.read('a', async () => ['loaded'])).toEqual(['zero', 'one']);
    expect(await cache.read('b', async () => ['loaded'])).toEqual(['loaded']);
  });

  it('a read under way when this process changed its data keeps nothing', async () => {
    const cache = new ReadCache<string[]>({ entries: 10 });
    const l = loads();
    const straddling = cache.read('a', l.load);
    cache.revise('a', (kept) => ['zero', ...kept]);
    l.finish(['maybe old']);
    expect(await straddling).toEqual(['maybe old']);
    expect(await cache.read('a', async () => ['current'])).toEqual(['current']);
  });

  it('a read started after the change is kept', async () => {
    const cache = new ReadCache<string[]>({ entries: 10 });
    cache.forget();
    const l = loads();
    const read = cache.read('a', l.load);
    l.finish(['after']);
    await read;
    expect(await cache.read('a', async () => ['again'])).toEqual(['after']);
  });

  it('entries 0 keeps nothing: every read loads', async () => {
    const cache = new ReadCache<string[]>({ entries: 0 });
    const l = loads();
    await cache.read('a', l.now(['one']));
    await cache.read('a', l.now(['two']));
    expect(l.calls).toBe(2);
  });

  it('keeps at most `entries`, dropping the least recently used', async () => {
    const cache = new ReadCache<string[]>({ entries: 2 });
    const l = loads();
    await cache.read('a', l.now(['a']));
    await cache.read('b', l.now(['b']));
    await cache.read('a', l.now(['a2'])); // a used again
    await cache.read('c', l.now(['c'])); // b goes
    expect(l.calls).toBe(3);
    expect(await cache.read('a', l.now(['a3']))).toEqual(['a']);
    expect(await cache.read('b', l.now(['b2']))).toEqual(['b2']);
  });

  it('uses an entry for ttlMs at most', async () => {
    const cache = new ReadCache<string[]>({ entries: 10, ttlMs: 20 });
    await cache.read('a', async () => ['first']);
    expect(await cache.read('a', async () => ['second'])).toEqual(['first']);
    // Time has to pass for the entry to expire: nothing else can signal it.
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await cache.read('a', async () => ['third'])).toEqual(['third']);
  });

  it('a failed read keeps nothing and fails its caller', async () => {
    const cache = new ReadCache<string[]>({ entries: 10 });
    await expect(cache.read('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read('a', async () => ['up'])).toEqual(['up']);
  });
});
