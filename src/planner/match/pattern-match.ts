import { asRead, NO_WORDS, questionTokens, roleOf, type MatcherWords, type QuestionToken, type ReadText, type TokenRole } from './question.js';

/**
 * Template patterns: a template's question with its parameter values cut out, and the
 * alignment of a new question with it that fills the parameters. Pure functions.
 *
 * Serialized pattern: the canonical tokens of the template's question (see `question.ts`)
 * separated by single spaces, with each parameter value replaced by a slot marker:
 * `{name}` for a text value, `{name:number}` for a numeric value. Stop words stay in the
 * pattern: they help to split two neighbouring slots. Canonical tokens never contain
 * spaces or braces, so the text splits back unambiguously. Example: "Which books printed
 * after 1995 did Ann Lee write?" with printed=1995 and name='Ann Lee' gives
 * `what book print after {printed:number} do {name} write`.
 *
 * Score: 1 minus the penalties of the cheapest alignment of question and pattern (pattern
 * words in order; question words either matched, inside a slot, or extra).
 * - 0: a pattern `content` or `critical` word is missing, a `critical` word is extra or
 *   inside a captured value, a slot gets nothing (or a non-number for a number slot), the
 *   stop word that alone separates two text slots is missing: a hard rejection, reported
 *   as `{ score: 0, reason }`;
 * - -0.5 for each extra `content` word (outside slots), a deployment synonym's word in
 *   lower case inside a captured value, or two values in one slot ("Ann Lee and Bo
 *   Park", "Red Sky, Blue Sea"): one is enough to fall below the threshold;
 * - -0.06 for each `frame` or `filler` word added or left out ('list' for 'what', 'ever'),
 *   so up to four such differences still match;
 * - stop words cost nothing.
 * So 1 means "the same question up to stop words, with other values"; `MATCH_THRESHOLD` is
 * 0.75.
 *
 * Values are taken from the original text (original casing, inner punctuation such as
 * "O'Brien" or "Carrie-Anne" kept). Stop words at the edges of a value are trimmed unless
 * they are capitalized in mid-sentence ("The Long Road", "When Rivers Meet" keep theirs;
 * "the Long Road" gives "Long Road"); when a value holds capitalized words, lower-case words at
 * its edges are not part of it. Casing is ignored in a question capitalized throughout.
 * Word order matters: "Which films were directed by X?" does not match "Which movies did
 * X direct?" (a template per phrasing).
 */

export const MATCH_THRESHOLD = 0.75;

const PENALTY = { reject: 1, extraContent: 0.5, soft: 0.06 } as const;
/** Breaks ties between alignments of equal penalty (prefers matching stop words to swallowing them). */
const TIE = 1e-6;
/** Longest question (in tokens) that is aligned at all. */
const MAX_TOKENS = 80;
const SLOT = /^\{([A-Za-z_][A-Za-z0-9_]*)(?::(number))?\}$/;
const SLOT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMBER = /^[+-]?\p{N}+(?:[.,]\p{N}+)*$/u;
const CONJUNCTIONS = new Set(['and', 'or', 'nor']);

export interface BuiltPattern {
  /** The serialized pattern (see the module comment). */
  pattern: string;
  /** The slot names found in the question, in order of appearance. */
  slots: string[];
}

/** The slots a template's parameters can fill: those whose example is a text or a number, with it as their value. */
export function slotsOf(parameters: readonly { name: string; example: unknown }[]): { name: string; value: string }[] {
  return parameters.filter((p) => typeof p.example === 'string' || typeof p.example === 'number').map((p) => ({ name: p.name, value: String(p.example) }));
}

/**
 * The pattern of a template from its original question and the examples of its parameters.
 * A value found (case-insensitively, as a run of whole words) in the question becomes a
 * slot; one not found is not a slot. Longer values are placed first; a question word
 * belongs to one slot at most.
 */
export function buildPattern(question: string, slots: { name: string; value: string }[], words: MatcherWords = NO_WORDS): BuiltPattern {
  const tokens = questionTokens(question, words);
  const owner = new Array<string | undefined>(tokens.length).fill(undefined);
  const numeric = new Set<string>();
  const ordered = slots
    .map((slot, index) => {
      if (!SLOT_NAME.test(slot.name)) throw new Error(`invalid slot name ${JSON.stringify(slot.name)}`);
      return { ...slot, index, words: questionTokens(String(slot.value)).map((t) => t.surface) };
    })
    .sort((a, b) => b.words.length - a.words.length || a.index - b.index);
  const placed = new Set<string>();
  for (const slot of ordered) {
    const len = slot.words.length;
    if (len === 0 || placed.has(slot.name)) continue;
    for (let i = 0; i + len <= tokens.length; i++) {
      let fits = true;
      for (let j = 0; j < len && fits; j++) fits = owner[i + j] === undefined && tokens[i + j]?.surface === slot.words[j];
      if (!fits) continue;
      for (let j = 0; j < len; j++) owner[i + j] = slot.name;
      placed.add(slot.name);
      if (len === 1 && NUMBER.test(String(slot.value).trim())) numeric.add(slot.name);
      break;
    }
  }
  const items: string[] = [];
  const names: string[] = [];
  tokens.forEach((t, i) => {
    const name = owner[i];
    if (name === undefined) items.push(t.canonical);
    else if (owner[i - 1] !== name) {
      items.push(numeric.has(name) ? `{${name}:number}` : `{${name}}`);
      names.push(name);
    }
  });
  return { pattern: items.join(' '), slots: names };
}

type Item =
  | {
      kind: 'word';
      canonical: string;
      role: TokenRole;
      /** A stop word that alone separates two text slots: without it the split would be a guess. */
      separator: boolean;
    }
  | { kind: 'slot'; name: string; numeric: boolean };

function parsePattern(pattern: string): Item[] {
  const items = pattern
    .split(/\s+/)
    .filter(Boolean)
    .map((part): Item => {
      const slot = SLOT.exec(part);
      if (slot) return { kind: 'slot', name: slot[1] as string, numeric: slot[2] === 'number' };
      return { kind: 'word', canonical: part, role: roleOf(part), separator: false };
    });
  items.forEach((item, i) => {
    if (item.kind !== 'slot' || item.numeric) return;
    let j = i + 1;
    while (items[j]?.kind === 'word' && (items[j] as { role: TokenRole }).role === 'stop') j++;
    const next = items[j];
    if (j > i + 1 && next?.kind === 'slot' && !next.numeric) {
      for (let k = i + 1; k < j; k++) (items[k] as { separator: boolean }).separator = true;
    }
  });
  return items;
}

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

/**
 * Aligns a question with a pattern and fills its slots (see the module comment for the
 * score). A result with `values` may still be below `MATCH_THRESHOLD`; hard rejections
 * have score 0 and no values. `reason` says in plain words what differs.
 */
export function matchPattern(pattern: string, asked: string | ReadText, words: MatcherWords = NO_WORDS): MatchResult {
  const read = asRead(asked);
  const question = read.text;
  const items = parsePattern(pattern);
  if (!items.some((item) => item.kind === 'word' && (item.role === 'content' || item.role === 'critical'))) {
    return { score: 0, reason: 'the template question has no significant words to anchor on' };
  }
  const tokens = questionTokens(read, words);
  if (tokens.length === 0) return { score: 0, reason: 'the question has no words' };
  if (tokens.length > MAX_TOKENS) return { score: 0, reason: `the question is longer than ${MAX_TOKENS} words` };

  // Casing tells names apart only if the question is not capitalized throughout ("What Movies Did ...").
  const alpha = tokens.slice(1).filter((t) => /^\p{L}/u.test(t.token));
  const casingInformative = alpha.length < 2 || alpha.some((t) => !/^\p{Lu}/u.test(t.token));
  const isCapitalized = (i: number) => casingInformative && i > 0 && /^\p{Lu}/u.test(tokens[i]?.token ?? '');
  /** "When" in "When Harry Met Sally", not "NOT" or "not". */
  const isTitleWord = (i: number) => isCapitalized(i) && /^\p{Lu}\P{Lu}*$/u.test(tokens[i]?.token ?? '');
  const quote = (t: QuestionToken) => `'${t.canonical === 'not' ? 'not' : t.token}'`;
  const note = (text: string, penalty: number): Note[] => [{ text, penalty }];
  const extraCost = (t: QuestionToken): { penalty: number; notes: Note[] } => {
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
  };

  const fillSlot = (name: string, numeric: boolean, from: number, to: number): SlotFill => {
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
  };

  // best[i][j]: the cheapest alignment of the first i pattern items with the first j question tokens.
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
          const fill = fillSlot(item.name, item.numeric, j, k);
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
  const notes = steps.flatMap((step) => step.notes);
  const filled = steps.flatMap((step) => (step.slot ? [step.slot] : []));
  const values = Object.fromEntries(filled.map((slot) => [slot.name, slot.value]));
  const names = filled.map((slot) => slot.name);
  const unique = [...new Set(notes.map((n) => n.text))];
  if (end.penalty >= PENALTY.reject - 1e-9) {
    // The reasons for the rejection, without the small differences.
    const serious = [...new Set(notes.filter((n) => n.penalty >= PENALTY.extraContent).map((n) => n.text))];
    return { score: 0, reason: serious.join('; ') || 'no alignment' };
  }
  const score = Math.max(0, Math.round((1 - end.penalty) * 1000) / 1000);
  const base = names.length > 0 ? `same question with other values for ${names.join(' and ')}` : 'same question';
  const serious = [...new Set(notes.filter((n) => n.penalty >= PENALTY.extraContent).map((n) => n.text))];
  const reason = unique.length === 0 ? base : score >= MATCH_THRESHOLD ? `${base}, apart from ${unique.join(', ')}` : serious.join('; ');
  return { score, values, reason };
}
