import type { GraphSchema, GraphStore } from '../../stores/graph/port.js';
import { buildVocabulary } from './vocabulary.js';
import type { Vocabulary } from './vocabulary.js';

/**
 * The graph's schema and vocabulary, read from the graph at most once per `ttlMs` (every
 * question needs them; the schema changes only when documents are ingested, which
 * invalidates it).
 */
export class SchemaCache {
  private cached?: { at: number; value: Promise<{ schema: GraphSchema; vocabulary: Vocabulary }> };

  constructor(
    private readonly graph: GraphStore,
    private readonly ttlMs: number,
  ) {}

  get(): Promise<{ schema: GraphSchema; vocabulary: Vocabulary }> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > this.ttlMs) {
      const value = this.graph.introspect().then((schema) => ({ schema, vocabulary: buildVocabulary(schema) }));
      // A failed read is not kept: the next question tries again.
      value.catch(() => {
        if (this.cached?.value === value) this.cached = undefined;
      });
      this.cached = { at: now, value };
    }
    return this.cached.value;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
