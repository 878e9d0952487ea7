import { compatibleNodes, nodesNamedExactly } from '../resolve/index.js';
import type { GraphStore } from '../../stores/graph/port.js';
import type { VersionFacts } from './version-facts.js';


export interface MentionSupportDeps {
  graph: Pick<GraphStore, 'findNodesByName' | 'upsert'>;
  ingestions: Pick<VersionFacts, 'mentionsNaming' | 'addFacts'>;
  /** The provenance and the Document node of a document version, as the writer makes them. */
  provenanceOf(docId: string, version: number): string;
  documentNodeKey(docId: string): string;
  /** The relationship from a Document node to what it names. */
  mentionsType: string;
}

/**
 * A name a document mentions once is noise and makes no node; but when another document makes
 * the thing, the mention is one more source of it (the node stays while either document does).
 * The resolver does this when the node is there first; this does it when the node comes after:
 * for each node a document has just created, the documents that mentioned its name once (kept
 * aside as `document_mentions`) become its supporters, with the same fact, relationship and
 * provenance they would have written had the node been there. Only where the name then names
 * exactly one compatible node, as the resolver requires.
 */
export class MentionSupport {
  constructor(private readonly deps: MentionSupportDeps) {}

  /** Answers how many earlier mentions now support the created nodes. */
  async supportCreated(created: readonly { key: string; labels: string[]; names: string[] }[], docId: string): Promise<number> {
    if (created.length === 0) return 0;
    const mentions = await this.deps.ingestions.mentionsNaming(created.flatMap((c) => c.names), docId);
    let supported = 0;
    for (const mention of mentions) {
      // The resolver's test, as it would have applied it had the node been there first.
      const candidates = await compatibleNodes([mention.label], await nodesNamedExactly(this.deps.graph, mention.name));
      const node = candidates.length === 1 ? created.find((c) => c.key === candidates[0]!.key) : undefined;
      if (!node) continue;
      const { provenanceOf, documentNodeKey, mentionsType } = this.deps;
      await this.deps.graph.upsert(
        { nodes: [{ key: node.key, labels: [], properties: {} }], relationships: [{ fromKey: documentNodeKey(mention.doc_id), type: mentionsType, toKey: node.key }] },
        provenanceOf(mention.doc_id, mention.version),
      );
      await this.deps.ingestions.addFacts(mention.doc_id, mention.version, [
        { item_kind: 'node', item_key: node.key, label: mention.label, name: mention.name, from_key: null, to_key: null, properties: {}, outcome: 'existing', evidence: mention.evidence },
      ]);
      supported++;
    }
    return supported;
  }
}
