import { fold } from './words.js';

/**
 * What a question says beyond the things it names: numbers compared with a value ("after
 * 2023", "above 35", "between 20 and 30", "in 2022"), a negation ("do not work at"), a
 * comparison of two named things ("more … than"), an instruction to change data. Read from
 * the wording alone; which property a number is about is decided against the schema.
 */

export type FilterOp = '>' | '>=' | '<' | '<=' | '=' | 'between';

export interface NumericFilter {
  op: FilterOp;
  value: number;
  /** The upper bound of `between`. */
  value2?: number;
  /** Where the comparison's words start and the number ends in the question (to find the property near it). */
  start: number;
  end: number;
  /** A four-digit number from 1000 to 2999: a year. */
  year: boolean;
  /** The words that said it ("after", "at least"), for the answer. */
  words: string;
}

export interface Constraints {
  filters: NumericFilter[];
  negated: boolean;
  /** "more/less … than" with two named things. */
  comparison?: 'more' | 'less';
  /** The question asks to change the graph ("Delete …", "Add …"). */
  instruction: boolean;
}

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)`;
const COMPARATORS: [RegExp, FilterOp][] = [
  [/\b(after|later than|newer than)\s+$/, '>'],
  [/\b(since|from|starting in)\s+$/, '>='],
  [/\b(before|earlier than|prior to|until|till)\s+$/, '<'],
  [/\b(above|over|more than|greater than|higher than|larger than|bigger than|exceeding|beyond)\s+$/, '>'],
  [/\b(at least|no less than|no fewer than|a minimum of|minimum of)\s+$/, '>='],
  [/\b(below|under|less than|fewer than|lower than|smaller than)\s+$/, '<'],
  [/\b(at most|no more than|up to|a maximum of|maximum of)\s+$/, '<='],
  [/\b(exactly|equal to|equals|with|of|in|during)\s+$/, '='],
];

const INSTRUCTION = /^(?:please\s+|can you\s+|could you\s+)?(delete|remove|create|add|insert|update|set|change|rename|drop|merge|modify|replace|erase|wipe|clear|detach|write)\b(?!\s+(?:by|about)\b)/;
const NEGATION = /\b(not|no|never|without|none|n't|nobody|nothing)\b/;
const MORE = /\b(more|greater|higher|bigger|larger|older|longer)\b[^?]*\bthan\b/;
const LESS = /\b(less|fewer|lower|smaller|younger|shorter)\b[^?]*\bthan\b/;

const toNumber = (text: string) => Number(text.replace(/,/g, ''));
const isYear = (n: number, text: string) => /^\d{4}$/.test(text) && n >= 1000 && n <= 2999;

export function readConstraints(question: string): Constraints {
  // Folding keeps every character in place (NFKD, then marks removed, lengths may shift for
  // accented letters); positions are only used to find nearby words, so that is close enough.
  const text = fold(question).replace(/[’]/g, "'");
  const filters: NumericFilter[] = [];
  const taken: [number, number][] = [];
  for (const m of text.matchAll(new RegExp(String.raw`\bbetween\s+${NUMBER}\s+(?:and|to)\s+${NUMBER}\b`, 'g'))) {
    const [a, b] = [toNumber(m[1]!), toNumber(m[2]!)];
    filters.push({ op: 'between', value: Math.min(a, b), value2: Math.max(a, b), start: m.index, end: m.index + m[0].length, year: isYear(a, m[1]!) && isYear(b, m[2]!), words: 'between' });
    taken.push([m.index, m.index + m[0].length]);
  }
  for (const m of text.matchAll(new RegExp(String.raw`\b${NUMBER}\b`, 'g'))) {
    if (taken.some(([s, e]) => m.index >= s && m.index < e)) continue;
    const before = text.slice(Math.max(0, m.index - 24), m.index);
    const found = COMPARATORS.find(([pattern]) => pattern.test(before));
    const value = toNumber(m[1]!);
    const year = isYear(value, m[1]!);
    if (!found) {
      // A bare year still says which one ("papers of 2022" is read above; "2022 papers" here).
      if (year) filters.push({ op: '=', value, start: m.index, end: m.index + m[0].length, year, words: 'in' });
      continue;
    }
    const words = before.match(found[0])![1]!;
    // "in 35" or "with 35" is a filter only for a year or a count of something ("with 300 employees").
    if (found[1] === '=' && !year && !/^(exactly|equal to|equals|with)$/.test(words)) continue;
    filters.push({ op: found[1], value, start: m.index - words.length - 1, end: m.index + m[0].length, year, words });
  }
  filters.sort((a, b) => a.start - b.start);
  // "Was X released after Y?": with no number after it, a time word compares two named things.
  const unnumbered = (pattern: RegExp) => [...text.matchAll(pattern)].some((m) => !/^\s*\d/.test(text.slice(m.index + m[0].length)));
  const comparison = MORE.test(text) || unnumbered(/\b(after|later than|newer than)\b/g) ? 'more' : LESS.test(text) || unnumbered(/\b(before|earlier than|older than)\b/g) ? 'less' : undefined;
  return {
    filters,
    negated: NEGATION.test(text),
    comparison,
    instruction: INSTRUCTION.test(text.trim()),
  };
}
