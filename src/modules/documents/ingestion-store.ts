import type { Queryable, RelationalStore } from '../../stores/relational/index.js';
import type { Evidence, LoneMention, Progress } from '../../ingest/types.js';
import { ACTIVE_RUN_STATUSES } from '../../engine/runs/store.js';
import { nameSkeleton, relationshipKey, SPACE_OR_PUNCTUATION } from '../../ingest/write/version-facts.js';
import type { FactRow, ValueMention, VersionFacts } from '../../ingest/write/version-facts.js';

/**
 * SQL for ingestions: which run writes which version, the progress its worker reported, what
 * one step hands the next (staging), and what each version wrote (facts and their evidence).
 */

export interface IngestionRow {
  run_id: string;
  doc_id: string;
  version: number;
  requested_by: string;
  stage: string | null;
  graph_written: boolean;
}

export interface IngestionFailure {
  stage: string | null;
  reason: string;
  retryable: boolean;
}

/** `nameSkeleton` of a column, in SQL (document_mentions' index is on this expression of `name`). */
const skeletonSql = (column: string) => `regexp_replace(lower(${column}), '[[:space:][:punct:]]+', '', 'g')`;

/**
 * `names` in skeleton form as the database computes it: it lower-cases letters beyond ASCII only
 * under some collations, so both forms are asked.
 */
function skeletonsAsked(names: readonly string[]): string[] {
  const asciiOnly = (name: string) => name.replace(/[A-Z]/g, (c) => c.toLowerCase()).replace(SPACE_OR_PUNCTUATION, '');
  return [...new Set(names.flatMap((n) => [nameSkeleton(n), asciiOnly(n)]))].filter((s) => s !== '');
}

/** The first evidence of the node fact `f` (as a JSON object, or null). */
const FIRST_NODE_EVIDENCE = `(SELECT jsonb_build_object('chunk', e.chunk, 'page', e.page, 'start', e.start_offset, 'end', e.end_offset,
                                    'snippet', e.snippet, 'extractor', e.extractor, 'confidence', e.confidence)
            FROM document_evidence e
           WHERE e.doc_id = f.doc_id AND e.version = f.version AND e.item_kind = 'node' AND e.item_key = f.item_key
           ORDER BY e.seq LIMIT 1)`;

const valueMentions = (rows: (ValueMention & { evidence: Evidence | null })[]): ValueMention[] =>
  rows.map((r) => ({ ...r, value: String(r.value), evidence: r.evidence ? [{ ...r.evidence, page: r.evidence.page ?? undefined }] : [] }));

/** Items per staged part: a part is parsed at once, so it stays small enough not to hold the event loop. */
const STAGING_PART_ITEMS = 500;
/** Facts per insert statement. */
const FACT_ROWS_PER_INSERT = 500;

export class IngestionStore implements VersionFacts {
  constructor(private readonly deps: { db: RelationalStore }) {}

  private get db() {
    return this.deps.db;
  }

  async nextVersion(tx: Queryable, docId: string): Promise<number> {
    const { rows } = await tx.query<{ v: number | null }>('SELECT max(version) AS v FROM document_ingestions WHERE doc_id = $1', [docId]);
    return (rows[0]?.v ?? 0) + 1;
  }

  /** The document's ingestion whose run has not finished, if any. */
  async active(q: Queryable, docId: string): Promise<{ run_id: string; version: number } | undefined> {
    const { rows } = await q.query<{ run_id: string; version: number }>(
      `SELECT i.run_id, i.version FROM document_ingestions i JOIN runs r ON r.id = i.run_id
       WHERE i.doc_id = $1 AND r.status = ANY($2::text[]) ORDER BY i.version DESC LIMIT 1`,
      [docId, [...ACTIVE_RUN_STATUSES]],
    );
    return rows[0];
  }

  async create(tx: Queryable, row: { runId: string; docId: string; version: number; requestedBy: string }): Promise<void> {
    await tx.query('INSERT INTO document_ingestions (run_id, doc_id, version, requested_by) VALUES ($1, $2, $3, $4)', [
      row.runId,
      row.docId,
      row.version,
      row.requestedBy,
    ]);
  }

  async get(runId: string): Promise<IngestionRow | undefined> {
    const { rows } = await this.db.query<IngestionRow>(
      'SELECT run_id, doc_id, version, requested_by, stage, graph_written FROM document_ingestions WHERE run_id = $1',
      [runId],
    );
    return rows[0];
  }

  async runStatus(runId: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ status: string }>('SELECT status FROM runs WHERE id = $1', [runId]);
    return rows[0]?.status;
  }

  async report(runId: string, progress: Progress): Promise<void> {
    await this.db.query(
      'UPDATE document_ingestions SET stage = $2, done = $3, total = $4, unit = $5, updated_at = now() WHERE run_id = $1',
      [runId, progress.stage, progress.done, progress.total, progress.unit],
    );
  }

  async addWarnings(runId: string, warnings: readonly string[]): Promise<void> {
    if (warnings.length === 0) return;
    await this.db.query(
      `UPDATE document_ingestions SET warnings = (
         SELECT coalesce(jsonb_agg(DISTINCT w), '[]'::jsonb) FROM jsonb_array_elements(warnings || $2::jsonb) AS w
       ) WHERE run_id = $1`,
      [runId, JSON.stringify(warnings)],
    );
  }

  async setFailure(runId: string, failure: IngestionFailure): Promise<void> {
    await this.db.query('UPDATE document_ingestions SET failure = $2, updated_at = now() WHERE run_id = $1', [runId, JSON.stringify(failure)]);
  }

  /** `merge` keeps the counts an earlier step set (the parser's) beside these. */
  async setCounts(runId: string, counts: Record<string, number>, options: { merge?: boolean } = {}): Promise<void> {
    await this.db.query(
      `UPDATE document_ingestions SET counts = CASE WHEN $3 THEN coalesce(counts, '{}'::jsonb) || $2::jsonb ELSE $2::jsonb END, updated_at = now() WHERE run_id = $1`,
      [runId, JSON.stringify(counts), options.merge === true],
    );
  }

  async setGraphWritten(docId: string, version: number, written: boolean): Promise<void> {
    await this.db.query('UPDATE document_ingestions SET graph_written = $3 WHERE doc_id = $1 AND version = $2', [docId, version, written]);
  }

  /**
   * Versions that wrote to the graph and will never be live: their run failed or was cancelled
   * (or succeeded but was replaced before it went live). What a sweep removes.
   */
  async abandonedVersions(docId?: string): Promise<{ doc_id: string; version: number; live_version: number | null }[]> {
    const { rows } = await this.db.query<{ doc_id: string; version: number; live_version: number | null }>(
      `SELECT i.doc_id, i.version, d.live_version FROM document_ingestions i
       JOIN documents d ON d.id = i.doc_id
       LEFT JOIN runs r ON r.id = i.run_id
       WHERE i.graph_written AND i.version IS DISTINCT FROM d.live_version
         AND (r.id IS NULL OR r.status IN ('failed', 'cancelled') OR (r.status = 'succeeded' AND i.version < coalesce(d.live_version, 0)))
         AND ($1::uuid IS NULL OR i.doc_id = $1)`,
      [docId ?? null],
    );
    return rows;
  }

  /** Every version of a document that may have written to the graph (for its deletion). */
  async writtenVersions(docId: string): Promise<number[]> {
    const { rows } = await this.db.query<{ version: number }>(
      `SELECT version FROM document_ingestions WHERE doc_id = $1 AND graph_written
       UNION SELECT DISTINCT version FROM document_facts WHERE doc_id = $1`,
      [docId],
    );
    return rows.map((r) => r.version);
  }

  // --- staging: what one step hands the next ---------------------------------------------------

  /**
   * Replaces what `kind` holds for the run (a step that runs again writes it again). Not one
   * transaction: the next step reads it only once this one completed, and on PGlite (one
   * connection) a long transaction would hold every other request back.
   */
  async stage(runId: string, kind: string, items: readonly unknown[]): Promise<void> {
    await this.db.query('DELETE FROM document_staging WHERE run_id = $1 AND kind = $2', [runId, kind]);
    for (let seq = 0, at = 0; at < items.length || seq === 0; seq++, at += STAGING_PART_ITEMS) {
      await this.db.query('INSERT INTO document_staging (run_id, kind, seq, data) VALUES ($1, $2, $3, $4)', [
        runId,
        kind,
        seq,
        JSON.stringify(items.slice(at, at + STAGING_PART_ITEMS)),
      ]);
    }
  }

  async staged<T>(runId: string, kind: string): Promise<T[] | undefined> {
    const { rows } = await this.db.query<{ seq: number }>('SELECT seq FROM document_staging WHERE run_id = $1 AND kind = $2 ORDER BY seq', [runId, kind]);
    if (rows.length === 0) return undefined;
    const items: T[] = [];
    // One part per statement, so a large document never arrives as one value.
    for (const { seq } of rows) {
      const part = await this.db.query<{ data: T[] }>('SELECT data FROM document_staging WHERE run_id = $1 AND kind = $2 AND seq = $3', [runId, kind, seq]);
      items.push(...(part.rows[0]?.data ?? []));
    }
    return items;
  }

  async clearStaging(runId: string): Promise<void> {
    await this.db.query('DELETE FROM document_staging WHERE run_id = $1', [runId]);
  }

  // --- facts and evidence of a version ---------------------------------------------------------

  /** Replaces what the version recorded (a step that runs again records it again). */
  async saveFacts(docId: string, version: number, facts: readonly FactRow[]): Promise<void> {
    await this.removeFacts(docId, version);
    await this.addFacts(docId, version, facts);
  }

  /** Adds facts to a version (a fact it has already is kept as it is). */
  async addFacts(docId: string, version: number, facts: readonly FactRow[]): Promise<void> {
    for (let at = 0; at < facts.length; at += FACT_ROWS_PER_INSERT) {
      const part = facts.slice(at, at + FACT_ROWS_PER_INSERT);
      await this.db.query(
        `INSERT INTO document_facts (doc_id, version, item_kind, item_key, label, name, from_key, to_key, properties, outcome)
         SELECT $1, $2, x.item_kind, x.item_key, x.label, x.name, x.from_key, x.to_key, coalesce(x.properties, '{}'::jsonb), x.outcome
         FROM jsonb_to_recordset($3::jsonb) AS x(item_kind text, item_key text, label text, name text, from_key text, to_key text,
                                                 properties jsonb, outcome text)
         ON CONFLICT DO NOTHING`,
        [docId, version, JSON.stringify(part.map(({ evidence: _evidence, ...fact }) => fact))],
      );
      const evidence = part.flatMap((fact) =>
        fact.evidence.map((e, seq) => ({
          item_kind: fact.item_kind,
          item_key: fact.item_key,
          seq,
          chunk: e.chunk,
          page: e.page ?? null,
          start_offset: e.start,
          end_offset: e.end,
          snippet: e.snippet,
          extractor: e.extractor,
          confidence: e.confidence,
        })),
      );
      if (evidence.length === 0) continue;
      await this.db.query(
        `INSERT INTO document_evidence (doc_id, version, item_kind, item_key, seq, chunk, page, start_offset, end_offset, snippet, extractor, confidence)
         SELECT $1, $2, x.item_kind, x.item_key, x.seq, x.chunk, x.page, x.start_offset, x.end_offset, x.snippet, x.extractor, x.confidence
         FROM jsonb_to_recordset($3::jsonb) AS x(item_kind text, item_key text, seq integer, chunk integer, page integer,
                                                 start_offset integer, end_offset integer, snippet text, extractor text, confidence real)
         ON CONFLICT DO NOTHING`,
        [docId, version, JSON.stringify(evidence)],
      );
    }
  }

  /**
   * The text property values of other documents' live nodes that are one of `names` (lower
   * case), with the first evidence of the node holding each: what a thing new to the graph is
   * named by in documents written before it.
   */
  async valuesNaming(names: readonly string[], exceptDoc: string): Promise<ValueMention[]> {
    if (names.length === 0) return [];
    const { rows } = await this.db.query<ValueMention & { evidence: Evidence | null }>(
      `SELECT f.doc_id, f.version, f.item_key, f.label, f.name, p.key AS property, p.value #>> '{}' AS value, ${FIRST_NODE_EVIDENCE} AS evidence
         FROM document_facts f
         JOIN documents d ON d.id = f.doc_id AND d.live_version = f.version AND NOT d.deleting
         CROSS JOIN LATERAL jsonb_each(f.properties) p
        WHERE f.item_kind = 'node' AND f.doc_id <> $2 AND jsonb_typeof(p.value) = 'string'
          AND lower(p.value #>> '{}') = ANY($1::text[])`,
      [[...names], exceptDoc],
    );
    return valueMentions(rows);
  }

  /** The text values `property` takes on the nodes of `label` one document version gives (a column), with their first evidence. */
  async columnValues(docId: string, version: number, label: string, property: string): Promise<ValueMention[]> {
    const { rows } = await this.db.query<ValueMention & { evidence: Evidence | null }>(
      `SELECT f.doc_id, f.version, f.item_key, f.label, f.name, $4::text AS property, f.properties ->> $4 AS value, ${FIRST_NODE_EVIDENCE} AS evidence
         FROM document_facts f
        WHERE f.doc_id = $1 AND f.version = $2 AND f.item_kind = 'node' AND f.label = $3 AND jsonb_typeof(f.properties -> $4) = 'string'
        ORDER BY f.item_key`,
      [docId, version, label, property],
    );
    return valueMentions(rows);
  }

  /**
   * Which of `names` live documents give a node under one of `labels`, compared in `nameSkeleton`
   * form (answered in that form): a cheap test of whether a thing of a broad kind may be named so.
   */
  async namesGivenAs(names: readonly string[], labels: readonly string[]): Promise<Set<string>> {
    const skeletons = skeletonsAsked(names);
    if (skeletons.length === 0) return new Set();
    const { rows } = await this.db.query<{ name: string }>(
      `SELECT DISTINCT ${skeletonSql('f.name')} AS name FROM document_facts f
         JOIN documents d ON d.id = f.doc_id AND d.live_version = f.version AND NOT d.deleting
        WHERE f.item_kind = 'node' AND f.label = ANY($2::text[])
          AND ${skeletonSql('f.name')} = ANY($1::text[])`,
      [skeletons, [...labels]],
    );
    return new Set(rows.map((r) => nameSkeleton(r.name)));
  }

  /** Keeps the names a version mentioned once and left out of the graph (see `mentionsNaming`). */
  async saveMentions(docId: string, version: number, mentions: readonly LoneMention[]): Promise<void> {
    await this.db.query('DELETE FROM document_mentions WHERE doc_id = $1 AND version = $2', [docId, version]);
    for (let at = 0; at < mentions.length; at += FACT_ROWS_PER_INSERT) {
      await this.db.query(
        `INSERT INTO document_mentions (doc_id, version, label, name, evidence)
         SELECT $1, $2, x.label, x.name, coalesce(x.evidence, '[]'::jsonb)
           FROM jsonb_to_recordset($3::jsonb) AS x(label text, name text, evidence jsonb)
         ON CONFLICT DO NOTHING`,
        [docId, version, JSON.stringify(mentions.slice(at, at + FACT_ROWS_PER_INSERT))],
      );
    }
  }

  /**
   * The names other documents' live versions mentioned once and left out of the graph that are
   * one of `names` (compared in `nameSkeleton` form): the documents that name a thing new to the graph.
   */
  async mentionsNaming(names: readonly string[], exceptDoc: string): Promise<(LoneMention & { doc_id: string; version: number })[]> {
    const skeletons = skeletonsAsked(names);
    if (skeletons.length === 0) return [];
    const { rows } = await this.db.query<LoneMention & { doc_id: string; version: number }>(
      `SELECT m.doc_id, m.version, m.label, m.name, m.evidence FROM document_mentions m
         JOIN documents d ON d.id = m.doc_id AND d.live_version = m.version AND NOT d.deleting
        WHERE m.doc_id <> $2 AND ${skeletonSql('m.name')} = ANY($1::text[])
        ORDER BY m.doc_id, m.version, m.label, m.name`,
      [skeletons, exceptDoc],
    );
    return rows;
  }

  /**
   * Moves every document's facts about node `from` onto node `to` (the node, the relationships it
   * ends, their evidence): `from` was found to be `to`. A version that has facts about both keeps
   * those about `to`.
   */
  async moveFacts(from: string, to: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const moved = (kind: string, fromKey: string, toKey: string) => [
        `DELETE FROM document_evidence e WHERE e.item_kind = '${kind}' AND e.item_key = $1
           AND EXISTS (SELECT 1 FROM document_facts g WHERE g.doc_id = e.doc_id AND g.version = e.version AND g.item_kind = '${kind}' AND g.item_key = $2)`,
        `DELETE FROM document_facts f WHERE f.item_kind = '${kind}' AND f.item_key = $1
           AND EXISTS (SELECT 1 FROM document_facts g WHERE g.doc_id = f.doc_id AND g.version = f.version AND g.item_kind = '${kind}' AND g.item_key = $2)`,
        `UPDATE document_evidence SET item_key = $2 WHERE item_kind = '${kind}' AND item_key = $1`,
        `UPDATE document_facts SET item_key = $2 WHERE item_kind = '${kind}' AND item_key = $1`,
      ].map((text) => ({ text, params: [fromKey, toKey] }));
      for (const { text, params } of moved('node', from, to)) await tx.query(text, params);
      const { rows } = await tx.query<{ item_key: string; label: string; from_key: string; to_key: string }>(
        `SELECT DISTINCT item_key, label, from_key, to_key FROM document_facts WHERE item_kind = 'relationship' AND (from_key = $1 OR to_key = $1)`,
        [from],
      );
      for (const r of rows) {
        const fromKey = r.from_key === from ? to : r.from_key;
        const toKey = r.to_key === from ? to : r.to_key;
        const key = relationshipKey(fromKey, r.label, toKey);
        for (const { text, params } of moved('relationship', r.item_key, key)) await tx.query(text, params);
        await tx.query(`UPDATE document_facts SET from_key = $2, to_key = $3 WHERE item_kind = 'relationship' AND item_key = $1`, [key, fromKey, toKey]);
      }
    });
  }

  async removeFacts(docId: string, version: number): Promise<void> {
    await this.db.query('DELETE FROM document_mentions WHERE doc_id = $1 AND version = $2', [docId, version]);
    await this.db.query('DELETE FROM document_evidence WHERE doc_id = $1 AND version = $2', [docId, version]);
    await this.db.query('DELETE FROM document_facts WHERE doc_id = $1 AND version = $2', [docId, version]);
  }

  /** The nodes a version set properties on, with those properties. */
  async nodeProperties(docId: string, version: number): Promise<{ key: string; properties: Record<string, unknown> }[]> {
    const { rows } = await this.db.query<{ item_key: string; properties: Record<string, unknown> }>(
      `SELECT item_key, properties FROM document_facts WHERE doc_id = $1 AND version = $2 AND item_kind = 'node' AND properties <> '{}'::jsonb`,
      [docId, version],
    );
    return rows.map((r) => ({ key: r.item_key, properties: r.properties }));
  }

  /**
   * For each of `keys`, the property values the live versions of OTHER documents set, oldest
   * document first (a later one wins when they disagree): what a node keeps when one document goes.
   */
  async otherSupport(docId: string, keys: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
    const support = new Map<string, Record<string, unknown>>();
    if (keys.length === 0) return support;
    const { rows } = await this.db.query<{ item_key: string; properties: Record<string, unknown> }>(
      `SELECT f.item_key, f.properties FROM document_facts f JOIN documents d ON d.id = f.doc_id AND d.live_version = f.version
       WHERE f.item_kind = 'node' AND f.item_key = ANY($1::text[]) AND f.doc_id <> $2 AND NOT d.deleting
       ORDER BY d.created_at, d.id`,
      [[...keys], docId],
    );
    for (const row of rows) support.set(row.item_key, { ...(support.get(row.item_key) ?? {}), ...row.properties });
    return support;
  }
}
