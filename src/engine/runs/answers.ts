import type { InputRequest } from '../contracts/input-request.js';

/**
 * A step's answers, each kept with the question it answers: a step that asks twice, and asks
 * the second question first when it runs again (the first one's choice is remembered by then),
 * still gets each answer for its own question. Answers stored before (plain values) are
 * handed out in order.
 */

export interface KeyedAnswer {
  asked: string;
  answer: unknown;
}

/** What identifies a question: its kind, its text and its options. */
export function questionKey(request: Pick<InputRequest, 'kind' | 'question' | 'options'>): string {
  return JSON.stringify([request.kind, request.question, (request.options ?? []).map((o) => o.id)]);
}

export const isKeyed = (a: unknown): a is KeyedAnswer => typeof a === 'object' && a !== null && 'asked' in a && 'answer' in a && typeof (a as KeyedAnswer).asked === 'string';

/** The answer to `request` among a step's answers, else the `index`-th of its plain ones. */
export function answerFor(answers: unknown[], request: InputRequest, index: number): { found: true; answer: unknown } | { found: false } {
  const key = questionKey(request);
  const keyed = answers.find((a) => isKeyed(a) && a.asked === key) as KeyedAnswer | undefined;
  if (keyed) return { found: true, answer: keyed.answer };
  const plain = answers.filter((a) => !isKeyed(a));
  return index < plain.length ? { found: true, answer: plain[index] } : { found: false };
}
