import type { DocumentFacts, EntityFact, LoneMention, Progress, Resolution } from '../types.js';
import { ENTITY_CYPHER, ENTITY_LABEL } from '../../stores/graph/bookkeeping.js';
import { isGraphNode } from '../../stores/graph/port.js';
import type { GraphNode, GraphStore, NodeUpsert, PropertyValue, RelationshipUpsert } from '../../stores/graph/port.js';
import { DOCUMENT_LABEL, documentNodeKey, documentProvenance, MENTIONS } from './graph-names.js';
import type { FactRow, VersionFacts } from './version-facts.js';
import { relationshipKey } from './version-facts.js';
import type { GenericNodes } from './generic-nodes.js';
import type { MentionSupport } from './mention-support.js';
import type { ValueLinks } from './value-links.js';

/**
 * Writes a version of a document's facts into the graph and takes old versions out.
 *
 * Each version writes under a provenance of its own (`document:<id>@<version>`), so a new
 * version is written whole before the old one is removed: the document's facts never vanish
 * in between, and a failed version is removed without touching the live one. Removing a
 * version deletes what no other writer supports (the store's `deleteByProvenance`), then
 * restores or removes the property values it alone had set on nodes that stay.
 */

/** Every document, for `otherSupport` (no document has this id). */
const NO_DOCUMENT = '00000000-0000-0000-0000-000000000000';
/** Keys per read of existing nodes. */
const KEYS_PER_READ = 200;

export interface WriteVersionInput {
  doc: { id: string; fileName: string; format: string };
  version: number;
  facts: DocumentFacts;
  resolutions: Resolution[];
  /** Names mentioned once that named nothing (the resolver's `mentions`): kept for documents that make them later. */
  mentions: LoneMention[];
  signal: AbortSignal;
  onProgress(progress: Progress): void;
  /** Checked between batches: the document is being deleted, stop (the deletion removes what was written). */
  stillWanted(): Promise<boolean>;
}

export interface WriteCountsByKind {
  entities: number;
  relationships: number;
  /** Relationships made from text values naming things, this document's and earlier ones'. */
  value_links: number;
  /** Broad nodes named earlier folded into the specific ones this document made. */
  folded: number;
  /** Earlier documents that mentioned a node this one made, now among its sources. */
  mentioned_earlier: number;
  existing: number;
  ambiguous: number;
  skipped_properties: number;
}

export class DocumentGraphWriter {
  constructor(
    private readonly deps: {
      graph: GraphStore;
      ingestions: VersionFacts;
      /** The schema as the planner reads it, read again once the graph changed. */
      schema: { invalidate(): void };
      values: ValueLinks;
      generic: GenericNodes;
      mentions: MentionSupport;
      batchSize: number;
    },
  ) {}

  async writeVersion(input: WriteVersionInput): Promise<{ counts: WriteCountsByKind; warnings: string[] }> {
    const { doc, version, facts, resolutions } = input;
    const { graph, ingestions, batchSize } = this.deps;
    const provenance = documentProvenance(doc.id, version);
    const keyOf = new Map(resolutions.map((r) => [r.ref, r]));
    const warnings: string[] = [];

    const entities = facts.entities.filter((e) => keyOf.has(e.ref));
    const existing = await this.existingNodes(entities.filter((e) => keyOf.get(e.ref)!.outcome === 'existing').map((e) => keyOf.get(e.ref)!.key));
    const documentValues = await ingestions.otherSupport(NO_DOCUMENT, [...existing.keys()]);
    let skipped = 0;

    // The Document node is not named (no `name`): name search is for the things documents speak of, not the files.
    const nodes: NodeUpsert[] = [{ key: documentNodeKey(doc.id), labels: [DOCUMENT_LABEL], properties: { file_name: doc.fileName, doc_id: doc.id, format: doc.format } }];
    const factRows: FactRow[] = [];
    for (const entity of entities) {
      const resolution = keyOf.get(entity.ref)!;
      const properties = this.entityProperties(entity, resolution);
      const current = existing.get(resolution.key);
      if (current) {
        // A document adds to a node others made; it does not silently overwrite their values.
        for (const [name, value] of Object.entries(properties)) {
          const there = current.properties[name];
          const fromDocuments = documentValues.get(resolution.key)?.[name] !== undefined;
          if (name !== 'name' && there !== undefined && there !== null && JSON.stringify(there) !== JSON.stringify(value) && !fromDocuments) {
            delete properties[name];
            skipped++;
          }
        }
        delete properties.name;
      }
      // A node others made keeps its labels (a document's guess of a type does not relabel it); an untyped one takes the type.
      const untyped = current && current.labels.every((l) => l === ENTITY_LABEL || l === 'Thing');
      const labels = !current ? entity.labels : untyped ? entity.labels.filter((l) => l !== 'Thing') : [];
      nodes.push({ key: resolution.key, labels, properties });
      factRows.push({
        item_kind: 'node',
        item_key: resolution.key,
        label: entity.labels[0] ?? 'Thing',
        name: entity.name,
        from_key: null,
        to_key: null,
        properties,
        outcome: resolution.outcome,
        evidence: entity.evidence,
      });
    }
    if (skipped > 0) warnings.push(`${skipped} property value(s) differed from what existing nodes already hold and were not overwritten.`);

    const endKey = (ref: string) => keyOf.get(ref)?.key;
    const relationships: RelationshipUpsert[] = [];
    const seen = new Set<string>();
    for (const relation of facts.relations) {
      const from = endKey(relation.from);
      const to = endKey(relation.to);
      if (!from || !to) continue;
      const key = relationshipKey(from, relation.type, to);
      if (seen.has(key)) continue;
      seen.add(key);
      relationships.push({ fromKey: from, type: relation.type, toKey: to, properties: relation.properties });
      factRows.push({
        item_kind: 'relationship',
        item_key: key,
        label: relation.type,
        name: null,
        from_key: from,
        to_key: to,
        properties: relation.properties,
        outcome: null,
        evidence: relation.evidence,
      });
    }
    const mentioned = [...new Set(entities.map((e) => keyOf.get(e.ref)!.key))];
    relationships.push(...mentioned.map((key) => ({ fromKey: documentNodeKey(doc.id), type: MENTIONS, toKey: key })));

    const total = nodes.length + relationships.length;
    let done = 0;
    input.onProgress({ stage: 'writing', done, total, unit: 'facts' });
    for (const [kind, items] of [['nodes', nodes], ['relationships', relationships]] as const) {
      for (let at = 0; at < items.length; at += batchSize) {
        if (input.signal.aborted) throw input.signal.reason;
        if (!(await input.stillWanted())) throw new Error('the document is being deleted');
        const part = items.slice(at, at + batchSize);
        await graph.upsert(kind === 'nodes' ? { nodes: part as NodeUpsert[], relationships: [] } : { nodes: [], relationships: part as RelationshipUpsert[] }, provenance);
        done += part.length;
        input.onProgress({ stage: 'writing', done, total, unit: 'facts' });
      }
    }
    await ingestions.saveFacts(doc.id, version, factRows);
    await ingestions.saveMentions(doc.id, version, input.mentions);
    // The order documents come in does not decide the graph: a broad node named before this
    // document made the specific one is folded into it (generic-nodes.ts), documents that named
    // it once become its sources (mention-support.ts), and text values naming things become
    // links, this document's and earlier ones' (value-links.ts).
    const created = entities
      .filter((e) => keyOf.get(e.ref)!.outcome === 'new')
      .map((e) => ({ key: keyOf.get(e.ref)!.key, labels: e.labels, names: [e.name, ...(e.aliases ?? [])] }));
    const folded = await this.deps.generic.foldInto(created);
    const mentionedEarlier = await this.deps.mentions.supportCreated(created, doc.id);
    const linked = await this.deps.values.linkValues({ nodes: factRows.filter((f) => f.item_kind === 'node'), provenance });
    warnings.push(...linked.warnings);
    await ingestions.addFacts(doc.id, version, linked.facts);
    const linkedBack = await this.deps.values.linkNamers({ created, docId: doc.id, provenanceOf: documentProvenance });
    this.deps.schema.invalidate();
    return {
      counts: {
        entities: entities.length,
        relationships: relationships.length - mentioned.length,
        value_links: linked.facts.filter((f) => f.item_kind === 'relationship').length + linkedBack,
        folded,
        mentioned_earlier: mentionedEarlier,
        existing: resolutions.filter((r) => r.outcome === 'existing').length,
        ambiguous: resolutions.filter((r) => r.outcome === 'ambiguous').length,
        skipped_properties: skipped,
      },
      warnings,
    };
  }

  /**
   * Takes one version out of the graph: what only it supported goes, and on nodes that stay,
   * each property it set takes the value the document's live version or other documents give,
   * or is removed when none does; then the version is recorded as no longer in the graph (only
   * once it is gone: a removal that failed is left for the next sweep to repeat). Safe to repeat.
   */
  async removeVersion(docId: string, version: number, liveVersion: number | null): Promise<void> {
    const { graph, ingestions } = this.deps;
    const touched = await ingestions.nodeProperties(docId, version);
    await graph.deleteByProvenance(documentProvenance(docId, version));
    if (touched.length > 0) {
      const keys = touched.map((t) => t.key);
      const staying = await this.existingNodes(keys);
      const others = await ingestions.otherSupport(docId, keys);
      const own = liveVersion !== null && liveVersion !== version ? new Map((await ingestions.nodeProperties(docId, liveVersion)).map((t) => [t.key, t.properties])) : new Map();
      const fixes = new Map<string, { node: GraphNode; properties: Record<string, PropertyValue> }>();
      for (const { key, properties } of touched) {
        const node = staying.get(key);
        if (!node) continue;
        const supported = { ...(others.get(key) ?? {}), ...(own.get(key) ?? {}) };
        for (const name of Object.keys(properties)) {
          if (name === 'name') continue;
          const keep = (supported[name] ?? null) as PropertyValue;
          if (JSON.stringify(node.properties[name] ?? null) === JSON.stringify(keep)) continue;
          const fix = fixes.get(key) ?? { node, properties: {} };
          fix.properties[name] = keep;
          fixes.set(key, fix);
        }
      }
      // Written under a provenance the node already has, so the fix adds no new writer.
      for (const { node, properties } of fixes.values()) {
        const writer = node.provenance?.[0];
        if (!writer) continue;
        await graph.upsert({ nodes: [{ key: node.key!, labels: [], properties }], relationships: [] }, writer);
      }
    }
    await ingestions.removeFacts(docId, version);
    this.deps.schema.invalidate();
    await ingestions.setGraphWritten(docId, version, false);
  }

  /** Removes what failed or cancelled ingestions (and versions replaced before they went live) left in the graph. */
  async removeAbandoned(docId?: string): Promise<void> {
    for (const abandoned of await this.deps.ingestions.abandonedVersions(docId)) {
      await this.removeVersion(abandoned.doc_id, abandoned.version, abandoned.live_version);
    }
  }

  private entityProperties(entity: EntityFact, resolution: Resolution): Record<string, PropertyValue> {
    const properties: Record<string, PropertyValue> = { ...entity.properties, name: entity.name };
    if (entity.aliases?.length) properties.aliases = [...new Set(entity.aliases)];
    if (resolution.outcome === 'ambiguous') {
      properties.ambiguous = true;
      properties.ambiguous_candidates = resolution.candidates ?? [];
    }
    return properties;
  }

  /** The nodes with these keys that exist now. */
  private async existingNodes(keys: readonly string[]): Promise<Map<string, GraphNode>> {
    const found = new Map<string, GraphNode>();
    const unique = [...new Set(keys)];
    for (let at = 0; at < unique.length; at += KEYS_PER_READ) {
      const part = unique.slice(at, at + KEYS_PER_READ);
      const { rows } = await this.deps.graph.runReadOnly(`MATCH (n:${ENTITY_CYPHER}) WHERE n._key IN $keys RETURN n`, { keys: part }, { maxRows: part.length });
      for (const row of rows) {
        const node = row.n;
        if (isGraphNode(node) && node.key) found.set(node.key, node);
      }
    }
    return found;
  }
}
