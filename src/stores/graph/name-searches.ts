import { ReadCache } from '../../platform/read-cache.js';
import type { NodeMatch } from './port.js';

/**
 * Name searches kept for reuse: every question searches the names it mentions, and a
 * conversation keeps mentioning the same few things. A write through the store forgets them
 * all, before and after it runs; `ttlMs` bounds how long a write made around the service
 * (straight into Neo4j) can go unseen.
 */
export const DEFAULT_SEARCH_CACHE_ENTRIES = 1000;
export const DEFAULT_SEARCH_CACHE_MS = 30_000;

export interface NameSearchCacheOptions {
  /** Searches kept; 0 keeps none. Default 1000. */
  searchCacheEntries?: number;
  /** How long a search is reused at most. Default 30 s. */
  searchCacheMs?: number;
}

export class NameSearches {
  private readonly cache: ReadCache<NodeMatch[]>;

  constructor(options: NameSearchCacheOptions) {
    this.cache = new ReadCache({
      entries: options.searchCacheEntries ?? DEFAULT_SEARCH_CACHE_ENTRIES,
      ttlMs: options.searchCacheMs ?? DEFAULT_SEARCH_CACHE_MS,
    });
  }

  /** The matches for `terms` (already normalized) among `labels`, kept or searched with `search`. */
  async find(terms: readonly string[], labels: readonly string[], limit: number, search: () => Promise<NodeMatch[]>): Promise<NodeMatch[]> {
    // Callers get their own array; the matches in it are shared and not to be changed.
    return [...(await this.cache.read(JSON.stringify([terms, labels, limit]), search))];
  }

  /** Forgets every kept search (what is searched has changed: a new index). */
  forget(): void {
    this.cache.forget();
  }

  /** Runs a write; no search from before it, or read while it ran, is used after it. */
  async writing<T>(write: () => Promise<T>): Promise<T> {
    this.cache.forget();
    try {
      return await write();
    } finally {
      this.cache.forget();
    }
  }
}
