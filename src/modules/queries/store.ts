import { ReadCache } from '../../platform/read-cache.js';
import { whenCommitted } from '../../stores/relational/index.js';
import type { Queryable, RelationalStore, SqlParam } from '../../stores/relational/index.js';
import type { QueryListFilters, QueryStatus } from './schemas.js';
import { QUERY_STATUSES } from './schemas.js';
import type { ParameterSource, SourcedParameter } from './parameter-sources.js';
import type { QueryAssessment, QueryAttention } from './assessment.js';

/** A template parameter as stored: `source` is absent on templates approved before sources were recorded. */
export type StoredTemplateParameter = Omit<SourcedParameter, 'source'> & { source?: ParameterSource };

/** SQL for queries, their revisions, history and template reuse. No rules here: see service.ts. */

/** The service_meta row holding the stamp of the words the stored patterns were built with. */
const PATTERN_STAMP_KEY = 'template_pattern_words';

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
  template_parameters: StoredTemplateParameter[] | null;
  pattern: string | null;
  match_key: string | null;
  approved_at: Date | null;
  approved_by: string | null;
  reuse_count: number;
  last_reused_at: Date | null;
  reuse_sessions: number;
  confidence: number | null;
  assessment: QueryAssessment | null;
  attention_at: Date | null;
  attention: QueryAttention | null;
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
  /** How sure the service was of a query it wrote, and why (absent for people's queries). */
  assessment?: QueryAssessment;
}

export interface TemplateFields {
  question: string;
  questionNormalized: string;
  cypher: string;
  parameters: Record<string, unknown>;
  fingerprint: string;
  cypherNormalized: string;
  templateCypher: string;
  templateParameters: SourcedParameter[];
  pattern: string | null;
  matchKey: string | null;
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
  template_parameters: StoredTemplateParameter[];
  question: string;
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
  if (filters.needs_attention !== undefined) where.push(`attention_at IS ${filters.needs_attention ? 'NOT ' : ''}NULL`);
  return where.join(' AND ');
}

/** Where migration 009's trigger tells every process that approved templates changed (payload: the schema). */
export const TEMPLATES_CHANNEL = 'cqks_templates';
export const DEFAULT_TEMPLATE_CACHE_ENTRIES = 1000;

export class QueryStore {
  /**
   * Template candidates by match keys, kept while changes are followed (every question asks
   * for them; templates change rarely): forgotten when this process's change commits, on
   * another process's notice, and after the notices' connection came back.
   */
  private candidates: ReadCache<TemplateCandidateRow[]> | undefined;

  constructor(private readonly deps: { db: RelationalStore; templateCacheEntries?: number }) {}

  /** Keeps template candidates in memory from now on, following changes from every process; resolves to a stop function. */
  async followTemplateChanges(): Promise<() => Promise<void>> {
    const { rows } = await this.deps.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const schema = rows[0]!.schema;
    const candidates = new ReadCache<TemplateCandidateRow[]>({ entries: this.deps.templateCacheEntries ?? DEFAULT_TEMPLATE_CACHE_ENTRIES });
    const stop = await this.deps.db.listen(
      TEMPLATES_CHANNEL,
      (payload) => {
        // Other schemas of the same database notify on the same channel.
        if (payload === schema) candidates.forget();
      },
      () => candidates.forget(),
    );
    this.candidates = candidates;
    return async () => {
      if (this.candidates === candidates) this.candidates = undefined;
      await stop();
    };
  }

  /**
   * After `q` commits a change to approved templates, this process uses no candidates read
   * before it (a read still under way then keeps nothing). Until then the old ones still hold.
   */
  private templatesChanged(q: Queryable): void {
    const candidates = this.candidates;
    whenCommitted(q).then(() => candidates?.forget(), () => undefined);
  }

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
    this.templatesChanged(tx);
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
    this.templatesChanged(tx);
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
    this.templatesChanged(this.deps.db);
    return rowCount > 0;
  }

  async templateByFingerprint(fingerprint: string, tx: Queryable = this.deps.db): Promise<QueryRow | undefined> {
    const { rows } = await tx.query<QueryRow>(`SELECT * FROM queries WHERE fingerprint = $1 AND status = 'approved'`, [fingerprint]);
    return rows[0];
  }

  /** Counts one reuse; the session counts once per template. Atomic: concurrent reuses all count. */
  async recordReuse(id: number, sessionId: string | null): Promise<QueryRow | undefined> {
    return this.deps.db.transaction(async (tx) => {
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
    const { rows } = await this.deps.db.query<QueryRow & { sort_key: string }>(
      `SELECT *, (${expr})::text AS sort_key FROM queries WHERE ${where}
       ORDER BY ${expr} DESC, id DESC LIMIT $${params.length}`,
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

  /**
   * Approved templates whose match key is one of the given keys (an exact lookup in a b-tree
   * index), from memory while changes are followed: the rows are shared, not to be changed.
   */
  /** The template of a Cypher shape, as the matcher needs it (kept like the candidates: a written query asks every time). */
  async templateOfShape(fingerprint: string): Promise<TemplateCandidateRow | undefined> {
    const read = async () => {
      const { rows } = await this.deps.db.query<TemplateCandidateRow>(
        `SELECT id, pattern, template_cypher, template_parameters, question FROM queries WHERE status = 'approved' AND fingerprint = $1`,
        [fingerprint],
      );
      return rows;
    };
    const rows = this.candidates ? await this.candidates.read(JSON.stringify(['shape', fingerprint]), read) : await read();
    return rows[0];
  }

  async templateCandidates(keys: string[], limit: number): Promise<TemplateCandidateRow[]> {
    if (keys.length === 0) return [];
    const read = async () => {
      const { rows } = await this.deps.db.query<TemplateCandidateRow>(
        `SELECT id, pattern, template_cypher, template_parameters, question
           FROM queries
          WHERE status = 'approved' AND match_key = ANY($1::text[])
          ORDER BY id
          LIMIT $2`,
        [keys, limit],
      );
      return rows;
    };
    return this.candidates ? [...(await this.candidates.read(JSON.stringify([keys, limit]), read))] : read();
  }

  /** Every approved template's question, slots and keys: what re-keying reads. */
  async templatePatterns(): Promise<Pick<QueryRow, 'id' | 'question' | 'template_parameters' | 'pattern' | 'match_key'>[]> {
    const { rows } = await this.deps.db.query<Pick<QueryRow, 'id' | 'question' | 'template_parameters' | 'pattern' | 'match_key'>>(
      `SELECT id, question, template_parameters, pattern, match_key FROM queries WHERE status = 'approved' ORDER BY id`,
    );
    return rows;
  }

  /** A template's pattern and match key, rewritten when the canonical forms of words change. */
  async setPattern(id: number, pattern: string, matchKey: string | null): Promise<void> {
    await this.deps.db.query(`UPDATE queries SET pattern = $2, match_key = $3 WHERE id = $1 AND status = 'approved'`, [id, pattern, matchKey]);
    this.templatesChanged(this.deps.db);
  }

  /** The stamp of the canonical forms the stored patterns were built with (`MatcherWords.stamp`). */
  async patternStamp(): Promise<string | undefined> {
    const { rows } = await this.deps.db.query<{ value: string }>(`SELECT value #>> '{}' AS value FROM service_meta WHERE key = $1`, [PATTERN_STAMP_KEY]);
    return rows[0]?.value;
  }

  async setPatternStamp(stamp: string): Promise<void> {
    await this.deps.db.query(
      `INSERT INTO service_meta (key, value) VALUES ($1, to_jsonb($2::text))
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [PATTERN_STAMP_KEY, stamp],
    );
  }
}
