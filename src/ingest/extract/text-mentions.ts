import { displayName, normalizeName } from '../names.js';
import type { Chunk } from '../types.js';
import { readText, sentenceRange, type CandidateLabel, type NlpSpan, type NlpTerm } from './text-nlp.js';
import { isDateAfter, isTitleWord } from './text-words.js';

/**
 * The name candidates of one chunk, as mentions at absolute offsets, sentence by sentence.
 * compromise finds the spans; this cuts them to names: no honorific, title or leading date ("Dr.", "CEO", "in April"),
 * no possessive, no date or pronoun inside, nothing across punctuation ("Kim (Vantor)" is two),
 * and drops what is no name at all (lower case, numbers, single letters, titles alone).
 *
 * compromise cannot tell a name from a capitalized word at a sentence's start, so such words are
 * kept as weak mentions: they count when the same name is found elsewhere or in a pattern.
 */

export interface Mention {
  /** Offsets in the document's full text, [start, end). */
  start: number;
  end: number;
  surface: string;
  /** normalizeName of the surface, the key mentions are grouped by. */
  key: string;
  label: CandidateLabel;
  weak: boolean;
  chunk: Chunk;
  /** Its sentence's offsets in the chunk's text, for snippets. */
  sentence: { start: number; end: number };
}

export interface SentenceMentions {
  /** The sentence's offsets in the chunk's text. */
  start: number;
  end: number;
  /** In text order. */
  mentions: Mention[];
}

interface Piece {
  from: number;
  to: number;
  label: CandidateLabel;
  weak: boolean;
}

/** Tags of a word that is no name, however it is written. */
const NEVER_NAME = ['Determiner', 'Pronoun', 'Preposition', 'Conjunction', 'Verb', 'Adverb', 'QuestionWord', 'Date', 'Value', 'Expression', 'Honorific'];
/** Tags that end a name inside a compromise span ("Monday", "she", "2019"). */
const SPLIT_AT = ['Date', 'Pronoun', 'Value', 'Expression', 'Verb'];

const hasAny = (term: NlpTerm, tags: readonly string[]) => tags.some((t) => term.tags.has(t));
const capitalized = (term: NlpTerm) => /^[\p{Lu}\p{N}]/u.test(term.text);
/** Punctuation between two terms (a comma, a bracket, a colon) separates names; a hyphen does not. */
const breaksAfter = (term: NlpTerm, next: NlpTerm | undefined) => /[^\s\-–&]/u.test(term.post) || (next !== undefined && /[^\s]/u.test(next.pre));
/** "Kim's": compromise keeps the 's in the term ("Daughters'" has its apostrophe after it). */
const isPossessive = (term: NlpTerm) => /['’]s$/u.test(term.text) || /^['’]/u.test(term.post);

/** A capitalized word that could start a name compromise missed. */
const couldBeName = (term: NlpTerm) =>
  /^\p{Lu}/u.test(term.text) &&
  !hasAny(term, NEVER_NAME) &&
  !isTitleWord(term.text) &&
  // "Its", "Residents": a possessive or plural that is not a proper noun is a common word.
  !((term.tags.has('Possessive') || term.tags.has('Plural')) && !term.tags.has('ProperNoun'));

export function readChunk(options: { chunk: Chunk }): SentenceMentions[] {
  const { chunk } = options;
  const { sentences, spans } = readText(chunk.text);
  const bySentence = new Map<number, NlpSpan[]>();
  for (const span of spans) {
    const same = bySentence.get(span.sentence) ?? [];
    same.push(span);
    bySentence.set(span.sentence, same);
  }
  return sentences.map((terms, n) => {
    const pieces = choose(bySentence.get(n)?.flatMap((span) => cut(terms, span)) ?? []);
    addPlaceBeforeBased(terms, pieces);
    addSentenceStart(terms, pieces);
    const sentence = sentenceRange(terms);
    const mentions = pieces
      .map((piece) => toMention({ chunk, terms, piece, sentence }))
      .filter((m): m is Mention => m !== undefined)
      .sort((a, b) => a.start - b.start);
    return { ...sentence, mentions };
  });
}

/** A span cut into names: split at dates, pronouns and punctuation, after a possessive; titles and connectors off both ends. */
function cut(terms: NlpTerm[], span: NlpSpan): Piece[] {
  const pieces: Piece[] = [];
  let from = span.from;
  const close = (to: number) => {
    let a = from;
    let b = to;
    while (a <= b && (!capitalized(terms[a]!) || isTitleWord(terms[a]!.text) || terms[a]!.tags.has('Honorific') || isDateAfter(terms[a - 1]?.normal, terms[a]!.text))) a++;
    while (b >= a && (!capitalized(terms[b]!) || isTitleWord(terms[b]!.text))) b--;
    if (a <= b) pieces.push({ from: a, to: b, label: span.label, weak: false });
  };
  for (let i = span.from; i <= span.to; i++) {
    const term = terms[i]!;
    if (hasAny(term, SPLIT_AT) && !term.tags.has('ProperNoun')) {
      close(i - 1);
      from = i + 1;
      continue;
    }
    if (i < span.to && (isPossessive(term) || breaksAfter(term, terms[i + 1]))) {
      close(i);
      from = i + 1;
    }
  }
  close(span.to);
  return pieces;
}

/**
 * The names among overlapping pieces: the longest first, a typed one before an untyped one of
 * the same length. An untyped run that holds an organization is one ("Meridian Group Holdings").
 */
function choose(pieces: Piece[]): Piece[] {
  for (const piece of pieces) {
    if (piece.label === 'Thing' && pieces.some((p) => p.label === 'Organization' && p.from >= piece.from && p.to <= piece.to)) piece.label = 'Organization';
  }
  const ordered = [...pieces].sort((a, b) => b.to - b.from - (a.to - a.from) || Number(a.label === 'Thing') - Number(b.label === 'Thing'));
  const chosen: Piece[] = [];
  for (const piece of ordered) {
    if (!chosen.some((c) => c.from <= piece.to && piece.from <= c.to)) chosen.push(piece);
  }
  return chosen;
}

/**
 * A sentence's first word: compromise leaves capitalized words there untagged. One just before
 * a name is part of it ("Kellerby Rovers"); a run of them with no name after is a weak mention.
 * A single untyped proper noun there is weak too: it may be a common word.
 */
function addSentenceStart(terms: NlpTerm[], pieces: Piece[]): void {
  // "The Greyhaven Literacy Project, a charity ...": the name starts after the article.
  const start = terms[0]?.normal === 'the' && terms.length > 1 && !pieces.some((p) => p.from === 0) ? 1 : 0;
  const first = terms[start];
  if (!first) return;
  const atStart = pieces.find((p) => p.from === start);
  const next = pieces.find((p) => p.from === start + 1);
  const joins = next !== undefined && !breaksAfter(first, terms[start + 1]);
  if (atStart && atStart.from === atStart.to && joins && !atStart.weak) {
    // "Harbrook[Place] Systems[ProperNoun]": one name, typed as its last part.
    pieces.splice(pieces.indexOf(atStart), 1);
    next.from = start;
    return;
  }
  if (atStart) {
    if (start === 0 && atStart.from === atStart.to && atStart.label === 'Thing') atStart.weak = true;
    return;
  }
  if (!couldBeName(first)) return;
  if (joins) {
    next.from = start;
    return;
  }
  let to = start;
  while (to + 1 < terms.length && !breaksAfter(terms[to]!, terms[to + 1]) && couldBeName(terms[to + 1]!) && !pieces.some((p) => p.from === to + 1)) to++;
  pieces.push({ from: start, to, label: 'Thing', weak: true });
}

/** "Berlin-based": compromise reads the place as an adjective; a weak Place for the pattern that reads it. */
function addPlaceBeforeBased(terms: NlpTerm[], pieces: Piece[]): void {
  terms.forEach((term, i) => {
    if (term.post.trim() !== '-' || terms[i + 1]?.normal !== 'based' || !couldBeName(term)) return;
    if (!pieces.some((p) => p.from <= i && i <= p.to)) pieces.push({ from: i, to: i, label: 'Place', weak: true });
  });
}

function toMention(options: { chunk: Chunk; terms: NlpTerm[]; piece: Piece; sentence: Mention['sentence'] }): Mention | undefined {
  const { chunk, terms, piece, sentence } = options;
  const first = terms[piece.from]!;
  const last = terms[piece.to]!;
  let end = last.offset.start + last.offset.length;
  if (/['’]s$/u.test(last.text)) end -= 2;
  const surface = chunk.text.slice(first.offset.start, end);
  if (isNoise(surface, terms.slice(piece.from, piece.to + 1))) return undefined;
  return {
    start: chunk.start + first.offset.start,
    end: chunk.start + end,
    surface,
    key: normalizeName(surface),
    label: piece.label,
    weak: piece.weak,
    chunk,
    sentence,
  };
}

/** Longer runs of capitalized words are headings or lists, not a name. */
const MAX_NAME_WORDS = 10;
const MAX_NAME_CHARS = 200;

/** No name: no capital letter, no letter at all, a single letter, a title alone, a lone pronoun or date, too long. */
function isNoise(surface: string, terms: NlpTerm[]): boolean {
  if (terms.length > MAX_NAME_WORDS || surface.length > MAX_NAME_CHARS) return true;
  const name = displayName(surface);
  if (!/\p{Lu}/u.test(name) || !/\p{L}/u.test(name)) return true;
  if (normalizeName(name).replace(/\s/g, '').length <= 1) return true;
  if (terms.every((t) => isTitleWord(t.text))) return true;
  return terms.length === 1 && hasAny(terms[0]!, ['Pronoun', 'Date']);
}
