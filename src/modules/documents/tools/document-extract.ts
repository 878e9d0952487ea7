import { z } from 'zod';
import { defineTool } from '../../../engine/tools/tool.js';
import type { DocumentIngestion } from '../ingestion.js';

/** Text, chunks and facts of the run's document, parsed in a child process with memory and time caps. */
export function documentExtractTool({ documents }: { documents: DocumentIngestion }) {
  return defineTool({
    name: 'document_extract',
    timeout: 'ingestion',
    description:
      'Extracts the run’s document in a memory- and time-capped child process: text with pages and offsets, chunks, and ' +
      'facts (structured records exactly; free text through NLP and a few high-precision patterns; with a model, the ' +
      'model’s structured answer per chunk, validated).',
    input: z.object({}).strict(),
    output: z.object({
      chars: z.number().int(),
      pages: z.number().int().nullable(),
      chunks: z.number().int(),
      entities: z.number().int(),
      relations: z.number().int(),
      warnings: z.array(z.string()),
    }),
    run: (_input, { runId, signal, emit }) => documents.extract({ runId, signal, emit }),
  });
}
