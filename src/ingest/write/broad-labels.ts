import { GENERIC_LABELS } from '../names.js';
import { BROAD_KIND_OF_LABEL, labelKinds } from '../../language/label-kinds.js';
import type { BroadLabelMapping } from '../names.js';
import { ENTITY_LABEL, PROVENANCE_PROPERTY } from '../../stores/graph/bookkeeping.js';
import type { GraphStore } from '../../stores/graph/port.js';
import { DOCUMENT_LABEL } from './graph-names.js';

/** The words a curator's synonym uses for each broad label (`POST /api/v1/aim/synonyms`). */
const KIND_WORDS: Readonly<Record<string, readonly string[]>> = {
  Person: ['person', 'people'],
  Organization: ['organization', 'organisation'],
  Place: ['place', 'location'],
};
/** Labels read at most (a graph with more is not one whose kinds a label tells). */
const LABELS_MAX = 10_000;

export interface BroadLabelsDeps {
  graph: Pick<GraphStore, 'runReadOnly'>;
  /** How long a mapping is kept while the graph's labels and the synonyms stay the same (GRAPH_SCHEMA_CACHE_MS). */
  ttlMs: number;
  /** The deployment's synonyms (curators keep them). */
  synonyms: () => Promise<readonly { word: string; stands_for: string; kind: string }[]>;
}

/**
 * The label a deployment gives the things free text names only by their broad kind (a person, an
 * organization, a place), written beside the broad label (which keeps telling that the thing is
 * known only from text or a link, so a document describing it later still folds it in):
 *
 * 1. a curator's synonym for the kind's word (`{ "word": "organization", "stands_for": "Company" }`);
 * 2. else the one label of that kind among the graph's own labels, those with nodes no document
 *    made (documents never decide it, so the order they come in does not either): in a graph
 *    whose companies are `Company` and that has no other organizations, a company found in text
 *    is a `Company` too. Two labels of a kind (`City` and `Country` for places): none.
 */
export class BroadLabels {
  private kept?: { from: string; at: number; mapping: Promise<BroadLabelMapping> };

  constructor(private readonly deps: BroadLabelsDeps) {}

  /** Read again when the graph's labels or the synonyms change, or after `ttlMs`. */
  async mapping(): Promise<BroadLabelMapping> {
    const [labels, synonyms] = await Promise.all([this.labels(), this.deps.synonyms()]);
    const from = JSON.stringify([labels, synonyms.filter((s) => s.kind === 'label').map((s) => [s.word, s.stands_for])]);
    if (this.kept?.from !== from || Date.now() - this.kept.at > this.deps.ttlMs) {
      const kept = { from, at: Date.now(), mapping: this.read(labels, synonyms) };
      this.kept = kept;
      kept.mapping.catch(() => {
        if (this.kept === kept) this.kept = undefined;
      });
    }
    return this.kept.mapping;
  }

  /** The graph's labels, from the engine's catalogue (a scan where a deployment does not allow `db.labels`). */
  private async labels(): Promise<string[]> {
    const read = (cypher: string) => this.deps.graph.runReadOnly(cypher, {}, { maxRows: LABELS_MAX });
    const { rows } = await read('CALL db.labels() YIELD label RETURN label').catch(() => read('MATCH (n) UNWIND labels(n) AS label RETURN DISTINCT label'));
    return rows.map((r) => String(r.label)).sort();
  }

  private async read(labels: readonly string[], synonyms: readonly { word: string; stands_for: string; kind: string }[]): Promise<BroadLabelMapping> {
    const mapping: Record<string, string> = {};
    const candidates = labels.filter((l) => !GENERIC_LABELS.has(l) && l !== ENTITY_LABEL && l !== DOCUMENT_LABEL);
    const kinds = await labelKinds(candidates);
    const own = new Map<string, Promise<boolean>>();
    const isOwn = (label: string) => {
      let found = own.get(label);
      if (!found) {
        found = this.hasOwnNodes(label);
        own.set(label, found);
      }
      return found;
    };
    for (const [broad, words] of Object.entries(KIND_WORDS)) {
      const said = [...new Set(synonyms.filter((s) => s.kind === 'label' && words.includes(s.word) && s.stands_for !== broad).map((s) => s.stands_for))];
      if (said.length > 0) {
        if (said.length === 1) mapping[broad] = said[0]!;
        continue;
      }
      if (labels.includes(broad) && (await isOwn(broad))) continue;
      const ofKind = candidates.filter((l) => {
        const k = kinds.get(l) ?? [];
        return k.length === 1 && k[0] === BROAD_KIND_OF_LABEL.get(broad);
      });
      const owned = (await Promise.all(ofKind.map(async (l) => ((await isOwn(l)) ? l : undefined)))).filter((l): l is string => l !== undefined);
      if (owned.length === 1) mapping[broad] = owned[0]!;
    }
    return mapping;
  }

  /** Whether some node of `label` was not made by documents alone (the graph's own data, or the demo's). */
  private async hasOwnNodes(label: string): Promise<boolean> {
    const { rows } = await this.deps.graph.runReadOnly(
      `MATCH (n:\`${label.replace(/`/g, '``')}\`) WHERE n.${PROVENANCE_PROPERTY} IS NULL OR any(p IN n.${PROVENANCE_PROPERTY} WHERE NOT p STARTS WITH 'document:') RETURN 1 AS own LIMIT 1`,
      {},
      { maxRows: 1 },
    );
    return rows.length > 0;
  }
}
