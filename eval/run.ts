import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBenchService } from '../bench/bench-service.js';
import { BENCH_SERVICE_ENV } from '../bench/service-env.js';
import { ServiceClient } from './client.js';
import { grade } from './grade.js';
import type { Answered, Outcome } from './grade.js';
import { readGraphFile } from './graph-file.js';
import { halfOf, readQuestions } from './question-set.js';
import type { EvalQuestion, Half } from './question-set.js';
import { reportTable } from './report.js';

/**
 * `npm run eval -- --graph FILE --questions FILE [--half tune|held-out] [--seed S] [--out FILE]
 * [--only ID,ID] [--concurrency N]`
 *
 * A fresh embedded deployment of the service (its own DATA_DIR, no demo data, the built-in
 * planner), the graph loaded through its graph store, every question asked through HTTP in a
 * session of its own, each answer graded by value (grade.ts). Prints right and wrong per kind
 * and overall, and writes each question's Cypher, sentence, rows and outcome to a results file.
 */

const { values: args } = parseArgs({
  options: {
    graph: { type: 'string' },
    questions: { type: 'string' },
    half: { type: 'string' },
    seed: { type: 'string', default: 'cqks-23' },
    out: { type: 'string' },
    only: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    quiet: { type: 'boolean', default: false },
  },
});

if (!args.graph || !args.questions) {
  process.stderr.write('usage: npm run eval -- --graph FILE --questions FILE [--half tune|held-out] [--seed S] [--out FILE] [--only ID,ID]\n');
  process.exit(2);
}
if (args.half && args.half !== 'tune' && args.half !== 'held-out') {
  process.stderr.write('--half is tune or held-out\n');
  process.exit(2);
}

export interface EvalResult {
  id: string;
  kind: string;
  mode: string;
  question: string;
  outcome: Outcome;
  cypher: string | null;
  text: string;
  row_count: number;
  rows: Record<string, unknown>[];
  /** How the query was written: from the planner's meaning, or another way (the earlier planner, a template). */
  how?: string;
  failed?: string;
}

async function main(): Promise<void> {
  let questions = await readQuestions(args.questions!);
  if (args.half) questions = halfOf(questions, args.half as Half, args.seed!);
  if (args.only) {
    const only = new Set(args.only.split(','));
    questions = questions.filter((q) => only.has(q.id));
  }
  const batch = await readGraphFile(args.graph!);
  const { app, port, token } = await startBenchService({
    name: 'eval',
    env: { ...BENCH_SERVICE_ENV, LOG_LEVEL: 'warn', DEMO_DATA: 'false', JOB_POLL_INTERVAL_MS: '50', RUN_CONCURRENCY: args.concurrency!, REDIS_URL: '', DATABASE_URL: '', NEO4J_URI: '' },
    roles: ['user'],
  });
  try {
    await app.deps.graph.upsert(batch, 'eval');
    app.services.schema.invalidate();
    const client = new ServiceClient(`http://127.0.0.1:${port}`, token);
    const results: EvalResult[] = new Array(questions.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < questions.length; i = next++) results[i] = await askOne(client, questions[i]!);
    };
    await Promise.all(Array.from({ length: Math.max(1, Number(args.concurrency)) }, worker));
    const title = `${path.basename(args.questions!)}${args.half ? ` (${args.half} half, seed ${args.seed})` : ''}: ${questions.length} questions`;
    process.stdout.write(`${reportTable(title, results)}\n`);
    const setName = `${path.basename(path.dirname(path.resolve(args.questions!)))}-${path.basename(args.questions!, '.json')}`;
    const out = args.out ?? path.join('eval', 'results', `${setName}${args.half ? `-${args.half}` : ''}.json`);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`results: ${out}\n`);
  } finally {
    await app.close();
  }
}

async function askOne(client: ServiceClient, q: EvalQuestion): Promise<EvalResult> {
  let answer: Answered & { failed?: string; how?: string };
  try {
    const { session_id: session } = await client.newSession();
    for (const earlier of q.context ?? []) await client.ask(session, earlier);
    answer = await client.ask(session, q.question, q.choose);
  } catch (error) {
    answer = { query: null, columns: [], rows: [], text: '', asked: false, failed: String(error) };
  }
  const outcome = answer.failed ? 'neither' : grade(q, answer);
  if (!args.quiet && outcome === 'wrong') process.stderr.write(`wrong ${q.id}: ${q.question}\n  ${answer.text}\n  ${answer.query}\n`);
  return {
    id: q.id,
    kind: q.kind,
    mode: q.mode,
    question: q.question,
    outcome,
    cypher: answer.query,
    text: answer.text,
    row_count: answer.rows.length,
    rows: answer.rows.slice(0, 10),
    ...(answer.how ? { how: answer.how } : {}),
    ...(answer.failed ? { failed: answer.failed } : {}),
  };
}

await main();
process.exit(0);
