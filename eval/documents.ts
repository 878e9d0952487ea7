import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { openDependencies } from '../src/app/dependencies.js';
import { loadConfig } from '../src/config.js';
import { signDevToken } from '../src/platform/auth/dev-keys.js';
import { BENCH_SERVICE_ENV } from '../bench/service-env.js';
import { askAll } from './ask-set.js';
import type { EvalResult } from './ask-set.js';
import { checkGraph, dumpGraph } from './documents-graph.js';
import type { Dump, GraphExpectation } from './documents-graph.js';
import { readQuestions } from './question-set.js';
import type { EvalQuestion } from './question-set.js';

/**
 * `npm run eval:documents -- [--set DIR] [--orders N] [--seed S] [--out FILE]`
 *
 * The documents evaluation (issue 24): a set of related files (`files/`), questions whose
 * answers are in them with the files an answer must cite (`questions.json`), and the graph
 * expected with all of them and after deleting each (`deletions.json`). For each order of the
 * files (all of them, or `--orders N` of them picked by the seed, the set's own order and its
 * reverse first) a fresh embedded deployment uploads, approves and ingests them one by one
 * through HTTP, dumps the graph, checks it, and asks every question. Then, for each file, a
 * deployment with all of them deletes that one and checks what is left. Prints right answers,
 * right sources, identical graphs and the graph checks; writes everything to a results file.
 */

const { values: args } = parseArgs({
  options: {
    set: { type: 'string', default: 'eval/sets/documents' },
    orders: { type: 'string' },
    seed: { type: 'string', default: 'cqks-24' },
    out: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

interface DocumentQuestion extends EvalQuestion {
  /** The files a right answer cites (all of them); none for an empty answer. */
  sources: string[];
}

interface Deletions {
  everything: GraphExpectation;
  after_deleting: Record<string, GraphExpectation>;
}

const INGEST_WAIT_MS = 120_000;

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** All orders, or `n` of them: the set's own order and its reverse, then others by the seed. */
function chooseOrders(files: string[], n: number | undefined, seed: string): string[][] {
  const all = permutations(files);
  if (n === undefined || n >= all.length) return all;
  const rank = (order: string[]) => createHash('sha256').update(`${seed}:${order.join('|')}`).digest('hex');
  const first = [files, [...files].reverse()];
  const rest = all.filter((o) => !first.some((f) => f.join('|') === o.join('|'))).sort((a, b) => rank(a).localeCompare(rank(b)));
  return [...first, ...rest].slice(0, n);
}

/** A fresh embedded deployment with the built-in planner, listening on a port of its own. */
async function deploy() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-eval-documents-'));
  const config = loadConfig({
    ...process.env,
    ...BENCH_SERVICE_ENV,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    JOB_POLL_INTERVAL_MS: '50',
    REDIS_URL: '',
    DATABASE_URL: '',
    NEO4J_URI: '',
  });
  const app = await buildApp(config, await openDependencies(config));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const token = await signDevToken({ dataDir, audience: config.auth.audience, sub: 'eval', roles: ['user', 'admin'] });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const call = async (method: string, url: string, body?: { json?: unknown; form?: FormData }) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body?.json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body?.form ?? (body?.json !== undefined ? JSON.stringify(body.json) : undefined),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const files = new Map<string, string>();
  return {
    app,
    base,
    token,
    fileOf: (docId: string) => files.get(docId) ?? docId,
    /** Uploads, approves and ingests one file; answers its document id once the ingestion ended. */
    async ingest(dir: string, name: string): Promise<string> {
      const form = new FormData();
      form.append('files', new Blob([await readFile(path.join(dir, name))]), name);
      const uploaded = (await call('POST', '/api/v1/documents/upload', { form })) as { items: { doc_id: string }[] };
      const docId = uploaded.items[0]!.doc_id;
      files.set(docId, name);
      await call('POST', `/api/v1/documents/${docId}/approve`);
      await call('POST', `/api/v1/documents/${docId}/ingest`);
      const until = Date.now() + INGEST_WAIT_MS;
      for (;;) {
        const doc = (await call('GET', `/api/v1/documents/${docId}`)) as { ingestion: { state: string; failure: unknown } };
        if (doc.ingestion.state === 'ingested') return docId;
        if (['failed', 'cancelled'].includes(doc.ingestion.state)) throw new Error(`${name}: ingestion ${doc.ingestion.state}: ${JSON.stringify(doc.ingestion.failure)}`);
        if (Date.now() > until) throw new Error(`${name}: not ingested within ${INGEST_WAIT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async remove(docId: string): Promise<void> {
      await call('DELETE', `/api/v1/documents/${docId}`);
    },
    async close(): Promise<void> {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface OrderResult {
  order: string[];
  dump: Dump;
  graphMisses: string[];
  answers: (EvalResult & { sources: string[]; sourcesRight: boolean })[];
}

const sourcesRight = (q: DocumentQuestion, cited: string[]) => (q.sources.length === 0 ? cited.length === 0 : q.sources.every((s) => cited.includes(s)));

async function runOrder(dir: string, order: string[], questions: DocumentQuestion[], expected: GraphExpectation): Promise<OrderResult> {
  const d = await deploy();
  try {
    for (const name of order) await d.ingest(dir, name);
    const dump = await dumpGraph(d.app.deps.graph, d.fileOf);
    const graphMisses = checkGraph(dump, expected);
    const results = await askAll(d.base, d.token, questions, 4);
    const answers = results.map((r, i) => ({ ...r, sourcesRight: sourcesRight(questions[i]!, r.sources ?? []), sources: r.sources ?? [] }));
    return { order, dump, graphMisses, answers };
  } finally {
    await d.close();
  }
}

async function runDeletion(dir: string, files: string[], removed: string, expected: GraphExpectation): Promise<string[]> {
  const d = await deploy();
  try {
    const ids = new Map<string, string>();
    for (const name of files) ids.set(name, await d.ingest(dir, name));
    await d.remove(ids.get(removed)!);
    return checkGraph(await dumpGraph(d.app.deps.graph, d.fileOf), expected);
  } finally {
    await d.close();
  }
}

const pct = (n: number, of: number) => `${n}/${of} (${((100 * n) / Math.max(1, of)).toFixed(0)}%)`;

async function main(): Promise<void> {
  const dir = path.resolve(args.set!);
  const filesDir = path.join(dir, 'files');
  const files = (await readdir(filesDir)).sort();
  const questions = (await readQuestions(path.join(dir, 'questions.json'))) as DocumentQuestion[];
  const deletions = JSON.parse(await readFile(path.join(dir, 'deletions.json'), 'utf8')) as Deletions;
  const orders = chooseOrders(files, args.orders ? Number(args.orders) : undefined, args.seed!);

  const results: OrderResult[] = [];
  for (const [i, order] of orders.entries()) {
    const r = await runOrder(filesDir, order, questions, deletions.everything);
    results.push(r);
    const right = r.answers.filter((a) => a.outcome === 'right').length;
    const cited = r.answers.filter((a) => a.sourcesRight).length;
    if (!args.quiet) process.stderr.write(`order ${i + 1}/${orders.length} [${order.join(', ')}]: ${right} right, ${cited} right sources, ${r.graphMisses.length} graph misses\n`);
  }
  const deletionMisses: Record<string, string[]> = {};
  for (const [name, expected] of Object.entries(deletions.after_deleting)) deletionMisses[name] = await runDeletion(filesDir, files, name, expected);

  const dumps = new Map<string, number>();
  for (const r of results) {
    const text = JSON.stringify(r.dump);
    dumps.set(text, (dumps.get(text) ?? 0) + 1);
  }
  const first = results[0]!;
  const lines = [
    `documents evaluation: ${files.length} files, ${questions.length} questions, ${results.length} of ${permutations(files).length} orders`,
    `  graphs: ${dumps.size === 1 ? 'identical in every order' : `${dumps.size} different graphs`} (${first.dump.nodes.length} nodes, ${first.dump.relationships.length} relationships in the first order)`,
    `  right answers per order: min ${Math.min(...results.map((r) => r.answers.filter((a) => a.outcome === 'right').length))}, max ${Math.max(...results.map((r) => r.answers.filter((a) => a.outcome === 'right').length))} of ${questions.length}`,
    `  right sources per order: min ${Math.min(...results.map((r) => r.answers.filter((a) => a.sourcesRight).length))}, max ${Math.max(...results.map((r) => r.answers.filter((a) => a.sourcesRight).length))} of ${questions.length}`,
    `  all right in every order: answers ${pct(questions.filter((_, i) => results.every((r) => r.answers[i]!.outcome === 'right')).length, questions.length)}, sources ${pct(questions.filter((_, i) => results.every((r) => r.answers[i]!.sourcesRight)).length, questions.length)}`,
    `  graph with every file, first order: ${first.graphMisses.length === 0 ? 'as expected' : first.graphMisses.join('; ')}`,
    ...Object.entries(deletionMisses).map(([name, misses]) => `  after deleting ${name}: ${misses.length === 0 ? 'as expected' : misses.join('; ')}`),
    '  per question (first order): ' + first.answers.map((a) => `${a.id} ${a.outcome === 'right' ? 'R' : a.outcome === 'wrong' ? 'W' : '-'}${a.sourcesRight ? 's' : '.'}`).join(' '),
  ];
  if (!args.quiet) {
    for (const a of first.answers.filter((x) => x.outcome !== 'right' || !x.sourcesRight)) {
      process.stderr.write(`${a.id} ${a.outcome}${a.sourcesRight ? '' : ' (sources: ' + JSON.stringify(a.sources) + ')'}: ${a.question}\n  ${a.text}\n  ${a.cypher}\n`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  const out = args.out ?? path.join('eval', 'results', 'documents.json');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ orders: results.map((r) => ({ order: r.order, graphMisses: r.graphMisses, answers: r.answers })), dumps: [...dumps.keys()].map((d) => JSON.parse(d) as Dump), deletions: deletionMisses }, null, 2)}\n`);
  process.stdout.write(`results: ${out}\n`);
}

await main();
process.exit(0);
