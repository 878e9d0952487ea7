import { z } from 'zod';
import { defineTool } from '../tool.js';

/** Links the extracted entities to the graph before anything is written. */
export default defineTool({
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
  run: (_input, { documents, runId, signal, emit }) => documents.resolve({ runId, signal, emit }),
});
