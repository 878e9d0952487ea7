/**
 * How names and identifiers are compared and made: the same rules for the extractors (which
 * merge mentions within a document) and the resolver (which compares them with the graph).
 */
import { words } from '../language/identifier-words.js';
import { BROAD_KIND_OF_LABEL } from '../language/label-kinds.js';
import type { LabelKinds } from '../language/label-kinds.js';

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
