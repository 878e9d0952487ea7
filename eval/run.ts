import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { evaluate } from './evaluate.js';
import { halfOf, readQuestions } from './question-set.js';
import type { Half } from './question-set.js';
import { reportTable } from './report.js';

/**
 * `npm run eval -- --graph FILE --questions FILE [--half tune|held-out] [--seed S] [--out FILE]
 * [--only ID,ID] [--concurrency N]`
 *
 * One question set on its graph (evaluate.ts), each answer graded by value (grade.ts). Prints
 * right and wrong per kind and overall, and writes each question's Cypher, sentence, rows and
 * outcome to a results file. `npm run eval:domains` runs every domain this way.
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

async function main(): Promise<void> {
  let questions = await readQuestions(args.questions!);
  if (args.half) questions = halfOf(questions, args.half as Half, args.seed!);
  if (args.only) {
    const only = new Set(args.only.split(','));
    questions = questions.filter((q) => only.has(q.id));
  }
  const results = await evaluate({ graph: args.graph!, questions, concurrency: Number(args.concurrency) });
  if (!args.quiet) {
    for (const r of results.filter((x) => x.outcome === 'wrong')) process.stderr.write(`wrong ${r.id}: ${r.question}\n  ${r.text}\n  ${r.cypher}\n`);
  }
  const title = `${path.basename(args.questions!)}${args.half ? ` (${args.half} half, seed ${args.seed})` : ''}: ${questions.length} questions`;
  process.stdout.write(`${reportTable(title, results)}\n`);
  const setName = `${path.basename(path.dirname(path.resolve(args.questions!)))}-${path.basename(args.questions!, '.json')}`;
  const out = args.out ?? path.join('eval', 'results', `${setName}${args.half ? `-${args.half}` : ''}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`results: ${out}\n`);
}

await main();
process.exit(0);
