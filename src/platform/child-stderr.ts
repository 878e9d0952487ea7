import type { ChildProcess } from 'node:child_process';

/** What V8 writes on stderr as it aborts a process whose heap is full. */
const HEAP_EXHAUSTED = /heap out of memory|Reached heap limit|Allocation failed/;

/**
 * Keeps the end of a child process's stderr (started with stderr piped), at most `maxChars`:
 * enough to tell why it ended. Returns what is kept so far; read it on `close`, after the last
 * of it has come in.
 */
export function keepStderrTail(child: ChildProcess, maxChars: number): () => string {
  let tail = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-maxChars);
  });
  return () => tail;
}

/** Whether a child's stderr says V8 aborted it for a full heap (--max-old-space-size). */
export const diedOfFullHeap = (stderr: string): boolean => HEAP_EXHAUSTED.test(stderr);
