import { Worker } from 'node:worker_threads';
import { childModule } from '../../platform/child-modules.js';
import { ReadRefusal, runRead } from './neo4j-read.js';
import type { ReadAnswer, ReadDriver, ReadReply, ReadRequest } from './neo4j-read.js';
import type { GraphLogger } from './port.js';

/**
 * Where the Neo4j store's read-only queries run. A query can return one record holding millions
 * of values (`collect`, `range`, a string built by `reduce`): the server may build it within its
 * time limit, and the driver then decodes all of it in one synchronous step, which on the
 * service's own thread froze every request, `/health/ready` included, for 5 to 46 s and grew
 * the process by gigabytes (issue 25). So reads run on a thread of their own (ThreadReader),
 * with a heap limit; the event loop only posts the query and receives plain rows.
 */
export interface Neo4jReader {
  /** Rejects with a ReadRefusal, or with the driver's error (its `code` and message). */
  read(request: ReadRequest): Promise<ReadAnswer>;
  close(): Promise<void>;
}

/** Reads on this thread: for a stand-in driver in tests of the store's gating and mapping. */
export class InProcessReader implements Neo4jReader {
  constructor(
    private readonly driver: ReadDriver,
    private readonly database: string | undefined,
    /** How long past a query's own limit it waits for a server that does not answer. */
    private readonly graceMs: number,
  ) {}

  read(request: ReadRequest): Promise<ReadAnswer> {
    return runRead(this.driver, this.database, request, this.graceMs);
  }

  async close(): Promise<void> {}
}

export interface ThreadReaderOptions {
  connection: { uri: string; user: string; password: string; database?: string };
  /** Heap of the read thread, MB (GRAPH_READ_MAX_MEMORY_MB). */
  maxMemoryMb: number;
  /** How long past a query's own limit (enforced by the server) the thread may take before it is stopped. */
  graceMs: number;
  logger?: GraphLogger;
}

interface Pending {
  id: number;
  request: ReadRequest;
  attempts: number;
  worker?: Worker;
  timer?: NodeJS.Timeout;
  resolve(answer: ReadAnswer): void;
  reject(error: unknown): void;
}

/** A read is sent at most twice: once more after the thread it ran on was stopped for another read. */
const MAX_ATTEMPTS = 2;

/**
 * Supervises the read thread. A read past its deadline (its limit plus `graceMs`: the server
 * should have stopped it by then) gets a ReadRefusal('timed-out') at once and the thread is
 * terminated, which stops even a decode in progress; a thread past its heap limit dies by
 * itself. Either way the reads that were running alongside are sent to a fresh thread (they
 * have no side effects), each at most twice; the one that overran is not. A thread that ran out
 * of memory cannot say which of several reads did it: each of them is tried once more (a read
 * that was alone there is not).
 */
export class ThreadReader implements Neo4jReader {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ThreadReaderOptions) {}

  /** Starts the thread now, so the first query does not wait for it. */
  start(): void {
    this.current();
  }

  read(request: ReadRequest): Promise<ReadAnswer> {
    if (this.closed) return Promise.reject(Object.assign(new Error('the graph store is closed'), { code: 'ServiceUnavailable' }));
    return new Promise((resolve, reject) => {
      const pending: Pending = { id: this.nextId++, request, attempts: 0, resolve, reject };
      this.pending.set(pending.id, pending);
      this.send(pending);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    for (const p of this.pending.values()) this.settle(p, undefined, Object.assign(new Error('the graph store closed'), { code: 'ServiceUnavailable' }));
    await worker?.terminate();
  }

  private send(pending: Pending): void {
    pending.attempts++;
    const worker = this.current();
    pending.worker = worker;
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => this.overran(pending), pending.request.timeoutMs + this.options.graceMs);
    worker.postMessage({ id: pending.id, request: pending.request });
  }

  private overran(pending: Pending): void {
    if (!this.pending.has(pending.id)) return;
    this.options.logger?.warn?.({ limit_ms: pending.request.timeoutMs }, 'graph: a read outlived its time limit; its thread is stopped');
    this.settle(pending, undefined, new ReadRefusal('timed-out', `no answer within ${pending.request.timeoutMs} ms`));
    if (pending.worker) this.retire(pending.worker, 'timed-out');
  }

  private settle(pending: Pending, answer: ReadAnswer | undefined, error?: unknown): void {
    clearTimeout(pending.timer);
    if (!this.pending.delete(pending.id)) return;
    if (error !== undefined) pending.reject(error);
    else pending.resolve(answer!);
  }

  /** Stops `worker` (if still running); the reads it held go to a fresh thread, or fail after their second try. */
  private retire(worker: Worker, why: 'timed-out' | 'out-of-memory' | 'exited'): void {
    if (this.worker === worker) this.worker = undefined;
    void worker.terminate();
    const held = [...this.pending.values()].filter((p) => p.worker === worker);
    // Alone on a thread that ran out of memory, a read is known to be the one that did it.
    const culprit = why === 'out-of-memory' && held.length === 1;
    for (const p of held) {
      if (p.attempts < MAX_ATTEMPTS && !this.closed && !culprit) this.send(p);
      else if (why === 'out-of-memory') this.settle(p, undefined, new ReadRefusal('out-of-memory', 'the result did not fit in the memory of the read thread'));
      else this.settle(p, undefined, Object.assign(new Error(`the read thread stopped (${why})`), { code: 'ServiceUnavailable' }));
    }
  }

  private current(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(childModule(import.meta.url, 'neo4j-read-worker'), {
      workerData: this.options.connection,
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxMemoryMb },
      stdout: false,
      stderr: false,
    });
    worker.on('message', (reply: ReadReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending || pending.worker !== worker) return;
      if (reply.ok) this.settle(pending, reply.answer);
      else if (reply.refusal) this.settle(pending, undefined, new ReadRefusal(reply.refusal, reply.message));
      else this.settle(pending, undefined, Object.assign(new Error(reply.message), { code: reply.code }));
    });
    worker.on('error', (error) => {
      const oom = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.options.logger?.warn?.({ err: error }, oom ? 'graph: a read result did not fit in GRAPH_READ_MAX_MEMORY_MB' : 'graph: the read thread failed');
      this.retire(worker, oom ? 'out-of-memory' : 'exited');
    });
    worker.on('exit', () => this.retire(worker, 'exited'));
    this.worker = worker;
    return worker;
  }
}
