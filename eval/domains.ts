import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EvalResult } from './ask-set.js';
import { evaluate } from './evaluate.js';
import { halfOf, readQuestions } from './question-set.js';
import type { Half } from './question-set.js';
import { reportTable } from './report.js';
import { readGraphFile } from './graph-file.js';
import { wrongGolds } from './wrong-golds.js';

/**
 * `npm run eval:domains -- [--half held-out|tune] [--slice N] [--only NAME,NAME] [--check FILE] [--neo4j URI]`
 *
 * Every domain the planner is measured on, each on a fresh service with its own graph, reported
 * apart and the worst first (wrong answers count double). The external sets are read from
 * `BENCHMARKS_DIR` (default `../shared/benchmarks`, beside the clone) and never copied here: their
 * licences differ. Their halves are fixed by the seed; the in-house sets were frozen held-out
 * sets from the start and are asked whole. `--slice N` asks the first N of each half (in the
 * seed's order, so a slice is always the same questions); `--check FILE` fails (exit 1) when a
 * domain answers fewer right or more wrong than the floors in FILE (eval/floors.json in CI);
 * `--neo4j URI` asks the same questions of the same graph on a running Neo4j (`npm run neo4j`).
 */

const BENCHMARKS = process.env.BENCHMARKS_DIR ?? path.join('..', 'shared', 'benchmarks');
const SEED = 'cqks-23';

interface Domain {
  name: string;
  graph: string;
  questions: string;
  /** Asked whole: a set frozen as held-out from the start (in-house). */
  whole?: boolean;
}

const external = (name: string, folder: string): Domain => ({
  name,
  graph: path.join(BENCHMARKS, folder, 'graph.cypher'),
  questions: path.join(BENCHMARKS, folder, 'dev.json'),
});

export const DOMAINS: Domain[] = [
  external('movies', 'text2cypher-movies'),
  external('fincen', 'text2cypher-fincen'),
  external('network', 'text2cypher-network'),
  external('grandstack', 'text2cypher-grandstack'),
  external('gameofthrones', 'text2cypher-gameofthrones'),
  { name: 'hospital', graph: 'eval/sets/hospital/graph.json', questions: 'eval/sets/hospital/questions.json', whole: true },
  { name: 'library', graph: 'eval/sets/library/graph.json', questions: 'eval/sets/library/questions.json', whole: true },
];

interface Floor {
  right: number;
  wrongMax: number;
}

interface Summary {
  name: string;
  n: number;
  right: number;
  /** Wrong answers, those to golds believed wrong (wrong-golds.ts) left out. */
  wrong: number;
  /** Answers graded wrong against a gold believed wrong: shown apart. */
  wrongOnBadGold: number;
  /** Answers graded wrong only because the gold's LIMIT cut through a tie they list whole (cut-ties.ts): shown apart. */
  wrongOnTies: number;
  /** Answers graded wrong only because the gold lists more rows than one answer shows, the answer saying how many (cut-at-limit.ts): shown apart. */
  wrongCut: number;
  failed: number;
  results: EvalResult[];
}

const { values: args } = parseArgs({
  options: {
    half: { type: 'string', default: 'held-out' },
    slice: { type: 'string' },
    only: { type: 'string' },
    check: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    neo4j: { type: 'string' },
  },
});
if (args.half !== 'tune' && args.half !== 'held-out') {
  process.stderr.write('--half is tune or held-out\n');
  process.exit(2);
}

/** Lower is worse: the share right less twice the share wrong. */
const score = (s: Summary) => (s.n === 0 ? 1 : (s.right - 2 * s.wrong) / s.n);
const pct = (k: number, n: number) => `${n === 0 ? '-' : ((100 * k) / n).toFixed(1)}%`;

async function runDomain(domain: Domain): Promise<Summary | undefined> {
  if (!existsSync(domain.graph) || !existsSync(domain.questions)) {
    process.stderr.write(`${domain.name}: not found (${domain.questions}); set BENCHMARKS_DIR\n`);
    return undefined;
  }
  const all = await readQuestions(domain.questions);
  // The slice is taken in the seed's order, the same questions every time.
  let questions = domain.whole ? all : halfOf(all, args.half as Half, SEED, { ordered: true });
  if (args.slice) questions = questions.slice(0, Number(args.slice));
  const results = await evaluate({ graph: domain.graph, questions, concurrency: Number(args.concurrency), ...(args.neo4j ? { neo4jUri: args.neo4j } : {}) });
  const badGolds = wrongGolds(questions, await readGraphFile(domain.graph));
  const title = `${domain.name}${domain.whole ? ' (in-house, whole)' : ` (${args.half} half${args.slice ? `, first ${args.slice}` : ''})`}: ${questions.length} questions`;
  process.stdout.write(`${reportTable(title, results)}\n\n`);
  return {
    name: domain.name,
    n: results.length,
    right: results.filter((r) => r.outcome === 'right').length,
    wrong: results.filter((r) => r.outcome === 'wrong' && !badGolds.has(r.id) && !r.tied_past_cut && !r.cut_at_row_limit).length,
    wrongOnBadGold: results.filter((r) => r.outcome === 'wrong' && badGolds.has(r.id)).length,
    wrongOnTies: results.filter((r) => r.outcome === 'wrong' && !badGolds.has(r.id) && r.tied_past_cut).length,
    wrongCut: results.filter((r) => r.outcome === 'wrong' && !badGolds.has(r.id) && !r.tied_past_cut && r.cut_at_row_limit).length,
    failed: results.filter((r) => r.failed).length,
    results,
  };
}

async function main(): Promise<number> {
  const only = args.only ? new Set(args.only.split(',')) : undefined;
  const summaries: Summary[] = [];
  for (const domain of DOMAINS.filter((d) => !only || only.has(d.name))) {
    const summary = await runDomain(domain);
    if (summary) summaries.push(summary);
  }
  const ranked = [...summaries].sort((a, b) => score(a) - score(b));
  process.stdout.write(`domains, worst first (${args.half} half${args.slice ? `, first ${args.slice} of each` : ''}):\n`);
  process.stdout.write(
    '| domain        |    n | right         | wrong         | wrong, gold believed wrong | wrong, ties the gold cut | wrong, cut at the row limit (said) | failed |\n|---------------|------|---------------|---------------|----------------------------|--------------------------|------------------------------------|--------|\n',
  );
  for (const s of ranked) {
    process.stdout.write(
      `| ${s.name.padEnd(13)} | ${String(s.n).padStart(4)} | ${String(s.right).padStart(4)} ${pct(s.right, s.n).padStart(7)} | ${String(s.wrong).padStart(4)} ${pct(s.wrong, s.n).padStart(7)} | ${String(s.wrongOnBadGold).padStart(26)} | ${String(s.wrongOnTies).padStart(24)} | ${String(s.wrongCut).padStart(34)} | ${String(s.failed).padStart(6)} |\n`,
    );
  }
  const out = path.join('eval', 'results', `domains-${args.half}${args.slice ? `-first${args.slice}` : ''}${args.neo4j ? '-neo4j' : ''}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(Object.fromEntries(summaries.map((s) => [s.name, s.results])), null, 1)}\n`);
  process.stdout.write(`results: ${out}\n`);
  if (!args.check) return 0;
  const floors = JSON.parse(await readFile(args.check, 'utf8')) as Record<string, Floor>;
  const broken = summaries.flatMap((s) => {
    const floor = floors[s.name];
    if (!floor) return [`${s.name}: no floor in ${args.check}`];
    return [
      ...(s.right < floor.right ? [`${s.name}: ${s.right} right, the floor is ${floor.right}`] : []),
      ...(s.wrong > floor.wrongMax ? [`${s.name}: ${s.wrong} wrong, at most ${floor.wrongMax} allowed`] : []),
      ...(s.failed > 0 ? [`${s.name}: ${s.failed} runs failed`] : []),
    ];
  });
  const missing = Object.keys(floors).filter((name) => !summaries.some((s) => s.name === name));
  for (const line of [...broken, ...missing.map((m) => `${m}: not measured`)]) process.stderr.write(`eval check: ${line}\n`);
  return broken.length + missing.length > 0 ? 1 : 0;
}

process.exit(await main());
