import type { MatcherWords, QuestionToken, TokenRole } from './question.js';

/**
 * The alignment of a question's words with a template's pattern (pattern-match.ts says how it
 * scores): the cheapest way through both, word by word, with each slot filled by the question's
 * words between two pattern words.
 */

export const MATCH_THRESHOLD = 0.75;

const PENALTY = { reject: 1, extraContent: 0.5, soft: 0.06 } as const;
/** Breaks ties between alignments of equal penalty (prefers matching stop words to swallowing them). */
const TIE = 1e-6;
export const NUMBER = /^[+-]?\p{N}+(?:[.,]\p{N}+)*$/u;
const CONJUNCTIONS = new Set(['and', 'or', 'nor']);

/** A pattern's word or slot. */
export type PatternItem =
  | {
      kind: 'word';
      canonical: string;
      role: TokenRole;
      /** A stop word that alone separates two text slots: without it the split would be a guess. */
      separator: boolean;
    }
  | { kind: 'slot'; name: string; numeric: boolean };


export type MatchResult = { score: number; values: Record<string, string>; reason: string } | { score: 0; reason: string };

/** A difference between question and pattern, with what it cost. */
interface Note {
  text: string;
  penalty: number;
}

interface Step {
  cost: number;
  penalty: number;
  from: [number, number];
  notes: Note[];
  slot?: { name: string; value: string };
}

interface SlotFill {
  penalty: number;
  ties: number;
  notes: Note[];
  value: string;
}

/** The question's words as the aligner sees them: their roles, and whether their casing tells names apart. */
interface Aligning {
  question: string;
  tokens: QuestionToken[];
  words: MatcherWords;
  isCapitalized: (i: number) => boolean;
  /** "When" in "When Harry Met Sally", not "NOT" or "not". */
  isTitleWord: (i: number) => boolean;
}

const quote = (t: QuestionToken) => `'${t.canonical === 'not' ? 'not' : t.token}'`;
const note = (text: string, penalty: number): Note[] => [{ text, penalty }];

/** What a question word the template does not have costs, by its role. */
function extraCost(t: QuestionToken): { penalty: number; notes: Note[] } {
  switch (t.role) {
    case 'stop':
      return { penalty: 0, notes: [] };
    case 'frame':
    case 'filler':
      return { penalty: PENALTY.soft, notes: note(`extra word ${quote(t)}`, PENALTY.soft) };
    case 'content':
      return { penalty: PENALTY.extraContent, notes: note(`extra significant word ${quote(t)}`, PENALTY.extraContent) };
    case 'critical':
      return { penalty: PENALTY.reject, notes: note(`extra significant word ${quote(t)}`, PENALTY.reject) };
  }
}

/** The question's words to align, with what their casing tells. */
function aligning(question: string, tokens: QuestionToken[], words: MatcherWords): Aligning {
  // Casing tells names apart only if the question is not capitalized throughout ("What Movies Did ...").
  const alpha = tokens.slice(1).filter((t) => /^\p{L}/u.test(t.token));
  const casingInformative = alpha.length < 2 || alpha.some((t) => !/^\p{Lu}/u.test(t.token));
  const isCapitalized = (i: number) => casingInformative && i > 0 && /^\p{Lu}/u.test(tokens[i]?.token ?? '');
  const isTitleWord = (i: number) => isCapitalized(i) && /^\p{Lu}\P{Lu}*$/u.test(tokens[i]?.token ?? '');
  return { question, tokens, words, isCapitalized, isTitleWord };
}

/**
 * The value the question words `from`..`to - 1` give slot `name`: trimmed of the lower-case words
 * at its edges (their cost paid), and what it costs (a word the template would have named inside
 * it, two values where it takes one, a number slot without one).
 */
function fillSlot(on: Aligning, name: string, numeric: boolean, from: number, to: number): SlotFill {
  const { tokens, question, words, isCapitalized, isTitleWord } = on;
  let a = from;
  let b = to - 1;
  let penalty = 0;
  let ties = 0;
  const notes: Note[] = [];
  const core = (lo: number, hi: number) => {
    for (let i = lo; i <= hi; i++) if (isCapitalized(i) || NUMBER.test(tokens[i]?.token ?? '')) return true;
    return false;
  };
  const trimmable = (i: number): boolean => {
    const t = tokens[i] as QuestionToken;
    if (t.role === 'stop') return !isCapitalized(i);
    // A lower-case word at the edge of a value whose other words are capitalized.
    return !isCapitalized(i) && !NUMBER.test(t.token) && core(a, b);
  };
  const trim = (i: number) => {
    const t = tokens[i] as QuestionToken;
    if (t.role === 'stop') ties += isCapitalized(i) ? 0 : 1;
    else {
      const extra = extraCost(t);
      penalty += extra.penalty;
      notes.push(...extra.notes);
    }
  };
  for (;;) {
    if (a <= b && trimmable(a)) trim(a++);
    else if (a <= b && trimmable(b)) trim(b--);
    else break;
  }
  if (a > b) return { penalty: PENALTY.reject, ties, notes: [...notes, ...note(`no value for ${name}`, PENALTY.reject)], value: '' };
  if (numeric && (a !== b || !NUMBER.test(tokens[a]?.token ?? ''))) {
    return { penalty: PENALTY.reject, ties, notes: [...notes, ...note(`${name} needs a number`, PENALTY.reject)], value: '' };
  }
  for (let i = a; i <= b; i++) {
    const t = tokens[i] as QuestionToken;
    if (t.role === 'stop') ties += isCapitalized(i) ? 0 : 1;
    else if (t.role === 'critical' && !isTitleWord(i)) {
      penalty += PENALTY.reject;
      notes.push(...note(`extra significant word ${quote(t)}`, PENALTY.reject));
    } else if (words.concepts.has(t.canonical) && !isCapitalized(i)) {
      penalty += PENALTY.extraContent;
      notes.push(...note(`significant word ${quote(t)} inside the value for ${name}`, PENALTY.extraContent));
    }
    // Two values where the template takes one: "Ann Lee and Bo Park", "Red Sky, Blue Sea".
    const gap = i < b ? question.slice(t.end, (tokens[i + 1] as QuestionToken).start) : '';
    if (i > a && i < b && CONJUNCTIONS.has(t.canonical) && !isCapitalized(i)) {
      penalty += PENALTY.extraContent;
      notes.push(...note(`${quote(t)} inside the value for ${name} (two values?)`, PENALTY.extraContent));
    } else if (/[,;]/.test(gap)) {
      penalty += PENALTY.extraContent;
      notes.push(...note(`a list inside the value for ${name} (two values?)`, PENALTY.extraContent));
    }
  }
  const value = question
    .slice((tokens[a] as QuestionToken).start, (tokens[b] as QuestionToken).end)
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .replace(/\s+/g, ' ');
  return { penalty, ties, notes, value };
}

/**
 * The cheapest alignment of the pattern's items with the question's words, as the steps that make
 * it: best[i][j] is the cheapest of the first i items with the first j words.
 */
function align(items: PatternItem[], on: Aligning): { end: Step; steps: Step[] } {
  const { tokens, isCapitalized } = on;
  const P = items.length;
  const Q = tokens.length;
  const best: (Step | undefined)[][] = Array.from({ length: P + 1 }, () => new Array<Step | undefined>(Q + 1).fill(undefined));
  best[0]![0] = { cost: 0, penalty: 0, from: [0, 0], notes: [] };
  const relax = (i: number, j: number, from: [number, number], penalty: number, ties: number, notes: Note[], slot?: Step['slot']) => {
    const base = best[from[0]]![from[1]]!;
    const cost = base.cost + penalty + ties * TIE;
    const current = best[i]![j];
    if (current === undefined || cost < current.cost - TIE / 2) best[i]![j] = { cost, penalty: base.penalty + penalty, from, notes, slot };
  };
  for (let i = 0; i <= P; i++) {
    for (let j = 0; j <= Q; j++) {
      if (best[i]![j] === undefined) continue;
      const item = items[i];
      const t = tokens[j];
      if (t) {
        const extra = extraCost(t);
        // A capitalized stop word in mid-sentence ("The Long Road") rather belongs to a value.
        relax(i, j + 1, [i, j], extra.penalty, t.role === 'stop' && isCapitalized(j) ? 1 : 0, extra.notes);
      }
      if (!item) continue;
      if (item.kind === 'word') {
        if (t && t.canonical === item.canonical) relax(i + 1, j + 1, [i, j], 0, 0, []);
        else if (t && t.role === 'frame' && item.role === 'frame') relax(i + 1, j + 1, [i, j], PENALTY.soft, 0, note(`${quote(t)} for '${item.canonical}'`, PENALTY.soft));
        if (item.separator) relax(i + 1, j, [i, j], PENALTY.reject, 0, note(`missing '${item.canonical}' between two values`, PENALTY.reject));
        else if (item.role === 'stop') relax(i + 1, j, [i, j], 0, 1, []);
        else if (item.role === 'frame' || item.role === 'filler') relax(i + 1, j, [i, j], PENALTY.soft, 0, note(`missing '${item.canonical}'`, PENALTY.soft));
        else relax(i + 1, j, [i, j], PENALTY.reject, 0, note(`missing '${item.canonical}'`, PENALTY.reject));
      } else {
        for (let k = j + 1; k <= Q; k++) {
          const fill = fillSlot(on, item.name, item.numeric, j, k);
          relax(i + 1, k, [i, j], fill.penalty, fill.ties, fill.notes, { name: item.name, value: fill.value });
        }
        // A slot with nothing at all: only to report it.
        relax(i + 1, j, [i, j], PENALTY.reject, 0, note(`no value for ${item.name}`, PENALTY.reject));
      }
    }
  }
  const end = best[P]![Q]!;
  const steps: Step[] = [];
  for (let step: Step = end, at: [number, number] = [P, Q]; at[0] !== 0 || at[1] !== 0; at = step.from, step = best[at[0]]![at[1]]!) {
    steps.unshift(step);
  }
  return { end, steps };
}

/** The score, the values and the reason of an alignment: rejected past the reject penalty, else how close, said in its notes. */
function resultOf({ end, steps }: { end: Step; steps: Step[] }): MatchResult {
  const notes = steps.flatMap((step) => step.notes);
  const filled = steps.flatMap((step) => (step.slot ? [step.slot] : []));
  const values = Object.fromEntries(filled.map((slot) => [slot.name, slot.value]));
  const names = filled.map((slot) => slot.name);
  const unique = [...new Set(notes.map((n) => n.text))];
  // The reasons for a rejection, without the small differences.
  const serious = [...new Set(notes.filter((n) => n.penalty >= PENALTY.extraContent).map((n) => n.text))];
  if (end.penalty >= PENALTY.reject - 1e-9) return { score: 0, reason: serious.join('; ') || 'no alignment' };
  const score = Math.max(0, Math.round((1 - end.penalty) * 1000) / 1000);
  const base = names.length > 0 ? `same question with other values for ${names.join(' and ')}` : 'same question';
  const reason = unique.length === 0 ? base : score >= MATCH_THRESHOLD ? `${base}, apart from ${unique.join(', ')}` : serious.join('; ');
  return { score, values, reason };
}

/** How well `tokens` (of the question `question`) fill the pattern `items`. */
export function alignPattern(items: PatternItem[], question: string, tokens: QuestionToken[], words: MatcherWords): MatchResult {
  return resultOf(align(items, aligning(question, tokens, words)));
}
