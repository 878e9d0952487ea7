import { compatibleLabels, displayName, isGenericLabels, normalizeName, slug, withBroadLabels } from '../names.js';
import { labelKinds } from '../../language/label-kinds.js';
import type { BroadLabelMapping } from '../names.js';
import type { DocumentFacts, EntityFact, LoneMention, Progress, Resolution } from '../types.js';
import type { GraphNode, GraphStore } from '../../stores/graph/port.js';
import { ENTITY_CYPHER, ENTITY_LABEL, isNameKey } from '../../stores/graph/bookkeeping.js';

/**
 * Links a document's entities to the graph before anything is written:
 * - names are compared normalized (case, accents, honorifics, possessives);
 * - a bare first name or surname is folded onto the one full name of the same document that
 *   has it ("Kim" → "Alex Kim"), never when two could be meant;
 * - an entity with a key from the file is exactly the node with that key;
 * - any other is merged into an existing node only when exactly one node of a compatible label
 *   has its name (or alias); with several, it is kept apart, marked ambiguous, for curators;
 * - a free-text candidate mentioned once, in no relation, is noise (a curator would call it so):
 *   it makes no node. When exactly one compatible node has its name, made by other documents or
 *   the graph's own, the document is one more source of that node; otherwise the mention is kept
 *   aside (`mentions`), and a document that makes such a node later adds this one as a source
 *   (documents/mention-support), so the order documents come in does not decide it.
 * New nodes get a stable key from label and name, so other documents and re-ingestions reach them.
 */

/** Keys per existence check. */
const KEYS_PER_READ = 500;
/** Nodes a name search considers. */
const SEARCH_LIMIT = 25;
/** Progress at most every this many entities. */
const PROGRESS_EVERY = 200;

export interface ResolveResult {
  facts: DocumentFacts;
  resolutions: Resolution[];
  /** Candidates left out as noise. */
  dropped: number;
  /** Those of them no node was named like, kept aside (see above). */
  mentions: LoneMention[];
}

const FREE_TEXT = new Set(['nlp', 'pattern', 'model']);
const isFreeText = (e: EntityFact) => e.evidence.length > 0 && e.evidence.every((ev) => FREE_TEXT.has(ev.extractor));
const mainLabel = (e: EntityFact) => e.labels[0] ?? 'Thing';

export async function resolveEntities(options: {
  facts: DocumentFacts;
  graph: GraphStore;
  documentId: string;
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  /** The labels the deployment writes beside broad ones (documents/broad-labels); none by default. */
  broadLabels?: BroadLabelMapping;
}): Promise<ResolveResult> {
  const { graph, documentId, signal } = options;
  const broadLabels = options.broadLabels ?? {};
  const { entities, relations } = foldShortNames(options.facts);
  const related = new Set(relations.flatMap((r) => [r.from, r.to]));
  const total = entities.length;
  const report = (done: number) => options.onProgress?.({ stage: 'resolving', done, total, unit: 'entities' });
  report(0);

  const existingKeys = await keysThatExist(graph, [...new Set(entities.flatMap((e) => (e.key ? [e.key] : e.reference ? [e.name] : [])))], signal);
  const searches = new Map<string, Promise<GraphNode[]>>();
  const nodesNamed = (name: string) => {
    const normalized = normalizeName(name);
    let found = searches.get(normalized);
    if (!found) {
      found = nodesNamedExactly(graph, name);
      searches.set(normalized, found);
    }
    return found;
  };

  const resolutions: Resolution[] = [];
  const kept: EntityFact[] = [];
  const mentions: LoneMention[] = [];
  let dropped = 0;
  for (const [i, entity] of entities.entries()) {
    if (signal?.aborted) throw signal.reason;
    if (i % PROGRESS_EVERY === 0 && i > 0) {
      report(i);
      // Entities with keys resolve without I/O: let the event loop serve requests meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const resolution = await resolveOne({ entity, documentId, existingKeys, nodesNamed, related: related.has(entity.ref), broadLabels });
    if (!resolution) {
      dropped++;
      mentions.push({ label: mainLabel(entity), name: entity.name, evidence: entity.evidence });
      continue;
    }
    resolutions.push(resolution);
    kept.push(entity);
  }
  report(total);

  // Two entities that became one node are one entity.
  const byKey = new Map<string, { entity: EntityFact; resolution: Resolution }>();
  const renamed = new Map<string, string>();
  kept.forEach((entity, i) => {
    const resolution = resolutions[i]!;
    const first = byKey.get(resolution.key);
    if (!first) {
      byKey.set(resolution.key, { entity: { ...entity }, resolution });
      return;
    }
    renamed.set(entity.ref, first.entity.ref);
    first.entity.mentions += entity.mentions;
    first.entity.evidence = [...first.entity.evidence, ...entity.evidence].slice(0, 10);
    first.entity.properties = { ...entity.properties, ...first.entity.properties };
    if (first.entity.reference && !entity.reference) {
      first.entity = { ...entity, ref: first.entity.ref, evidence: first.entity.evidence, mentions: first.entity.mentions };
    }
  });
  const merged = [...byKey.values()];
  const refs = new Set(merged.map((m) => m.entity.ref));
  const rewritten = relations
    .map((r) => ({ ...r, from: renamed.get(r.from) ?? r.from, to: renamed.get(r.to) ?? r.to }))
    .filter((r) => refs.has(r.from) && refs.has(r.to) && r.from !== r.to);
  return {
    facts: { entities: merged.map((m) => ({ ...m.entity, labels: withBroadLabels(m.entity.labels, broadLabels) })), relations: rewritten, warnings: options.facts.warnings },
    resolutions: merged.map((m) => ({ ...m.resolution, ref: m.entity.ref })),
    dropped,
    mentions,
  };
}

async function resolveOne(options: {
  entity: EntityFact;
  documentId: string;
  existingKeys: Set<string>;
  nodesNamed: (name: string) => Promise<GraphNode[]>;
  related: boolean;
  broadLabels: BroadLabelMapping;
}): Promise<Resolution | undefined> {
  const { entity, documentId, existingKeys } = options;
  if (entity.key) return { ref: entity.ref, key: entity.key, outcome: existingKeys.has(entity.key) ? 'existing' : 'new' };
  // A reference may name a node by its key (an edge list of keys).
  if (entity.reference && existingKeys.has(entity.name)) return { ref: entity.ref, key: entity.name, outcome: 'existing' };
  const candidates = await compatibleNodes(entity.labels, await options.nodesNamed(entity.name));
  // Noise makes no node of its own, whatever the graph holds; it names the one node that has its name.
  if (isFreeText(entity) && entity.mentions < 2 && !options.related) {
    return candidates.length === 1 ? { ref: entity.ref, key: candidates[0]!.key!, outcome: 'existing' } : undefined;
  }
  const key = `${slug(mainLabel(entity))}:${slug(normalizeName(entity.name))}`;
  // A specific thing (a `Harbour`) named like broad nodes only documents made (an `Organization`
  // from text) is a node of its own: the writer folds them into it, as when it came first.
  if (!isGenericLabels(entity.labels) && candidates.length > 0 && candidates.every((c) => isGenericLabels(nodeLabels(c), options.broadLabels) && madeByDocuments(c))) {
    return { ref: entity.ref, key, outcome: 'new' };
  }
  if (candidates.length === 1) return { ref: entity.ref, key: candidates[0]!.key!, outcome: 'existing' };
  if (candidates.length > 1) {
    return { ref: entity.ref, key: `${key}~doc-${documentId.slice(0, 8)}`, outcome: 'ambiguous', candidates: candidates.map((c) => c.key!).sort() };
  }
  return { ref: entity.ref, key, outcome: 'new' };
}

/**
 * A one-word person (or untyped) name that is the first or last word of exactly one longer name
 * of the same document becomes that entity: its mentions, evidence and relations move over.
 */
function foldShortNames(facts: DocumentFacts): DocumentFacts {
  const full = facts.entities.filter((e) => !e.reference && normalizeName(e.name).includes(' ') && (mainLabel(e) === 'Person' || mainLabel(e) === 'Thing'));
  /** A word's one longer name, or null once a second one has it (linear: 50,000 names are common). */
  const byWord = new Map<string, EntityFact | null>();
  for (const e of full) {
    const words = normalizeName(e.name).split(' ');
    for (const w of new Set([words[0]!, words.at(-1)!])) byWord.set(w, byWord.has(w) && byWord.get(w) !== e ? null : e);
  }
  const into = new Map<string, EntityFact>();
  const shortOnes = new Map<string, EntityFact>();
  for (const e of facts.entities) {
    const name = normalizeName(e.name);
    if (e.key || name.includes(' ') || !['Person', 'Thing'].includes(mainLabel(e))) continue;
    const owner = byWord.get(name);
    if (owner && owner !== e) {
      into.set(e.ref, owner);
      shortOnes.set(e.ref, e);
    }
  }
  if (into.size === 0) return facts;
  for (const [ref, owner] of into) {
    const short = shortOnes.get(ref)!;
    owner.mentions += short.mentions;
    owner.evidence = [...owner.evidence, ...short.evidence].slice(0, 10);
    owner.aliases = [...new Set([...(owner.aliases ?? []), displayName(short.name)])];
  }
  return {
    entities: facts.entities.filter((e) => !into.has(e.ref)),
    relations: facts.relations.map((r) => ({ ...r, from: into.get(r.from)?.ref ?? r.from, to: into.get(r.to)?.ref ?? r.to })),
    warnings: facts.warnings,
  };
}

const nodeLabels = (node: GraphNode) => node.labels.filter((l) => l !== ENTITY_LABEL);

/** The nodes name search finds whose names include `name` itself (normalized), not just its words. */
export async function nodesNamedExactly(graph: Pick<GraphStore, 'findNodesByName'>, name: string): Promise<GraphNode[]> {
  const normalized = normalizeName(name);
  const matches = await graph.findNodesByName(name, { limit: SEARCH_LIMIT });
  return matches.map((m) => m.node).filter((node) => namesOf(node).some((n) => normalizeName(n) === normalized));
}

/** Those of `nodes` (with a key) a mention labelled `labels` may be (`compatibleLabels`). */
export async function compatibleNodes(labels: readonly string[], nodes: readonly GraphNode[]): Promise<GraphNode[]> {
  const kinds = await labelKinds([...labels, ...nodes.flatMap(nodeLabels)]);
  return nodes.filter((node) => node.key && compatibleLabels(labels, nodeLabels(node), kinds));
}
/** Whether only documents wrote a node (not the graph's own data, which documents never fold away). */
export const madeByDocuments = (node: GraphNode) => (node.provenance ?? []).length > 0 && (node.provenance ?? []).every((p) => p.startsWith('document:'));

/** The names a node goes by (its name-like properties, lists included). */
export function namesOf(node: GraphNode): string[] {
  return Object.keys(node.properties).filter(isNameKey).flatMap((k) => {
    const v = node.properties[k];
    return typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  });
}

async function keysThatExist(graph: GraphStore, keys: string[], signal?: AbortSignal): Promise<Set<string>> {
  const found = new Set<string>();
  for (let at = 0; at < keys.length; at += KEYS_PER_READ) {
    if (signal?.aborted) throw signal.reason;
    const part = keys.slice(at, at + KEYS_PER_READ);
    const { rows } = await graph.runReadOnly(`MATCH (n:${ENTITY_CYPHER}) WHERE n._key IN $keys RETURN n._key AS key`, { keys: part }, { maxRows: part.length });
    for (const row of rows) if (typeof row.key === 'string') found.add(row.key);
  }
  return found;
}
