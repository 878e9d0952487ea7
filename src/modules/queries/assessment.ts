/**
 * How sure the service was of a query it wrote, and why, so curators approve the confident ones
 * and fix the doubtful ones first; and what puts a query in front of them again (a user said
 * its answer was wrong).
 */

/** What one word of the question was taken to mean. */
export interface WordMapping {
  word: string;
  to: string;
  kind: string;
  /** From a synonym, an inflection or a fallback rather than the schema's own name. */
  guessed: boolean;
}

export interface QueryAssessment {
  /** 0..1: the writer's own confidence, lowered when the answer was empty. */
  confidence: number;
  /** Who wrote it: the built-in planner, a model, a reviewer's correction. */
  generator: string;
  mappings: WordMapping[];
  /** The words whose mapping was a guess. */
  guesses: string[];
  /** The query found nothing: often a sign that a word was mapped wrongly. */
  empty_answer: boolean;
}

/** A user's "wrong" on an answer of this query, kept until a curator decides on the query again. */
export interface QueryAttention {
  reason: 'reported_wrong';
  /** The question whose answer was reported wrong. */
  question: string;
  session_id: string;
  message_id: string;
  reported_by: string;
  comment: string | null;
  /** Reports since a curator last decided on the query. */
  reports: number;
}

/** What a writer's confidence becomes once its query ran: an empty answer halves it. */
const EMPTY_ANSWER_FACTOR = 0.5;
/** Confidence of a writer that gives none (a model): doubtful until a curator looks. */
const UNSTATED_CONFIDENCE = 0.5;

export function assessQuery(options: {
  generator: string;
  confidence?: number;
  mappings?: WordMapping[];
  rowCount?: number;
}): QueryAssessment {
  const mappings = options.mappings ?? [];
  const stated = options.confidence ?? (options.generator === 'correction' ? 1 : UNSTATED_CONFIDENCE);
  const empty = options.rowCount === 0;
  const confidence = Math.round(Math.min(1, Math.max(0, stated * (empty ? EMPTY_ANSWER_FACTOR : 1))) * 1000) / 1000;
  return { confidence, generator: options.generator, mappings, guesses: mappings.filter((m) => m.guessed).map((m) => m.word), empty_answer: empty };
}
