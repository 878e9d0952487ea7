import { ReadCache } from '../../platform/read-cache.js';
import { currentSchema, whenCommitted } from '../../stores/relational/index.js';
import type { Queryable, RelationalStore, SqlParam } from '../../stores/relational/index.js';
import { filterClause } from './query-rows.js';
import type { QueryRow, TemplateCandidateRow } from './query-rows.js';
import type { QueryListFilters } from './schemas.js';

/**
 * SQL for approved templates: looking them up (by fingerprint, shape and match key, kept in
 * memory while changes are followed), listing them, counting their reuse, and their stored
 * patterns. The curation store (curation-store.ts) tells it when a decision changed them.
 */

/** The service_meta row holding the stamp of the words the stored patterns were built with. */
const PATTERN_STAMP_KEY = 'template_pattern_words';

export type TemplateSort = 'reuse_count' | 'last_reused_at' | 'created_at';

/** Sort expressions of the template list; each matches a partial index of migration 002. */
const TEMPLATE_SORT_SQL: Record<TemplateSort, { expr: string; type: string }> = {
  reuse_count: { expr: 'reuse_count', type: 'bigint' },
  last_reused_at: { expr: `COALESCE(last_reused_at, '-infinity'::timestamptz)`, type: 'timestamptz' },
  created_at: { expr: 'created_at', type: 'timestamptz' },
};

/** Where migration 009's trigger tells every process that approved templates changed (payload: the schema). */
export const TEMPLATES_CHANNEL = 'cqks_templates';
export const DEFAULT_TEMPLATE_CACHE_ENTRIES = 1000;

export class TemplateStore {

  /**
   * Template candidates by match keys, kept while changes are followed (every question asks
   * for them; templates change rarely): forgotten when this process's change commits, on
   * another process's notice, and after the notices' connection came back.
   */
  private candidates: ReadCache<TemplateCandidateRow[]> | undefined;

  constructor(private readonly deps: { db: RelationalStore; templateCacheEntries?: number }) {}

  /** Keeps template candidates in memory from now on, following changes from every process; resolves to a stop function. */
  async followTemplateChanges(): Promise<() => Promise<void>> {
    const schema = await currentSchema(this.deps.db);
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
  changed(q: Queryable): void {
    const candidates = this.candidates;
    whenCommitted(q).then(() => candidates?.forget(), () => undefined);
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

  /**
   * Approved templates whose match key is one of the given keys (an exact lookup in a b-tree
   * index), from memory while changes are followed: the rows are shared, not to be changed.
   */
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
    this.changed(this.deps.db);
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
