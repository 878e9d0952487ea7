export { fold } from '../language/analyze.js';
import { fold } from '../language/analyze.js';

/**
 * English words as the planner compares them: lower-case, accents folded, and cut to a crude
 * stem (plural, -ed, -ing and a final `e` removed) so "works", "worked" and "WORKS_AT" meet at
 * "work". Nothing here knows any graph: labels, relationship types and property keys are
 * compared through these stems only.
 */

/** Irregular plurals a label may be asked about by ("people" for a label `Person`). */
const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  person: 'people',
  man: 'men',
  woman: 'women',
  child: 'children',
  mouse: 'mice',
  foot: 'feet',
  tooth: 'teeth',
  goose: 'geese',
  datum: 'data',
  criterion: 'criteria',
  medium: 'media',
};
const SINGULAR_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(IRREGULAR_PLURALS).map(([s, p]) => [p, s]));

/** Irregular verb forms that matter in questions ("wrote" asks for "write"). */
const IRREGULAR_VERBS: Readonly<Record<string, string>> = {
  wrote: 'write',
  written: 'write',
  made: 'make',
  built: 'build',
  led: 'lead',
  ran: 'run',
  taught: 'teach',
  bought: 'buy',
  sold: 'sell',
  held: 'hold',
  knew: 'know',
  known: 'know',
  gave: 'give',
  given: 'give',
  took: 'take',
  taken: 'take',
  began: 'begin',
  begun: 'begin',
  born: 'born',
  is: 'be',
  are: 'be',
  was: 'be',
  were: 'be',
  been: 'be',
  has: 'have',
  had: 'have',
  does: 'do',
  did: 'do',
};


/** The stem of one word (already lower-case). */
export function stem(word: string): string {
  let w = fold(word);
  w = SINGULAR_OF[w] ?? w;
  if (IRREGULAR_VERBS[w]) w = IRREGULAR_VERBS[w]!;
  else if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith('ied')) w = `${w.slice(0, -3)}y`;
  // "used" → "us" (as "use"), but "need" and "speed" keep their "ed".
  else if (w.length > 3 && w.endsWith('ed') && !w.endsWith('eed')) w = w.slice(0, -2);
  // "using" → "us", but "thing" and "bring" (no vowel left) stay.
  else if (w.length > 4 && w.endsWith('ing') && /[aeiouy]/.test(w.slice(0, -3))) w = w.slice(0, -3);
  // "managed" and "manage" both end at "manag"; doubled consonants ("stopped") at one.
  if (w.length >= 3 && w.endsWith('e') && !w.endsWith('ee')) w = w.slice(0, -1);
  if (w.length > 3 && /([bdfgklmnprt])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Splits identifiers (`WORKS_AT`, `releaseYear`, `born-in`) into lower-case words. */
export function identifierWords(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** The plural a person would use for a singular noun. */
export function pluralOf(word: string): string {
  const w = word.toLowerCase();
  if (IRREGULAR_PLURALS[w]) return IRREGULAR_PLURALS[w];
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(w)) return `${w}es`;
  return `${w}s`;
}

/** Words that carry no meaning of their own for matching labels, types and properties. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'of', 'in', 'on', 'at', 'to', 'by', 'for', 'from', 'with', 'and', 'or', 'as', 'into', 'onto', 'about',
  'which', 'what', 'who', 'whom', 'whose', 'when', 'where', 'how', 'many', 'much', 'is', 'are', 'was', 'were', 'be', 'been',
  'do', 'does', 'did', 'have', 'has', 'had', 'there', 'that', 'this', 'these', 'those', 'it', 'its', 'their', 'they', 'them',
  'he', 'she', 'his', 'her', 'him', 'all', 'any', 'some', 'me', 'tell', 'show', 'list', 'give', 'name', 'find', 'please',
  'i', 'you', 'we', 'us', 'my', 'our', 'your', 'can', 'could', 'would', 'will', 'should', 'between', 'than', 'each', 'every',
]);

/** The words of a text: letters and digits, with inner apostrophes, dots, `+`, `#` and hyphens kept. */
export function tokenize(text: string): { word: string; start: number; end: number }[] {
  const tokens: { word: string; start: number; end: number }[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}](?:[\p{L}\p{N}+#]|['’.-](?=[\p{L}\p{N}]))*[+#]*/gu)) {
    tokens.push({ word: match[0], start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}
