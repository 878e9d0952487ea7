import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openGraphStore } from '../src/stores/graph/index.js';
import type { GraphStore } from '../src/stores/graph/port.js';
import { cellValues } from './grade.js';
import type { Value } from './grade.js';
import { batchesOf, readGraphFile } from './graph-file.js';
import type { EvalQuestion } from './question-set.js';

/**
 * `npm run eval:freeze -- --graph FILE --questions SOURCE --out FILE`
 *
 * Turns questions written with their gold Cypher into a frozen question set: each gold query
 * is run on the graph (embedded engine, the graph loaded through the store) and what a right
 * answer must hold is written down with the benchmark's rules:
 * - the gold finds nothing (or only 0/null): `none`;
 * - it ends in `ORDER BY <returned column> … LIMIT n`: `top`, with the rows tied at the
 *   boundary allowed in place of one another;
 * - it ends in `LIMIT n` without ORDER BY: `any`, `need` of all the rows without the limit;
 * - otherwise `values`: every value of the key column (`key`, else the first).
 * A question written with `mode: ask` or `decline` keeps it; `need` and `text` written in the
 * source are kept.
 */

type Source = EvalQuestion & { key?: string };

const key = (q: Source, columns: string[]) => q.key ?? columns[0]!;
const distinct = (values: Value[]) => [...new Map(values.map((v) => [typeof v === 'string' ? v.toLowerCase() : v, v])).values()];

async function freeze(graph: GraphStore, q: Source): Promise<EvalQuestion> {
  if (q.mode === 'ask' || q.mode === 'decline' || !q.gold_cypher) return q;
  const gold = q.gold_cypher.trim();
  const result = await graph.runReadOnly(gold, {}, { maxRows: 100_000 });
  const column = key(q, result.columns);
  const valuesOf = (rows: Record<string, unknown>[]) => rows.flatMap((r) => cellValues(r[column]));
  const all = result.rows.flatMap((r) => result.columns.flatMap((c) => cellValues(r[c])));
  const base = { ...q };
  delete (base as Partial<Source>).key;
  if (result.rows.length === 0 || all.every((v) => v === 0)) return { ...base, mode: 'none' };
  const limited = /\bLIMIT\s+(\d+)\s*$/i.exec(gold);
  const ordered = /\bORDER\s+BY\s+([A-Za-z_][A-Za-z0-9_.]*)(\s+(?:DESC|ASC))?[^]*?\bLIMIT\s+\d+\s*$/i.exec(gold);
  if (limited && ordered) {
    const n = Number(limited[1]);
    const full = await graph.runReadOnly(gold.slice(0, limited.index).trim(), {}, { maxRows: 100_000 });
    const orderColumn = ordered[1]!;
    if (!full.columns.includes(orderColumn)) throw new Error(`${q.id}: ORDER BY ${orderColumn} must name a returned column`);
    const boundary = JSON.stringify(full.rows[Math.min(n, full.rows.length) - 1]![orderColumn]);
    const before = full.rows.slice(0, n).filter((r) => JSON.stringify(r[orderColumn]) !== boundary);
    const tied = full.rows.filter((r) => JSON.stringify(r[orderColumn]) === boundary);
    return { ...base, mode: 'top', required: distinct(valuesOf(before)), tie_allowed: distinct(valuesOf(tied)), need: Math.min(n, full.rows.length) };
  }
  if (limited) {
    const full = await graph.runReadOnly(gold.slice(0, limited.index).trim(), {}, { maxRows: 100_000 });
    return { ...base, mode: 'any', acceptable: distinct(valuesOf(full.rows)), need: q.need ?? Math.min(Number(limited[1]), full.rows.length) };
  }
  if (q.mode === 'any') return { ...base, acceptable: distinct(valuesOf(result.rows)), need: q.need ?? result.rows.length };
  return { ...base, mode: 'values', expected: distinct(valuesOf(result.rows)) };
}

const { values: args } = parseArgs({ options: { graph: { type: 'string' }, questions: { type: 'string' }, out: { type: 'string' } } });
if (!args.graph || !args.questions || !args.out) {
  process.stderr.write('usage: npm run eval:freeze -- --graph FILE --questions SOURCE --out FILE\n');
  process.exit(2);
}
const dir = await mkdtemp(path.join(tmpdir(), 'cqks-freeze-'));
const graph = await openGraphStore({ dataDir: dir, queryTimeoutMs: 10_000, maxRows: 100_000, allowedProcedures: [] });
try {
  for (const batch of batchesOf(await readGraphFile(args.graph))) await graph.upsert(batch, 'freeze');
  const source = JSON.parse(await readFile(args.questions, 'utf8')) as Source[];
  const frozen: EvalQuestion[] = [];
  for (const q of source) frozen.push(await freeze(graph, q));
  await writeFile(args.out, `${JSON.stringify(frozen, null, 1)}\n`);
  process.stdout.write(`${frozen.length} questions frozen: ${JSON.stringify(Object.fromEntries([...new Set(frozen.map((q) => q.mode))].map((m) => [m, frozen.filter((q) => q.mode === m).length])))}\n`);
} finally {
  await graph.close();
  await rm(dir, { recursive: true, force: true });
}
