import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { childModule } from '../../platform/child-modules.js';
import { diedOfFullHeap, keepStderrTail } from '../../platform/child-stderr.js';
import { ReadRefusal, runRead } from './neo4j-read.js';
import type { ReadAnswer, ReadDriver, ReadReply, ReadRequest, ReaderMessage } from './neo4j-read.js';
import type { GraphLogger } from './port.js';

/**
 * Where the Neo4j store's read-only queries run. A query can return one record holding millions
 * of values (`collect`, `range`, a string built by `reduce`): the server may build it within its
 * time limit, and the driver then decodes all of it in one synchronous step, which on the
 * service's own thread froze every request, `/health/ready` included, for 5 to 46 s and grew
 * the process by gigabytes (issue 25). So reads run in a process of their own (ProcessReader),
 * with a heap limit; the event loop only sends the query and receives plain rows.
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

export interface ProcessReaderOptions {
  connection: { uri: string; user: string; password: string; database?: string };
  /** Heap of the read process, MB (GRAPH_READ_MAX_MEMORY_MB). */
  maxMemoryMb: number;
  /** How long past a query's own limit (enforced by the server) the process may take before it is stopped. */
  graceMs: number;
  logger?: GraphLogger;
}

interface Pending {
  id: number;
  request: ReadRequest;
  attempts: number;
  reader?: ChildProcess;
  timer?: NodeJS.Timeout;
  resolve(answer: ReadAnswer): void;
  reject(error: unknown): void;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** A read is sent at most twice: once more after the process it ran on was stopped for another read. */
const MAX_ATTEMPTS = 2;
/** The end of the read process's stderr kept to tell why it ended. */
const STDERR_KEPT_CHARS = 4096;

/**
 * Supervises the read process. A read past its deadline (its limit plus `graceMs`: the server
 * should have stopped it by then) gets a ReadRefusal('timed-out') at once and the process is
 * killed, which stops even a decode in progress; a process past its heap limit dies by itself.
 * Either way the reads that were running alongside are sent to a fresh process (they have no
 * side effects), each at most twice; the one that overran is not. A process that ran out of
 * memory cannot say which of several reads did it: each of them is tried once more (a read
 * that was alone there is not).
 *
 * A process, not a worker thread: a thread's heap limit (resourceLimits) ends the thread only
 * when V8 gets the chance to stop it; a decode that fills the heap in one step, such as one
 * record of three million numbers, aborted the whole service instead (seen in CI; Node's
 * issue nodejs/node#47224).
 */
export class ProcessReader implements Neo4jReader {
  private reader: ChildProcess | undefined;
  private readonly stopped = new WeakSet<ChildProcess>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ProcessReaderOptions) {}

  /** Starts the process now, so the first query does not wait for it. */
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
    const reader = this.reader;
    this.reader = undefined;
    for (const p of this.pending.values()) this.settle(p, undefined, Object.assign(new Error('the graph store closed'), { code: 'ServiceUnavailable' }));
    if (!reader || !running(reader)) return;
    const exited = new Promise((resolve) => reader.once('exit', resolve));
    this.stop(reader);
    await exited;
  }

  /** Kills `reader` once: a kill that fails says so by an 'error', which comes back to `retire`. */
  private stop(reader: ChildProcess): void {
    if (this.stopped.has(reader) || !running(reader)) return;
    this.stopped.add(reader);
    reader.kill('SIGKILL');
  }

  private send(pending: Pending): void {
    pending.attempts++;
    const reader = this.current();
    pending.reader = reader;
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => this.overran(pending), pending.request.timeoutMs + this.options.graceMs);
    // A process that has just died answers with an error here; its exit sends the read on.
    reader.send({ id: pending.id, request: pending.request } satisfies ReaderMessage, (error) => {
      if (error) this.retire(reader, 'exited');
    });
  }

  private overran(pending: Pending): void {
    if (!this.pending.has(pending.id)) return;
    this.options.logger?.warn?.({ limit_ms: pending.request.timeoutMs }, 'graph: a read outlived its time limit; its process is stopped');
    this.settle(pending, undefined, new ReadRefusal('timed-out', `no answer within ${pending.request.timeoutMs} ms`));
    if (pending.reader) this.retire(pending.reader, 'timed-out');
  }

  private settle(pending: Pending, answer: ReadAnswer | undefined, error?: unknown): void {
    clearTimeout(pending.timer);
    if (!this.pending.delete(pending.id)) return;
    if (error !== undefined) pending.reject(error);
    else pending.resolve(answer!);
  }

  /** Stops `reader` (if still running); the reads it held go to a fresh process, or fail after their second try. */
  private retire(reader: ChildProcess, why: 'timed-out' | 'out-of-memory' | 'exited'): void {
    if (this.reader === reader) this.reader = undefined;
    this.stop(reader);
    const held = [...this.pending.values()].filter((p) => p.reader === reader);
    // Alone in a process that ran out of memory, a read is known to be the one that did it.
    const culprit = why === 'out-of-memory' && held.length === 1;
    for (const p of held) {
      if (p.attempts < MAX_ATTEMPTS && !this.closed && !culprit) this.send(p);
      else if (why === 'out-of-memory') this.settle(p, undefined, new ReadRefusal('out-of-memory', 'the result did not fit in the memory of the read process'));
      else this.settle(p, undefined, Object.assign(new Error(`the read process stopped (${why})`), { code: 'ServiceUnavailable' }));
    }
  }

  private current(): ChildProcess {
    if (this.reader) return this.reader;
    // None of the parent's Node options (a TypeScript loader, an inspector port), and a heap of its own.
    const reader = fork(childModule(import.meta.url, 'neo4j-read-worker'), [], {
      execArgv: [`--max-old-space-size=${this.options.maxMemoryMb}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    const stderr = keepStderrTail(reader, STDERR_KEPT_CHARS);
    // The connection goes first, by message: not on the command line, where `ps` would show the password.
    reader.send({ connect: this.options.connection } satisfies ReaderMessage, () => undefined); // a failure shows as its end (close)
    reader.on('message', (reply: ReadReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending || pending.reader !== reader) return;
      if (reply.ok) this.settle(pending, reply.answer);
      else if (reply.refusal) this.settle(pending, undefined, new ReadRefusal(reply.refusal, reply.message));
      else this.settle(pending, undefined, Object.assign(new Error(reply.message), { code: reply.code, gqlStatus: reply.gqlStatus }));
    });
    // `on`, not `once`: a second 'error' without a listener would end the service.
    reader.on('error', (error) => {
      this.options.logger?.warn?.({ err: error }, 'graph: the read process failed');
      this.retire(reader, 'exited');
    });
    // `close` comes after stderr has been read to its end, which tells an exhausted heap from other ends.
    reader.once('close', (code, signal) => {
      const oom = diedOfFullHeap(stderr());
      if (oom) this.options.logger?.warn?.({ code, signal }, 'graph: a read result did not fit in GRAPH_READ_MAX_MEMORY_MB');
      else if (!this.closed && this.reader === reader) this.options.logger?.warn?.({ code, signal, stderr: stderr().slice(-500) }, 'graph: the read process ended');
      this.retire(reader, oom ? 'out-of-memory' : 'exited');
    });
    this.reader = reader;
    return reader;
  }
}
