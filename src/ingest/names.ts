/**
 * How names and identifiers are compared and made: the same rules for the extractors (which
 * merge mentions within a document) and the resolver (which compares them with the graph).
 */
import { lemmasOf } from '../language/analyze.js';
import { broadKindsOf } from '../language/wordnet.js';
import type { BroadKind } from '../language/wordnet.js';

const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'sir', 'dame', 'lord', 'lady', 'rev', 'hon']);

/** Lower case, no accents, no honorific, no possessive, single spaces: "Dr. Élise Roy's" → "elise roy". */
export function normalizeName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^\p{L}\p{N}&+]+/u)
    .filter((w) => w.length > 0);
  while (words.length > 1 && HONORIFICS.has(words[0]!)) words.shift();
  return words.join(' ');
}

/** A name without its honorific, as people write it: "Dr. Élise Roy" → "Élise Roy". */
export function displayName(name: string): string {
  const trimmed = name.trim().replace(/['’]s$/u, '').replace(/\s+/g, ' ');
  const words = trimmed.split(' ');
  while (words.length > 1 && HONORIFICS.has(words[0]!.replace(/\.$/, '').toLowerCase())) words.shift();
  return words.join(' ');
}

/** lower-case-kebab of a name or label, for keys: "Tromsø AS" → "tromso-as". */
export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 200) || 'x'
  );
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Words of a header, a file name or a type: "lives in", "livesIn", "lives-in" → ["lives", "in"]. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.toLowerCase());
}

/** A graph label from a type name or a file name ("research papers" → "ResearchPaper"), or undefined when none can be made. */
export function labelOf(text: string, options: { singular?: boolean } = {}): string | undefined {
  const parts = words(text);
  if (parts.length === 0) return undefined;
  if (options.singular) parts[parts.length - 1] = singular(parts[parts.length - 1]!);
  const label = parts.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  const safe = /^[0-9]/.test(label) ? `T${label}` : label;
  return IDENTIFIER.test(safe) ? safe : undefined;
}

/** A relationship type from a column or property name ("lives_in" → "LIVES_IN", "managerId" → "MANAGER"). */
export function relationshipTypeOf(text: string): string | undefined {
  const parts = words(text);
  while (parts.length > 1 && ['id', 'key', 'ref', 'uuid'].includes(parts.at(-1)!)) parts.pop();
  const type = parts.join('_').toUpperCase();
  const safe = /^[0-9]/.test(type) ? `R_${type}` : type;
  return type && IDENTIFIER.test(safe) ? safe : undefined;
}

/** A property name from a header ("Date of Birth" → "date_of_birth"); a leading `_` is reserved for the store. */
export function propertyNameOf(text: string): string | undefined {
  const name = words(text).join('_');
  const safe = /^[0-9]/.test(name) ? `p_${name}` : name;
  return name && IDENTIFIER.test(safe) ? safe : undefined;
}

const IRREGULAR: Record<string, string> = { people: 'person', children: 'child', men: 'man', women: 'woman', data: 'data', news: 'news', series: 'series' };

function singular(word: string): string {
  if (IRREGULAR[word]) return IRREGULAR[word];
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(xes|ches|shes|sses)$/.test(word)) return word.slice(0, -2);
  if (/s$/.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

/** The file name without its folder and extension. */
export function baseName(fileName: string): string {
  const last = fileName.split(/[/\\]/).at(-1) ?? fileName;
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(0, dot) : last;
}

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

/** Labels of broad kinds: what free text and bare links can tell of a thing (`Thing`: nothing). */
export const GENERIC_LABELS: ReadonlySet<string> = new Set(['Thing', 'Person', 'Organization', 'Place']);
/** The label a deployment writes beside each broad label (`Organization` → `Company`); see documents/broad-labels. */
export type BroadLabelMapping = Readonly<Record<string, string>>;

/** Whether labels say no more than a broad kind (and the label the deployment gives that kind). */
export const isGenericLabels = (labels: readonly string[], mapping: BroadLabelMapping = {}) =>
  labels.every((l) => GENERIC_LABELS.has(l) || labels.some((broad) => GENERIC_LABELS.has(broad) && mapping[broad] === l));

/** `labels` with the deployment's label for each broad one added (a thing of a broad kind only). */
export function withBroadLabels(labels: readonly string[], mapping: BroadLabelMapping): string[] {
  if (!isGenericLabels(labels)) return [...labels];
  const added = labels.flatMap((l) => (mapping[l] ? [mapping[l]] : []));
  return [...new Set([...labels, ...added])];
}

/**
 * Labels a mention may share with a node or another mention: the same label, one of them
 * untyped (`Thing`, or none), or labels of the same broad kind (a `Place` mention and a `City`
 * node); a label whose kind is unknown goes with a broad label, never with another known kind.
 * `kinds` holds what `labelKinds` found for every label of both.
 */
export function compatibleLabels(a: readonly string[], b: readonly string[], kinds: LabelKinds): boolean {
  if (a.length === 0 || b.length === 0 || a.includes('Thing') || b.includes('Thing') || a.some((l) => b.includes(l))) return true;
  const kindsA = new Set(a.flatMap((l) => kinds.get(l) ?? []));
  const kindsB = new Set(b.flatMap((l) => kinds.get(l) ?? []));
  if (kindsA.size === 0 || kindsB.size === 0) return a.some((l) => BROAD_KIND_OF_LABEL.has(l)) || b.some((l) => BROAD_KIND_OF_LABEL.has(l));
  return [...kindsA].some((k) => kindsB.has(k));
}
