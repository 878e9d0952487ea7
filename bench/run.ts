import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { neo4jUnavailableReason, startNeo4j, type RunningNeo4j } from '../scripts/neo4j-launcher.js';
import { benchChatThroughput } from './chat-throughput.js';
import { benchConversation, type BenchEngine } from './conversation.js';
import { benchNameSearch } from './name-search.js';
import { benchIngestion } from './ingestion.js';
import { benchQueries } from './queries.js';
import { benchStreams } from './streams.js';

/**
 * `npm run bench`: requests per second of a bare Fastify route and of an authenticated
 * route (JWT verified, one row read from the relational store), measured in the same run
 * on the same machine, and their ratio. Target: ratio >= 0.5.
 *
 * Each server runs in a process of its own; the rounds alternate between them and the
 * median round counts, so a burst of other work on the machine skews no single figure.
 * The relational store is whatever the environment configures: PGlite by default,
 * PostgreSQL with DATABASE_URL.
 */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Started {
  port: number;
  token?: string;
}

interface Figure {
  rps: number;
  p99: number;
  errors: number;
}

async function startServer(kind: 'bare' | 'app') {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [kind], {
    execArgv: ['--import', 'tsx'],
    // The service logs every request, as in production; the lines go nowhere.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  });
  const started = await new Promise<Started>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Started));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return { ...started, stop: () => child.kill('SIGTERM') };
}

async function measure(url: string, headers: Record<string, string>, duration: number): Promise<Figure> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const median = (figures: Figure[]): Figure => {
  const sorted = [...figures].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function benchHttp(): Promise<void> {
  const bare = await startServer('bare');
  const app = await startServer('app');
  try {
    const targets = {
      bare: { url: `http://127.0.0.1:${bare.port}/bare`, headers: {} },
      auth: { url: `http://127.0.0.1:${app.port}/api/v1/bench/auth`, headers: { authorization: `Bearer ${app.token}` } },
      row: { url: `http://127.0.0.1:${app.port}/api/v1/bench/row`, headers: { authorization: `Bearer ${app.token}` } },
    };
    // Warm-up: JIT, caches (verified tokens, prepared statements).
    for (const t of Object.values(targets)) await measure(t.url, t.headers, 2);
    const rounds: Record<keyof typeof targets, Figure[]> = { bare: [], auth: [], row: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, t] of Object.entries(targets) as [keyof typeof targets, (typeof targets)['bare']][]) {
        rounds[name].push(await measure(t.url, t.headers, DURATION_S));
      }
    }
    const result = { bare: median(rounds.bare), auth: median(rounds.auth), row: median(rounds.row) };
    const ratio = result.row.rps / result.bare.rps;
    const line = (name: string, r: Figure) =>
      `${name.padEnd(36)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}`;
    const store = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';
    process.stdout.write(
      [
        `benchmark: ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${DURATION_S} s, relational store ${store}`,
        line('bare fastify route', result.bare),
        line('authenticated route (JWT only)', result.auth),
        line('authenticated route (JWT + 1 row)', result.row),
        `ratio authenticated (JWT + 1 row) / bare: ${ratio.toFixed(2)} (target >= 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
        `ratio authenticated (JWT only) / bare:    ${(result.auth.rps / result.bare.rps).toFixed(2)}`,
        '',
      ].join('\n'),
    );
    if (Object.values(result).some((r) => r.errors > 0)) process.exitCode = 1;
  } finally {
    bare.stop();
    app.stop();
  }
}

/**
 * The Neo4j the engine comparisons run on: a local server of the bench's own (an empty graph,
 * removed at the end), or none where Java cannot run one (those figures are then left out, saying why).
 */
async function startBenchNeo4j(): Promise<{ server?: RunningNeo4j; why?: string; stop(): Promise<void> }> {
  const why = neo4jUnavailableReason();
  if (why) return { why, stop: async () => undefined };
  const dir = await mkdtemp(path.join(tmpdir(), 'cqks-bench-neo4j-'));
  const server = await startNeo4j({ dataDir: dir });
  return {
    server,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `BENCH_ONLY=http`, `queries`, `streams`, `conversation`, `names`, `throughput` or `ingestion` runs one part. */
const only = process.env.BENCH_ONLY;
let neo4j: Awaited<ReturnType<typeof startBenchNeo4j>> | undefined;
/** Started when the first part that compares the engines begins (they come last), so it weighs on no other part. */
async function benchEngines(): Promise<{ engines: BenchEngine[]; neo4jUri?: string }> {
  if (!neo4j) {
    neo4j = await startBenchNeo4j();
    if (neo4j.why) process.stdout.write(`Neo4j figures left out: ${neo4j.why}\n`);
  }
  const uri = neo4j.server?.uri;
  return { engines: [{ name: 'Grafeo (embedded)', env: {} }, ...(uri ? [{ name: 'Neo4j', env: { NEO4J_URI: uri } }] : [])], neo4jUri: uri };
}
try {
  if (!only || only === 'http') await benchHttp();
  if (!only || only === 'streams') {
    process.stdout.write('event streams:\n');
    for (const line of await benchStreams()) process.stdout.write(`${line}\n`);
  }
  if (!only || only === 'queries') {
    const store = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';
    process.stdout.write(`query curation, relational store ${store}:\n`);
    for (const f of await benchQueries((line) => process.stdout.write(`${line}\n`))) {
      process.stdout.write(
        `  ${f.name.padEnd(48)} ${f.small.toFixed(2).padStart(8)} ms -> ${f.large.toFixed(2).padStart(8)} ms   ratio ${f.ratio.toFixed(2)} ` +
          `(target < ${f.target}) ${f.ratio < f.target ? 'OK' : 'ABOVE TARGET'}\n`,
      );
    }
  }
  if (!only || only === 'ingestion') {
    process.stdout.write('document ingestion, no model: POST ingest -> run_completed, and readiness while it runs:\n');
    for (const line of await benchIngestion()) process.stdout.write(`${line}\n`);
  }
  if (!only || only === 'conversation') {
    process.stdout.write('conversation, message -> answer_ready against test-cypher of the same query, on each graph engine:\n');
    for (const engine of (await benchEngines()).engines) for (const line of await benchConversation(engine)) process.stdout.write(`${line}\n`);
  }
  if (!only || only === 'names') {
    process.stdout.write('name search against a node by its key, on each graph engine:\n');
    for (const engine of (await benchEngines()).engines) {
      for (const line of await benchNameSearch({ engine: engine.name, neo4jUri: engine.env.NEO4J_URI })) process.stdout.write(`${line}\n`);
    }
  }
  const { neo4jUri } = !only || only === 'throughput' ? await benchEngines() : {};
  if (neo4jUri) {
    process.stdout.write('chat turns per second, two service processes against one (PostgreSQL, Neo4j, Redis):\n');
    for (const line of await benchChatThroughput({ neo4jUri })) process.stdout.write(`${line}\n`);
  }
} finally {
  await neo4j?.stop();
}
