import { fork } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DocumentPreviewLimits } from '../preview.js';
import { IngestRejection } from '../types.js';
import type { DocumentFormat, IngestLimits, IngestionStage, Progress } from '../types.js';
import { memoryOfSync, watchMemory } from '../../platform/memory-watch.js';
import type { ParserMessage, ParserRequest, ParserResults, ParserTaskName } from './protocol.js';
import { ResultAssembler } from './result-parts.js';
import { childModule } from '../../platform/child-modules.js';
import { diedOfFullHeap, keepStderrTail } from '../../platform/child-stderr.js';

/**
 * Runs a parser task in a child process with a memory and a time cap, so a hostile document
 * (a zip bomb, a PDF that never ends, a deeply nested file) costs a killed child, never this
 * process. A worker thread is not enough: its resourceLimits do not cover Buffers, and a V8
 * out-of-memory aborts the whole process it runs in.
 *
 * - The child gets --max-old-space-size=parserMaxMemoryMb, and parses in a worker thread whose
 *   heap has the same cap (so its main thread stays free to notice that this process died);
 *   where /proc exists it is killed when its resident memory passes twice that plus
 *   RSS_ALLOWANCE_MB (inflated data, Buffers and typed arrays live outside any heap); it is
 *   killed when parserTimeoutMs passes since it was started, and when `signal` aborts.
 * - The bytes are streamed to its stdin from the caller's iterable, with backpressure; the
 *   request, progress and answer go over IPC ('advanced' serialization), a long answer in parts
 *   (result-parts.ts) so that decoding it never holds this process's event loop for long.
 * - Its environment is only what Node needs: a parser has no use for the service's secrets.
 * - Every way out kills the child (SIGKILL) and waits for its exit before settling: no zombie.
 * - An IngestRejection in the child is one here (same stage and message); out of memory, the
 *   time limit, and a crash are IngestRejections with a plain reason (details as `cause`);
 *   an abort rejects with the signal's reason; a failure of `bytes` rejects with that error.
 * The child exits by itself when this process dies (its IPC channel closes).
 * `onStats` is told, once the child has exited (whatever the outcome), its peak resident memory
 * and its wall time.
 */

/** What a parser process cost, once it has exited. */
export interface ParserStats {
  /**
   * The child's peak resident memory in bytes: its VmHWM read just before it is killed (the
   * true peak) where /proc has it, else the highest the memory watcher saw; 0 where neither can be read.
   */
  peakRssBytes: number;
  /** From its start to its exit. */
  elapsedMs: number;
}

export interface ParserRunOptions<K extends ParserTaskName> {
  task: K;
  /** The document's bytes, streamed (as the store reads them). */
  bytes: AsyncIterable<Uint8Array>;
  limits: IngestLimits;
  /** The stored format; without it the child sniffs the bytes. */
  format?: DocumentFormat;
  /** For `preview`. */
  previewLimits?: DocumentPreviewLimits;
  /** The file's name: for `extract` (labels of untyped CSV rows) and a failure's details (`cause`); never for the type. */
  sourceName?: string;
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  /** Called once, when the child has exited (success or failure); not when it never started. */
  onStats?: (stats: ParserStats) => void;
}

/** Resident memory allowed on top of twice the heap cap: Node's own code and buffers. */
const RSS_ALLOWANCE_MB = 128;
/** Last bytes of the child's stderr kept to tell an out-of-memory death from another crash. */
const STDERR_TAIL_BYTES = 8192;
const ENV_KEPT = ['PATH', 'NODE_ENV', 'TZ', 'LANG', 'LC_ALL', 'TMPDIR', 'SystemRoot'];

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export function runInParserProcess<K extends ParserTaskName>(options: ParserRunOptions<K>): Promise<ParserResults[K]> {
  const { task, bytes, limits, format, previewLimits, sourceName, signal, onProgress, onStats } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);

  return new Promise<ParserResults[K]>((resolve, reject) => {
    const env = Object.fromEntries(ENV_KEPT.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]]));
    const startedAt = performance.now();
    const child = fork(childModule(import.meta.url, 'parser-entry'), [], {
      execArgv: [`--max-old-space-size=${limits.parserMaxMemoryMb}`],
      stdio: ['pipe', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      env,
    });

    let stage: IngestionStage = 'extracting_text';
    let outcome: { value: ParserResults[K] } | { error: unknown } | undefined;
    const assembler = new ResultAssembler();
    /** VmHWM read at the last moment the child was known to be alive. */
    let lastPeakBytes = 0;
    const pump = new AbortController();
    const failure = (message: string, details?: string) => {
      const rejection = new IngestRejection(stage, message);
      if (details !== undefined) rejection.cause = new Error(sourceName ? `${sourceName}: ${details}` : details);
      return rejection;
    };
    const tooMuchMemory = (details: string) => failure(`the parser used more than ${limits.parserMaxMemoryMb} MB and was stopped`, details);

    /** The first outcome wins; the child is killed, and the promise settles once it has exited. */
    const decide = (result: { value: ParserResults[K] } | { error: unknown }) => {
      if (outcome) return;
      outcome = result;
      clearTimeout(timer);
      stopWatch();
      signal?.removeEventListener('abort', onAbort);
      pump.abort();
      if (child.exitCode === null && child.signalCode === null) {
        // The last look at its memory: after the kill, /proc/<pid> goes (a zombie keeps no Vm* lines).
        if (child.pid !== undefined) lastPeakBytes = memoryOfSync(child.pid)?.peakBytes ?? 0;
        child.kill('SIGKILL');
      }
    };
    const onAbort = () => decide({ error: signal?.reason });
    signal?.addEventListener('abort', onAbort, { once: true });

    const timer = setTimeout(() => decide({ error: failure(`the parser took longer than ${seconds(limits.parserTimeoutMs)} and was stopped`) }), limits.parserTimeoutMs);
    const stopWatch =
      child.pid === undefined
        ? Object.assign(() => undefined, { peakBytes: 0 })
        : watchMemory({
            pid: child.pid,
            maxBytes: (2 * limits.parserMaxMemoryMb + RSS_ALLOWANCE_MB) * 1024 * 1024,
            onExceeded: (used) => decide({ error: tooMuchMemory(`resident memory reached ${Math.round(used / 1024 / 1024)} MB`) }),
          });

    const stderrTail = keepStderrTail(child, STDERR_TAIL_BYTES);
    child.on('message', (message: ParserMessage) => {
      if (outcome) return;
      if (message.type === 'progress') {
        stage = message.progress.stage;
        try {
          onProgress?.(message.progress);
        } catch {
          // a caller's progress callback failing is not the document's problem
        }
      } else if (message.type === 'result_part') assembler.add(message);
      else if (message.type === 'result') {
        try {
          decide({ value: assembler.assemble(message.value) as ParserResults[K] });
        } catch (error) {
          decide({ error: failure('the parser failed on this document and was stopped', error instanceof Error ? error.message : String(error)) });
        }
      }
      else if (message.type === 'rejected') decide({ error: new IngestRejection(message.stage, message.message) });
      else if (message.type === 'out_of_memory') decide({ error: tooMuchMemory(message.message) });
      else decide({ error: failure('the parser failed on this document and was stopped', message.message) });
    });
    child.once('error', (error) => {
      if (child.pid !== undefined) return; // a running child's errors end in 'close'
      decide({ error });
      reject(error); // never started: no exit follows
    });
    child.once('close', (code, exitSignal) => {
      stopWatch();
      clearTimeout(timer);
      if (!outcome) {
        const oom = diedOfFullHeap(stderrTail()) || exitSignal === 'SIGKILL';
        const details = `exit code ${code}, signal ${exitSignal}: ${stderrTail().trim().split('\n').slice(-3).join(' | ')}`;
        decide({ error: oom ? tooMuchMemory(details) : failure('the parser stopped unexpectedly on this document', details) });
      }
      try {
        onStats?.({ peakRssBytes: Math.max(lastPeakBytes, stopWatch.peakBytes), elapsedMs: performance.now() - startedAt });
      } catch {
        // as with progress: the caller's bookkeeping failing is not the document's problem
      }
      if (outcome && 'value' in outcome) resolve(outcome.value);
      else reject(outcome?.error);
    });

    const request: ParserRequest = { task, limits, format, previewLimits, sourceName };
    child.send(request, (error) => {
      if (error) decide({ error: failure('the parser could not be started', error.message) });
    });
    child.stdin?.on('error', () => undefined); // a child that stops reading (or dies) closes the pipe: 'close' says why
    pipeline(Readable.from(bytes), child.stdin!, { signal: pump.signal }).catch((error: unknown) => {
      const code = (error as { code?: string }).code;
      if (outcome || pump.signal.aborted || code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_PREMATURE_CLOSE') return;
      decide({ error }); // reading the bytes failed: not the document's fault
    });
  });
}
