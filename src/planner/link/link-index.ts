import { isNameKey } from '../../stores/graph/bookkeeping.js';
import { fold } from '../../language/analyze.js';
import type { RelatedWord } from '../../language/wordnet.js';
import type { LexLabel, Lexicon, LexProperty } from './lexicon.js';

/**
 * What linking a question's words looks up in a lexicon at every word, worked out once per
 * lexicon (a lexicon is never changed: a new schema, synonyms or related words make a new one):
 * which words may begin a schema word, so most words of a question skip the scan of every
 * label, relationship and property (and of the recurring values); the schema's names as one
 * folded word; which labels a head noun alone names; which properties are a label's naming key.
 */
export interface LinkIndex {
  /** First words (lemmas) of labels, relationships, properties, their synonyms and nouns. */
  firsts: ReadonlySet<string>;
  /** First words of what WordNet relates to them (`related…` of the lexicon). */
  relatedFirsts: ReadonlySet<string>;
  /** Each label and relationship type as one folded word ("cargoship", "sailed_to"). */
  folded: ReadonlyMap<object, string>;
  foldedNames: ReadonlySet<string>;
  /** Multi-word labels no other label ends with the same head noun ("ship" for CargoShip). */
  ownHeads: ReadonlySet<LexLabel>;
  /** Properties that name their label's things (read where they compare, not as properties). */
  namingKeys: ReadonlySet<LexProperty>;
  /** First words of the recurring values (`values` keys). */
  valueFirsts: ReadonlySet<string>;
}

const indexes = new WeakMap<Lexicon, LinkIndex>();

export function linkIndexOf(lexicon: Lexicon): LinkIndex {
  let index = indexes.get(lexicon);
  if (!index) {
    index = buildIndex(lexicon);
    indexes.set(lexicon, index);
  }
  return index;
}

function buildIndex(lexicon: Lexicon): LinkIndex {
  const firsts = new Set<string>();
  const relatedFirsts = new Set<string>();
  const first = (words: readonly string[]) => words[0] !== undefined && firsts.add(words[0]);
  const relatedFirst = (related: readonly RelatedWord[] | undefined) => related?.forEach((r) => r.words[0] !== undefined && relatedFirsts.add(r.words[0]));
  const folded = new Map<object, string>();
  const heads = new Map<string, number>();
  for (const label of lexicon.labels) {
    folded.set(label, fold(label.label));
    first(label.words);
    label.synonyms.forEach(first);
    const head = label.words.at(-1);
    if (head) {
      firsts.add(head);
      heads.set(head, (heads.get(head) ?? 0) + 1);
    }
    relatedFirst(label.related);
  }
  for (const rel of lexicon.relationships) {
    folded.set(rel, fold(rel.type));
    first(rel.allWords);
    first(rel.words);
    rel.synonyms.forEach(first);
    for (const noun of [...rel.agentNouns, ...rel.eventNouns, ...rel.objectNouns]) firsts.add(noun);
    relatedFirst(rel.related);
    relatedFirst(rel.relatedAgents);
    relatedFirst(rel.relatedEvents);
    relatedFirst(rel.relatedStates);
    relatedFirst(rel.relatedDoings?.verbs);
  }
  for (const property of lexicon.properties) property.forms.forEach(first);
  const ownHeads = new Set(lexicon.labels.filter((l) => l.words.length > 1 && heads.get(l.words.at(-1)!) === 1));
  // A naming key called a name ("name", "title", "vesselName") is read where it compares; one called
  // otherwise ("code", "ip") is a word like any property's ("the visits and their codes").
  const namingKeys = new Set(lexicon.properties.filter((p) => p.ownerKind === 'label' && isNameKey(p.key) && lexicon.labels.some((l) => l.label === p.owner && l.nameKey === p.key)));
  const valueFirsts = new Set([...lexicon.values.keys()].map((key) => key.split(' ')[0]!));
  return { firsts, relatedFirsts, folded, foldedNames: new Set(folded.values()), ownHeads, namingKeys, valueFirsts };
}
