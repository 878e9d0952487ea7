import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The real service in a process of its own (`src/main.ts` through tsx), for tests that kill it:
 * it listens on a port the OS picks, logs to a buffer the test can read, and is found ready
 * by its `ready` log line.
 */

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
/** How long a start may take: a fresh DATA_DIR's database, the demo data, and three at once on a loaded two-core machine. */
const SERVICE_START_MS = 150_000;

export interface ServiceProcess {
  url: string;
  /** Its Prometheus metrics, when started with METRICS_PORT. */
  metricsUrl?: string;
  child: ChildProcess;
  logs: string[];
  /** Resolves with the first log line (logged already or to come) that satisfies `match`. */
  waitForLog(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** kill -9: no shutdown hook runs. */
  kill(): Promise<void>;
  /** A graceful stop (SIGTERM). */
  stop(): Promise<void>;
}

export async function startServiceProcess(env: Record<string, string | undefined>, timeoutMs = SERVICE_START_MS): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const logWaiters = new Set<() => void>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let metricsUrl: string | undefined;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start within ${timeoutMs} ms:\n${logs.join('\n')}`)), timeoutMs);
    let pending = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        logs.push(line);
        logWaiters.forEach((notify) => notify());
        const docs = /"docs":"(http:\/\/[^"]+)\/docs"/.exec(line);
        if (docs && line.includes('"msg":"ready"')) {
          metricsUrl = /"metrics":"(http:\/\/[^"]+)"/.exec(line)?.[1];
          clearTimeout(timer);
          resolve(docs[1]!);
        }
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (text: string) => logs.push(text));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the service exited before it was ready:\n${logs.join('\n')}`));
    });
  });
  return {
    url,
    metricsUrl,
    child,
    logs,
    waitForLog(match, waitMs = 30_000) {
      return new Promise<string>((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < logs.length; seen++) {
            if (!match(logs[seen]!)) continue;
            done();
            resolve(logs[seen]!);
            return;
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no such log line within ${waitMs} ms`));
        }, waitMs);
        const done = () => {
          clearTimeout(timer);
          logWaiters.delete(check);
        };
        logWaiters.add(check);
        check();
      });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
