import type { GraphSchema, JsonValue, QueryParams, WriteCounts } from './port.js';
import type { PreparedBatch } from './upsert-batch.js';

/**
 * The messages between the store (parent) and the Grafeo engine process (child), as JSON
 * over the fork IPC channel. Rows are mapped to JSON in the child, so only plain data
 * crosses; at most `maxRows` of them.
 */

export interface ReadArgs {
  /** What is planned and checked for write operators (the guarded statement). */
  statement: string;
  /** What runs: the statement, possibly with a LIMIT the engine can push down. */
  run: string;
  params: QueryParams;
  maxRows: number;
  /** Largest result, in bytes of its JSON, sent back (0: no limit). */
  maxBytes?: number;
}

export interface ReadAnswer {
  columns: string[];
  rows: Record<string, JsonValue>[];
  truncated: boolean;
}

export interface SearchArgs {
  terms: string[];
  labels: string[];
  limit: number;
}

export interface SearchAnswer {
  matches: { node: JsonValue; score: number }[];
}

export interface Operations {
  read: { args: ReadArgs; answer: ReadAnswer };
  validate: { args: { statement: string; params: QueryParams }; answer: { ok: true } };
  introspect: { args: Record<string, never>; answer: GraphSchema };
  search: { args: SearchArgs; answer: SearchAnswer };
  /** Naming properties `_search` does not hold, as (label, key) pairs: each gets a text index that search reads. */
  indexNames: { args: { names: [string, string][] }; answer: { changed: boolean } };
  upsert: { args: { batch: PreparedBatch; provenance: string }; answer: WriteCounts };
  delete: { args: { provenance: string }; answer: WriteCounts };
  deleteNodes: { args: { keys: string[] }; answer: WriteCounts };
  stats: { args: Record<string, never>; answer: { nodes: number; relationships: number } };
  ping: { args: Record<string, never>; answer: { ok: true } };
  close: { args: Record<string, never>; answer: { ok: true } };
}

export type OperationName = keyof Operations;

/** Why an operation failed, in terms the store maps to its errors. */
/**
 * `too-large`: the result is over its byte limit; `panic`: the engine failed on this query
 * (deterministically: a bug of the engine, not of the data); `memory`: the engine process went
 * over its memory cap while running it; `crashed`: the process stopped while running it.
 */
export type EngineErrorKind = 'invalid' | 'not-read-only' | 'failed' | 'too-large' | 'panic' | 'memory' | 'crashed' | 'internal';

export interface EngineErrorShape {
  kind: EngineErrorKind;
  message: string;
}

export type ParentMessage = { id: number; op: OperationName; args: unknown };

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'fatal'; message: string }
  | { type: 'answer'; id: number; ok: true; value: unknown }
  | { type: 'answer'; id: number; ok: false; error: EngineErrorShape };
