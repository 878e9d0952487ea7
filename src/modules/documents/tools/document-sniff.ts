import { z } from 'zod';
import { defineTool } from '../../../engine/tools/tool.js';
import type { DocumentIngestion } from '../ingestion.js';

/** The first step of an ingestion: the document may still be ingested, and its bytes are what they were. */
export function documentSniffTool({ documents }: { documents: DocumentIngestion }) {
  return defineTool({
    name: 'document_sniff',
    timeout: 'ingestion',
    description:
      'Checks that the run’s document is approved, reads its stored bytes again to confirm their type (magic numbers, ' +
      'strict UTF-8), and removes what failed earlier versions left in the graph.',
    input: z.object({}).strict(),
    output: z.object({ format: z.string(), size: z.number().int(), version: z.number().int() }),
    run: (_input, { runId, signal, emit }) => documents.sniff({ runId, signal, emit }),
  });
}
