import { channel } from 'node:diagnostics_channel';
import { createRequire } from 'node:module';
import type compromise from 'compromise';
import { LRUCache } from 'lru-cache';

/**
 * A question as words: each with its part of speech and its base form (lemma), read by
 * compromise, and its place in the question. Quoted text stays one token, marked as quoted
 * (certainly a value or a name, never words of the question). Numbers carry their value
 * ("3", "three", "1,500", "third"); "1990s" its decade. Nothing here knows any graph.
 */

export type Pos =
  | 'noun'
  | 'proper'
  | 'verb'
  | 'aux'
  | 'adj'
  | 'adv'
  | 'num'
  | 'det'
  | 'prep'
  | 'conj'
  | 'pron'
  | 'wh'
  | 'neg'
  | 'quote'
  | 'other';

export interface Token {
  /** As written. */
  text: string;
  /** Lower case, accents folded. */
  lower: string;
  /** The base form: a noun in the singular, a verb in the infinitive, an adjective's positive. */
  lemma: string;
  pos: Pos;
  /** compromise's tags (Plural, PastTense, Superlative, Comparative, Passive, …). */
  tags: readonly string[];
  start: number;
  end: number;
  /** Starts with a capital letter (and is not the question's first word). */
  capitalized: boolean;
  /** The value of a number ("3", "three", "1,500"); for an ordinal ("third", "3rd") its rank. */
  number?: number;
  ordinal?: boolean;
  /** "1990s": the decade's first year. */
  decade?: number;
}

let nlpLoaded: typeof compromise | undefined;
/** Loaded when first used: compromise takes a few hundred milliseconds to load. */
function nlp(): typeof compromise {
  nlpLoaded ??= createRequire(import.meta.url)('compromise') as typeof compromise;
  return nlpLoaded;
}

export const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();

/**
 * Quoted spans: double quotes of any kind, and single quotes that open after a space and close before
 * one; an apostrophe before a letter inside them is part of the text ('Ada's', 'O'Brien').
 */
export function quotedSpans(text: string): { start: number; end: number; inner: string }[] {
  const spans: { start: number; end: number; inner: string }[] = [];
  const pattern = /"([^"]{1,300})"|“([^”]{1,300})”|‘([^’]{1,300})’|«([^»]{1,300})»|(?<![\p{L}\p{N}])'((?:[^']|'(?=\p{L})){1,300}?)'(?![\p{L}\p{N}])/gu;
  for (const m of text.matchAll(pattern)) {
    const inner = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '';
    if (inner.trim()) spans.push({ start: m.index, end: m.index + m[0].length, inner: inner.trim() });
  }
  return spans;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  thirty: 30, forty: 40, fifty: 50, hundred: 100, dozen: 12,
};
const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
};

/** Prepositions compromise sometimes tags otherwise ("against" as an adjective): a closed class of English. */
const PREPOSITIONS = new Set([
  'about', 'above', 'across', 'after', 'against', 'along', 'among', 'around', 'at', 'before', 'behind', 'below', 'beneath', 'beside',
  'between', 'beyond', 'by', 'despite', 'during', 'except', 'for', 'from', 'in', 'inside', 'into', 'near', 'of', 'off', 'on', 'onto',
  'outside', 'over', 'per', 'since', 'through', 'throughout', 'to', 'toward', 'towards', 'under', 'until', 'upon', 'versus', 'via',
  'with', 'within', 'without',
]);

/** Determiners, another closed class compromise sometimes tags otherwise ("the" in "cited the most"). */
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'each', 'every', 'any', 'some', 'all', 'both', 'either', 'another']);

function posOf(tags: ReadonlySet<string>, lower: string): Pos {
  if (PREPOSITIONS.has(lower)) return lower === 'without' ? 'neg' : 'prep';
  if (DETERMINERS.has(lower)) return 'det';
  // compromise tags a question's opening "Does" as a question word: only these are.
  if (/^(who|whom|whose|what|which|when|where|why|how)$/.test(lower)) return 'wh';
  if (tags.has('QuestionWord')) return 'aux';
  if (tags.has('Negative') || /^(not|no|never|n't|without|none|neither|nor)$/.test(lower) || /n't$/.test(lower)) return 'neg';
  if (tags.has('Value') || /^\d/.test(lower)) return 'num';
  if (tags.has('Pronoun')) return 'pron';
  if (tags.has('Determiner')) return 'det';
  if (tags.has('Preposition')) return 'prep';
  if (tags.has('Conjunction')) return 'conj';
  if (tags.has('Copula') || tags.has('Auxiliary') || tags.has('Modal')) return 'aux';
  if (tags.has('ProperNoun')) return 'proper';
  if (tags.has('Noun')) return 'noun';
  if (tags.has('Verb')) return 'verb';
  if (tags.has('Adjective')) return 'adj';
  if (tags.has('Adverb')) return 'adv';
  return 'other';
}

interface Term {
  text: string;
  normal: string;
  root?: string;
  tags: string[];
  offset: { start: number; length: number };
}

/** The stem of a regular "-ed"/"-ing" form: "mentored" → mentor, "studied" → study, "planned" → plan. */
function regularStem(word: string): string | undefined {
  const m = /^(.{3,}?)(ied|ed|ing)$/.exec(word);
  if (!m) return undefined;
  const [, base, end] = m as unknown as [string, string, string];
  if (end === 'ied') return `${base}y`;
  // A doubled last consonant ("planned", "shipping"), not a doubled vowel or "ll"/"ss" kept in the stem ("called", "passed").
  if (/([bdgmnprt])\1$/.test(base)) return base.slice(0, -1);
  return base;
}

/** The base form compromise gives, with a verb's participle ("written") or a plural it leaves alone brought to its root. */
function lemmaOf(term: Term, lower: string, tags: ReadonlySet<string>): string {
  const root = term.root ? fold(term.root) : undefined;
  if (root && root !== lower) return root;
  if (tags.has('Verb') && (tags.has('PastTense') || tags.has('Participle') || tags.has('Gerund') || tags.has('PresentTense'))) {
    const infinitive = nlp()(lower).verbs().toInfinitive().text();
    if (infinitive && infinitive !== lower) return fold(infinitive);
    // A verb the tagger does not know ("mentored", "onboarding"): its regular stem.
    const stem = regularStem(lower);
    if (stem) return stem;
    if (infinitive) return fold(infinitive);
  }
  if (tags.has('Plural')) {
    const singular = nlp()(lower).nouns().toSingular().text();
    if (singular) return fold(singular);
  }
  return root ?? lower;
}

/** Questions analyzed, kept: each is read by several steps of its run (mentions, the planner, the answer). */
const ANALYZED_KEPT = 512;
const analyzed = new LRUCache<string, Token[]>({ max: ANALYZED_KEPT });

/** The question's tokens (shared: callers must not change them). */
const CURRENCY_SIGN = /^[$€£¥]|[$€£¥]$/g;
const SCALES: Readonly<Record<string, number>> = { thousand: 1e3, million: 1e6, billion: 1e9 };
const CURRENCY_WORDS = /^(dollars?|euros?|pounds?|usd|eur|gbp)$/;

/**
 * "2 million", "1.5 billion dollars", "USD 500": a number with its scale word is one number, and a
 * currency named beside it says no more than the amount (the graph's figures carry no currency).
 */
function scaleAmounts(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.number === undefined || t.ordinal) continue;
    const scale = SCALES[tokens[i + 1]?.lower ?? ''];
    if (scale) {
      t.number *= scale;
      t.text = `${t.text} ${tokens[i + 1]!.text}`;
      t.lower = fold(t.text);
      t.end = tokens[i + 1]!.end;
      tokens.splice(i + 1, 1);
    }
    if (CURRENCY_WORDS.test(tokens[i + 1]?.lower ?? '')) tokens.splice(i + 1, 1);
    if (i > 0 && CURRENCY_WORDS.test(tokens[i - 1]!.lower)) {
      tokens.splice(i - 1, 1);
      i--;
    }
  }
}

/** Verbs a request opens with ("List …", "Show …", "Name …"); "Name of …" stays a noun. */
const REQUEST_VERBS = /^(list|show|find|give|name|return|display|fetch|retrieve|identify|provide|tell|describe|enumerate|count|calculate|compute|determine|get)$/;

/**
 * Every call of `analyze`, published with its text (`{ text }`) to whoever listens: a question is read once per
 * turn, and a test of the turn counts the readings here (nothing is published without a subscriber).
 */
export const ANALYZE_CHANNEL = 'cqks:language:analyze';
const analyzeCalls = channel(ANALYZE_CHANNEL);

export function analyze(question: string): Token[] {
  if (analyzeCalls.hasSubscribers) analyzeCalls.publish({ text: question });
  const kept = analyzed.get(question);
  if (kept) return kept;
  const tokens = analyzeText(question);
  analyzed.set(question, tokens);
  return tokens;
}

function analyzeText(question: string): Token[] {
  const quotes = quotedSpans(question);
  // Quoted text is hidden from compromise behind letters of the same length, so offsets hold.
  let masked = question;
  for (const q of quotes) masked = masked.slice(0, q.start) + ' ' + 'x'.repeat(q.end - q.start - 2) + ' ' + masked.slice(q.end);
  const doc = nlp()(masked);
  doc.compute('root');
  const terms = (doc.json({ offset: true }) as { terms: Term[] }[]).flatMap((s) => s.terms);
  const tokens: Token[] = [];
  for (const q of quotes) {
    tokens.push({ text: q.inner, lower: fold(q.inner), lemma: fold(q.inner), pos: 'quote', tags: ['Quoted'], start: q.start, end: q.end, capitalized: false });
  }
  const inQuote = (at: number) => quotes.some((q) => at >= q.start && at < q.end);
  let first = true;
  for (const term of terms) {
    const start = term.offset.start;
    if (inQuote(start)) continue;
    let end = start + term.offset.length;
    // "C++", "AB+", "C#": a sign that ends a word stays with it.
    while (/[+#]/.test(question[end] ?? '') && !/[\p{L}\p{N}]/u.test(question[end + 1] ?? '')) end++;
    const text = question.slice(start, end);
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    const lower = fold(text).replace(/[’]/g, "'");
    const tags = new Set(term.tags);
    const token: Token = { text, lower, lemma: lemmaOf(term, lower, tags), pos: posOf(tags, lower), tags: [...tags], start, end, capitalized: !first && /^\p{Lu}/u.test(text) };
    // "$2,000,000", "€25", "25€": the amount, whatever the currency sign.
    const amount = lower.replace(CURRENCY_SIGN, '');
    const digits = /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^-?\d+(?:\.\d+)?$/.exec(amount);
    const decade = /^(\d{3}0)'?s$/.exec(lower);
    const ordinal = /^(\d+)(st|nd|rd|th)$/.exec(lower);
    if (decade) {
      token.decade = Number(decade[1]);
      token.pos = 'num';
    } else if (digits) {
      token.number = Number(amount.replace(/,/g, ''));
      token.pos = 'num';
    } else if (ordinal) {
      token.number = Number(ordinal[1]);
      token.ordinal = true;
      token.pos = 'num';
    } else if (lower in ORDINAL_WORDS) {
      token.number = ORDINAL_WORDS[lower];
      token.ordinal = true;
    } else if (lower in NUMBER_WORDS && !(lower === 'one' && !tags.has('Value'))) {
      token.number = NUMBER_WORDS[lower];
      token.pos = 'num';
    }
    tokens.push(token);
    first = false;
  }
  tokens.sort((a, b) => a.start - b.start);
  scaleAmounts(tokens);
  // "How many Persons are there?": a capitalized word alone (not in a name such as "Ines Evans") that the
  // tagger takes for a name is a plural noun when, in lower case, it is one.
  tokens.forEach((t, i) => {
    if (t.pos !== 'proper' || !t.lower.endsWith('s') || t.lemma !== t.lower || tokens[i - 1]?.pos === 'proper' || tokens[i + 1]?.pos === 'proper') return;
    // Read after "the": alone, "networks" is a verb to the tagger.
    const plain = nlp()(`the ${t.lower}`);
    if (!plain.has('#Plural') || plain.has('#ProperNoun')) return;
    const singular = plain.nouns().toSingular().text().replace(/^the\s+/, '');
    if (singular) t.lemma = fold(singular);
  });
  // "the IPs of the interfaces": an acronym's plural, which the tagger leaves as it is.
  tokens.forEach((t) => {
    if (!/^\p{Lu}{2,}s$/u.test(t.text) || t.lemma !== t.lower) return;
    t.lemma = t.lower.slice(0, -1);
    t.pos = 'noun';
    t.tags = [...new Set([...t.tags, 'Plural', 'Acronym'])];
  });
  // "List people born after 1980": a request's first word, which the tagger may take for a noun before a bare plural, is its verb.
  const opener = tokens[0];
  if (opener && REQUEST_VERBS.test(opener.lower) && opener.pos !== 'verb' && tokens[1] && tokens[1].pos !== 'prep') {
    opener.pos = 'verb';
    opener.lemma = opener.lower;
  }
  // "the sender banks": a plural the tagger took for a singular (a surname, in its lexicon) has the lemma it has alone.
  tokens.forEach((t) => {
    if (t.pos !== 'noun' || !t.tags.includes('Singular') || !/[^s]s$/.test(t.lower) || t.lemma !== t.lower) return;
    const plain = nlp()(t.lower);
    if (!plain.has('#Plural')) return;
    const singular = fold(plain.nouns().toSingular().text());
    if (singular && singular !== t.lower) t.lemma = singular;
  });
  // "movies that received a review": a past form the tagger took for a noun, between a relative pronoun and a determiner, is a verb.
  tokens.forEach((t, i) => {
    if (t.pos === 'noun' && t.lower.endsWith('ed') && /^(that|which|who)$/.test(tokens[i - 1]?.lower ?? '') && tokens[i + 1]?.pos === 'det') {
      t.pos = 'verb';
      t.lemma = lemmasOf([t.lower], 'verb')[0] ?? t.lemma;
    }
  });
  // "Which boats have class 's'?": a form of "have", which the tagger may take for a noun before a bare noun, is the verb.
  tokens.forEach((t) => {
    if (t.pos === 'noun' && HAVE_FORMS.test(t.lower)) {
      t.pos = 'verb';
      t.lemma = 'have';
    }
  });
  return tokens;
}

const HAVE_FORMS = /^(have|has|had)$/;

/**
 * The lemmas of a name's words, read in the context its kind gives them ("they directed" for a
 * relationship type, so "inspected" is a verb; "the cargo ships" for a label), so a lone word is
 * not taken for another part of speech.
 */
export const lemmasOf = (words: string[], context: 'verb' | 'noun' | 'none' = 'none'): string[] => {
  if (words.length === 0) return [];
  const lead = context === 'verb' ? 'they ' : context === 'noun' ? 'the ' : '';
  const tokens = analyze(`${lead}${words.join(' ')}`).slice(lead ? 1 : 0);
  if (tokens.length !== words.length) return words.map((w) => fold(w));
  // A thing's name read as a gerund ("the seedling" as "seedle") is the noun it is: the tagger, given
  // the phrase alone, takes an -ing noun for a verb, which a question's "which seedling" never is.
  return tokens.map((t) => (context === 'noun' && t.tags.includes('Gerund') ? t.lower : t.lemma));
};

/** Words keyed so far: schema words repeat in every lexicon, question words in every question. */
const KEYS_KEPT = 4096;
const keys = new LRUCache<string, string>({ max: KEYS_KEPT });

/**
 * One word's key for comparing words across forms: its lemma read as a verb where it can be one
 * ("managed", "manages" → manage; "works", "WORKS_AT" → work), else as a noun ("directors" →
 * director, "people" → person). The same for a question's word and a schema name's.
 */
export function wordKey(word: string): string {
  const lower = fold(word);
  const kept = keys.get(lower);
  if (kept !== undefined) return kept;
  const bare = /^[\p{L}]+$/u.test(lower) ? analyze(lower)[0] : undefined;
  // A noun or a verb on its own keeps its lemma; another reading ("managed" as an adjective) is read as a verb.
  let key = !bare ? lower : bare.pos === 'noun' || bare.pos === 'verb' ? bare.lemma : (lemmasOf([lower], 'verb')[0] ?? lower);
  // A participle in -ing left whole ("contributing") is read where it can only be one.
  if (key === lower && lower.endsWith('ing')) key = analyze(`they are ${lower}`)[2]?.lemma ?? lower;
  keys.set(lower, key);
  return key;
}

/** The plural a person would use for a singular noun ("person" → people, "company" → companies). */
export function pluralOf(word: string): string {
  const lower = fold(word);
  const kept = plurals.get(lower);
  if (kept !== undefined) return kept;
  const plural = pluralOfWord(lower);
  plurals.set(lower, plural);
  return plural;
}

/** Plurals made so far: answers say the same few labels again and again. */
const plurals = new LRUCache<string, string>({ max: KEYS_KEPT });

function pluralOfWord(lower: string): string {
  // Read as a noun ("the box"), so a word that could be a verb is still pluralized as a noun.
  const plural = /^[\p{L}]+$/u.test(lower) ? fold(nlp()(`the ${lower}`).nouns().toPlural().text()).replace(/^the /, '') : '';
  return plural && plural !== `the ${lower}` ? plural : `${lower}s`;
}

/** What compromise's lexicon tags as function words: they do not change what is asked. */
const FUNCTION_TAGS = ['Determiner', 'Preposition', 'Pronoun', 'Possessive', 'Copula', 'Modal', 'Conjunction'];
/** The auxiliary verbs: each of their forms (as compromise conjugates them) is a function word. */
const AUXILIARIES = ['be', 'do', 'have'];
/** The few function words compromise's lexicon tags otherwise ("all" as an adjective, "been" as a participle). */
const ALSO_FUNCTION: ReadonlySet<string> = new Set(['been', 'all', 'there', 'please']);

let lexicon: Readonly<Record<string, string | string[]>> | undefined;
let auxiliaryForms: ReadonlySet<string> | undefined;

/** Whether a lower-case word is a function word of English (a determiner, preposition, pronoun, auxiliary, …). */
export function isFunctionWord(word: string): boolean {
  if (ALSO_FUNCTION.has(word)) return true;
  lexicon ??= (nlp().model() as { one: { lexicon: Record<string, string | string[]> } }).one.lexicon;
  auxiliaryForms ??= new Set(AUXILIARIES.flatMap((verb) => [verb, ...Object.values(nlp()(verb).verbs().conjugate()[0] as Record<string, string>)]));
  if (auxiliaryForms.has(word)) return true;
  const tags = lexicon[word];
  if (!tags) return false;
  return (Array.isArray(tags) ? tags : [tags]).some((tag) => FUNCTION_TAGS.includes(tag));
}
