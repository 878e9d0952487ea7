import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { neo4jUnavailableReason } from '../../scripts/neo4j-launcher.js';
import { isProcessAlive } from '../support/processes.js';

/**
 * The README's commands as a process manager runs them: it stops `npm start` or `npm run neo4j`
 * by signalling npm, the process it started. Everything under npm must stop with it (the
 * service's node, the Neo4j JVM), after a SIGTERM (npm passes it on) and after a SIGKILL (what
 * npm started sees it is gone). Real processes, real ports.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
/** Each npm runs in a process group of its own, killed whole at the end whatever the test saw. */
const groups: number[] = [];
afterAll(async () => {
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone already, as it should be.
    }
  }
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cqks-npm-'));
  dirs.push(dir);
  return dir;
}

/** Runs `npm <args>` from the project, resolving with the first output line `match` finds. */
function npm(args: string[], env: Record<string, string>, match: RegExp, timeoutMs: number): { child: ChildProcess; found: Promise<RegExpExecArray> } {
  const child = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  groups.push(child.pid!);
  let output = '';
  const found = new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm ${args.join(' ')}: nothing matched ${match} within ${timeoutMs} ms:\n${output.slice(-3000)}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const hit = match.exec(output);
      if (hit) {
        clearTimeout(timer);
        resolve(hit);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`npm ${args.join(' ')} exited early:\n${output.slice(-3000)}`));
    });
  });
  return { child, found };
}

/** The processes `pid` started (ps exits with 1 when there are none). */
const childrenOf = (pid: number): number[] => {
  let listed: string;
  try {
    listed = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return [];
  }
  return listed
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
};

/** The processes `pid` started, and theirs (npm -> node -> the Neo4j JVM). */
const descendantsOf = (pid: number): number[] => childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);

/** What `ps` says of `pids` (those still there), for a failure's message. */
const described = (pids: number[]) => {
  try {
    return execFileSync('ps', ['-o', 'pid=,ppid=,stat=,etime=,args=', '-p', pids.join(',')], { encoding: 'utf8' }).trim();
  } catch {
    return '(none left)';
  }
};

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Waits until `gone()` holds, polling (a process's end is not an event another process can await). */
async function until(gone: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await gone())) {
    if (Date.now() > deadline) throw new Error(`${what} still there after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('stopping the documented commands', () => {
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`npm start: ${signal} to npm stops the service and frees its port`, { timeout: 120_000 }, async () => {
      const { child, found } = npm(['start'], { DATA_DIR: await dataDir(), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' }, /"docs":"http:\/\/127\.0\.0\.1:(\d+)\/docs","msg":"ready"/, 90_000);
      const [, port] = await found;
      const under = childrenOf(child.pid!);
      expect(under.length).toBeGreaterThan(0);
      expect(await listening(Number(port))).toBe(true);
      child.kill(signal);
      await until(() => under.every((pid) => !isProcessAlive(pid)), 30_000, `what npm started (pids ${under.join(', ')})`);
      expect(await listening(Number(port))).toBe(false);
    });
  }

  const noNeo4j = neo4jUnavailableReason();
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it.skipIf(noNeo4j)(`npm run neo4j: ${signal} to npm stops the JVM and frees the Bolt port`, { timeout: 240_000 }, async () => {
      const { child, found } = npm(['run', 'neo4j'], { DATA_DIR: await dataDir() }, /NEO4J_URI=bolt:\/\/[^:]+:(\d+)/, 200_000);
      const [, port] = await found;
      const under = descendantsOf(child.pid!);
      expect(under.length).toBeGreaterThan(1);
      expect(await listening(Number(port))).toBe(true);
      child.kill(signal);
      // Gone is what is checked, not the port: once free, another process of the suite may be given it.
      await until(() => under.every((pid) => !isProcessAlive(pid)), 60_000, `what npm started (${described(under)}; Bolt port ${port})`);
    });
  }
});
