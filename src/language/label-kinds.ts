import { lemmasOf } from './analyze.js';
import { words } from './identifier-words.js';
import { broadKindsOf } from './wordnet.js';
import type { BroadKind } from './wordnet.js';

/**
 * The broad kind of a graph's label (a person, an organization, a place), as its words tell:
 * ingestion files a mention under it, and the planner reads "who" and "where" by it.
 */

/** The broad label of each kind, as free text and bare links make them. */
const BROAD_LABELS: Readonly<Record<BroadKind, string>> = { person: 'Person', organization: 'Organization', place: 'Place' };
/** The kind of each broad label (`Organization` → organization). */
export const BROAD_KIND_OF_LABEL: ReadonlyMap<string, BroadKind> = new Map(Object.entries(BROAD_LABELS).map(([kind, label]) => [label, kind as BroadKind]));

/**
 * Head words whose first WordNet senses are not the kind a graph's label of that word means: a
 * `Country` is a place (WordNet's first sense is a nation's people), a `Lab` an organization (a
 * workplace, hence a location), a `Founder` a person (first: a disease of horses).
 */
const KIND_OF_HEAD_WORD: Readonly<Record<string, readonly BroadKind[]>> = {
  country: ['place'],
  lab: ['organization'],
  laboratory: ['organization'],
  university: ['organization'],
  startup: ['organization'],
  vendor: ['organization'],
  group: ['organization'],
  founder: ['person'],
  contact: ['person'],
  human: ['person'],
};

/** What `labelKinds` found, per label. */
export type LabelKinds = ReadonlyMap<string, readonly BroadKind[]>;

const kindOfLabel = new Map<string, Promise<readonly BroadKind[]>>();

/**
 * The broad kinds of each label, where its words tell: a broad label is its kind; another label
 * has the kinds of its words as WordNet's hypernyms place them (`Company`, `ResearchInstitute`:
 * organizations; `City`, `Harbour`: places; `Employee`, `CrewMember`: people; `Crew`, `Staff`: a
 * body of people, so either), the whole compound first, else its head word, unless the head word
 * is one of `KIND_OF_HEAD_WORD`. None where WordNet tells nothing (`Invoice`). Read once per label.
 */
export async function labelKinds(labels: Iterable<string>): Promise<LabelKinds> {
  const wanted = [...new Set(labels)];
  const kinds = await Promise.all(wanted.map(labelKind));
  return new Map(wanted.map((label, i) => [label, kinds[i] ?? []]));
}

function labelKind(label: string): Promise<readonly BroadKind[]> {
  let kind = kindOfLabel.get(label);
  if (!kind) {
    kind = readLabelKind(label);
    kindOfLabel.set(label, kind);
  }
  return kind;
}

async function readLabelKind(label: string): Promise<readonly BroadKind[]> {
  const broad = BROAD_KIND_OF_LABEL.get(label);
  if (broad) return [broad];
  const parts = words(label);
  const head = parts.at(-1);
  if (!head) return [];
  const headLemma = lemmasOf([head], 'noun')[0] ?? head;
  if (KIND_OF_HEAD_WORD[headLemma]) return KIND_OF_HEAD_WORD[headLemma];
  const compound = parts.length > 1 ? await broadKindsOf(parts.join(' ')) : [];
  return compound.length > 0 ? compound : broadKindsOf(headLemma);
}
