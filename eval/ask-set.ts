import { ServiceClient } from './client.js';
import { cutAtRowLimit } from './cut-at-limit.js';
import { tiedPastCut } from './cut-ties.js';
import { grade } from './grade.js';
import type { Answered, Outcome } from './grade.js';
import type { EvalQuestion } from './question-set.js';

/** One question's outcome, with what the service answered (for the results file). */
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
  /** How the query was written: from the planner's meaning, or another way (a template). */
  how?: string;
  /** The planner's confidence in its reading, when the query came from one. */
  confidence?: number;
  /** The documents the answer cites, by file name. */
  sources?: string[];
  failed?: string;
  /** Wrong only because the gold's LIMIT cut through a tie the answer lists whole (cut-ties.ts): reported apart. */
  tied_past_cut?: true;
  /** Wrong only because the gold has more rows than one answer shows, the answer saying so and how many (cut-at-limit.ts): reported apart. */
  cut_at_row_limit?: true;
}

/** Asks one question of a running service in a session of its own (after its context questions) and grades the answer. */
export async function askOne(client: ServiceClient, q: EvalQuestion): Promise<EvalResult> {
  let answer: Answered & { failed?: string; how?: string; confidence?: number; sources?: string[] };
  let session: string | undefined;
  try {
    session = (await client.newSession()).session_id;
    for (const earlier of q.context ?? []) await client.ask(session, earlier);
    answer = await client.ask(session, q.question, q.choose);
  } catch (error) {
    // The cause too ("fetch failed" says nothing of a reset connection or a refused one).
    const cause = error instanceof Error && error.cause !== undefined ? `: ${String(error.cause)}` : '';
    answer = { query: null, columns: [], rows: [], text: '', asked: false, failed: `${String(error)}${cause}` };
  } finally {
    if (session) client.close(session);
  }
  const outcome = answer.failed ? 'neither' : grade(q, answer);
  return {
    id: q.id,
    kind: q.kind,
    mode: q.mode,
    question: q.question,
    outcome,
    ...(outcome === 'wrong' && tiedPastCut(q, answer) ? { tied_past_cut: true as const } : {}),
    ...(outcome === 'wrong' && cutAtRowLimit(q, answer) ? { cut_at_row_limit: true as const } : {}),
    cypher: answer.query,
    text: answer.text,
    row_count: answer.rows.length,
    rows: answer.rows.slice(0, 10),
    ...(answer.how ? { how: answer.how } : {}),
    ...(answer.confidence !== undefined ? { confidence: answer.confidence } : {}),
    ...(answer.sources ? { sources: answer.sources } : {}),
    ...(answer.failed ? { failed: answer.failed } : {}),
  };
}

/** Asks every question, `concurrency` at a time, in the set's order. */
export async function askAll(base: string, token: string, questions: EvalQuestion[], concurrency = 4): Promise<EvalResult[]> {
  const client = new ServiceClient(base, token);
  const results: EvalResult[] = new Array(questions.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < questions.length; i = next++) results[i] = await askOne(client, questions[i]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return results;
}
