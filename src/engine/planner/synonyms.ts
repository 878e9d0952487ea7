import { stem } from './words.js';

/**
 * The small synonym list: words people use for what a graph's own names say, written as words
 * and compared as stems (words.ts `stem`). A question word is first compared with the schema's own names and
 * their inflections; only when it names nothing there is it read through this list, and the
 * answer says so ("wrote" read as "authored"). `@date` stands for the one date-like property of
 * a label ("When was X published?" when the label records only a year).
 *
 * Kept short on purpose: each entry must be a word a reader would accept without a second
 * thought; anything else is better refused than guessed.
 */
/** As written: a word people use, and the words of the schema's names it stands for. */
const AS_WRITTEN: Readonly<Record<string, readonly string[]>> = {
  // authorship
  write: ['authored'],
  wrote: ['authored'],
  writer: ['authored'],
  // citations
  citation: ['cites'],
  reference: ['cites'],
  // employment
  employ: ['works'],
  employer: ['works'],
  job: ['works'],
  // residence
  reside: ['lives'],
  resident: ['lives'],
  // founding
  founder: ['founded'],
  // management
  manager: ['manages'],
  boss: ['manages'],
  // maintenance
  develop: ['maintains'],
  maintainer: ['maintains'],
  // contribution
  contributor: ['contributes'],
  // location
  based: ['located'],
  headquartered: ['located'],
  // films and acting
  film: ['movie'],
  actor: ['acted'],
  actress: ['acted'],
  star: ['acted'],
  starred: ['acted'],
  appear: ['acted'],
  appeared: ['acted'],
  // dates
  publish: ['@date'],
  published: ['@date'],
  date: ['@date'],
};

/** Nouns for a relationship as the thing at its far end receives it: "the most citations" is the most cited. */
const RECEIVED_AS_WRITTEN = ['citation', 'reference'];

const stemOf = (word: string) => (word.startsWith('@') ? word : stem(word));

/** The list by stems, as question words and schema names are compared. */
export const SYNONYMS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(AS_WRITTEN).map(([word, names]) => [stemOf(word), names.map(stemOf)]),
);

export const RECEIVED_NOUNS: ReadonlySet<string> = new Set(RECEIVED_AS_WRITTEN.map(stemOf));

/** Property keys that hold a date or a year. */
export const DATE_LIKE = /(^|_)(year|date|released|release|founded|born|birth|since|published|created|started|day|time)($|_)/i;
