import { ModelUnavailableError, type ModelSettings } from '../../platform/llm/chat-completion.js';
import type { Chunk, DocumentFacts, Progress } from '../types.js';
import { modelAsker, type AskModel } from './model-client.js';
import { baseFactsFor, groundAnswer, mergeParts, type FactsPart } from './model-facts.js';
import { buildExtractionMessages } from './model-prompt.js';
import { readAnswer } from './model-schema.js';

/**
 * Facts from free text with a language model: each chunk is sent with the graph's labels and
 * relationship types and answered as structured output (model-schema.ts), two chunks at a time.
 * The text is untrusted (model-prompt.ts) and so is the answer: only facts of the allowed shape
 * whose names are written in the chunk come out; the model never writes a query here.
 *
 * A chunk whose answer is unusable (an HTTP error, no answer in time, no JSON, another shape)
 * keeps its no-model facts, with a warning. After FAILURES_IN_A_ROW endpoint failures the
 * endpoint is not asked again: every chunk left keeps its no-model facts, with one warning.
 */

/** Chunks asked at once. */
const CONCURRENCY = 2;
/** Endpoint failures in a row after which the rest of the document is not sent. */
const FAILURES_IN_A_ROW = 3;

export interface ModelExtractionLogger {
  warn(obj: object, msg?: string): void;
  debug?(obj: object, msg?: string): void;
}

type Outcome = { part: FactsPart } | { fallback: string } | { skipped: true };

export async function extractWithModel(options: {
  chunks: Chunk[];
  baseFacts: DocumentFacts;
  schema: { labels: string[]; relationshipTypes: string[] };
  model: ModelSettings;
  signal: AbortSignal;
  onProgress?: (p: Progress) => void;
  logger: ModelExtractionLogger;
}): Promise<DocumentFacts> {
  const { chunks, baseFacts, schema, signal, logger } = options;
  const ask = modelAsker(options.model);
  const counted = new Set<string>();
  const outcomes: Outcome[] = new Array(chunks.length);
  const report = (done: number) => options.onProgress?.({ stage: 'extracting_entities', done, total: chunks.length, unit: 'chunks' });
  let next = 0;
  let done = 0;
  let failures = 0;
  report(0);

  const work = async () => {
    while (next < chunks.length) {
      signal.throwIfAborted();
      const i = next++;
      if (failures >= FAILURES_IN_A_ROW) {
        outcomes[i] = { skipped: true };
      } else {
        const outcome = await readChunk({ chunk: chunks[i]!, schema, ask, counted, signal, logger });
        if ('fallback' in outcome && outcome.endpoint) failures++;
        else failures = 0;
        outcomes[i] = 'part' in outcome ? { part: outcome.part } : { fallback: outcome.fallback };
      }
      report(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, chunks.length) }, work));

  const warnings: string[] = [];
  const fallback = new Set<number>();
  const parts: FactsPart[] = [];
  outcomes.forEach((outcome, i) => {
    if ('part' in outcome) {
      parts.push(outcome.part);
      return;
    }
    fallback.add(chunks[i]!.index);
    if ('fallback' in outcome) warnings.push(`chunk ${chunks[i]!.index}: ${outcome.fallback}; used the no-model facts`);
  });
  const skipped = outcomes.filter((o) => 'skipped' in o).length;
  if (skipped > 0) {
    warnings.push(`the model endpoint failed for ${FAILURES_IN_A_ROW} chunks in a row; the ${skipped} chunk${skipped === 1 ? '' : 's'} after them used the no-model facts`);
  }
  // The file's own structure and the fallback chunks first: they carry keys and properties.
  const merged = mergeParts([baseFactsFor({ baseFacts, chunks: fallback }), ...parts]);
  return { ...merged, warnings: [...baseFacts.warnings, ...warnings] };
}

type ChunkOutcome = { part: FactsPart } | { fallback: string; endpoint: boolean };

async function readChunk(options: {
  chunk: Chunk;
  schema: { labels: string[]; relationshipTypes: string[] };
  ask: AskModel;
  counted: Set<string>;
  signal: AbortSignal;
  logger: ModelExtractionLogger;
}): Promise<ChunkOutcome> {
  const { chunk, schema, ask, counted, signal, logger } = options;
  const messages = buildExtractionMessages({ text: chunk.text, labels: schema.labels, relationshipTypes: schema.relationshipTypes });
  let content: string;
  try {
    content = await ask(messages, signal);
  } catch (error) {
    if (!(error instanceof ModelUnavailableError)) throw error;
    logger.warn({ chunk: chunk.index, reason: error.reason, status: error.status, error: error.message }, 'model extraction failed for a chunk; its no-model facts are used');
    return { fallback: error.message, endpoint: true };
  }
  const answer = readAnswer({ content, labels: schema.labels });
  if (!answer.ok) {
    const fallback = answer.reason === 'json' ? "the model's answer was not valid JSON" : "the model's answer did not have the expected shape";
    logger.warn({ chunk: chunk.index, reason: answer.reason, answerChars: content.length }, 'model answer rejected; the chunk’s no-model facts are used');
    return { fallback, endpoint: false };
  }
  const grounded = groundAnswer({ chunk, entities: answer.entities, relations: answer.relations, counted });
  logger.debug?.(
    { chunk: chunk.index, entities: grounded.entities.length, relations: grounded.relations.length, dropped: answer.dropped, ungrounded: grounded.ungrounded },
    'model facts read',
  );
  return { part: { entities: grounded.entities, relations: grounded.relations } };
}
