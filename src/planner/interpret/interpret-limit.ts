import { ANSWER_WORDS, LIMIT_VERBS } from '../read/word-classes.js';
import { LIST_LIMIT } from '../meaning.js';
import type { Ctx } from './interpret-context.js';
import { tokenAt } from './interpret-context.js';


/**
 * "… ? Limit to top 2 bakers.", "Limit the results to 5.": a request after the question for how
 * many things to show. The number is the question's limit (as "the top 2 bakers" would be); the
 * verb, what it limits ("the results") and the things named again after the number ("bakers",
 * when the question named them before) are the request's words, not new things to find.
 * A request limiting by anything but a number ("Limit the results to bakers in Leeds") is left
 * alone: its words stay unplaced, and the question is declined.
 */
export function readLimitRequest(ctx: Ctx): void {
  const { items } = ctx;
  const verbAt = items.findIndex((it) => it.kind === 'word' && it.token.pos === 'verb' && LIMIT_VERBS.has(it.token.lemma));
  if (verbAt < 0) return;
  const words: number[] = [verbAt];
  let k = verbAt + 1;
  const wordAt = (j: number) => tokenAt(ctx, j)?.lower;
  while (k < items.length && wordAt(k) !== undefined && ANSWER_WORDS.has(wordAt(k)!)) words.push(k++);
  if (wordAt(k) !== 'to') return;
  words.push(k++);
  if (wordAt(k) === 'the') words.push(k++);
  const lead = items[k];
  const leadWord = lead?.kind === 'rank' ? lead.word : lead?.kind === 'number' && lead.ordinal ? ctx.tokens[lead.from]!.lower : wordAt(k);
  // "top"/"first" there say no more than the number ("Limit to top 3" ranks nothing of its own).
  if (leadWord === 'top' || leadWord === 'first') words.push(k++);
  const number = items[k];
  if (number?.kind !== 'number' || number.year || number.ordinal || !Number.isInteger(number.value) || number.value < 1 || number.value > LIST_LIMIT) return;
  const after = items[k + 1];
  const namedBefore = (label: string) => items.slice(0, verbAt).some((it) => it.kind === 'label' && it.label.label === label);
  if (after?.kind === 'label' && namedBefore(after.label.label)) words.push(k + 1);
  else if (after?.kind === 'word' && ANSWER_WORDS.has(after.token.lower)) words.push(k + 1);
  else if (after && after.kind !== 'word') return;
  for (const w of words) ctx.used.add(w);
  ctx.limitAt = k;
}
