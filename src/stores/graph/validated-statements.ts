import { LRUCache } from 'lru-cache';
import type { QueryParams } from './port.js';

/**
 * Statements whose read-only plan check passed, so `validate` of the same text need not ask
 * the engine again: approved templates and repeated questions are validated on every reuse.
 * Only passes are kept (a statement that failed is checked again), keyed by the text and the
 * names of its parameters (their values cannot make a query write). The check before every
 * execution is not cached.
 */
export const DEFAULT_VALIDATION_CACHE_ENTRIES = 1000;

export class ValidatedStatements {
  private readonly passed: LRUCache<string, true> | undefined;

  /** `entries` 0 keeps nothing. */
  constructor(entries: number) {
    this.passed = entries > 0 ? new LRUCache({ max: entries }) : undefined;
  }

  /** Unambiguous: names may hold any character, the statement too. */
  private static key(statement: string, params: QueryParams | undefined): string {
    return JSON.stringify([Object.keys(params ?? {}).sort(), statement]);
  }

  /** Whether the statement passed before; a hit counts as a use (the least recently used go first). */
  has(statement: string, params: QueryParams | undefined): boolean {
    return this.passed?.get(ValidatedStatements.key(statement, params)) === true;
  }

  add(statement: string, params: QueryParams | undefined): void {
    this.passed?.set(ValidatedStatements.key(statement, params), true);
  }
}
