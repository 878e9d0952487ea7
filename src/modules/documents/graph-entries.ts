import type { RelationalStore } from '../../stores/relational/index.js';
import type { Extractor } from '../../ingest/types.js';
import type { FactRow } from '../../ingest/write/version-facts.js';

/**
 * The knowledge-graph entries documents support: one per node or relationship, across the live
 * versions of the documents a reader may see, each with its supporting documents and the first
 * few pieces of evidence. Read from the relational store (what each version wrote), so a page
 * costs two statements and nothing of the graph engine.
 */

/** Evidence shown per entry. */
export const EVIDENCE_PER_ENTRY = 3;

export interface GraphEntryFilter {
  /** Only documents of this owner (a user sees their own). */
  owner?: string;
  docId?: string;
  kind?: 'node' | 'relationship';
  label?: string;
  name?: string;
  after?: { kind: string; key: string };
  limit: number;
}

/** A fact as a live version recorded it, with its document. */
type FactWithDocument = Omit<FactRow, 'evidence'> & { doc_id: string; file_name: string; version: number };

interface EvidenceRow {
  doc_id: string;
  version: number;
  item_kind: string;
  item_key: string;
  chunk: number;
  page: number | null;
  start_offset: number;
  end_offset: number;
  snippet: string;
  extractor: Extractor;
  confidence: number;
}

const LIVE = `document_facts f JOIN documents d ON d.id = f.doc_id AND d.live_version = f.version AND NOT d.deleting
  AND ($1::text IS NULL OR d.owner = $1)`;

export class GraphEntries {
  constructor(private readonly deps: { db: RelationalStore }) {}

  async page(filter: GraphEntryFilter) {
    const { db } = this.deps;
    const { rows: keys } = await db.query<{ item_kind: string; item_key: string }>(
      `SELECT f.item_kind, f.item_key FROM ${LIVE}
       WHERE ($2::uuid IS NULL OR f.doc_id = $2) AND ($3::text IS NULL OR f.item_kind = $3) AND ($4::text IS NULL OR f.label = $4)
         AND ($5::text IS NULL OR strpos(lower(f.name), lower($5)) > 0)
         AND ($6::text IS NULL OR (f.item_kind, f.item_key) > ($6, $7))
       GROUP BY f.item_kind, f.item_key ORDER BY f.item_kind, f.item_key LIMIT $8`,
      [filter.owner ?? null, filter.docId ?? null, filter.kind ?? null, filter.label ?? null, filter.name ?? null, filter.after?.kind ?? null, filter.after?.key ?? null, filter.limit],
    );
    if (keys.length === 0) return [];
    const kinds = keys.map((k) => k.item_kind);
    const itemKeys = keys.map((k) => k.item_key);
    const { rows: facts } = await db.query<FactWithDocument>(
      `SELECT f.*, d.file_name FROM ${LIVE}
       JOIN unnest($2::text[], $3::text[]) AS k(kind, key) ON k.kind = f.item_kind AND k.key = f.item_key
       ORDER BY d.created_at, d.id`,
      [filter.owner ?? null, kinds, itemKeys],
    );
    const { rows: evidence } = await db.query<EvidenceRow>(
      `SELECT * FROM (
         SELECT e.*, row_number() OVER (PARTITION BY e.item_kind, e.item_key ORDER BY e.confidence DESC, e.doc_id, e.seq) AS n
         FROM document_evidence e
         JOIN documents d ON d.id = e.doc_id AND d.live_version = e.version AND NOT d.deleting AND ($1::text IS NULL OR d.owner = $1)
         JOIN unnest($2::text[], $3::text[]) AS k(kind, key) ON k.kind = e.item_kind AND k.key = e.item_key
       ) ranked WHERE n <= ${EVIDENCE_PER_ENTRY}`,
      [filter.owner ?? null, kinds, itemKeys],
    );
    return keys.map(({ item_kind, item_key }) => {
      const supporting = facts.filter((f) => f.item_kind === item_kind && f.item_key === item_key);
      const first = supporting[0]!;
      return {
        kind: item_kind as 'node' | 'relationship',
        key: item_key,
        label: first.label,
        name: supporting.map((f) => f.name).find((n) => n !== null) ?? null,
        from_key: first.from_key,
        to_key: first.to_key,
        properties: Object.assign({}, ...supporting.map((f) => f.properties)) as Record<string, unknown>,
        ambiguous: supporting.some((f) => f.outcome === 'ambiguous'),
        documents: supporting.map((f) => ({ doc_id: f.doc_id, file_name: f.file_name, version: f.version })),
        evidence: evidence
          .filter((e) => e.item_kind === item_kind && e.item_key === item_key)
          .map((e) => ({
            doc_id: e.doc_id,
            version: e.version,
            chunk: e.chunk,
            page: e.page,
            start: e.start_offset,
            end: e.end_offset,
            snippet: e.snippet,
            extractor: e.extractor,
            confidence: Math.round(e.confidence * 1000) / 1000,
          })),
      };
    });
  }
}
