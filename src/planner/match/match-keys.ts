import { roleOf, type QuestionToken } from './question.js';

/**
 * Exact keys for finding a question's template with one index lookup, whatever the
 * number of templates.
 *
 * A question matches a pattern (see pattern-match.ts) only if its content and critical
 * words outside the slots are the pattern's, in the same order: a missing one rejects, an
 * extra one costs more than the threshold allows. So a template is keyed by those words
 * (its "match key", slots left out), and a question can only match a template whose key
 * is its own content and critical words with up to a few contiguous runs (the slot values)
 * taken out. Those few keys are looked up exactly in a b-tree index; the full alignment
 * then runs on the handful of templates found. Frame, filler and stop words are not in
 * keys: the alignment tolerates them.
 */

const SLOT = /^\{[A-Za-z_][A-Za-z0-9_]*(?::number)?\}$/;
/** The most slot values (runs of words) taken out of a question. */
export const MAX_SLOT_RUNS = 3;
/** Bound on the keys one question produces (long questions try fewer runs). */
export const MAX_CANDIDATE_KEYS = 4000;

const significant = (role: string) => role === 'content' || role === 'critical';

/** The key of a template's pattern: its content and critical words, slots left out. */
export function patternMatchKey(pattern: string): string {
  return pattern
    .split(/\s+/)
    .filter((part) => part && !SLOT.test(part) && significant(roleOf(part)))
    .join(' ');
}

/** Every key a template must have for a question to match it: its matcher tokens' words with 0..MAX_SLOT_RUNS runs removed. */
export function matchKeysOf(tokens: readonly QuestionToken[]): string[] {
  const words = tokens
    .filter((t) => significant(t.role))
    .map((t) => t.canonical);
  const keys = new Set<string>([words.join(' ')]);
  // Adds the keys with exactly `runs` more runs removed from words[from..]; `kept` is what stays before `from`.
  const remove = (kept: string[], from: number, runs: number) => {
    for (let start = from; start < words.length; start++) {
      for (let end = start + 1; end <= words.length; end++) {
        if (keys.size >= MAX_CANDIDATE_KEYS) return;
        const before = [...kept, ...words.slice(from, start)];
        if (runs === 1) keys.add([...before, ...words.slice(end)].join(' '));
        // The word after this run stays (adjacent runs would be one run); further runs come after it.
        else if (end < words.length) remove([...before, words[end]!], end + 1, runs - 1);
      }
    }
  };
  for (let runs = 1; runs <= MAX_SLOT_RUNS; runs++) remove([], 0, runs);
  return [...keys];
}
