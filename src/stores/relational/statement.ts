import type { SqlParam } from './port.js';

/**
 * One SQL statement assembled from parts several stores contribute (the session's counters,
 * a run, its job, events, a message): each part is a WITH query the later parts may read
 * from, and parameters are numbered in the order they are added. Writing several tables in
 * one statement costs one round trip and one plan instead of one per table; the same parts
 * in the same order always give the same text, so it is prepared once like any other.
 *
 * Every data-modifying part runs to completion whether or not it is read; a plain SELECT
 * part runs only if the final SELECT (or a later part) reads it.
 */
export class Statement {
  readonly params: SqlParam[] = [];
  private readonly parts: string[] = [];

  /** The placeholder of `value`, with a cast when given (`$3::jsonb`). */
  param(value: SqlParam, cast?: string): string {
    this.params.push(value);
    return `$${this.params.length}${cast ? `::${cast}` : ''}`;
  }

  /** Adds `name AS (sql)`; returns `name`, for the parts that read it. */
  with(name: string, sql: string): string {
    this.parts.push(`${name} AS (${sql})`);
    return name;
  }

  /** The whole statement, ending in `select`. */
  text(select: string): string {
    return this.parts.length > 0 ? `WITH ${this.parts.join(',\n')}\n${select}` : select;
  }
}
