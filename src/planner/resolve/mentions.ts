import type { Token } from '../../language/analyze.js';
import { FILLER_WORDS, LIMIT_LEADS, NAMING_VERBS } from '../read/cues.js';
import type { Lexicon } from '../link/lexicon.js';
import type { Item } from '../link/links.js';

/**
 * The spans of a question that may name things of the graph, to be looked up by name: quoted
 * text, runs of capitalized words (titles keep their small words: "Songs of the Northern
 * Sea"), and lower-case words nothing else explains ("which ships carry copper", "ada
 * moreau"). Words the schema or the question's shape explains are not names: "top", "one",
 * "graph", "March 2020", "Dermatology" as a value are read as what they are.
 */

export interface Mention {
  text: string;
  start: number;
  end: number;
  /** Given in quotes: certainly meant as a name. */
  quoted: boolean;
  /** Lower-case words nothing else explains: looked up, but not reported when nothing has that name. */
  loose?: boolean;
}

/** Lower-case words allowed inside a name ("University of Oslo", "Ludwig van Beethoven"). */
const CONNECTORS = new Set(['of', 'the', 'de', 'da', 'del', 'van', 'von', 'der', 'den', 'du', 'la', 'le', 'y', 'and', '&', 'for', 'in', 'on', 'at', 'to', 'a', 'an']);
/** What a capitalized run may be linked to and still be no name (unless it is only a value). */
const SCHEMA_KINDS = new Set(['label', 'value', 'rel', 'prop', 'agent']);
/** First words that are capitalized only because they start the question. */
const OPENER_POS = new Set(['wh', 'aux', 'verb', 'det', 'prep', 'pron', 'conj', 'adv', 'neg', 'num']);

/** `read`: the question's tokens and their links (nothing named yet). */
export function findMentions(question: string, lexicon: Lexicon, read: { tokens: Token[]; items: Item[] }): Mention[] {
  const { tokens, items } = read;
  /** What each token was linked to, when it was. */
  const linked: (string | undefined)[] = tokens.map(() => undefined);
  for (const it of items) for (let k = it.from; k <= it.to; k++) linked[k] = it.kind;
  const mentions: Mention[] = [];
  // Quoted text compared as text ("a name starting with 'L'", "a tagline containing 'love'") is a value, not a name.
  tokens.forEach((t, k) => {
    if (t.pos !== 'quote') return;
    const before = items.find((it) => it.to === k - 1);
    if (before?.kind === 'cmp' && before.cue.text) return;
    mentions.push({ text: t.text, start: t.start, end: t.end, quoted: true });
  });

  // A sentence's first word is capitalized as the question's is ("… ? Limit to 5 results.").
  const opensSentence = (k: number) => k === 0 || /[.?!]\s*$/.test(question.slice(tokens[k - 1]!.end, tokens[k]!.start));
  const capital = (t: Token, k: number) => /^[\p{Lu}\p{N}]/u.test(t.text) && t.pos !== 'quote' && (!opensSentence(k) || !OPENER_POS.has(t.pos)) && linked[k] !== 'date' && !(linked[k] === 'number' && !/^\p{Lu}/u.test(t.text));
  let k = 0;
  while (k < tokens.length) {
    const t = tokens[k]!;
    if (capital(t, k) && !(linked[k] === 'number' || linked[k] === 'decade')) {
      let end = k;
      while (end + 1 < tokens.length) {
        const next = tokens[end + 1]!;
        if (question.slice(tokens[end]!.end, next.start).trim() && !/^[-'’]$/.test(question.slice(tokens[end]!.end, next.start).trim())) break;
        if (capital(next, end + 1) || (next.number !== undefined && /^\d/.test(next.text))) end++;
        else if (CONNECTORS.has(next.lower) && tokens[end + 2] && capital(tokens[end + 2]!, end + 2) && !question.slice(next.end, tokens[end + 2]!.start).trim()) end += 2;
        else break;
      }
      const span = tokens.slice(k, end + 1);
      // A capitalized run that is only schema words ("Which Companies …") is not a name. One that is a
      // property's value ("Podiatry", "Mira Holt" as a ward's head) is looked up all the same:
      // a thing of that name is what it names; otherwise the search leaves it to be read as the value.
      const kinds = span.map((_, j) => linked[k + j]);
      const schemaOnly = kinds.every((kind) => kind !== undefined && SCHEMA_KINDS.has(kind)) && kinds.some((kind) => kind !== 'value');
      if (!schemaOnly) {
        mentions.push({ text: question.slice(span[0]!.start, span.at(-1)!.end).replace(/['’]s$/u, ''), start: span[0]!.start, end: span.at(-1)!.end, quoted: false });
      }
      k = end + 1;
      continue;
    }
    // "the service named java": what a naming verb after a label names is a name, though the graph holds it as a value too.
    const namedHere = tokens[k - 1] !== undefined && NAMING_VERBS.has(tokens[k - 1]!.lemma) && linked[k - 2] === 'label';
    if (namedHere && (linked[k] === 'value' || linked[k] === 'word') && (t.pos === 'noun' || t.pos === 'proper' || t.pos === 'adj')) {
      mentions.push({ text: t.text, start: t.start, end: t.end, quoted: false, loose: true });
      k++;
      continue;
    }
    // Lower-case words nothing explains, in a run: "ada moreau", "copper".
    // Nouns, with an adjective only in front of one ("crude oil", "frozen fish").
    const nounish = (x: Token | undefined, j: number) =>
      x !== undefined && linked[j] === 'word' && (x.pos === 'noun' || x.pos === 'proper') && !FILLER_WORDS.has(x.lower) && !FILLER_WORDS.has(x.lemma) && !LIMIT_LEADS.has(x.lower) && x.lower.length > 1;
    const loose = (x: Token, j: number) => nounish(x, j) || (linked[j] === 'word' && x.pos === 'adj' && !FILLER_WORDS.has(x.lower) && nounish(tokens[j + 1], j + 1));
    if (loose(t, k)) {
      let end = k;
      while (end + 1 < tokens.length && loose(tokens[end + 1]!, end + 1)) end++;
      mentions.push({ text: question.slice(t.start, tokens[end]!.end), start: t.start, end: tokens[end]!.end, quoted: false, loose: true });
      k = end + 1;
      continue;
    }
    k++;
  }
  return mentions.sort((a, b) => a.start - b.start);
}
