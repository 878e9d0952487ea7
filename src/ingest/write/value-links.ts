import { normalizeName } from '../names.js';
import { linkTypeOf } from '../extract/text-patterns.js';
import { namesOf } from '../resolve/index.js';
import type { Evidence } from '../types.js';
import { ENTITY_LABEL, isNameKey } from '../../stores/graph/bookkeeping.js';
import type { GraphNode, GraphStore } from '../../stores/graph/port.js';
import type { FactRow, ValueMention, VersionFacts } from './version-facts.js';
import { relationshipKey } from './version-facts.js';

/**
 * Text values that name things become links. A column is the values one property takes on one
 * document's nodes of one label (a CSV column, a JSON or front-matter field). When every
 * name-like value of a column names something in the graph, each value that is exactly the name
 * of one node, other than the node itself, links the two by a relationship named after the
 * property (`employer: "Brask & Co"` → `EMPLOYER`); the value stays as well. A column with a
 * value that names nothing (a city no document describes, a placeholder such as "TBD") stays
 * text: links for some rows only would make a question that follows them answer for those rows
 * alone, wrongly and with confidence. Values without a letter, dates and long texts are not
 * name-like and do not count.
 *
 * The order the documents come in does not matter: a document's columns are linked against
 * what the graph holds when it is written (`linkValues`), and when a new document creates things,
 * the columns of earlier documents with values naming them are looked at again (`linkNamers`).
 * A link is written under the provenance of the document whose value it is, and so is the thing
 * it names: that thing stays while the document naming it does.
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
  ingestions: Pick<VersionFacts, 'addFacts' | 'valuesNaming' | 'columnValues'>;
  /** Distinct values looked up for one document (INGEST_VALUE_LINKS_MAX); past it the rest stay text, with a warning. */
  maxValues: number;
}

/** A value that may name a thing: short text with a letter, not a date. */
export function mayName(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return text.length >= 2 && text.length <= VALUE_MAX_CHARS && /\p{L}/u.test(text) && !ISO_DATE.test(text) && text.split(/\s+/).length <= VALUE_MAX_WORDS;
}

/** A value that may name a thing other than the node holding it. */
const namingValue = (value: unknown, ownName: string | null): value is string => mayName(value) && normalizeName(value) !== normalizeName(ownName ?? '');

/** One node's value of one property. */
type Cell = Pick<ValueMention, 'item_key' | 'label' | 'property' | 'value' | 'evidence'>;

/** Cells grouped by column: the label of their node and the property. */
function columnsOf(cells: readonly Cell[]): Cell[][] {
  const columns = new Map<string, Cell[]>();
  for (const cell of cells) {
    const key = JSON.stringify([cell.label, cell.property]);
    columns.set(key, [...(columns.get(key) ?? []), cell]);
  }
  return [...columns.values()];
}

export class ValueLinks {
  private readonly searches = new Map<string, Promise<GraphNode[]>>();

  constructor(private readonly deps: ValueLinksDeps) {}

  /** The nodes named exactly `value` (a Document node has no name). */
  private namesOf(value: string): Promise<GraphNode[]> {
    const wanted = normalizeName(value);
    let found = this.searches.get(wanted);
    if (!found) {
      found = this.deps.graph
        .findNodesByName(value, { limit: SEARCH_LIMIT })
        .then((matches) => matches.map((m) => m.node).filter((n) => n.key && namesOf(n).some((name) => normalizeName(name) === wanted)));
      this.searches.set(wanted, found);
    }
    return found;
  }

  /** The one node named exactly `value`, if there is exactly one. */
  private async named(value: string): Promise<GraphNode | undefined> {
    const nodes = await this.namesOf(value);
    return nodes.length === 1 ? nodes[0] : undefined;
  }

  /** Whether every value names at least one node (a name naming several still names something), nodes `apart` left out. */
  private async allName(values: readonly string[], apart: ReadonlySet<string> = new Set()): Promise<boolean> {
    for (const value of new Set(values)) if (!(await this.namesOf(value)).some((n) => !apart.has(n.key!))) return false;
    return true;
  }

  /**
   * Links the values of a version's node facts to the things they name. Returns the facts of the
   * links (to save with the version's) and a warning when some values were left unlooked.
   */
  async linkValues(input: { nodes: readonly FactRow[]; provenance: string }): Promise<{ facts: FactRow[]; warnings: string[] }> {
    this.searches.clear();
    const cells = input.nodes.flatMap((fact) =>
      Object.entries(fact.properties)
        .filter(([key, value]) => !isNameKey(key) && !NOT_LINKS.has(key) && namingValue(value, fact.name))
        .map(([key, value]) => ({ item_key: fact.item_key, label: fact.label, property: key, value: value as string, evidence: fact.evidence })),
    );
    const distinct = [...new Set(cells.map((c) => normalizeName(c.value)))];
    const looked = new Set(distinct.slice(0, this.deps.maxValues));
    const warnings =
      distinct.length > looked.size
        ? [`${distinct.length - looked.size} distinct value(s) were not looked up as names of things (INGEST_VALUE_LINKS_MAX is ${this.deps.maxValues}); their columns stay text.`]
        : [];
    const facts: FactRow[] = [];
    for (const column of columnsOf(cells)) {
      // A column with a value not looked up cannot be known to name things only.
      if (column.some((c) => !looked.has(normalizeName(c.value)))) continue;
      facts.push(...(await this.columnLinks(column)));
    }
    await this.write(facts, input.provenance);
    return { facts, warnings };
  }

  /** The links of a column whose values all name things (none otherwise). */
  private async columnLinks(column: readonly Cell[]): Promise<FactRow[]> {
    const type = linkTypeOf(column[0]!.property);
    if (!type || !(await this.allName(column.map((c) => c.value)))) return [];
    const facts: FactRow[] = [];
    for (const cell of column) {
      const target = await this.named(cell.value);
      if (target?.key && target.key !== cell.item_key) facts.push(...this.linkFacts(cell.item_key, type, target, cell.evidence));
    }
    return facts;
  }

  /**
   * Looks again at the columns of other documents' live nodes with values naming what this
   * version created: a column whose values now all name things is linked, each link under the
   * provenance of the document holding the value, its facts added to that version.
   */
  async linkNamers(input: { created: readonly { key: string; names: string[] }[]; docId: string; provenanceOf: (docId: string, version: number) => string }): Promise<number> {
    this.searches.clear();
    const lower = [...new Set(input.created.flatMap((c) => c.names.map((n) => n.trim().toLowerCase())))];
    const touched = new Map<string, ValueMention>();
    for (const mention of await this.deps.ingestions.valuesNaming(lower, input.docId)) {
      if (NOT_LINKS.has(mention.property) || isNameKey(mention.property)) continue;
      touched.set(JSON.stringify([mention.doc_id, mention.version, mention.label, mention.property]), mention);
    }
    const created = new Set(input.created.map((c) => c.key));
    let linked = 0;
    for (const { doc_id: docId, version, label, property } of touched.values()) {
      const column = (await this.deps.ingestions.columnValues(docId, version, label, property)).filter((c) => namingValue(c.value, c.name));
      // A column whose values all named things before is linked already.
      if (await this.allName(column.map((c) => c.value), created)) continue;
      const facts = await this.columnLinks(column);
      if (facts.length === 0) continue;
      await this.write(facts, input.provenanceOf(docId, version));
      await this.deps.ingestions.addFacts(docId, version, facts);
      linked += facts.filter((f) => f.item_kind === 'relationship').length;
    }
    return linked;
  }

  /** The relationship from `from` to the named thing, and the thing as the value's document names it. */
  private linkFacts(from: string, type: string, target: GraphNode, evidence: Evidence[]): FactRow[] {
    const name = namesOf(target)[0] ?? null;
    const label = target.labels.find((l) => l !== ENTITY_LABEL) ?? 'Thing';
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
