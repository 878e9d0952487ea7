import type { Queryable, RelationalStore, SqlParam } from '../../stores/relational/index.js';
import type { QueryListFilters, QueryStatus } from './schemas.js';
import { QUERY_STATUSES } from './schemas.js';

/** SQL for queries, their revisions, history and template reuse. No rules here: see service.ts. */

export interface QueryRow {
  id: number;
  status: QueryStatus;
  question: string;
  question_normalized: string;
  cypher: string;
  parameters: Record<string, unknown>;
  fingerprint: string;
  cypher_normalized: string;
  session_id: string | null;
  message_id: string | null;
  run_id: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  updated_by: string | null;
  reason: string | null;
  revision: number;
  template_cypher: string | null;
  template_parameters: { name: string; example: unknown; from_question: boolean }[] | null;
  pattern: string | null;
  pattern_key: string | null;
  approved_at: Date | null;
  approved_by: string | null;
  reuse_count: number;
  last_reused_at: Date | null;
  reuse_sessions: number;
}

export interface NewQuery {
  status: 'pending' | 'declined';
  question: string;
  questionNormalized: string;
  cypher: string;
  parameters: Record<string, unknown>;
  fingerprint: string;
  cypherNormalized: string;
  sessionId?: string | null;
  messageId?: string | null;
  runId?: string | null;
  createdBy: string;
  reason?: string | null;
}

export interface TemplateFields {
  question: string;
  questionNormalized: string;
  cypher: string;
  parameters: Record<string, unknown>;
  fingerprint: string;
  cypherNormalized: string;
  templateCypher: string;
  templateParameters: { name: string; example: unknown; from_question: boolean }[];
  pattern: string | null;
  patternKey: string | null;
}

export interface RevisionRow {
  revision: number;
  question: string;
  cypher: string;
  parameters: Record<string, unknown>;
  created_at: Date;
  created_by: string;
}

export interface EventRow {
  action: string;
  actor: string;
  at: Date;
  details: Record<string, unknown>;
}

export interface SimilarRow {
  for_id: number;
  id: number;
  status: 'pending' | 'approved';
  question: string;
  kind: 'same_fingerprint' | 'similar_question' | 'similar_cypher';
  score: number;
}

export interface TemplateCandidateRow {
  id: number;
  pattern: string;
  template_cypher: string;
  template_parameters: { name: string; example: unknown; from_question: boolean }[];
  question: string;
  key_similarity: number;
}

export type TemplateSort = 'reuse_count' | 'last_reused_at' | 'created_at';

/** Sort expressions of the template list; each matches a partial index of migration 002. */
const TEMPLATE_SORT_SQL: Record<TemplateSort, { expr: string; type: string }> = {
  reuse_count: { expr: 'reuse_count', type: 'bigint' },
  last_reused_at: { expr: `COALESCE(last_reused_at, '-infinity'::timestamptz)`, type: 'timestamptz' },
  created_at: { expr: 'created_at', type: 'timestamptz' },
};

/**
 * Builds the WHERE clause shared by the lists; values go in as parameters, never into the
 * text. The status is written as a literal (from the closed set, checked here) so that the
 * planner can use the partial indexes even for a prepared statement's generic plan.
 */
function filterClause(status: QueryStatus, filters: QueryListFilters, params: SqlParam[]): string {
  if (!QUERY_STATUSES.includes(status)) throw new Error(`unknown status ${status}`);
  const where = [`status = '${status}'`];
  if (filters.q) {
    params.push(`%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(question || ' ' || cypher) ILIKE $${params.length}`);
  }
  if (filters.session_id) {
    params.push(filters.session_id);
    where.push(`session_id = $${params.length}`);
  }
  if (filters.created_by) {
    params.push(filters.created_by);
    where.push(`created_by = $${params.length}`);
  }
  if (filters.since) {
    params.push(filters.since);
    where.push(`created_at >= $${params.length}::timestamptz`);
  }
  if (filters.until) {
    params.push(filters.until);
    where.push(`created_at < $${params.length}::timestamptz`);
  }
  return where.join(' AND ');
}

export class QueryStore {
  constructor(private readonly db: RelationalStore) {}

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insert(tx: Queryable, q: NewQuery): Promise<QueryRow> {
    const { rows } = await tx.query<QueryRow>(
      `INSERT INTO queries (status, question, question_normalized, cypher, parameters, fingerprint, cypher_normalized,
                            session_id, message_id, run_id, created_by, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       RETURNING *`,
      [
        q.status,
        q.question,
        q.questionNormalized,
        q.cypher,
        JSON.stringify(q.parameters),
        q.fingerprint,
        q.cypherNormalized,
        q.sessionId ?? null,
        q.messageId ?? null,
        q.runId ?? null,
        q.createdBy,
        q.reason ?? null,
      ],
    );
    return rows[0]!;
  }

  async get(id: number, tx: Queryable = this.db): Promise<QueryRow | undefined> {
    const { rows } = await tx.query<QueryRow>('SELECT * FROM queries WHERE id = $1', [id]);
    return rows[0];
  }

  /** The row, locked until the transaction ends, so a concurrent change waits instead of racing. */
  async getForUpdate(tx: Queryable, id: number): Promise<QueryRow | undefined> {
    const { rows } = await tx.query<QueryRow>('SELECT * FROM queries WHERE id = $1 FOR UPDATE', [id]);
    return rows[0];
  }

  async revisions(id: number): Promise<RevisionRow[]> {
    const { rows } = await this.db.query<RevisionRow>(
      'SELECT revision, question, cypher, parameters, created_at, created_by FROM query_revisions WHERE query_id = $1 ORDER BY revision',
      [id],
    );
    return rows;
  }

  async events(id: number): Promise<EventRow[]> {
    const { rows } = await this.db.query<EventRow>(
      'SELECT action, actor, at, details FROM query_events WHERE query_id = $1 ORDER BY id',
      [id],
    );
    return rows;
  }

  async addEvent(tx: Queryable, id: number, action: string, actor: string, details: Record<string, unknown>): Promise<void> {
    await tx.query('INSERT INTO query_events (query_id, action, actor, details) VALUES ($1, $2, $3, $4)', [
      id,
      action,
      actor,
      JSON.stringify(details),
    ]);
  }

  async setRejected(tx: Queryable, id: number, actor: string, reason: string): Promise<QueryRow> {
    const { rows } = await tx.query<QueryRow>(
      `UPDATE queries SET status = 'rejected', reason = $2, updated_at = now(), updated_by = $3 WHERE id = $1 RETURNING *`,
      [id, reason, actor],
    );
    return rows[0]!;
  }

  /** Makes the query a template with the given text; the caller keeps the previous text as a revision. */
  async setApproved(tx: Queryable, id: number, actor: string, t: TemplateFields, newRevision: boolean): Promise<QueryRow> {
    const { rows } = await tx.query<QueryRow>(
      `UPDATE queries SET
         status = 'approved', reason = NULL, updated_at = now(), updated_by = $2,
         question = $3, question_normalized = $4, cypher = $5, parameters = $6, fingerprint = $7, cypher_normalized = $8,
         template_cypher = $9, template_parameters = $10, pattern = $11, pattern_key = $12,
         approved_at = now(), approved_by = $2,
         revision = revision + CASE WHEN $13 THEN 1 ELSE 0 END
       WHERE id = $1 RETURNING *`,
      [
        id,
        actor,
        t.question,
        t.questionNormalized,
        t.cypher,
        JSON.stringify(t.parameters),
        t.fingerprint,
        t.cypherNormalized,
        t.templateCypher,
        JSON.stringify(t.templateParameters),
        t.pattern,
        t.patternKey,
        newRevision,
      ],
    );
    return rows[0]!;
  }

  async addRevision(tx: Queryable, row: QueryRow): Promise<void> {
    await tx.query(
      `INSERT INTO query_revisions (query_id, revision, question, cypher, parameters, created_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.id, row.revision, row.question, row.cypher, JSON.stringify(row.parameters), row.updated_at, row.updated_by ?? row.created_by],
    );
  }

  async delete(id: number): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM queries WHERE id = $1', [id]);
    return rowCount > 0;
  }

  async templateByFingerprint(fingerprint: string, tx: Queryable = this.db): Promise<QueryRow | undefined> {
    const { rows } = await tx.query<QueryRow>(`SELECT * FROM queries WHERE fingerprint = $1 AND status = 'approved'`, [fingerprint]);
    return rows[0];
  }

  /** Counts one reuse; the session counts once per template. Atomic: concurrent reuses all count. */
  async recordReuse(id: number, sessionId: string | null): Promise<QueryRow | undefined> {
    return this.db.transaction(async (tx) => {
      let firstInSession = false;
      if (sessionId) {
        const inserted = await tx.query(
          `INSERT INTO template_reuse_sessions (query_id, session_id)
           SELECT id, $2 FROM queries WHERE id = $1 AND status = 'approved'
           ON CONFLICT DO NOTHING`,
          [id, sessionId],
        );
        firstInSession = inserted.rowCount > 0;
      }
      const { rows } = await tx.query<QueryRow>(
        `UPDATE queries SET reuse_count = reuse_count + 1, last_reused_at = now(),
                reuse_sessions = reuse_sessions + CASE WHEN $2 THEN 1 ELSE 0 END
         WHERE id = $1 AND status = 'approved' RETURNING *`,
        [id, firstInSession],
      );
      return rows[0];
    });
  }

  async stats(): Promise<{ counts: Record<QueryStatus, number>; reusedLast24h: number }> {
    const [counts, reused] = await Promise.all([
      this.db.query<{ status: QueryStatus; count: number }>('SELECT status, count FROM query_status_counts'),
      this.db.query<{ n: number }>(
        `SELECT count(*) AS n FROM queries
         WHERE status = 'approved' AND COALESCE(last_reused_at, '-infinity'::timestamptz) > now() - interval '24 hours'`,
      ),
    ]);
    const result = { pending: 0, approved: 0, rejected: 0, declined: 0 };
    for (const row of counts.rows) result[row.status] = Number(row.count);
    return { counts: result, reusedLast24h: Number(reused.rows[0]?.n ?? 0) };
  }

  /** A page of one status in arrival order (id ascending), after the cursor's id. */
  async listByArrival(status: QueryStatus, filters: QueryListFilters, afterId: number | undefined): Promise<QueryRow[]> {
    const params: SqlParam[] = [];
    let where = filterClause(status, filters, params);
    if (afterId !== undefined) {
      params.push(afterId);
      where += ` AND id > $${params.length}`;
    }
    params.push(filters.limit + 1);
    const { rows } = await this.db.query<QueryRow>(
      `SELECT * FROM queries WHERE ${where} ORDER BY id LIMIT $${params.length}`,
      params,
    );
    return rows;
  }

  /** A page of templates, most first by the sort key, ties by id; keyset after (sortKey, id). */
  async listTemplates(
    filters: QueryListFilters,
    sort: TemplateSort,
    after: { key: string; id: number } | undefined,
  ): Promise<(QueryRow & { sort_key: string })[]> {
    const { expr, type } = TEMPLATE_SORT_SQL[sort];
    const params: SqlParam[] = [];
    let where = filterClause('approved', filters, params);
    if (after) {
      params.push(after.key, after.id);
      where += ` AND (${expr}, id) < ($${params.length - 1}::${type}, $${params.length})`;
    }
    params.push(filters.limit + 1);
    const { rows } = await this.db.query<QueryRow & { sort_key: string }>(
      `SELECT *, (${expr})::text AS sort_key FROM queries WHERE ${where}
       ORDER BY ${expr} DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    return rows;
  }

  /**
   * For each given query, its nearest templates and pending queries by fingerprint, question
   * and Cypher text: nearest-first scans of the trigram indexes, a few rows each.
   */
  async similarTo(ids: number[], perKind: number): Promise<SimilarRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.db.query<SimilarRow>(
      `SELECT q.id AS for_id, c.id, c.status, c.question, c.kind, c.score
       FROM queries q
       CROSS JOIN LATERAL (
         (SELECT s.id, s.status, s.question, 'same_fingerprint' AS kind, 1.0::float8 AS score
            FROM queries s
           WHERE s.fingerprint = q.fingerprint AND s.id <> q.id AND s.status IN ('approved', 'pending')
           ORDER BY s.status = 'approved' DESC, s.id
           LIMIT $2)
         UNION ALL
         (SELECT s.id, s.status, s.question, 'similar_question', similarity(s.question_normalized, q.question_normalized)::float8
            FROM queries s
           WHERE s.id <> q.id AND s.status IN ('approved', 'pending')
           ORDER BY s.question_normalized <-> q.question_normalized
           LIMIT $2)
         UNION ALL
         (SELECT s.id, s.status, s.question, 'similar_cypher', similarity(s.cypher_normalized, q.cypher_normalized)::float8
            FROM queries s
           WHERE s.id <> q.id AND s.status IN ('approved', 'pending')
           ORDER BY s.cypher_normalized <-> q.cypher_normalized
           LIMIT $2)
       ) c
       WHERE q.id = ANY($1::bigint[])`,
      [ids, perKind],
    );
    return rows;
  }

  /** Templates whose question pattern is nearest to the question's key: an index scan, not a table scan. */
  async templateCandidates(key: string, limit: number): Promise<TemplateCandidateRow[]> {
    const { rows } = await this.db.query<TemplateCandidateRow>(
      `SELECT id, pattern, template_cypher, template_parameters, question, similarity(pattern_key, $1)::float8 AS key_similarity
         FROM queries
        WHERE status = 'approved' AND pattern_key IS NOT NULL
        ORDER BY pattern_key <-> $1
        LIMIT $2`,
      [key, limit],
    );
    return rows;
  }
}
