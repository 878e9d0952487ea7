import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * Watches a process's resident memory (Linux: /proc/<pid>/status) and calls `onExceeded` once
 * it passes `maxBytes`. Why, on top of the V8 heap cap: inflated data, Buffers and typed arrays
 * live outside the heap, so a parser can fill memory without ever reaching
 * --max-old-space-size. Where /proc is missing the heap cap is the only one.
 * It also keeps the highest resident memory it read (`peakBytes`), for the parser's stats. Used for
 * the document parser process and the embedded graph engine process.
 */

/** How often the memory is read; a process grows by at most what it allocates in this time. */
const INTERVAL_MS = 50;

export interface MemoryWatch {
  (): void;
  /** The highest resident memory seen so far (its VmHWM where the kernel keeps one), in bytes; 0 before any sample. */
  readonly peakBytes: number;
}

export function watchMemory(options: { pid: number; maxBytes: number; onExceeded: (bytes: number) => void }): MemoryWatch {
  const { pid, maxBytes, onExceeded } = options;
  let stopped = false;
  let reading = false;
  let peakBytes = 0;
  const timer = setInterval(() => {
    if (reading || stopped) return;
    reading = true;
    void memoryOf(pid)
      .then((usage) => {
        const bytes = usage?.residentBytes;
        if (usage) peakBytes = Math.max(peakBytes, usage.peakBytes ?? 0, usage.residentBytes);
        if (bytes === undefined) {
          stopped = true; // no /proc, or the process is gone
          clearInterval(timer);
        } else if (bytes > maxBytes && !stopped) {
          stopped = true;
          clearInterval(timer);
          onExceeded(bytes);
        }
      })
      .finally(() => (reading = false));
  }, INTERVAL_MS);
  timer.unref();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return Object.defineProperty(stop, 'peakBytes', { get: () => peakBytes }) as MemoryWatch;
}

/** A process's memory from /proc/<pid>/status: resident now (VmRSS) and its high-water mark (VmHWM). */
export interface MemoryUsage {
  residentBytes: number;
  /** The most it was resident at any time; absent where the kernel does not say. */
  peakBytes?: number;
}

const kilobytes = (status: string, field: string) => {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : undefined;
};

function usageOf(status: string): MemoryUsage | undefined {
  const residentBytes = kilobytes(status, 'VmRSS');
  return residentBytes === undefined ? undefined : { residentBytes, peakBytes: kilobytes(status, 'VmHWM') };
}

/** A process's memory, or undefined where it cannot be read (no /proc, the process gone, or a zombie). */
export async function memoryOf(pid: number): Promise<MemoryUsage | undefined> {
  try {
    return usageOf(await readFile(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The same, read at once: for the last look at a process about to be killed (/proc is in memory, the read does not block). */
export function memoryOfSync(pid: number): MemoryUsage | undefined {
  try {
    return usageOf(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The process's resident set size in bytes, or undefined where it cannot be read. */
export async function residentBytes(pid: number): Promise<number | undefined> {
  return (await memoryOf(pid))?.residentBytes;
}
