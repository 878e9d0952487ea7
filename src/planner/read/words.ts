export { fold, pluralOf, wordKey } from '../../language/analyze.js';
import { isFunctionWord } from '../../language/analyze.js';

/**
 * English words as the planner compares them: lower-case, accents folded, and keyed by their
 * lemma (the language layer's `wordKey`) so "works", "worked" and "WORKS_AT" meet at "work".
 * Nothing here knows any graph: labels, relationship types and property keys are compared
 * through these keys only.
 */

/** A word of a question outside the names it mentions, with its stem and position. */
export interface Word {
  word: string;
  stem: string;
  start: number;
}

/** Splits identifiers (`WORKS_AT`, `releaseYear`, `born-in`) into lower-case words. */
export function identifierWords(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Question words and request verbs: they ask, and name nothing of the graph. */
const ASKING_WORDS: ReadonlySet<string> = new Set(['which', 'what', 'who', 'whom', 'whose', 'when', 'where', 'how', 'many', 'much', 'tell', 'show', 'list', 'give', 'name', 'find', 'each', 'every']);

/** Words that carry no meaning of their own for matching labels, types and properties: English's function words (the language layer's) and the words that ask. */
export const isPlainWord = (word: string): boolean => ASKING_WORDS.has(word) || isFunctionWord(word);

/** The words of a text: letters and digits, with inner apostrophes, dots, `+`, `#` and hyphens kept. */
export function tokenize(text: string): { word: string; start: number; end: number }[] {
  const tokens: { word: string; start: number; end: number }[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}](?:[\p{L}\p{N}+#]|['’.-](?=[\p{L}\p{N}]))*[+#]*/gu)) {
    tokens.push({ word: match[0], start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}
