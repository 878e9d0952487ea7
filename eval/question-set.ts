import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Expectation } from './grade.js';

/**
 * A question set: the external benchmark's `dev.json` format (id, question, kind, mode and the
 * values a right answer holds), with two additions for conversations: `context`, questions
 * asked before in the same session (not graded), and `choose`, the options to take, in order,
 * when the service offers a choice.
 */
export interface EvalQuestion extends Expectation {
  id: string;
  question: string;
  kind: string;
  context?: string[];
  choose?: string[];
  gold_cypher?: string;
}

export async function readQuestions(file: string): Promise<EvalQuestion[]> {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as EvalQuestion[] | { questions: EvalQuestion[] };
  return Array.isArray(parsed) ? parsed : parsed.questions;
}

export type Half = 'tune' | 'held-out';

/**
 * One half of a set, by a fixed seed: the questions ordered by a hash of seed and id, the
 * first half to tune on, the second kept for measuring only. The same seed always gives the
 * same halves, whatever the file's order.
 */
export function halfOf(questions: EvalQuestion[], half: Half, seed: string, options: { ordered?: boolean } = {}): EvalQuestion[] {
  const rank = (q: EvalQuestion) => createHash('sha256').update(`${seed}:${q.id}`).digest('hex');
  const ordered = [...questions].sort((a, b) => rank(a).localeCompare(rank(b)));
  const middle = Math.ceil(ordered.length / 2);
  const chosen = half === 'tune' ? ordered.slice(0, middle) : ordered.slice(middle);
  if (options.ordered) return chosen; // in the seed's order: a first slice is the same questions whatever the file's order
  const ids = new Set(chosen.map((q) => q.id));
  return questions.filter((q) => ids.has(q.id));
}
