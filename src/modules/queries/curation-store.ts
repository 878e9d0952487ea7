import type { Queryable, RelationalStore, SqlParam } from '../../stores/relational/index.js';
import { filterClause } from './query-rows.js';
import type { EventRow, NewQuery, QueryRow, RevisionRow, SimilarRow, TemplateFields } from './query-rows.js';
import type { QueryListFilters, QueryStatus } from './schemas.js';
import type { TemplateStore } from './template-store.js';

/**
 * SQL for the curators' desk: queries waiting for a decision, their revisions, history and
 * decisions, the lists by arrival and by confidence, counts, and the similarity links between
 * queries. No rules here: see service.ts. A decision that changes approved templates tells the
 * template store (its kept candidates are forgotten at commit).
 */
export class CurationStore {
  constructor(private readonly deps: { db: RelationalStore; templates: TemplateStore }) {}

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.deps.db.transaction(work);
  }

  async insert(tx: Queryable, q: NewQuery): Promise<QueryRow> {
    const { rows } = await tx.query<QueryRow>(
      `INSERT INTO queries (status, question, question_normalized, cypher, parameters, fingerprint, cypher_normalized,
                            session_id, message_id, run_id, created_by, reason, confidence, assessment)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
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
        q.assessment?.confidence ?? null,
        q.assessment ? JSON.stringify(q.assessment) : null,
      ],
    );
    return rows[0]!;
  }

  async get(id: number, tx: Queryable = this.deps.db): Promise<QueryRow | undefined> {
    const { rows } = await tx.query<QueryRow>('SELECT * FROM queries WHERE id = $1', [id]);
    return rows[0];
  }

  /** The row, locked until the transaction ends, so a concurrent change waits instead of racing. */
  async getForUpdate(tx: Queryable, id: number): Promise<QueryRow | undefined> {
    const { rows } = await tx.query<QueryRow>('SELECT * FROM queries WHERE id = $1 FOR UPDATE', [id]);
    return rows[0];
  }

  /** Earlier texts of the given queries, oldest first, in one round trip. */
  async revisions(ids: number[]): Promise<(RevisionRow & { query_id: number })[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.deps.db.query<RevisionRow & { query_id: number }>(
      `SELECT query_id, revision, question, cypher, parameters, created_at, created_by
         FROM query_revisions WHERE query_id = ANY($1::bigint[]) ORDER BY query_id, revision`,
      [ids],
    );
    return rows;
  }

  /** The history of the given queries, oldest first, in one round trip. */
  async events(ids: number[]): Promise<(EventRow & { query_id: number })[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.deps.db.query<EventRow & { query_id: number }>(
      'SELECT query_id, action, actor, at, details FROM query_events WHERE query_id = ANY($1::bigint[]) ORDER BY query_id, id',
      [ids],
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
      `UPDATE queries SET status = 'rejected', reason = $2, updated_at = now(), updated_by = $3, attention_at = NULL, attention = NULL
       WHERE id = $1 RETURNING *`,
      [id, reason, actor],
    );
    this.deps.templates.changed(tx);
    return rows[0]!;
  }

  /** Makes the query a template with the given text; the caller keeps the previous text as a revision. */
  async setApproved(tx: Queryable, id: number, actor: string, t: TemplateFields, newRevision: boolean): Promise<QueryRow> {
    const { rows } = await tx.query<QueryRow>(
      `UPDATE queries SET
         status = 'approved', reason = NULL, updated_at = now(), updated_by = $2,
         question = $3, question_normalized = $4, cypher = $5, parameters = $6, fingerprint = $7, cypher_normalized = $8,
         template_cypher = $9, template_parameters = $10, pattern = $11, match_key = $12,
         approved_at = now(), approved_by = $2, attention_at = NULL, attention = NULL,
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
        t.matchKey,
        newRevision,
      ],
    );
    this.deps.templates.changed(tx);
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
    const { rowCount } = await this.deps.db.query('DELETE FROM queries WHERE id = $1', [id]);
    this.deps.templates.changed(this.deps.db);
    return rowCount > 0;
  }

  /** Queries waiting for a curator, from the kept counts (no scan). */
  async pendingCount(): Promise<number> {
    const { rows } = await this.deps.db.query<{ count: number }>(`SELECT count FROM query_status_counts WHERE status = 'pending'`);
    return Number(rows[0]?.count ?? 0);
  }

  async stats(): Promise<{ counts: Record<QueryStatus, number>; reusedLast24h: number }> {
    const [counts, reused] = await Promise.all([
      this.deps.db.query<{ status: QueryStatus; count: number }>('SELECT status, count FROM query_status_counts'),
      this.deps.db.query<{ n: number }>(
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
    const { rows } = await this.deps.db.query<QueryRow>(
      `SELECT * FROM queries WHERE ${where} ORDER BY id LIMIT $${params.length}`,
      params,
    );
    return rows;
  }

  /**
   * A page by confidence (`ascending`: least confident first), ties by id; queries without a
   * confidence last (as 2, above any). Keyset after (confidence, id).
   */
  async listByConfidence(status: QueryStatus, filters: QueryListFilters, ascending: boolean, after: { confidence: number; id: number } | undefined): Promise<(QueryRow & { sort_confidence: number })[]> {
    const expr = ascending ? 'coalesce(confidence, 2)' : 'coalesce(confidence, -1)';
    const params: SqlParam[] = [];
    let where = filterClause(status, filters, params);
    if (after) {
      params.push(after.confidence, ascending ? after.id : -after.id);
      where += ` AND (${expr}, ${ascending ? 'id' : '-id'}) ${ascending ? '>' : '<'} ($${params.length - 1}::real, $${params.length}::bigint)`;
    }
    params.push(filters.limit + 1);
    const { rows } = await this.deps.db.query<QueryRow & { sort_confidence: number }>(
      `SELECT *, ${expr} AS sort_confidence FROM queries WHERE ${where}
       ORDER BY ${expr} ${ascending ? 'ASC' : 'DESC'}, id LIMIT $${params.length}`,
      params,
    );
    return rows;
  }

  /**
   * Finds the query's nearest templates and pending queries (same fingerprint: a b-tree
   * lookup; similar question and Cypher: nearest-first scans of the trigram indexes) and
   * records them in both directions. Run when a query's text is written.
   */
  async linkSimilar(tx: Queryable, id: number, perKind: number, minScore: Record<SimilarRow['kind'], number>): Promise<void> {
    await tx.query('DELETE FROM query_similarity WHERE query_id = $1 OR similar_id = $1', [id]);
    await tx.query(
      `WITH found AS (
         SELECT c.id, c.kind, c.score
         FROM queries q
         CROSS JOIN LATERAL (
           (SELECT s.id, 'same_fingerprint' AS kind, 1.0::float8 AS score
              FROM queries s
             WHERE s.fingerprint = q.fingerprint AND s.id <> q.id AND s.status IN ('approved', 'pending')
             ORDER BY s.status = 'approved' DESC, s.id
             LIMIT $2)
           UNION ALL
           (SELECT s.id, 'similar_question', similarity(s.question_normalized, q.question_normalized)::float8
              FROM queries s
             WHERE s.id <> q.id AND s.status IN ('approved', 'pending')
             ORDER BY s.question_normalized <-> q.question_normalized
             LIMIT $2)
           UNION ALL
           (SELECT s.id, 'similar_cypher', similarity(s.cypher_normalized, q.cypher_normalized)::float8
              FROM queries s
             WHERE s.id <> q.id AND s.status IN ('approved', 'pending')
             ORDER BY s.cypher_normalized <-> q.cypher_normalized
             LIMIT $2)
         ) c
         WHERE q.id = $1
           AND c.score >= CASE c.kind WHEN 'similar_question' THEN $3::float8 WHEN 'similar_cypher' THEN $4::float8 ELSE 0 END
       )
       INSERT INTO query_similarity (query_id, similar_id, kind, score)
       SELECT $1, id, kind, score FROM found
       UNION ALL
       SELECT id, $1, kind, score FROM found
       ON CONFLICT (query_id, similar_id, kind) DO UPDATE SET score = EXCLUDED.score`,
      [id, perKind, minScore.similar_question, minScore.similar_cypher],
    );
  }

  /** The recorded neighbours of the given queries that are still templates or pending, best first. */
  async similarTo(ids: number[], perQuery: number): Promise<SimilarRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.deps.db.query<SimilarRow>(
      `SELECT q.id AS for_id, x.id, x.status, x.question, x.kind, x.score
         FROM unnest($1::bigint[]) AS q (id)
         CROSS JOIN LATERAL (
           SELECT s.id, s.status, s.question, e.kind, e.score
             FROM query_similarity e
             JOIN queries s ON s.id = e.similar_id
            WHERE e.query_id = q.id AND s.status IN ('approved', 'pending')
            ORDER BY e.score DESC, s.id
            LIMIT $2
         ) x`,
      [ids, perQuery],
    );
    return rows;
  }
}
