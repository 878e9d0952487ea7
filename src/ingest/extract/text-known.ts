import type { Chunk } from '../types.js';
import type { Mention, SentenceMentions } from './text-mentions.js';

/**
 * A name of several words compromise found somewhere in the document is found again where a
 * sentence starts with it: there compromise cannot tell a name from a capitalized word and
 * reads "Rheinfeld Logistics GmbH is based ..." as a verb and "Logistics GmbH". Only exact
 * matches of names already found, only at a sentence's start (or after its "The").
 */

export interface ReadSentence {
  chunk: Chunk;
  sentence: SentenceMentions;
}

export function addKnownNames(options: { sentences: ReadSentence[] }): void {
  const { sentences } = options;
  const known = new Map<string, Mention[]>();
  for (const { sentence } of sentences) {
    for (const m of sentence.mentions) {
      if (m.weak || !m.surface.includes(' ')) continue;
      const first = m.surface.split(' ')[0]!;
      const same = known.get(first) ?? [];
      if (!same.some((k) => k.surface === m.surface)) known.set(first, [...same, m]);
    }
  }
  if (known.size === 0) return;
  for (const { chunk, sentence } of sentences) {
    let at = sentence.start;
    if (chunk.text.startsWith('The ', at)) at += 4;
    const word = /^[^\s,;:.!?()]+/u.exec(chunk.text.slice(at, at + 100))?.[0];
    const candidates = (word && known.get(word)) || [];
    // The longest known name written there, ending at a word's end.
    const match = candidates
      .filter((k) => chunk.text.startsWith(k.surface, at) && !/[\p{L}\p{N}]/u.test(chunk.text[at + k.surface.length] ?? ''))
      .sort((a, b) => b.surface.length - a.surface.length)[0];
    if (!match) continue;
    const start = chunk.start + at;
    const end = start + match.surface.length;
    if (sentence.mentions.some((m) => m.start === start && m.end === end && !m.weak)) continue;
    const found: Mention = { ...match, start, end, weak: false, chunk, sentence: { start: sentence.start, end: sentence.end } };
    sentence.mentions = [found, ...sentence.mentions.filter((m) => m.end <= start || m.start >= end)].sort((a, b) => a.start - b.start);
  }
}
