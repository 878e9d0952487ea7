import { compatibleLabels, GENERIC_LABELS, isGenericLabels, normalizeName } from '../names.js';
import { labelKinds } from '../../language/label-kinds.js';
import { madeByDocuments, namesOf } from '../resolve/index.js';
import { BOOKKEEPING_PROPERTIES, ENTITY_CYPHER, ENTITY_LABEL, isNameKey } from '../../stores/graph/bookkeeping.js';
import type { GraphNode, GraphStore, PropertyValue } from '../../stores/graph/port.js';
import type { BroadLabels } from './broad-labels.js';
import type { VersionFacts } from './version-facts.js';
import { nameSkeleton } from './version-facts.js';

/**
 * A thing named in free text or by a link before the document that describes it was ingested is
 * at first a node of its own, of a broad kind (`Thing`, `Person`, `Organization`, `Place`). When a
 * document then makes the specific node of that name (a `Vessel` row of a CSV, a `Sailor`), the
 * broad one is folded into it: its relationships and supporters move over, with the documents'
 * facts about it, its values fill what the specific node lacks, and it goes. A mention written
 * after the specific node resolves to it at once (ingest/resolve: the one compatible node of that
 * name), so the graph is the same whichever document came first.
 */

/** Nodes a name search considers. */
const SEARCH_LIMIT = 25;

const ownLabels = (node: GraphNode) => node.labels.filter((l) => l !== ENTITY_LABEL);

interface Edge {
  type: string;
  /** Whether the folded node is where it starts. */
  out: boolean;
  other: string;
  properties: Record<string, PropertyValue>;
  provenance: string[];
}

export class GenericNodes {
  constructor(private readonly deps: { graph: GraphStore; ingestions: Pick<VersionFacts, 'moveFacts' | 'namesGivenAs'>; broadLabels: Pick<BroadLabels, 'mapping'> }) {}

  /**
   * Folds into each node a document has just created (`key`, with its specific `labels`) the
   * broad nodes of the same name that only documents made, when no other specific node of that
   * name could be meant instead. Answers how many were folded.
   */
  async foldInto(created: readonly { key: string; labels: string[]; names: string[] }[]): Promise<number> {
    let folded = 0;
    const mapping = await this.deps.broadLabels.mapping();
    const specific = created.filter((node) => !isGenericLabels(node.labels, mapping));
    // One indexed read first: a document with thousands of new rows searches the graph only for
    // the names some document gave a thing of a broad kind (usually none).
    const broadNames = await this.deps.ingestions.namesGivenAs(specific.flatMap((n) => n.names), [...GENERIC_LABELS]);
    for (const node of specific) {
      if (!node.names.some((n) => broadNames.has(nameSkeleton(n)))) continue;
      const wanted = new Set(node.names.map(normalizeName));
      const found = new Map<string, GraphNode>();
      for (const name of node.names) {
        for (const { node: n } of await this.deps.graph.findNodesByName(name, { limit: SEARCH_LIMIT })) {
          // (A Document node has no name: name search never finds it.)
          if (n.key && n.key !== node.key && namesOf(n).some((x) => wanted.has(normalizeName(x)))) found.set(n.key, n);
        }
      }
      const kinds = await labelKinds([...node.labels, ...[...found.values()].flatMap(ownLabels)]);
      const others = [...found.values()].filter((n) => compatibleLabels(node.labels, ownLabels(n), kinds));
      // Another specific node of that name: a mention could mean either, so nothing is folded.
      if (others.some((n) => !isGenericLabels(ownLabels(n), mapping))) continue;
      for (const broad of others) {
        if (!madeByDocuments(broad) || broad.properties.ambiguous === true) continue;
        await this.fold(broad, node.key);
        folded++;
      }
    }
    return folded;
  }

  private async fold(broad: GraphNode, into: string): Promise<void> {
    const { graph } = this.deps;
    const target = (await graph.runReadOnly(`MATCH (n:${ENTITY_CYPHER} {_key: $key}) RETURN n`, { key: into }, { maxRows: 1 })).rows[0]?.n as GraphNode | undefined;
    if (!target) return;
    // Its values fill what the specific node lacks; the specific node's own values stay.
    const fill = Object.fromEntries(
      Object.entries(broad.properties).filter(([k, v]) => !BOOKKEEPING_PROPERTIES.has(k) && !isNameKey(k) && v !== null && target.properties[k] === undefined),
    ) as Record<string, PropertyValue>;
    const edges = await this.edgesOf(broad.key!);
    for (const provenance of broad.provenance ?? []) {
      await graph.upsert({ nodes: [{ key: into, labels: [], properties: fill }], relationships: [] }, provenance);
    }
    for (const edge of edges) {
      if (edge.other === into || edge.other === broad.key) continue; // a link between the two is no link once they are one
      const relationship = edge.out ? { fromKey: into, type: edge.type, toKey: edge.other, properties: edge.properties } : { fromKey: edge.other, type: edge.type, toKey: into, properties: edge.properties };
      for (const provenance of edge.provenance) await graph.upsert({ nodes: [], relationships: [relationship] }, provenance);
    }
    await graph.deleteNodes([broad.key!]);
    await this.deps.ingestions.moveFacts(broad.key!, into);
  }

  private async edgesOf(key: string): Promise<Edge[]> {
    const read = async (out: boolean) => {
      const pattern = out ? `(n:${ENTITY_CYPHER} {_key: $key})-[r]->(x:${ENTITY_CYPHER})` : `(x:${ENTITY_CYPHER})-[r]->(n:${ENTITY_CYPHER} {_key: $key})`;
      const { rows } = await this.deps.graph.runReadOnly(
        `MATCH ${pattern} RETURN type(r) AS type, x._key AS other, properties(r) AS properties, r._provenance AS provenance`,
        { key },
        { maxRows: 100_000 },
      );
      return rows.map((r) => {
        const all = (r.properties ?? {}) as Record<string, unknown>;
        return {
          type: String(r.type),
          out,
          other: String(r.other),
          properties: Object.fromEntries(Object.entries(all).filter(([k]) => !BOOKKEEPING_PROPERTIES.has(k))) as Record<string, PropertyValue>,
          provenance: Array.isArray(r.provenance) ? r.provenance.map(String) : [],
        };
      });
    };
    return [...(await read(true)), ...(await read(false))];
  }
}
