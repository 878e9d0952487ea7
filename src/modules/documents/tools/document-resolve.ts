import { z } from 'zod';
import { defineTool } from '../../../engine/tools/tool.js';
import type { DocumentIngestion } from '../ingestion.js';

/** Links the extracted entities to the graph before anything is written. */
export function documentResolveTool({ documents }: { documents: DocumentIngestion }) {
  return defineTool({
    name: 'document_resolve',
    timeout: 'ingestion',
    description:
      'Links each extracted entity to the graph: merged into the one existing node of a compatible label with that name or ' +
      'alias, a new node, or kept apart and marked ambiguous when several exist; single unmatched mentions are dropped.',
    input: z.object({}).strict(),
    output: z.object({
      entities: z.number().int(),
      existing: z.number().int(),
      new: z.number().int(),
      ambiguous: z.number().int(),
      dropped: z.number().int(),
    }),
    run: (_input, { runId, signal, emit }) => documents.resolve({ runId, signal, emit }),
  });
}
