import type { Principal } from '../../platform/auth/roles.js';
import { conflict, notFound, unprocessable } from '../../platform/problem.js';
import type { GraphStore } from '../../stores/graph/port.js';
import type { SynonymKind, SynonymRow, SynonymStore } from './store.js';

/**
 * Deployment synonyms, kept by curators: a word of their users ("vessel", "employs") for a name
 * of the graph (`Ship`, `WORKS_AT`). The name must exist in the graph's schema now; the word is
 * kept in lower case with single spaces. The planner and the template matcher read them.
 */

export interface ApiSynonym {
  synonym_id: string;
  word: string;
  stands_for: string;
  kind: SynonymKind;
  created_by: string;
  created_at: string;
}

const present = (r: SynonymRow): ApiSynonym => ({
  synonym_id: r.id,
  word: r.word,
  stands_for: r.stands_for,
  kind: r.kind,
  created_by: r.created_by,
  created_at: r.created_at.toISOString(),
});

export const normalizeWord = (word: string) => word.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');

export class SynonymService {
  constructor(
    private readonly deps: {
      store: SynonymStore;
      graph: Pick<GraphStore, 'introspect'>;
      max: number;
      /** Done before a change is answered, so the curator's next question already sees it (other processes follow notices). */
      changed: () => Promise<void>;
    },
  ) {}

  async list(query: { limit: number; cursor?: string }) {
    const { page, next_cursor } = await this.deps.store.page(query.limit, query.cursor);
    return { items: page.map(present), next_cursor };
  }

  async add(principal: Principal, body: { word: string; stands_for: string }): Promise<ApiSynonym> {
    const schema = await this.deps.graph.introspect();
    const kind: SynonymKind | undefined = schema.labels.some((l) => l.label === body.stands_for)
      ? 'label'
      : schema.relationshipTypes.some((t) => t.type === body.stands_for)
        ? 'relationship'
        : schema.propertyKeys.includes(body.stands_for)
          ? 'property'
          : undefined;
    if (!kind) {
      throw unprocessable('unknown-name', 'Not a name of the graph', `The graph has no label, relationship type or property key called “${body.stands_for}”.`, {
        errors: [{ path: 'body.stands_for', message: 'not a label, relationship type or property key of the graph' }],
      });
    }
    if ((await this.deps.store.count()) >= this.deps.max) throw conflict(`A deployment keeps at most ${this.deps.max} synonyms (SYNONYMS_MAX); delete one first.`);
    const row = await this.deps.store.insert({ word: normalizeWord(body.word), standsFor: body.stands_for, kind, createdBy: principal.sub });
    if (!row) throw conflict(`“${normalizeWord(body.word)}” already stands for ${body.stands_for}.`);
    await this.deps.changed();
    return present(row);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.deps.store.delete(id))) throw notFound(`Synonym ${id} does not exist.`);
    await this.deps.changed();
  }
}
