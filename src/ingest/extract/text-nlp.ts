import { createRequire } from 'node:module';
import type compromise from 'compromise';
import { EXTRA_ORG_WORDS } from './text-words.js';

/**
 * What compromise reads in a piece of text: its sentences as terms (with tags and character
 * offsets) and the spans it takes for names: people, organizations, places, and runs of proper
 * nouns it cannot type. Spans are in term positions; text-mentions.ts turns them into mentions.
 */

let loaded: { nlp: typeof compromise; orgWords: Record<string, boolean> } | undefined;

/**
 * compromise takes a few hundred milliseconds to load, so it is loaded when a text is first
 * read, not when the service starts (its one-file build: faster to load than its module tree).
 */
function nlpLibrary(): NonNullable<typeof loaded> {
  if (!loaded) {
    const nlp = createRequire(import.meta.url)('compromise') as typeof compromise;
    // compromise's own plugin mechanism: a few more company head words for its organization tagger.
    nlp.plugin({ model: { two: { orgWords: Object.fromEntries(EXTRA_ORG_WORDS.map((w) => [w, true])) } } });
    const orgWords = (nlp.world() as { model: { two: { orgWords: Record<string, boolean> } } }).model.two.orgWords;
    loaded = { nlp, orgWords };
  }
  return loaded;
}

/** A word compromise takes as the head of an organization's name ("council", "group", "bank"). */
export const isOrgWord = (word: string) => nlpLibrary().orgWords[word.toLowerCase()] === true;

/** A compromise term, as `.docs` gives it once offsets are computed (its types leave `offset` out). */
export interface NlpTerm {
  text: string;
  pre: string;
  post: string;
  normal: string;
  tags: Set<string>;
  /** [sentence, term] within the text read. */
  index: [number, number];
  offset: { start: number; length: number };
}

export type CandidateLabel = 'Person' | 'Organization' | 'Place' | 'Thing';

export interface NlpSpan {
  sentence: number;
  /** First and last term, inclusive. */
  from: number;
  to: number;
  label: CandidateLabel;
}

export interface NlpReading {
  sentences: NlpTerm[][];
  spans: NlpSpan[];
}

const KINDS = [
  ['people', 'Person'],
  ['organizations', 'Organization'],
  ['places', 'Place'],
] as const;

export function readText(text: string): NlpReading {
  const doc = nlpLibrary().nlp(unwrapLines(text));
  doc.compute('offset');
  const sentences = doc.docs as unknown as NlpTerm[][];
  const spans: NlpSpan[] = [];
  const add = (matches: unknown, label: CandidateLabel) => {
    for (const terms of matches as NlpTerm[][]) {
      const first = terms[0];
      const last = terms.at(-1);
      if (first && last) spans.push({ sentence: first.index[0], from: first.index[1], to: last.index[1], label });
    }
  };
  for (const [method, label] of KINDS) add(doc[method]().docs, label);
  // Proper nouns compromise cannot type: `Thing`, unless a typed span says more (text-mentions.ts).
  add(doc.match('#ProperNoun+').docs, 'Thing');
  return { sentences, spans };
}

/**
 * A line break inside a sentence (a PDF drawn line by line, hard-wrapped text) read as a space:
 * one whose next line goes on in lower case after a line not ending a sentence. The text keeps
 * its length, so offsets stay those of the text given.
 */
export const unwrapLines = (text: string) => text.replace(/(?<=[^\s.!?:;])[ \t]*\n(?=[ \t]*\p{Ll})/gu, (gap) => ' '.repeat(gap.length));

/** A sentence's span in the text read, [start, end), its closing punctuation included. */
export function sentenceRange(terms: NlpTerm[]): { start: number; end: number } {
  const first = terms[0];
  const last = terms.at(-1);
  if (!first || !last) return { start: 0, end: 0 };
  return { start: first.offset.start, end: last.offset.start + last.offset.length + last.post.trimEnd().length };
}
