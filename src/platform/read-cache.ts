import { LRUCache } from 'lru-cache';

export interface ReadCacheOptions {
  /** Entries kept (the least recently used go first); 0 keeps none, so every read loads. */
  entries: number;
  /** How long an entry is used at most; undefined keeps it until `forget`. */
  ttlMs?: number;
}

/**
 * Results of reads kept in memory until what they were read from changes (`forget`). A read
 * that was under way when a change came keeps nothing: it may have seen the data before it.
 * Values are shared between callers, who must not change them.
 */
export class ReadCache<V extends object> {
  private readonly entries: LRUCache<string, V> | undefined;
  /** Counts the changes, so a read that straddles one is not kept. */
  private generation = 0;

  constructor(options: ReadCacheOptions) {
    this.entries = options.entries > 0 ? new LRUCache({ max: options.entries, ttl: options.ttlMs ?? 0 }) : undefined;
  }

  /** The kept result for `key`, or what `load` reads (kept unless a change came meanwhile). */
  async read(key: string, load: () => Promise<V>): Promise<V> {
    const kept = this.entries?.get(key);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const value = await load();
    if (this.entries && generation === this.generation) this.entries.set(key, value);
    return value;
  }

  /** What the results came from changed (or may have): none of them is used again. */
  forget(): void {
    this.generation++;
    this.entries?.clear();
  }

  /** What the result of `key` came from changed (or may have): it is not used again. */
  forgetKey(key: string): void {
    this.generation++;
    this.entries?.delete(key);
  }

  /**
   * A change this process made (and committed) to what `key`'s result came from: the kept
   * result becomes `revise(kept)`, so the next read need not load it again. No read under way
   * keeps what it loads (it may have seen the data before the change).
   */
  revise(key: string, revise: (kept: V) => V): void {
    this.generation++;
    const kept = this.entries?.get(key);
    if (kept !== undefined) this.entries!.set(key, revise(kept));
  }
}
