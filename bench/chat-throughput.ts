import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signDevToken } from '../src/platform/auth/dev-keys.js';
import { startServiceProcess, type ServiceProcess } from '../test/support/service-process.js';
import { scratchSchemaEnv } from './scratch-schema.js';
import { BENCH_SERVICE_ENV } from './service-env.js';
import { SessionStream } from './session-stream.js';

/**
 * Chat turns per second of one service process against two, on one PostgreSQL, one Neo4j and
 * one Redis, measured in the same run: SESSIONS sessions (spread over the processes) each ask
 * one question after another for DURATION_S seconds, a demo template's question and one the
 * planner writes a query for in turn; a turn is a message to its run_completed. The
 * deployments run side by side (each in a schema of its own), their rounds alternate, and the
 * median round counts. Every process is the real service (`src/main.ts`), with its own worker.
 */
const DURATION_S = Number(process.env.BENCH_THROUGHPUT_DURATION_S ?? 15);
const ROUNDS = Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 3);
const SESSIONS = Number(process.env.BENCH_THROUGHPUT_SESSIONS ?? 8);
const QUESTIONS = ['Who works at Nimbus Labs?', 'How many people work at Nimbus Labs?'];
const WAIT_MS = 60_000;

interface Deployment {
  name: string;
  /** Shared by its processes: one development signing key. */
  dataDir: string;
  processes: ServiceProcess[];
  close(): Promise<void>;
}

async function startDeployment(name: string, processCount: number, neo4jUri: string): Promise<Deployment> {
  const scratch = scratchSchemaEnv();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-bench-throughput-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    ...scratch.env,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: `${scratch.env.DATABASE_SCHEMA}:`,
    NEO4J_URI: neo4jUri,
    DEMO_DATA: 'true',
    ...BENCH_SERVICE_ENV,
  };
  const processes: ServiceProcess[] = [];
  // One after the other: the first migrates and loads the demo templates.
  for (let i = 0; i < processCount; i++) processes.push(await startServiceProcess(env));
  return {
    name,
    dataDir,
    processes,
    async close() {
      await Promise.all(processes.map((p) => p.stop()));
      await scratch.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface Session {
  base: string;
  id: string;
  stream: SessionStream;
  token: string;
}

async function openSessions(deployment: Deployment): Promise<Session[]> {
  const token = await signDevToken({ dataDir: deployment.dataDir, audience: 'cqks-api', sub: 'bench-throughput', roles: ['user'] });
  return Promise.all(
    Array.from({ length: SESSIONS }, async (_, i) => {
      const base = deployment.processes[i % deployment.processes.length]!.url;
      const res = await fetch(`${base}/api/v1/chat`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 201) throw new Error(`POST /chat answered ${res.status}: ${await res.text()}`);
      const id = ((await res.json()) as { session_id: string }).session_id;
      return { base, id, token, stream: await SessionStream.open(`${base}/api/v1/chat/${id}/stream`, token) };
    }),
  );
}

/** Every session asks, one turn after another, until the time is up; turns per second of them all. */
async function round(sessions: Session[], seconds: number): Promise<number> {
  const started = performance.now();
  const end = started + seconds * 1000;
  let turns = 0;
  let last = started;
  await Promise.all(
    sessions.map(async (s, i) => {
      for (let n = i; performance.now() < end; n++) {
        const res = await fetch(`${s.base}/api/v1/chat/${s.id}/message`, {
          method: 'POST',
          headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ content: QUESTIONS[n % QUESTIONS.length] }),
        });
        if (res.status !== 202) throw new Error(`a message answered ${res.status}: ${await res.text()}`);
        const { run_id: runId } = (await res.json()) as { run_id: string };
        const settled = await s.stream.waitFor(runId, ['run_completed', 'run_failed', 'run_cancelled', 'run_awaiting_input'], WAIT_MS);
        if (settled.event !== 'run_completed') throw new Error(`run ${runId} ended with ${settled.event}: ${JSON.stringify(settled.data)}`);
        turns++;
        last = Math.max(last, performance.now());
      }
    }),
  );
  return turns / ((last - started) / 1000);
}

export async function benchChatThroughput(options: { neo4jUri: string }): Promise<string[]> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) return ['  skipped: several processes need DATABASE_URL and REDIS_URL'];
  const deployments: Deployment[] = [];
  const streams: SessionStream[] = [];
  try {
    deployments.push(await startDeployment('one process', 1, options.neo4jUri));
    deployments.push(await startDeployment('two processes', 2, options.neo4jUri));
    const sessions = await Promise.all(deployments.map(openSessions));
    streams.push(...sessions.flat().map((s) => s.stream));
    const figures = deployments.map(() => [] as number[]);
    for (const [i] of deployments.entries()) await round(sessions[i]!, 3); // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i] of deployments.entries()) figures[i]!.push(await round(sessions[i]!, DURATION_S));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const [one, two] = figures.map(median) as [number, number];
    return [
      `  ${SESSIONS} sessions asking one question after another (a template hit, a generated query), median of ${ROUNDS} rounds of ${DURATION_S} s`,
      ...deployments.map((d, i) => `    ${d.name.padEnd(14)} ${median(figures[i]!).toFixed(1).padStart(6)} turns/s   (rounds ${figures[i]!.map((f) => f.toFixed(1)).join(', ')})`),
      `    ratio two / one: ${(two / one).toFixed(2)}`,
    ];
  } finally {
    streams.forEach((s) => s.close());
    await Promise.all(deployments.map((d) => d.close()));
  }
}
