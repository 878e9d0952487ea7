import { normalizeName, relationshipTypeOf } from '../../ingest/names.js';
import { namesOf } from '../../ingest/resolve/index.js';
import type { Evidence } from '../../ingest/types.js';
import { isNameKey } from '../../stores/graph/bookkeeping.js';
import type { GraphNode, GraphStore } from '../../stores/graph/port.js';
import type { FactRow, IngestionStore } from './ingestion-store.js';
import { relationshipKey } from './ingestion-store.js';

/**
 * Text values that name things become links. A property value of a document's node (a CSV cell,
 * a JSON or front-matter field) that is exactly the name of one node of the graph, other than
 * the node itself, links the two by a relationship named after the property (`employer: "Brask
 * & Co"` → `EMPLOYER`); the value stays as well. The order the documents come in does not
 * matter: a document's values are linked to what the graph holds when it is written
 * (`linkValues`), and what a new document creates is linked from the values earlier documents
 * hold (`linkNamers`). A link is written under the provenance of the document whose value it
 * is, and so is the thing it names: that thing stays while the document naming it does.
 */

/** Values longer than this (characters) or with more words are descriptions, not names. */
const VALUE_MAX_CHARS = 120;
const VALUE_MAX_WORDS = 8;
/** Nodes a name search for a value considers. */
const SEARCH_LIMIT = 10;
/** Properties that are the node's own names or bookkeeping, never links. */
const NOT_LINKS = new Set(['aliases', 'ambiguous', 'ambiguous_candidates']);
const ISO_DATE = /^\d{4}-\d{2}(-\d{2})?([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

export interface ValueLinksDeps {
  graph: GraphStore;
  ingestions: Pick<IngestionStore, 'addFacts' | 'valuesNaming'>;
  /** Distinct values looked up for one document (INGEST_VALUE_LINKS_MAX); past it the rest stay text, with a warning. */
  maxValues: number;
}

/** A value that may name a thing: short text with a letter, not a date. */
export function mayName(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return text.length >= 2 && text.length <= VALUE_MAX_CHARS && /\p{L}/u.test(text) && !ISO_DATE.test(text) && text.split(/\s+/).length <= VALUE_MAX_WORDS;
}

export class ValueLinks {
  private readonly searches = new Map<string, Promise<GraphNode[]>>();

  constructor(private readonly deps: ValueLinksDeps) {}

  /** The one node named exactly `value`, if there is exactly one (a Document node has no name). */
  private async named(value: string): Promise<GraphNode | undefined> {
    const wanted = normalizeName(value);
    let found = this.searches.get(wanted);
    if (!found) {
      found = this.deps.graph
        .findNodesByName(value, { limit: SEARCH_LIMIT })
        .then((matches) => matches.map((m) => m.node).filter((n) => n.key && namesOf(n).some((name) => normalizeName(name) === wanted)));
      this.searches.set(wanted, found);
    }
    const nodes = await found;
    return nodes.length === 1 ? nodes[0] : undefined;
  }

  /**
   * Links the values of a version's node facts to the things they name. Returns the facts of the
   * links (to save with the version's) and a warning when some values were left unlooked.
   */
  async linkValues(input: { nodes: readonly FactRow[]; provenance: string }): Promise<{ facts: FactRow[]; warnings: string[] }> {
    this.searches.clear();
    const mentions = input.nodes.flatMap((fact) =>
      Object.entries(fact.properties)
        .filter(([key, value]) => !isNameKey(key) && !NOT_LINKS.has(key) && mayName(value) && normalizeName(value) !== normalizeName(fact.name ?? ''))
        .map(([key, value]) => ({ fact, key, value: value as string })),
    );
    const distinct = [...new Set(mentions.map((m) => normalizeName(m.value)))];
    const looked = new Set(distinct.slice(0, this.deps.maxValues));
    const warnings =
      distinct.length > looked.size
        ? [`${distinct.length - looked.size} distinct value(s) were not looked up as names of things (INGEST_VALUE_LINKS_MAX is ${this.deps.maxValues}); they stay text.`]
        : [];
    const facts: FactRow[] = [];
    for (const { fact, key, value } of mentions) {
      if (!looked.has(normalizeName(value))) continue;
      const target = await this.named(value);
      const type = relationshipTypeOf(key);
      if (!target?.key || target.key === fact.item_key || !type) continue;
      facts.push(...this.linkFacts(fact.item_key, type, target, fact.evidence));
    }
    await this.write(facts, input.provenance);
    return { facts, warnings };
  }

  /**
   * Links the values of other documents' live nodes that name what this version created, each
   * under the provenance of the document holding the value, its facts added to that version.
   */
  async linkNamers(input: { created: readonly { key: string; names: string[] }[]; docId: string; provenanceOf: (docId: string, version: number) => string }): Promise<number> {
    this.searches.clear();
    const created = new Map(input.created.flatMap((c) => c.names.map((n) => [normalizeName(n), c.key] as const)));
    const lower = [...new Set(input.created.flatMap((c) => c.names.map((n) => n.trim().toLowerCase())))];
    let linked = 0;
    for (const mention of await this.deps.ingestions.valuesNaming(lower, input.docId)) {
      if (NOT_LINKS.has(mention.property) || isNameKey(mention.property)) continue;
      const key = created.get(normalizeName(mention.value));
      const type = relationshipTypeOf(mention.property);
      const target = key ? await this.named(mention.value) : undefined;
      // The value must name this new thing and nothing else, as when the value's document is written after it.
      if (!target?.key || target.key !== key || target.key === mention.item_key || !type) continue;
      const facts = this.linkFacts(mention.item_key, type, target, mention.evidence);
      await this.write(facts, input.provenanceOf(mention.doc_id, mention.version));
      await this.deps.ingestions.addFacts(mention.doc_id, mention.version, facts);
      linked++;
    }
    return linked;
  }

  /** The relationship from `from` to the named thing, and the thing as the value's document names it. */
  private linkFacts(from: string, type: string, target: GraphNode, evidence: Evidence[]): FactRow[] {
    const name = namesOf(target)[0] ?? null;
    const label = target.labels.find((l) => l !== 'Entity') ?? 'Thing';
    return [
      { item_kind: 'node', item_key: target.key!, label, name, from_key: null, to_key: null, properties: {}, outcome: 'existing', evidence },
      { item_kind: 'relationship', item_key: relationshipKey(from, type, target.key!), label: type, name: null, from_key: from, to_key: target.key!, properties: {}, outcome: null, evidence },
    ];
  }

  private async write(facts: readonly FactRow[], provenance: string): Promise<void> {
    if (facts.length === 0) return;
    await this.deps.graph.upsert(
      {
        nodes: facts.filter((f) => f.item_kind === 'node').map((f) => ({ key: f.item_key, labels: [], properties: {} })),
        relationships: facts.filter((f) => f.item_kind === 'relationship').map((f) => ({ fromKey: f.from_key!, type: f.label, toKey: f.to_key! })),
      },
      provenance,
    );
  }
}
