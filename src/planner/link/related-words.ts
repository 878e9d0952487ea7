import { isFunctionWord, lemmasOf } from '../../language/analyze.js';
import { derivedAdjectives, derivedNouns, derivedVerbs, relatedNouns, relatedVerbs } from '../../language/wordnet.js';
import type { BroadKind, RelatedWord } from '../../language/wordnet.js';
import { labelKinds } from '../../language/label-kinds.js';
import { ENTITY_LABEL } from '../../stores/graph/bookkeeping.js';
import type { GraphSchema } from '../../stores/graph/port.js';
import type { Lexicon } from './lexicon.js';
import { identifierWords } from '../read/words.js';

/**
 * The schema's words as WordNet relates them (language/wordnet.ts): other words for a label
 * ("film" for Movie, "freighter" for a kind of Ship), for a relationship's verb ("oversee" for
 * SUPERVISES), and nouns made from it ("supplier" for SUPPLIES, "dependency" for DEPENDS_ON). Read
 * when the lexicon is built; a word linked so is a guess the reading's confidence pays for.
 */
export interface SchemaRelated {
  labels: Map<string, RelatedWord[]>;
  /** The broad kinds of each label (a `City` is a place), as documents' broad labels are told apart. */
  kinds: ReadonlyMap<string, readonly BroadKind[]>;
  relationships: Map<string, { verbs: RelatedWord[]; agents: RelatedWord[]; events: RelatedWord[]; states?: RelatedWord[]; doings?: RelatedWord[] }>;
}

/** Looks up every label's head noun and every relationship's verb. */
export async function readRelatedWords(schema: GraphSchema): Promise<SchemaRelated> {
  const labels = new Map<string, RelatedWord[]>();
  const relationships: SchemaRelated['relationships'] = new Map();
  const [kinds] = await Promise.all([
    labelKinds(schema.labels.map((l) => l.label).filter((l) => l !== ENTITY_LABEL)),
    ...schema.labels
      .filter((l) => l.label !== ENTITY_LABEL)
      .map(async (l) => {
        const head = lemmasOf(identifierWords(l.label), 'noun').at(-1);
        if (head) labels.set(l.label, await relatedNouns(head));
      }),
    ...schema.relationshipTypes.map(async (t) => {
      const verb = lemmasOf(identifierWords(t.type), 'verb')[0];
      if (!verb) return;
      const noun = nounOfRelationship(t.type);
      const [verbs, derived, states, doings] = await Promise.all([relatedVerbs(verb), derivedNouns(verb), derivedAdjectives(verb), noun ? derivedVerbs(noun) : []]);
      relationships.set(t.type, { verbs, ...derived, states, doings });
    }),
  ]);
  return { labels, kinds, relationships };
}

/**
 * The word a relationship type may be named by as a noun of who holds a role (`MANAGER`,
 * `HAS_OWNER`, `AUTHOR_OF`): the lemma of its one word besides joining words and "has"; WordNet
 * then says whether it names a person doing something (derivedVerbs).
 */
function nounOfRelationship(type: string): string | undefined {
  const words = identifierWords(type).filter((w) => !isFunctionWord(w) && !/^(has|have|is)$/.test(w));
  return words.length === 1 ? lemmasOf(words, 'noun')[0] : undefined;
}

/**
 * Which end of a relationship named by a noun the noun names: the end for `AUTHOR_OF` (the
 * author is where it starts), the far end otherwise (`MANAGER`, `HAS_OWNER`: a store's manager is
 * where it ends, as a column of managers links its rows to them).
 */
export const nounEndOf = (type: string): 'from' | 'to' => (identifierWords(type).at(-1)?.toLowerCase() === 'of' ? 'from' : 'to');

/**
 * The lexicon with the related words a question may use. Left out: function words, words the
 * schema already says (an exact word always wins), and a word related to two names (it stands
 * for neither).
 */
export function withRelatedWords(lexicon: Lexicon, related: SchemaRelated): Lexicon {
  const key = (words: string[]) => words.join(' ');
  const known = new Set<string>([
    ...lexicon.labels.flatMap((l) => [key(l.words), ...l.synonyms.map(key)]),
    ...lexicon.relationships.flatMap((r) => [key(r.words), key(r.allWords), ...r.synonyms.map(key), ...r.agentNouns, ...r.eventNouns, ...r.objectNouns]),
    ...lexicon.properties.flatMap((p) => p.forms.map(key)),
  ]);
  const owners = new Map<string, Set<string>>();
  const lemmatized = (r: RelatedWord, as: 'noun' | 'verb') => ({ ...r, words: lemmasOf(r.words, as) });
  const usable = (r: RelatedWord) => r.words.length > 0 && !(r.words.length === 1 && isFunctionWord(r.words[0]!)) && !known.has(key(r.words));
  const own = (name: string, words: RelatedWord[]) => {
    for (const r of words) owners.set(key(r.words), (owners.get(key(r.words)) ?? new Set()).add(name));
    return words;
  };
  const labels = new Map([...related.labels].map(([label, words]) => [label, own(label, words.map((r) => lemmatized(r, 'noun')).filter(usable))]));
  const relationships = new Map(
    [...related.relationships].map(([type, r]) => [
      type,
      {
        verbs: own(type, r.verbs.map((w) => lemmatized(w, 'verb')).filter(usable)),
        agents: own(type, r.agents.map((w) => lemmatized(w, 'noun')).filter(usable)),
        events: own(type, r.events.map((w) => lemmatized(w, 'noun')).filter(usable)),
        states: own(type, (r.states ?? []).filter(usable)),
        doings: own(type, (r.doings ?? []).map((w) => lemmatized(w, 'verb')).filter(usable)),
      },
    ]),
  );
  const single = (words: RelatedWord[]) => best(words.filter((r) => owners.get(key(r.words))!.size === 1));
  return {
    ...lexicon,
    labels: lexicon.labels.map((l) => ({ ...l, related: single(labels.get(l.label) ?? []), kinds: related.kinds.get(l.label) ?? [] })),
    relationships: lexicon.relationships.map((r) => {
      const found = relationships.get(r.type);
      const doings = single(found?.doings ?? []);
      // "contain" for HOLDS where CONTAINS joins other things: the types whose own verb is one WordNet gives for this one's.
      const synonyms = new Set((related.relationships.get(r.type)?.verbs ?? []).map((w) => key(lemmasOf(w.words, 'verb'))));
      const kin = lexicon.relationships.filter((o) => o.type !== r.type && o.words.length === 1 && synonyms.has(o.words[0]!)).map((o) => o.type);
      // "captains" for CAPTAINED: the verb's own word, a noun WordNet derives from it for who does it, names the doer.
      const selfAgent = r.words.length === 1 && (related.relationships.get(r.type)?.agents ?? []).some((a) => a.words.length === 1 && lemmasOf(a.words, 'noun')[0] === r.words[0]);
      return {
        ...r,
        ...(selfAgent && !r.agentNouns.includes(r.words[0]!) ? { agentNouns: [...r.agentNouns, r.words[0]!] } : {}),
        related: single(found?.verbs ?? []),
        relatedAgents: single(found?.agents ?? []),
        relatedEvents: single(found?.events ?? []),
        relatedStates: single(found?.states ?? []),
        ...(doings.length > 0 ? { relatedDoings: { verbs: doings, end: nounEndOf(r.type) } } : {}),
        ...(kin.length > 0 ? { kin } : {}),
      };
    }),
  };
}

/** Each word once, at its best score. */
function best(words: RelatedWord[]): RelatedWord[] {
  const kept = new Map<string, RelatedWord>();
  for (const r of words) {
    const k = r.words.join(' ');
    if ((kept.get(k)?.score ?? -1) < r.score) kept.set(k, r);
  }
  return [...kept.values()];
}
