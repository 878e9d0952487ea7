import { fork, type ChildProcess } from 'node:child_process';
import type { ChildMessage, EngineErrorKind, OperationName, Operations, ParentMessage } from './grafeo-protocol.js';
import { watchMemory } from '../../platform/memory-watch.js';
import type { GraphLogger } from './port.js';
import { childModule } from '../../platform/child-modules.js';

/**
 * Runs the Grafeo engine in a child process and gives its operations a time limit that
 * really stops the work.
 *
 * Why a process: Grafeo runs a query on native threads with no timeout and no cancel. A
 * promise that is abandoned keeps its core busy until the query ends (possibly never), and
 * a worker thread's terminate() cannot interrupt native code either; the only thing that
 * reliably stops native work is ending the process that runs it.
 *
 * How: each call has a deadline, started when it is sent to the process. When a call
 * misses it, its caller is answered at once (a 422 for a query) and the process is
 * retired: it takes no new calls; writes already running there are allowed to finish (so a
 * write is never cut in the middle); then it is killed (SIGKILL) and a fresh process
 * reopens the database file. Reads that were running there alongside the runaway are sent
 * again to the fresh process with a fresh deadline: they have no side effects. A write
 * caught by a crash is sent again too: the store's writes are idempotent. A call is tried
 * at most twice, so a query that crashes the engine cannot take it down forever.
 *
 * Memory: the engine allocates natively, out of reach of any V8 limit, so the process's
 * resident memory is watched (maxMemoryMb): past it, the reads running there fail with a
 * `memory` error (one of them is the culprit; none is sent again) and the process is killed.
 * A read running when the process stops by itself (a crash) is not sent again either: it may
 * be what crashed it.
 */

export interface SupervisorOptions {
  /** The database file the engine process opens. */
  file: string;
  logger?: GraphLogger;
  /** How long a process may take to open the database (default 30 s). */
  startTimeoutMs?: number;
  /** How long `close()` waits for a clean exit before killing (default 5 s). */
  closeTimeoutMs?: number;
  /** Resident memory the engine process may use, in MB (0 or absent: no cap, where /proc exists). */
  maxMemoryMb?: number;
}

export interface CallOptions {
  /** `read`: free of side effects, may be replayed. `write`: never killed while running, unless it is the one too slow. */
  kind: 'read' | 'write';
  timeoutMs: number;
  /** The error the caller gets when the deadline passes. */
  onTimeout: () => Error;
}

/** An operation that failed in the engine (or because the engine is unavailable). */
export class EngineCallError extends Error {
  constructor(
    readonly kind: EngineErrorKind | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'EngineCallError';
  }
}

const MAX_ATTEMPTS = 2;

interface Pending {
  id: number;
  op: OperationName;
  args: unknown;
  options: CallOptions;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  attempts: number;
  settled: boolean;
  timer?: NodeJS.Timeout;
  process?: EngineProcess;
}

class EngineProcess {
  readonly inflight = new Map<number, Pending>();
  stopWatch: () => void = () => undefined;
  /** Takes no new calls; killed once no write is running on it. */
  retiring = false;
  killed = false;
  isReady = false;
  readonly ready: Promise<void>;
  readonly exited: Promise<void>;
  markReady!: () => void;
  markFailed!: (error: Error) => void;
  markExited!: () => void;

  constructor(readonly child: ChildProcess) {
    this.ready = new Promise<void>((resolve, reject) => {
      this.markReady = () => {
        this.isReady = true;
        resolve();
      };
      this.markFailed = reject;
    });
    this.ready.catch(() => undefined); // observed by whoever awaits it
    this.exited = new Promise<void>((resolve) => (this.markExited = resolve));
  }
}

export class GrafeoSupervisor {
  private current: EngineProcess | null = null;
  private starting: Promise<EngineProcess> | null = null;
  private closed = false;
  private nextId = 1;
  private spawned = 0;

  constructor(private readonly options: SupervisorOptions) {}

  /** How many times a process was replaced (killed on a deadline, or crashed). */
  get restartCount(): number {
    return Math.max(0, this.spawned - 1);
  }

  /** The pid of the process answering now, if one runs. */
  get pid(): number | undefined {
    return this.current?.child.pid;
  }

  /** Starts the engine process (and opens the database) now rather than on the first call. */
  async start(): Promise<void> {
    await this.acquire();
  }

  call<K extends OperationName>(op: K, args: Operations[K]['args'], options: CallOptions): Promise<Operations[K]['answer']> {
    if (this.closed) return Promise.reject(new EngineCallError('unavailable', 'the graph store is closed'));
    return new Promise((resolve, reject) => {
      const pending: Pending = { id: this.nextId++, op, args, options, resolve: resolve as (v: unknown) => void, reject, attempts: 0, settled: false };
      void this.dispatch(pending);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.starting?.catch(() => undefined);
    const proc = this.current;
    if (!proc) return;
    proc.retiring = true;
    // Ask for a clean close (the engine closes its files); kill if it does not come.
    const timer = setTimeout(() => this.kill(proc), this.options.closeTimeoutMs ?? 5_000);
    try {
      proc.child.send({ id: 0, op: 'close', args: {} } satisfies ParentMessage);
    } catch {
      this.kill(proc);
    }
    await proc.exited;
    clearTimeout(timer);
  }

  private async acquire(): Promise<EngineProcess> {
    if (this.closed) throw new EngineCallError('unavailable', 'the graph store is closed');
    const current = this.current;
    if (current && !current.retiring) {
      await current.ready;
      return current;
    }
    this.starting ??= this.spawn().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async spawn(): Promise<EngineProcess> {
    const previous = this.current;
    if (previous) await previous.exited; // the database file is locked until it is gone
    if (this.closed) throw new EngineCallError('unavailable', 'the graph store is closed');

    // None of the parent's Node options: a TypeScript loader (`npm start`) would cost every start
    // about a tenth of a second for a child that runs JavaScript, and an inspector port would clash.
    const child = fork(childModule(import.meta.url, 'grafeo-worker'), [this.options.file], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    const proc = new EngineProcess(child);
    this.current = proc;
    child.on('message', (message: ChildMessage) => this.onMessage(proc, message));
    child.once('exit', (code, signal) => this.onExit(proc, code, signal));
    child.once('error', (error) => {
      this.options.logger?.error({ err: error, pid: child.pid }, 'graph engine process error');
      proc.markFailed(error);
      if (child.pid === undefined) this.onExit(proc, null, null); // never started: no exit event follows
    });

    const timeoutMs = this.options.startTimeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        proc.ready,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the graph engine did not start within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (error) {
      proc.retiring = true;
      this.kill(proc);
      await proc.exited;
      throw new EngineCallError('unavailable', (error as Error).message);
    } finally {
      clearTimeout(timer);
    }
    this.spawned++;
    const maxMb = this.options.maxMemoryMb ?? 0;
    if (maxMb > 0 && child.pid !== undefined) {
      proc.stopWatch = watchMemory({ pid: child.pid, maxBytes: maxMb * 1024 * 1024, onExceeded: (bytes) => this.overMemory(proc, bytes, maxMb) });
    }
    this.options.logger?.info({ pid: child.pid, file: this.options.file }, 'graph engine process ready');
    return proc;
  }

  private async dispatch(p: Pending): Promise<void> {
    let proc: EngineProcess;
    try {
      proc = await this.acquire();
    } catch (error) {
      this.settle(p, undefined, error instanceof EngineCallError ? error : new EngineCallError('unavailable', String(error)));
      return;
    }
    if (p.settled) return;
    if (proc.retiring) {
      void this.dispatch(p); // retired while we waited: the next process takes it
      return;
    }
    p.attempts++;
    p.process = proc;
    proc.inflight.set(p.id, p);
    p.timer = setTimeout(() => this.expire(p), p.options.timeoutMs);
    try {
      proc.child.send({ id: p.id, op: p.op, args: p.args } satisfies ParentMessage, (error) => {
        // A closed channel means the process is going: its exit handler sends the call again.
        if (error && proc.child.connected) this.settle(p, undefined, new EngineCallError('internal', error.message));
      });
    } catch (error) {
      this.settle(p, undefined, new EngineCallError('internal', `cannot send the request: ${(error as Error).message}`));
    }
  }

  private onMessage(proc: EngineProcess, message: ChildMessage): void {
    if (message.type === 'ready') return proc.markReady();
    if (message.type === 'fatal') return proc.markFailed(new Error(`the graph engine could not open the database: ${message.message}`));
    const p = proc.inflight.get(message.id);
    if (!p) return; // answered already (its deadline passed)
    if (message.ok) this.settle(p, message.value);
    else this.settle(p, undefined, new EngineCallError(message.error.kind, message.error.message));
    if (proc.retiring) this.maybeKill(proc);
  }

  private settle(p: Pending, value: unknown, error?: Error): void {
    if (p.settled) return;
    p.settled = true;
    clearTimeout(p.timer);
    p.process?.inflight.delete(p.id);
    if (error) p.reject(error);
    else p.resolve(value);
  }

  private expire(p: Pending): void {
    if (p.settled) return;
    const proc = p.process;
    this.settle(p, undefined, p.options.onTimeout());
    if (proc && !proc.retiring) {
      this.options.logger?.warn({ pid: proc.child.pid, op: p.op, timeoutMs: p.options.timeoutMs }, 'graph engine call exceeded its deadline: restarting the engine process');
      proc.retiring = true;
      this.maybeKill(proc);
      void this.acquire().catch(() => undefined); // have the next process ready before the next call
    }
  }

  /** The process went over its memory cap: its reads fail (none is tried again), and it is replaced now. */
  private overMemory(proc: EngineProcess, bytes: number, maxMb: number): void {
    this.options.logger?.warn({ pid: proc.child.pid, usedMb: Math.round(bytes / 2 ** 20), maxMb }, 'graph engine process over its memory cap: restarting it');
    for (const p of [...proc.inflight.values()]) {
      if (p.options.kind === 'read') this.settle(p, undefined, new EngineCallError('memory', `the query needed more than the graph engine's ${maxMb} MB`));
    }
    proc.retiring = true;
    this.kill(proc);
    void this.acquire().catch(() => undefined);
  }

  /** Kills a retiring process once no write is running on it. */
  private maybeKill(proc: EngineProcess): void {
    if (proc.killed) return;
    for (const p of proc.inflight.values()) if (p.options.kind === 'write') return;
    this.kill(proc);
  }

  private kill(proc: EngineProcess): void {
    if (proc.killed) return;
    proc.killed = true;
    proc.child.kill('SIGKILL');
  }

  private onExit(proc: EngineProcess, code: number | null, signal: NodeJS.Signals | null): void {
    proc.markFailed(new Error(`the graph engine exited before it was ready (code ${code}, signal ${signal})`));
    proc.markExited();
    if (this.current === proc) this.current = null;
    if (!proc.killed && !this.closed) {
      this.options.logger?.error({ pid: proc.child.pid, code, signal }, 'graph engine process exited unexpectedly');
    }
    proc.stopWatch();
    const crashed = !proc.killed && !this.closed;
    const orphans = [...proc.inflight.values()];
    proc.inflight.clear();
    for (const p of orphans) {
      clearTimeout(p.timer);
      if (crashed && p.options.kind === 'read') {
        // It may be what crashed the engine: running it again could only crash it again.
        this.settle(p, undefined, new EngineCallError('crashed', 'the graph engine stopped while running this query'));
      } else if (this.closed || p.attempts >= MAX_ATTEMPTS) {
        this.settle(p, undefined, new EngineCallError('unavailable', 'the graph engine process stopped while answering'));
      } else {
        void this.dispatch(p);
      }
    }
  }
}
