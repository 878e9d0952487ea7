import type { GraphSchema, GraphStore } from '../../stores/graph/port.js';
import type { Logger } from 'pino';
import { buildLexicon } from './lexicon.js';
import type { Lexicon, Synonym } from './lexicon.js';
import { nameIndexKeys, namingKeys } from './naming.js';
import { profileValues } from './value-profile.js';
import { readRelatedWords, withRelatedWords } from './related-words.js';
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

export interface SchemaCacheDeps {
  graph: GraphStore;
  /** How long a view is fresh (GRAPH_SCHEMA_CACHE_MS); an older one is still served while its successor is read. */
  ttlMs: number;
  /** The deployment's synonyms (curators keep them); none when absent. */
  synonyms?: () => Promise<Synonym[]>;
  /** The deployment's naming property per label (GRAPH_NAME_PROPERTIES). */
  nameProperties?: Readonly<Record<string, string>>;
  logger?: Pick<Logger, 'info' | 'warn'>;
}

export class SchemaCache {
  /** The view questions get: fresh, or stale while `next` is read. */
  private current?: { at: number; value: Promise<SchemaView> };
  private next?: Promise<SchemaView>;
  /** The last view built, under what it was built from: a read finding the same reuses it. */
  private built?: { from: string; view: SchemaView };

  constructor(private readonly deps: SchemaCacheDeps) {}

  /**
   * The current view. Past its time a view is still answered from while the next one is read
   * in the background (reading a large graph's schema takes seconds; a question should not wait
   * for it); after `invalidate()` the next question waits for the new read.
   */
  get(): Promise<SchemaView> {
    if (!this.current) return this.refresh();
    if (Date.now() - this.current.at > this.deps.ttlMs) void this.refresh().catch(() => undefined);
    return this.current.value;
  }

  /**
   * Reads the view ahead of the first question (at start), logging how long it took; joins a
   * read already under way. Never rejects: a failure is logged and the next question tries again.
   */
  async warm(): Promise<void> {
    const started = Date.now();
    try {
      const view = await this.refresh();
      this.deps.logger?.info({ ms: Date.now() - started, labels: view.schema.labels.length }, 'graph schema and lexicon read');
    } catch (error) {
      this.deps.logger?.warn({ err: error }, 'graph schema could not be read; the first question tries again');
    }
  }

  invalidate(): void {
    this.current = undefined;
    this.next = undefined;
  }

  /** One read at a time; a failed read is not kept, so the next question tries again. */
  private refresh(): Promise<SchemaView> {
    if (this.next) return this.next;
    const at = Date.now();
    const value = this.read();
    this.next = value;
    const keep = () => {
      if (this.next !== value) return; // invalidated meanwhile: a newer read owns the cache
      this.next = undefined;
      this.current = { at, value };
    };
    value.then(keep, () => {
      if (this.next === value) this.next = undefined;
      if (this.current?.value === value) this.current = undefined;
    });
    // The first read (or the one after invalidate) is what every waiting question gets at once.
    if (!this.current) this.current = { at, value };
    return value;
  }

  private async read(): Promise<SchemaView> {
    const { graph, synonyms } = this.deps;
    const schema = await graph.introspect();
    const [profile, said, related] = await Promise.all([profileValues(graph, schema), synonyms ? synonyms() : Promise.resolve([]), readRelatedWords(schema)]);
    const nameKeys = namingKeys(schema, profile, this.deps.nameProperties);
    // Name search reads what names things here, however the graph was written.
    await graph.keepNameIndexes(nameIndexKeys(schema, nameKeys));
    // Building the lexicon takes a few hundred milliseconds of this thread on a modest schema;
    // the periodic read mostly finds what it found last time, and questions keep being answered meanwhile.
    const from = JSON.stringify([schema, profile, said, nameKeys]);
    if (this.built?.from === from) return this.built.view;
    const view = { schema, vocabulary: buildVocabulary(schema, nameKeys), lexicon: withRelatedWords(buildLexicon(schema, profile, said, nameKeys), related) };
    this.built = { from, view };
    return view;
  }
}
