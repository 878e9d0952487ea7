import type { IngestLimits } from '../types.js';

/** Progress of a parser: `done` of `total` `unit`s (pages of a PDF, rows of a CSV, bytes otherwise). */
export type ParseProgress = (done: number, total: number, unit: string) => void;

/** What every format's parser is given. */
export interface ParseInput {
  bytes: Uint8Array;
  limits: IngestLimits;
  onProgress?: ParseProgress;
}
