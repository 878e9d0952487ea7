import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The local Neo4j Community server of neo4j/launcher (a Maven project over Neo4j's published
 * Java libraries): built when its classpath is missing or older than its sources, started as a
 * child process that prints its Bolt URI and stops when its standard input ends. Used by
 * `npm run neo4j` and by the test suite's global setup.
 */

const LAUNCHER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../neo4j/launcher');
const CLASSPATH_FILE = path.join(LAUNCHER_DIR, 'target', 'classpath.txt');
const SOURCES = [path.join(LAUNCHER_DIR, 'pom.xml'), path.join(LAUNCHER_DIR, 'src/main/java/cqks/Neo4jLauncher.java')];
/** How long a first start may take (the JVM and Neo4j's own start; not the Maven build). */
const START_TIMEOUT_MS = 120_000;

const works = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** Why a local Neo4j cannot be started here, or undefined when it can. */
export function neo4jUnavailableReason(): string | undefined {
  if (!works('java', ['-version'])) return 'no Java on this machine (Java 17 runs Neo4j 5.26)';
  if (!existsSync(CLASSPATH_FILE) && !works('mvn', ['-v'])) return 'no Maven on this machine to build the Neo4j launcher';
  return undefined;
}

/** Builds the launcher with Maven when its classpath is missing or older than its sources. */
export function buildNeo4jLauncher(): void {
  const built = existsSync(CLASSPATH_FILE) ? statSync(CLASSPATH_FILE).mtimeMs : 0;
  if (SOURCES.every((file) => statSync(file).mtimeMs <= built)) return;
  const result = spawnSync('mvn', ['-q', '-B', 'package'], { cwd: LAUNCHER_DIR, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`building the Neo4j launcher failed (mvn exited with ${result.status})`);
}

export interface RunningNeo4j {
  uri: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a server keeping its data in `dataDir`; resolves with its Bolt URI once it answers. */
export async function startNeo4j(options: { dataDir: string; port?: number; stdio?: 'pipe' | 'inherit-output' }): Promise<RunningNeo4j> {
  buildNeo4jLauncher();
  const classpath = `${path.join(LAUNCHER_DIR, 'target', 'classes')}${path.delimiter}${readFileSync(CLASSPATH_FILE, 'utf8').trim()}`;
  const child = spawn('java', ['-Xms256m', '-Xmx1g', '-XX:+UseSerialGC', '-cp', classpath, 'cqks.Neo4jLauncher', options.dataDir], {
    env: { ...process.env, NEO4J_PORT: String(options.port ?? 0) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const uri = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Neo4j did not start within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-2000)}`)), START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (options.stdio === 'inherit-output') process.stderr.write(chunk);
      const ready = /NEO4J_READY (bolt:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`Neo4j exited before it was ready:\n${output.slice(-2000)}`));
    });
  });
  return {
    uri,
    child,
    async stop() {
      // Its standard input ending is its signal to shut the database down and exit.
      child.stdin!.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
