import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_SERVICE_ENV } from './service-env.js';
import { SessionStream } from './session-stream.js';
import type { StreamEvent } from './session-stream.js';

/**
 * The conversation's own cost: the time from `POST /api/v1/chat/{id}/message` to the
 * `answer_ready` event on the session's stream, for a question an approved demo template
 * answers and for one the built-in planner writes a new query for, each against a direct
 * `POST /api/v1/aim/queries/test-cypher` of the same Cypher measured in the same run
 * (alternating with the messages). Target: message -> answer under 3x test-cypher.
 *
 * The service runs in a process of its own (this file, started with `server`), on a fresh
 * DATA_DIR with the demo data, and in a scratch schema when DATABASE_URL is set; its graph is
 * the embedded Grafeo, or the Neo4j the engine's settings name.
 */
/** Messages per question (BENCH_CONVERSATION_N): 60 keeps a median steady on a busy two-core machine. */
const ITERATIONS = Number(process.env.BENCH_CONVERSATION_N ?? 60);
const WARMUP = Number(process.env.BENCH_CONVERSATION_WARMUP ?? 3);
const TARGET = 3;
/** The planner's own step (`generate`) on the demo graph: p95 under this. */
const GENERATE_TARGET_MS = 20;
const WAIT_MS = 30_000;
/** `BENCH_CONVERSATION_DETAIL=1` adds each event's arrival after the POST and each tool's duration (medians). */
/** `BENCH_SERVER_NODE_ARGS` passes Node options to the server process (`--cpu-prof --cpu-prof-dir=tmp/prof` profiles it). */
const DETAIL = ['1', 'true'].includes(process.env.BENCH_CONVERSATION_DETAIL ?? '');

const CASES = [
  { name: 'template hit', question: 'Who works at Nimbus Labs?', usedTemplate: true },
  { name: 'generated (built-in planner)', question: 'How many people work at Nimbus Labs?', usedTemplate: false },
] as const;

// ---------------------------------------------------------------------------------------------
// The server process.

async function serve(): Promise<void> {
  const { startBenchService } = await import('./bench-service.js');
  const { config, port, token } = await startBenchService({
    name: 'conversation',
    env: {
      ...BENCH_SERVICE_ENV,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
    },
    roles: ['curator'],
  });
  process.send?.({ port, token, pollIntervalMs: config.jobs.pollIntervalMs });
}

// ---------------------------------------------------------------------------------------------
// The client.


interface Asked {
  /** POST -> answer_ready read from the stream. */
  ms: number;
  /** POST -> its 202. */
  acceptedMs: number;
  /** POST -> run_started read from the stream (the job was claimed and began). */
  startedMs: number;
  /** POST -> the answer_ready event's own timestamp (the start of the transaction that wrote it). */
  stampedMs: number;
  /** Each step's own duration_ms, as step_completed reports it. */
  steps: Record<string, number>;
  /** Each event of the run, in order: read after the POST (ms), and stamped after it. */
  timeline: { key: string; ms: number; stamped: number }[];
  /** Each tool call's own duration_ms, as tool_executed reports it. */
  tools: { key: string; ms: number }[];
  runId: string;
  data: Record<string, unknown>;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const median = (values: number[]) => pct(values, 50);

class Client {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  async request<T>(method: string, url: string, body?: unknown, expect = 200): Promise<T> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== expect) throw new Error(`${method} ${url} answered ${res.status} (expected ${expect}): ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async ask(sessionId: string, stream: SessionStream, question: string): Promise<Asked> {
    const posted = performance.now();
    const { run_id: runId } = await this.request<{ run_id: string }>('POST', `/api/v1/chat/${sessionId}/message`, { content: question }, 202);
    const acceptedMs = performance.now() - posted;
    const ready = await stream.waitFor(runId, ['answer_ready', 'run_failed', 'run_cancelled', 'run_awaiting_input'], WAIT_MS);
    if (ready.event !== 'answer_ready') throw new Error(`run ${runId} for “${question}” ended with ${ready.event}: ${JSON.stringify(ready.data)}`);
    // The run goes on a little after its answer (recording a new query); the next message waits for its end.
    const settled = await stream.waitFor(runId, ['run_completed', 'run_failed', 'run_cancelled', 'run_awaiting_input'], WAIT_MS);
    if (settled.event !== 'run_completed') throw new Error(`run ${runId} for “${question}” ended with ${settled.event}: ${JSON.stringify(settled.data)}`);
    const events = stream.events(runId);
    const started = events.find((e) => e.event === 'run_started');
    const steps: Record<string, number> = {};
    for (const e of events) if (e.event === 'step_completed') steps[String(e.data.node)] = Number(e.data.duration_ms);
    const node = (e: StreamEvent) => (typeof e.data.node === 'string' ? ` ${e.data.node}` : '');
    // Wall clock at the POST, to compare with the events' own timestamps (same machine).
    const postedWall = performance.timeOrigin + posted;
    const timeline = events.map((e) => ({
      key: `${e.event}${e.event === 'tool_executed' ? ` ${String(e.data.tool_name)}` : node(e)}`,
      ms: e.at - posted,
      stamped: Date.parse(e.timestamp) - postedWall,
    }));
    const tools = events
      .filter((e) => e.event === 'tool_executed')
      .map((e) => ({ key: `${String(e.data.node)}/${String(e.data.tool_name)}`, ms: Number(e.data.duration_ms) }));
    return { ms: ready.at - posted, acceptedMs, startedMs: started ? started.at - posted : NaN,
      stampedMs: Date.parse(ready.timestamp) - postedWall,
      steps, timeline, tools, runId, data: ready.data };
  }

  async testCypher(cypher: string, parameters: Record<string, unknown>): Promise<number> {
    const started = performance.now();
    await this.request('POST', '/api/v1/aim/queries/test-cypher', { cypher, parameters });
    return performance.now() - started;
  }
}

interface CaseState {
  name: string;
  question: string;
  usedTemplate: boolean;
  sessionId: string;
  stream: SessionStream;
  cypher: string;
  parameters: Record<string, unknown>;
  asked: Asked[];
  tested: number[];
}

function check(c: CaseState, asked: Asked): void {
  if (asked.data.used_template !== c.usedTemplate) {
    throw new Error(
      `“${c.question}” was expected ${c.usedTemplate ? 'to hit a template' : 'to be answered by a new query'}, ` +
        `but answer_ready says used_template ${String(asked.data.used_template)} (query ${String(asked.data.query)})`,
    );
  }
  if (typeof asked.data.query !== 'string' || asked.data.query.length === 0) {
    throw new Error(`“${c.question}” was answered without a query: ${JSON.stringify(asked.data)}`);
  }
  if (c.cypher && asked.data.query !== c.cypher) {
    throw new Error(`“${c.question}” was answered by another query than before:\n  ${c.cypher}\n  ${String(asked.data.query)}`);
  }
}

/** Medians by key (the n-th occurrence of a key kept apart), in the order of the first message. */
function medians<F extends string>(lists: ({ key: string } & Record<F, number>)[][], fields: F[]): [string, number[]][] {
  const numbered = lists.map((list) => {
    const count = new Map<string, number>();
    return list.map((e) => {
      const n = (count.get(e.key) ?? 0) + 1;
      count.set(e.key, n);
      return { ...e, key: n > 1 ? `${e.key} #${n}` : e.key };
    });
  });
  return (numbered[0] ?? []).map(({ key }) => {
    const found = numbered.map((l) => l.find((e) => e.key === key)).filter((e) => e !== undefined);
    return [key, fields.map((f) => median(found.map((e) => e[f])))];
  });
}

function detail(asked: Asked[]): string[] {
  const events = medians(asked.map((a) => a.timeline), ['stamped', 'ms']);
  const tools = medians(asked.map((a) => a.tools), ['ms']);
  return [
    '    each event after the POST, medians in ms: stamped (its transaction began), read by the client',
    ...events.map(([key, [stamped, ms]]) => `      ${stamped!.toFixed(0).padStart(5)} ${ms!.toFixed(1).padStart(7)}  ${key}`),
    `    tools (median duration_ms): ${tools.map(([key, [ms]]) => `${key} ${ms!.toFixed(0)}`).join(', ')}`,
  ];
}

/** The graph engine the service runs on: its name, and the settings that choose it (none: the embedded Grafeo). */
export interface BenchEngine {
  name: string;
  env: Record<string, string>;
}

export async function benchConversation(engine: BenchEngine): Promise<string[]> {
  const child = fork(fileURLToPath(import.meta.url), ['server'], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, ...engine.env },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const streams: SessionStream[] = [];
  try {
    const { port, token, pollIntervalMs } = await new Promise<{ port: number; token: string; pollIntervalMs: number }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { port: number; token: string; pollIntervalMs: number }));
      child.once('exit', (code) => reject(new Error(`the conversation bench server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const client = new Client(base, token);

    const cases: CaseState[] = [];
    for (const c of CASES) {
      const { session_id: sessionId } = await client.request<{ session_id: string }>('POST', '/api/v1/chat', { title: `bench: ${c.name}` }, 201);
      const stream = await SessionStream.open(`${base}/api/v1/chat/${sessionId}/stream`, token);
      streams.push(stream);
      cases.push({ ...c, sessionId, stream, cypher: '', parameters: {}, asked: [], tested: [] });
    }

    // Warm-up; the first answer gives the Cypher (and its parameters, from the run's answer.json).
    for (const c of cases) {
      for (let i = 0; i < Math.max(1, WARMUP); i++) {
        const asked = await client.ask(c.sessionId, c.stream, c.question);
        check(c, asked);
        if (!c.cypher) {
          const file = (asked.data.files as string[] | undefined)?.find((f) => f.endsWith('answer.json')) ?? 'answer.json';
          const answer = await client.request<{ query: { cypher: string; parameters?: Record<string, unknown> } }>(
            'GET',
            `/api/v1/runs/${asked.runId}/download/${file}`,
          );
          if (answer.query.cypher !== asked.data.query) {
            throw new Error(`answer.json and answer_ready disagree on the query:\n  ${answer.query.cypher}\n  ${String(asked.data.query)}`);
          }
          c.cypher = answer.query.cypher;
          c.parameters = answer.query.parameters ?? {};
        }
        await client.testCypher(c.cypher, c.parameters);
      }
    }

    // Measured: message and test-cypher alternate, so a burst of other work on the machine skews both alike.
    for (let i = 0; i < ITERATIONS; i++) {
      for (const c of cases) {
        const asked = await client.ask(c.sessionId, c.stream, c.question);
        check(c, asked);
        c.asked.push(asked);
        c.tested.push(await client.testCypher(c.cypher, c.parameters));
      }
    }

    const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
    const cachesOff = process.env.GRAPH_SEARCH_CACHE_ENTRIES === '0' && process.env.TEMPLATE_CACHE_ENTRIES === '0';
    const store = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';
    const lines = [
      `  graph ${engine.name}: ${ITERATIONS} messages per question after ${Math.max(1, WARMUP)} warm-up, one at a time; relational store ${store}; ` +
        `a run starts on the server's own worker as its message is stored (job poll interval ${pollIntervalMs} ms is the fallback)`,
      `  name searches and template candidates are ${cachesOff ? 'read every time (caches off)' : 'read once, then kept in memory (GRAPH_SEARCH_CACHE_ENTRIES=0 TEMPLATE_CACHE_ENTRIES=0 turns that off)'}`,
    ];
    for (const c of cases) {
      const total = c.asked.map((a) => a.ms);
      const ratio = median(total) / median(c.tested);
      const nodes = Object.keys(c.asked[0]?.steps ?? {});
      const stepMedians = nodes.map((n) => [n, median(c.asked.map((a) => a.steps[n] ?? 0))] as const);
      const stepSum = median(c.asked.map((a) => Object.values(a.steps).reduce((x, y) => x + y, 0)));
      lines.push(
        `  ${c.name}: “${c.question}”`,
        `    query: ${c.cypher}${Object.keys(c.parameters).length ? `  ${JSON.stringify(c.parameters)}` : ''}`,
        `    message -> answer_ready   median ${ms(median(total))}   p95 ${ms(pct(total, 95))}`,
        `    test-cypher (same query)  median ${ms(median(c.tested))}   p95 ${ms(pct(c.tested, 95))}`,
        `    ratio ${ratio.toFixed(2)} (target < ${TARGET}) ${ratio < TARGET ? 'OK' : 'ABOVE TARGET'}`,
        `    where it goes (medians): 202 after ${median(c.asked.map((a) => a.acceptedMs)).toFixed(1)} ms, ` +
          `run_started read after ${median(c.asked.map((a) => a.startedMs)).toFixed(1)} ms, ` +
          `answer_ready stamped after ${median(c.asked.map((a) => a.stampedMs)).toFixed(0)} ms; steps ${stepSum.toFixed(1)} ms in all: ` +
          stepMedians.map(([n, v]) => `${n} ${v.toFixed(1)}`).join(', '),
      );
      if (!c.usedTemplate) {
        const generate = c.asked.map((a) => a.steps.generate ?? 0);
        const p95 = pct(generate, 95);
        lines.push(
          `    generate step (the planner)   median ${ms(median(generate))}   p95 ${ms(p95)} (target p95 < ${GENERATE_TARGET_MS} ms) ${p95 < GENERATE_TARGET_MS ? 'OK' : 'ABOVE TARGET'}`,
        );
      }
      if (DETAIL) lines.push(...detail(c.asked));
    }
    return lines;
  } finally {
    streams.forEach((s) => s.close());
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    // Wait for the server to drop its scratch schema (bounded).
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
  }
}

const entry = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (entry === fileURLToPath(import.meta.url) && process.argv[2] === 'server') await serve();
