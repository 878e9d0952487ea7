import { decodeCursor, keysetPage } from '../../platform/pagination.js';
import { currentSchema } from '../../stores/relational/index.js';
import type { RelationalStore } from '../../stores/relational/index.js';

/** Deployment synonyms in the relational store (migration 014), and the notices of their changes. */

export type SynonymKind = 'label' | 'relationship' | 'property';

export interface SynonymRow {
  id: string;
  word: string;
  stands_for: string;
  kind: SynonymKind;
  created_by: string;
  created_at: Date;
}

/** Where migration 014's trigger tells every process that synonyms changed (payload: the schema). */
export const SYNONYMS_CHANNEL = 'cqks_synonyms';

export class SynonymStore {
  constructor(private readonly deps: { db: RelationalStore }) {}

  /** A page in id order. */
  async page(limit: number, cursor?: string): Promise<{ page: SynonymRow[]; next_cursor: string | null }> {
    const after = cursor ? Number(decodeCursor(cursor, ['number'])[0]) : 0;
    const { rows } = await this.deps.db.query<SynonymRow>('SELECT * FROM synonyms WHERE id > $1 ORDER BY id LIMIT $2', [after, limit + 1]);
    return keysetPage(rows.map(normalize), limit, (r) => [Number(r.id)]);
  }

  /** Every synonym, for the planner's lexicon (their number is bounded by SYNONYMS_MAX). */
  async all(): Promise<SynonymRow[]> {
    const { rows } = await this.deps.db.query<SynonymRow>('SELECT * FROM synonyms ORDER BY id');
    return rows.map(normalize);
  }

  async count(): Promise<number> {
    const { rows } = await this.deps.db.query<{ n: string }>('SELECT count(*) AS n FROM synonyms');
    return Number(rows[0]!.n);
  }

  /** The new row, or undefined when the same synonym exists. */
  async insert(s: { word: string; standsFor: string; kind: SynonymKind; createdBy: string }): Promise<SynonymRow | undefined> {
    const { rows } = await this.deps.db.query<SynonymRow>(
      `INSERT INTO synonyms (word, stands_for, kind, created_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (word, stands_for, kind) DO NOTHING RETURNING *`,
      [s.word, s.standsFor, s.kind, s.createdBy],
    );
    return rows[0] ? normalize(rows[0]) : undefined;
  }

  async delete(id: string): Promise<boolean> {
    const { rows } = await this.deps.db.query<{ id: string }>('DELETE FROM synonyms WHERE id = $1 RETURNING id', [id]);
    return rows.length > 0;
  }

  /** Calls `onChange` on every change from any process (and when the notices' connection came back); resolves to a stop function. */
  async follow(onChange: () => void): Promise<() => Promise<void>> {
    const schema = await currentSchema(this.deps.db);
    return this.deps.db.listen(SYNONYMS_CHANNEL, (payload) => payload === schema && onChange(), onChange);
  }
}

const normalize = (r: SynonymRow): SynonymRow => ({ ...r, id: String(r.id) });
