/**
 * Questions as text to compare: a normalized form for storage and trigram similarity, and
 * canonical tokens for template matching (`pattern-match.ts`). Pure functions.
 *
 * A token's canonical form is its NFKC lower-case form, looked up in `SYNONYMS`; if absent,
 * lightly stemmed (`stem`) and looked up again. Two-word phrases in `PHRASES` become one
 * token ("how many" → `count`). Every token gets a role (`roleOf`, from its canonical form):
 *
 * - `stop`: does not change what is asked (`STOP_WORDS`); matching skips it freely;
 * - `frame`: asks for a listing (`what`, `list`); interchangeable, cheap to add or omit;
 * - `filler`: adds nothing (`ever`, `also`, ...); cheap to add or omit;
 * - `critical`: changes the query (`CRITICAL_WORDS`: negations, comparisons, order,
 *   `count`, question words other than `what`); never skipped, never part of a value;
 * - `content`: every other word (domain words, entity names, numbers).
 */

export type TokenRole = 'stop' | 'frame' | 'filler' | 'content' | 'critical';

export interface QuestionToken {
  /** The text of the token in the original question (for "n't": the "n't"). */
  token: string;
  /** Canonical form: lower case, synonyms merged, lightly stemmed. */
  canonical: string;
  /** Span in the original text: `text.slice(start, end)`. */
  start: number;
  end: number;
  /** True for stop words, which matching may skip. */
  stop: boolean;
  role: TokenRole;
  /** NFKC lower-case form without apostrophes, unstemmed: to find a value's words in a question. */
  surface: string;
}

/**
 * The synonym table: canonical form → the words (and stems) that mean it here.
 * Modest on purpose: question words, request verbs and the domain's common words.
 */
export const SYNONYM_TABLE: Readonly<Record<string, readonly string[]>> = {
  what: ['what', 'which'],
  who: ['who', 'whom'],
  list: ['list', 'show', 'give', 'tell', 'find', 'name', 'display', 'get'],
  count: ['count', 'counts'],
  movie: ['movie', 'movies', 'film', 'films', 'picture'],
  act: ['act', 'acts', 'acted', 'acting', 'appear', 'appears', 'appeared', 'star', 'stars', 'starred', 'starring', 'play', 'plays', 'played', 'playing'],
  direct: ['direct', 'directs', 'directed', 'directing', 'director', 'directors'],
  write: ['write', 'writes', 'wrote', 'written', 'writing', 'author', 'authors', 'authored', 'writer', 'writers'],
  produce: ['produce', 'produces', 'produced', 'producing', 'producer', 'producers'],
  person: ['person', 'persons', 'people', 'actor', 'actors', 'actress', 'actresses'],
  release: ['release', 'releases', 'released', 'releasing'],
  year: ['year', 'years'],
};

/** Two-word phrases read as one token. */
export const PHRASES: Readonly<Record<string, string>> = {
  'how many': 'count',
  'number of': 'count',
};

export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'the a an are is was were be been being am that those these this of me us all please do does did to in into on at ' +
    'by for with from any some there their they them it its he she his her i you we my your our can could would ' +
    'should will shall may might has have had and or as about'
  ).split(' '),
);

export const FILLER_WORDS: ReadonlySet<string> = new Set(['also', 'ever', 'just', 'exactly', 'actually', 'really', 'currently', 'kindly']);

export const FRAME_WORDS: ReadonlySet<string> = new Set(['what', 'list']);

export const CRITICAL_WORDS: ReadonlySet<string> = new Set(
  (
    'not no none nor neither never without except only before after since until more less than over under most least ' +
    'first last top between who where when how why count'
  ).split(' '),
);

/** The canonical words of the synonym table: domain vocabulary, suspicious inside a captured value. */
export const VOCABULARY: ReadonlySet<string> = new Set(Object.keys(SYNONYM_TABLE));

const SYNONYMS = new Map<string, string>();
for (const [canonical, words] of Object.entries(SYNONYM_TABLE)) for (const word of words) SYNONYMS.set(word, canonical);

/** NFKC, lower case, punctuation to spaces, whitespace collapsed, trimmed. */
export function normalizeQuestion(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const VOWEL = /[aeiouy]/;

/**
 * Light stemming, the same for every word: plural -s (-ies → -y, -es after s/x/z/ch/sh),
 * -ed and -ing (a doubled final consonant undoubled: starred → star), then a final -e
 * (release/released → releas). Words of up to three letters and numbers are left alone.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\p{N}/u.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = w.slice(0, -3) + 'y';
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(s|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  else if (w.endsWith('ied') && w.length > 4) w = w.slice(0, -3) + 'y';
  else if (w.endsWith('ed') && w.length > 4 && VOWEL.test(w.slice(0, -2))) w = undouble(w.slice(0, -2));
  else if (w.endsWith('ing') && w.length > 5 && VOWEL.test(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

const undouble = (w: string) => (/([^aeiouylsz])\1$/.test(w) ? w.slice(0, -1) : w);

/** The canonical form of one lower-case word. */
export function canonicalWord(word: string): string {
  if (STOP_WORDS.has(word) || CRITICAL_WORDS.has(word)) return word;
  const synonym = SYNONYMS.get(word);
  if (synonym) return synonym;
  const stemmed = stem(word);
  return SYNONYMS.get(stemmed) ?? stemmed;
}

/** The role of a canonical form (see the module comment). */
export function roleOf(canonical: string): TokenRole {
  if (STOP_WORDS.has(canonical)) return 'stop';
  if (CRITICAL_WORDS.has(canonical)) return 'critical';
  if (FRAME_WORDS.has(canonical)) return 'frame';
  if (FILLER_WORDS.has(canonical)) return 'filler';
  return 'content';
}

/** Words, numbers (`1,000`, `3.5`) and words with inner apostrophes (`O'Brien`, `didn't`). */
const WORD = /[\p{L}\p{M}\p{N}]+(?:(?:['\u2019]|[.,](?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu;

const token = (text: string, start: number, end: number, canonical: string, surface: string): QuestionToken => {
  const role = roleOf(canonical);
  return { token: text.slice(start, end), canonical, start, end, stop: role === 'stop', role, surface };
};

/**
 * The tokens of a question with their spans in the original text. "n't" becomes its own
 * `not` token (didn't → did + not; can't → can + not; won't → will + not); a possessive
 * "'s" and contractions ('re, 've, 'll, 'd, 'm) are dropped from the word and its span;
 * other apostrophes are ignored (O'Brien → obrien).
 */
export function questionTokens(text: string): QuestionToken[] {
  const words: QuestionToken[] = [];
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const start = m.index;
    let end = start + raw.length;
    const lower = raw.normalize('NFKC').toLowerCase().replace(/\u2019/g, "'");
    const negation = /n't$/.exec(lower);
    if (negation && lower.length > 3) {
      const base = lower.slice(0, -3);
      const word = base === 'ca' ? 'can' : base === 'wo' ? 'will' : base === 'sha' ? 'shall' : base;
      const cut = end - 3;
      words.push(token(text, start, cut, canonicalWord(word), word));
      words.push(token(text, cut, end, 'not', 'not'));
      continue;
    }
    let word = lower;
    const suffix = /'(s|re|ve|ll|d|m)$/.exec(word);
    if (suffix) {
      word = word.slice(0, -suffix[0].length);
      end -= suffix[0].length;
    }
    word = word.replace(/'/g, '');
    if (!word) continue;
    words.push(token(text, start, end, canonicalWord(word), word));
  }
  // Two-word phrases.
  const out: QuestionToken[] = [];
  for (let i = 0; i < words.length; i++) {
    const a = words[i] as QuestionToken;
    const b = words[i + 1];
    const phrase = b ? PHRASES[`${a.surface} ${b.surface}`] : undefined;
    if (b && phrase) {
      out.push(token(text, a.start, b.end, phrase, `${a.surface} ${b.surface}`));
      i++;
    } else out.push(a);
  }
  return out;
}
