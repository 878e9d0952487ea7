import type { GraphSchema, GraphStore } from '../../stores/graph/port.js';
import { buildLexicon } from './lexicon.js';
import type { Lexicon, Synonym } from './lexicon.js';
import { profileValues } from './value-profile.js';
import { buildVocabulary } from './vocabulary.js';
import type { Vocabulary } from './vocabulary.js';

/**
 * The graph's schema, its vocabulary and its lexicon (the schema's words with the profile of
 * its values), read from the graph at most once per `ttlMs` (every question needs them; the
 * schema changes only when documents are ingested, which invalidates it).
 */
export interface SchemaView {
  schema: GraphSchema;
  vocabulary: Vocabulary;
  lexicon: Lexicon;
}

export class SchemaCache {
  private cached?: { at: number; value: Promise<SchemaView> };

  constructor(
    private readonly graph: GraphStore,
    private readonly ttlMs: number,
    /** The deployment's synonyms (curators keep them); none when absent. */
    private readonly synonyms: () => Promise<Synonym[]> = async () => [],
  ) {}

  get(): Promise<SchemaView> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > this.ttlMs) {
      const value = this.graph.introspect().then(async (schema) => ({
        schema,
        vocabulary: buildVocabulary(schema),
        lexicon: buildLexicon(schema, await profileValues(this.graph, schema), await this.synonyms()),
      }));
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
