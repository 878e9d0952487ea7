import { currentSchema } from '../../stores/relational/index.js';
import type { RelationalStore } from '../../stores/relational/index.js';

/**
 * Which documents support what an answer is about: the live facts of documents that name the
 * question's entities and the answer's values, best first (a relationship that joins them, then
 * a node), each with one evidence snippet. What lets an answer say where it came from.
 */

export interface AnswerSource {
  doc_id: string;
  file_name: string;
  snippet: string;
  page: number | null;
}

export interface SourceQuery {
  /** Keys of the nodes the question named. */
  keys: string[];
  /** Names the answer gave (its rows), of nodes labelled `label` when given. */
  names: string[];
  label?: string;
  /** The relationship the query followed, when it followed one. */
  relationship?: string;
  limit: number;
}

/** Names of answer rows looked up at most. */
const MAX_NAMES = 50;

export const DOCUMENTS_CHANNEL = 'cqks_documents';

export class DocumentSources {
  /** Whether any document has live facts, while notices keep it current (until then: unknown, so asked). */
  private anyLive?: Promise<boolean>;
  private following = false;

  constructor(private readonly deps: { db: RelationalStore }) {}

  /**
   * Keeps in memory whether any document has live facts, forgotten on every notice: an answer
   * from a graph no document touched (the usual case before documents are used) costs no lookup.
   */
  async follow(): Promise<() => Promise<void>> {
    const schema = await currentSchema(this.deps.db);
    const stop = await this.deps.db.listen(DOCUMENTS_CHANNEL, (payload) => payload === schema && this.forget(), () => this.forget());
    this.following = true;
    return async () => {
      this.following = false;
      this.forget();
      await stop();
    };
  }

  /** Which documents are live changed (this process knows at once; others when the notice arrives). */
  forget(): void {
    this.anyLive = undefined;
  }

  private hasLiveDocuments(): Promise<boolean> {
    const read = () =>
      this.deps.db
        .query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM documents WHERE live_version IS NOT NULL AND NOT deleting) AS any')
        .then((r) => r.rows[0]?.any === true);
    if (!this.following) return read();
    const pending = (this.anyLive ??= read());
    pending.catch(() => {
      if (this.anyLive === pending) this.anyLive = undefined;
    });
    return pending;
  }

  /**
   * The documents supporting many things at once (what a count or an aggregate is over), ranked
   * by how many of them each supports, at most `limit`, with how many documents support any.
   * `keysOf` reads the things' keys, only when some document is live (it costs a graph query).
   */
  async findForThings(keysOf: () => Promise<readonly string[]>, limit: number): Promise<{ sources: AnswerSource[]; total: number }> {
    if (!(await this.hasLiveDocuments())) return { sources: [], total: 0 };
    const keys = await keysOf();
    if (keys.length === 0) return { sources: [], total: 0 };
    const { rows } = await this.deps.db.query<AnswerSource & { things: number; total: number }>(
      `WITH supporting AS (
         SELECT f.doc_id, f.version, count(DISTINCT f.item_key) AS things, min(f.item_key) AS sample
         FROM document_facts f JOIN documents d ON d.id = f.doc_id AND d.live_version = f.version AND NOT d.deleting
         WHERE f.item_kind = 'node' AND f.item_key = ANY($1::text[])
         GROUP BY f.doc_id, f.version
       )
       SELECT s.doc_id, d.file_name, s.things, count(*) OVER () AS total,
              coalesce((SELECT e.snippet FROM document_evidence e
                         WHERE e.doc_id = s.doc_id AND e.version = s.version AND e.item_kind = 'node' AND e.item_key = s.sample
                         ORDER BY e.confidence DESC, e.seq LIMIT 1), '') AS snippet,
              (SELECT e.page FROM document_evidence e
                WHERE e.doc_id = s.doc_id AND e.version = s.version AND e.item_kind = 'node' AND e.item_key = s.sample
                ORDER BY e.confidence DESC, e.seq LIMIT 1) AS page
       FROM supporting s JOIN documents d ON d.id = s.doc_id
       ORDER BY s.things DESC, d.created_at DESC LIMIT $2`,
      [[...keys], limit],
    );
    return { sources: rows.map(({ things: _things, total: _total, ...source }) => source), total: Number(rows[0]?.total ?? 0) };
  }

  /** The documents supporting an answer, best first, at most `limit`, with how many support it in all. */
  async find(query: SourceQuery): Promise<{ sources: AnswerSource[]; total: number }> {
    const none = { sources: [], total: 0 };
    const names = [...new Set(query.names.map((n) => n.toLowerCase()))].slice(0, MAX_NAMES);
    if (query.keys.length === 0 && names.length === 0) return none;
    if (!(await this.hasLiveDocuments())) return none;
    const { rows } = await this.deps.db.query<AnswerSource & { rank: number; total: number }>(
      `WITH live AS (
         SELECT f.* FROM document_facts f JOIN documents d ON d.id = f.doc_id AND d.live_version = f.version AND NOT d.deleting
       ),
       named AS (
         SELECT item_key FROM live WHERE item_kind = 'node' AND lower(name) = ANY($2::text[]) AND ($3::text IS NULL OR label = $3)
         UNION SELECT unnest($1::text[])
       ),
       supporting AS (
         SELECT l.doc_id, l.version, l.item_kind, l.item_key,
           CASE WHEN l.item_kind = 'relationship' AND ($4::text IS NULL OR l.label = $4) THEN 0 ELSE 1 END AS rank
         FROM live l
         WHERE (l.item_kind = 'relationship' AND l.from_key IN (SELECT item_key FROM named) AND l.to_key IN (SELECT item_key FROM named))
            OR (l.item_kind = 'node' AND l.item_key IN (SELECT item_key FROM named))
       ),
       best AS (
         SELECT DISTINCT ON (s.doc_id) s.doc_id, s.rank, e.snippet, e.page
         FROM supporting s JOIN document_evidence e
           ON e.doc_id = s.doc_id AND e.version = s.version AND e.item_kind = s.item_kind AND e.item_key = s.item_key
         ORDER BY s.doc_id, s.rank, e.confidence DESC, e.seq
       )
       SELECT b.doc_id, d.file_name, b.snippet, b.page, b.rank, count(*) OVER () AS total FROM best b JOIN documents d ON d.id = b.doc_id
       ORDER BY b.rank, d.created_at DESC LIMIT $5`,
      [query.keys, names, query.label ?? null, query.relationship ?? null, query.limit],
    );
    return { sources: rows.map(({ rank: _rank, total: _total, ...source }) => source), total: Number(rows[0]?.total ?? 0) };
  }
}
