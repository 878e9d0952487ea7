import { whenCommitted } from '../../stores/relational/index.js';
import type { Queryable, RelationalStore, SqlParam } from '../../stores/relational/index.js';
import { RUN_JOB_KIND } from '../../engine/jobs/kinds.js';
import type { DocumentFormat, IngestionStage } from '../../ingest/types.js';
import { DocumentPreviewSchema } from '../../ingest/preview-schema.js';
import type { DocumentPreview } from '../../ingest/preview-schema.js';

/**
 * SQL for documents and their bytes. Rules (who may see what, which moves are legal) are in
 * the service. Bytes live in `document_chunks`, one row per DOCUMENT_CHUNK_BYTES, so an upload
 * is stored while it streams in and a download reads one chunk at a time.
 */

export const DOCUMENT_CHUNK_BYTES = 256 * 1024;

export const DOCUMENT_STATUSES = ['uploaded', 'approved', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const INGESTION_STATES = ['not_started', 'queued', 'running', 'ingested', 'failed', 'cancelled'] as const;
export type IngestionState = (typeof INGESTION_STATES)[number];

export interface DocumentRow {
  id: string;
  owner: string;
  file_name: string;
  format: DocumentFormat;
  content_type: string;
  size: number;
  sha256: string;
  status: DocumentStatus;
  status_reason: string | null;
  status_changed_by: string | null;
  status_changed_at: Date | null;
  revision: number;
  live_version: number | null;
  deleting: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The latest ingestion of a document, as its run and job show it (null fields when there is none). */
export interface IngestionView {
  ingestion_state: IngestionState;
  run_id: string | null;
  session_id: string | null;
  version: number | null;
  stage: IngestionStage | null;
  done: number | null;
  total: number | null;
  unit: string | null;
  warnings: string[] | null;
  counts: Record<string, number> | null;
  failure: { stage?: string; reason: string; retryable: boolean } | null;
  run_error: { code: string; message: string } | null;
  run_created_at: Date | null;
  run_started_at: Date | null;
  run_finished_at: Date | null;
}

export type DocumentWithIngestion = DocumentRow & IngestionView;

/**
 * The ingestion state is derived, never stored: `running` only while a live worker holds the
 * run's lease (its process still has a connection named as the lease's owner, see
 * RelationalStore.sessionName), so no status outlives the worker that owned it: a run whose
 * worker died reads `queued` at once, until another process takes it over when the lease runs
 * out, or `failed` once it gave up.
 */
const WITH_INGESTION = `
  SELECT d.*,
    CASE
      WHEN i.run_id IS NULL THEN 'not_started'
      WHEN r.status = 'succeeded' THEN 'ingested'
      WHEN r.status = 'failed' THEN 'failed'
      WHEN r.status = 'cancelled' THEN 'cancelled'
      WHEN r.status = 'running' AND j.status = 'leased' AND j.lease_expires_at > now()
        AND EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.application_name = j.lease_owner) THEN 'running'
      ELSE 'queued'
    END AS ingestion_state,
    i.run_id, r.session_id, i.version, i.stage, i.done, i.total, i.unit, i.warnings, i.counts, i.failure,
    r.error AS run_error, r.created_at AS run_created_at, r.started_at AS run_started_at, r.finished_at AS run_finished_at
  FROM documents d
  LEFT JOIN LATERAL (
    SELECT * FROM document_ingestions di WHERE di.doc_id = d.id ORDER BY di.version DESC LIMIT 1
  ) i ON true
  LEFT JOIN runs r ON r.id = i.run_id
  LEFT JOIN jobs j ON j.kind = '${RUN_JOB_KIND}' AND j.ref_id = i.run_id`;

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** bigint columns arrive as strings. */
const toRow = <T extends DocumentRow>(row: T): T => {
  const counted = row as T & Partial<IngestionView>;
  return {
    ...row,
    size: Number(row.size),
    ...('done' in counted ? { done: numberOrNull(counted.done), total: numberOrNull(counted.total) } : {}),
  };
};

export interface DocumentFilter {
  owner?: string;
  status?: DocumentStatus;
  ingestionState?: IngestionState;
  format?: string;
  /** Text in the file name (case-insensitive). */
  q?: string;
  since?: Date;
  until?: Date;
  /** Keyset: rows after this (created_at, id) in the list's order. */
  after?: { createdAt: string; id: string };
  limit: number;
}

export class DocumentStore {
  /** `onLiveChange`: which documents have live facts changed (a live version set, a document deleted). */
  constructor(private readonly deps: { db: RelationalStore; onLiveChange?: () => void }) {}

  private get db() {
    return this.deps.db;
  }

  /** A document row for bytes still streaming in: seen by nobody until `complete`. */
  async begin(row: { id: string; owner: string; fileName: string }): Promise<void> {
    await this.db.query(`INSERT INTO documents (id, owner, file_name, status) VALUES ($1, $2, $3, 'uploading')`, [
      row.id,
      row.owner,
      row.fileName,
    ]);
  }

  async appendChunk(id: string, seq: number, data: Uint8Array): Promise<void> {
    await this.db.query('INSERT INTO document_chunks (doc_id, seq, data) VALUES ($1, $2, $3)', [id, seq, data]);
  }

  /** The upload is whole and checked; false when the owner stored the same bytes meanwhile (the unique index says so). */
  async complete(id: string, file: { format: string; contentType: string; size: number; sha256: string }): Promise<boolean> {
    try {
      await this.db.query(
        `UPDATE documents SET status = 'uploaded', format = $2, content_type = $3, size = $4, sha256 = $5, updated_at = now()
         WHERE id = $1 AND status = 'uploading'`,
        [id, file.format, file.contentType, file.size, file.sha256],
      );
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return false;
      throw error;
    }
  }

  /**
   * An edited file takes the place of `targetId`'s bytes (uploaded as `uploadId`, whole and
   * checked): the document needs approving again, and its facts stay live until it is ingested again.
   * False when the owner stored the same bytes elsewhere meanwhile.
   */
  async replace(targetId: string, uploadId: string, file: { fileName: string; format: string; contentType: string; size: number; sha256: string }): Promise<boolean> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.query('DELETE FROM document_chunks WHERE doc_id = $1', [targetId]);
        await tx.query('UPDATE document_chunks SET doc_id = $1 WHERE doc_id = $2', [targetId, uploadId]);
        await tx.query('DELETE FROM documents WHERE id = $1', [uploadId]);
        await tx.query(
          `UPDATE documents SET file_name = $2, format = $3, content_type = $4, size = $5, sha256 = $6, status = 'uploaded',
             status_reason = NULL, status_changed_by = NULL, status_changed_at = NULL, preview = NULL, revision = revision + 1, updated_at = now()
           WHERE id = $1`,
          [targetId, file.fileName, file.format, file.contentType, file.size, file.sha256],
        );
      });
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return false;
      throw error;
    }
  }

  /** Removes documents an upload made (its bytes too); `uploadingOnly` leaves any that were completed. */
  async discard(ids: readonly string[], options: { uploadingOnly?: boolean } = {}): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query(`DELETE FROM documents WHERE id = ANY($1::uuid[]) AND ($2 OR status = 'uploading')`, [[...ids], !options.uploadingOnly]);
  }

  /** Uploads a crashed process left behind (their bytes too). */
  async discardStaleUploads(olderThanMs: number): Promise<number> {
    const { rowCount } = await this.db.query(
      `DELETE FROM documents WHERE status = 'uploading' AND created_at < now() - make_interval(secs => $1)`,
      [olderThanMs / 1000],
    );
    return rowCount;
  }

  /** Bytes the owner keeps stored (uploads under way included). */
  async usage(owner: string): Promise<number> {
    const { rows } = await this.db.query<{ n: string | null }>('SELECT sum(size) AS n FROM documents WHERE owner = $1', [owner]);
    return Number(rows[0]?.n ?? 0);
  }

  async findBySha256(owner: string, sha256: string): Promise<{ id: string; file_name: string } | undefined> {
    const { rows } = await this.db.query<{ id: string; file_name: string }>(
      `SELECT id, file_name FROM documents WHERE owner = $1 AND sha256 = $2 AND status <> 'uploading'`,
      [owner, sha256],
    );
    return rows[0];
  }

  /** A stored document (not one still uploading), with its latest ingestion. */
  async get(id: string, q: Queryable = this.db): Promise<DocumentWithIngestion | undefined> {
    const { rows } = await q.query<DocumentWithIngestion>(`${WITH_INGESTION} WHERE d.id = $1 AND d.status <> 'uploading'`, [id]);
    return rows[0] && toRow(rows[0]);
  }

  async getForUpdate(tx: Queryable, id: string): Promise<DocumentRow | undefined> {
    const { rows } = await tx.query<DocumentRow>(`SELECT * FROM documents WHERE id = $1 AND status <> 'uploading' FOR UPDATE`, [id]);
    return rows[0] && toRow(rows[0]);
  }

  /** Newest first (created_at, then id, descending); documents being deleted are left out. */
  async list(filter: DocumentFilter): Promise<DocumentWithIngestion[]> {
    const where = [`d.status <> 'uploading'`, 'NOT d.deleting'];
    const params: SqlParam[] = [];
    const add = (sql: (p: string) => string, value: SqlParam) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (filter.owner !== undefined) add((p) => `d.owner = ${p}`, filter.owner);
    if (filter.status !== undefined) add((p) => `d.status = ${p}`, filter.status);
    if (filter.format !== undefined) add((p) => `d.format = ${p}`, filter.format);
    if (filter.q !== undefined) add((p) => `strpos(lower(d.file_name), lower(${p})) > 0`, filter.q);
    if (filter.since !== undefined) add((p) => `d.created_at >= ${p}`, filter.since);
    if (filter.until !== undefined) add((p) => `d.created_at < ${p}`, filter.until);
    if (filter.after) {
      params.push(filter.after.createdAt, filter.after.id);
      where.push(`(d.created_at, d.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    let sql = `${WITH_INGESTION} WHERE ${where.join(' AND ')}`;
    if (filter.ingestionState !== undefined) {
      params.push(filter.ingestionState);
      sql = `SELECT * FROM (${sql}) listed WHERE ingestion_state = $${params.length}`;
    }
    params.push(filter.limit);
    const { rows } = await this.db.query<DocumentWithIngestion>(`${sql} ORDER BY created_at DESC, id DESC LIMIT $${params.length}`, params);
    return rows.map(toRow);
  }

  /** How many of the (owner's) documents are in each ingestion state. */
  async ingestionCounts(owner?: string): Promise<{ state: IngestionState; n: number }[]> {
    const { rows } = await this.db.query<{ state: IngestionState; n: number }>(
      `SELECT ingestion_state AS state, count(*)::int AS n FROM (${WITH_INGESTION}
         WHERE d.status <> 'uploading' AND NOT d.deleting AND ($1::text IS NULL OR d.owner = $1)) listed GROUP BY ingestion_state`,
      [owner ?? null],
    );
    return rows;
  }

  async setStatus(tx: Queryable, id: string, change: { status: DocumentStatus; by: string; reason: string | null }): Promise<void> {
    await tx.query(
      `UPDATE documents SET status = $2, status_changed_by = $3, status_reason = $4, status_changed_at = now(), updated_at = now()
       WHERE id = $1`,
      [id, change.status, change.by, change.reason],
    );
  }

  /**
   * Makes `version` the one whose facts the graph holds (null: none). `whileRunning`: only while
   * that run is still running, in the same statement, so a cancel that committed first wins.
   */
  async setLiveVersion(id: string, version: number | null, options: { whileRunning?: string } = {}): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE documents SET live_version = $2, updated_at = now()
       WHERE id = $1 AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM runs WHERE id = $3 AND status = 'running'))`,
      [id, version, options.whileRunning ?? null],
    );
    this.deps.onLiveChange?.();
    return rowCount > 0;
  }

  async markDeleting(tx: Queryable, id: string): Promise<void> {
    await tx.query('UPDATE documents SET deleting = true, updated_at = now() WHERE id = $1', [id]);
    whenCommitted(tx).then(() => this.deps.onLiveChange?.(), () => undefined);
  }

  /** Removes the row, its bytes, its ingestions, facts and evidence (all cascade). */
  async remove(id: string): Promise<void> {
    await this.db.query('DELETE FROM documents WHERE id = $1', [id]);
    this.deps.onLiveChange?.();
  }

  async isDeleting(id: string): Promise<boolean> {
    const { rows } = await this.db.query<{ deleting: boolean }>('SELECT deleting FROM documents WHERE id = $1', [id]);
    return rows[0]?.deleting ?? true;
  }

  /** The bytes, one stored chunk at a time. */
  async *chunks(id: string): AsyncGenerator<Uint8Array> {
    for (let seq = 0; ; seq++) {
      const { rows } = await this.db.query<{ data: Uint8Array }>('SELECT data FROM document_chunks WHERE doc_id = $1 AND seq = $2', [id, seq]);
      if (!rows[0]) return;
      yield rows[0].data;
    }
  }

  async savePreview(id: string, preview: DocumentPreview): Promise<void> {
    await this.db.query('UPDATE documents SET preview = $2 WHERE id = $1', [id, JSON.stringify(preview)]);
  }

  /** The preview made before, if any (one kept by an older version that no longer reads as one is made again). */
  async preview(id: string): Promise<DocumentPreview | null> {
    const { rows } = await this.db.query<{ preview: unknown }>('SELECT preview FROM documents WHERE id = $1', [id]);
    const kept = DocumentPreviewSchema.safeParse(rows[0]?.preview);
    return kept.success ? kept.data : null;
  }
}
