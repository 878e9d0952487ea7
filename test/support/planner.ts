import type { Synonym } from '../../src/planner/link/lexicon.js';
import { composeMeaningAnswer } from '../../src/planner/answer/meaning-answer.js';
import { askIfMany, countWith, describeReading, needsTotal, readQuestion } from '../../src/planner/read-question.js';
import type { QuestionReading } from '../../src/planner/read-question.js';
import { searchMentions } from '../../src/planner/resolve/mention-search.js';
import { decideMentions } from '../../src/planner/resolve/resolve.js';
import type { ResolutionMemory } from '../../src/planner/resolve/resolve.js';
import { understand } from '../../src/planner/resolve/understand.js';
import { SchemaCache } from '../../src/planner/link/schema-cache.js';
import { afterAll, beforeAll } from 'vitest';
import type { GraphStore, PropertyValue, UpsertBatch } from '../../src/stores/graph/port.js';
import { openScratchGraph } from './scratch-graph.js';

/**
 * The planner on a graph of a test's own, as the ask workflow's tools run it (understand,
 * search and decide the names, read, run, say), without the rest of the service: for tests of
 * the planner itself. `chosen`: the readings the person asking picked when the words left some open. `synonyms` are the deployment's, as curators keep them; `nameProperties` its
 * GRAPH_NAME_PROPERTIES. The schema, vocabulary and lexicon are read as the service reads them.
 */
export interface PlannerAnswer {
  reading: QuestionReading;
  kind?: string;
  cypher?: string;
  columns: string[];
  rows: Record<string, unknown>[];
  text?: string;
  /** When the names could not be settled (ambiguous, unknown, a pronoun with nothing to stand for). */
  resolution?: string;
}

export async function plannerOn(graph: GraphStore, synonyms: Synonym[] = [], nameProperties: Record<string, string> = {}) {
  const { lexicon, vocabulary } = await new SchemaCache({ graph, ttlMs: 0, synonyms: async () => synonyms, nameProperties }).get();
  return {
    lexicon,
    async ask(question: string, memory: ResolutionMemory = { choices: [], focus: [] }, chosen: string[] = []): Promise<PlannerAnswer> {
      const understanding = understand(question, lexicon);
      const search = await searchMentions(graph, understanding, vocabulary, 8, lexicon);
      const decided = search.status === 'searched' ? decideMentions(search, understanding, vocabulary, memory) : search;
      if (decided.status !== 'resolved') return { reading: { ok: false, reason: decided.status, unplaced: [] }, columns: [], rows: [], resolution: decided.status };
      const reading = await askIfMany(readQuestion(understanding, lexicon, decided.entities, chosen), graph);
      if (!reading.ok) return { reading, columns: [], rows: [] };
      const result = await graph.runReadOnly(reading.cypher);
      // How many there are in all, as the answer step counts it.
      const total = reading.countCypher && needsTotal(reading.meaning, result.rows.length, result.truncated) ? await countWith(graph)(reading.countCypher) : undefined;
      const cut = result.truncated || (total !== undefined && total > result.rows.length);
      const text = composeMeaningAnswer({ meaning: reading.meaning, columns: result.columns, rows: result.rows, truncated: cut, ...(total !== undefined ? { total } : {}) });
      return { reading, kind: describeReading(reading, decided.entities).kind, cypher: reading.cypher, columns: result.columns, rows: result.rows, text };
    },
  };
}

/**
 * For one describe block: a scratch graph holding `batch`, opened before its tests with the planner
 * on it and removed after them. Returns a getter for the planner (set once the block starts).
 */
export function plannerOnScratch(name: string, batch: UpsertBatch): () => Awaited<ReturnType<typeof plannerOn>> {
  let scratch: Awaited<ReturnType<typeof openScratchGraph>> | undefined;
  let planner: Awaited<ReturnType<typeof plannerOn>> | undefined;
  beforeAll(async () => {
    scratch = await openScratchGraph(name.replace(/\W/g, ''), batch);
    planner = await plannerOn(scratch.graph);
  });
  afterAll(() => scratch?.close());
  return () => planner!;
}

/** The first column of an answer's rows, sorted (the order a list answer gives is not what these tests check). */
export const firstValues = (answer: PlannerAnswer) => answer.rows.map((r) => Object.values(r)[0]).sort();

/** A node of a test graph, by its key, its one label and its properties. */
export const graphNode = (key: string, label: string, properties: Record<string, PropertyValue>) => ({ key, labels: [label], properties });
/** A relationship of a test graph, between two nodes' keys, with its properties if it has any. */
export const graphRel = (from: string, type: string, to: string, properties?: Record<string, PropertyValue>) => ({ fromKey: from, type, toKey: to, ...(properties ? { properties } : {}) });
