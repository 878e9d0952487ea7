import { z } from 'zod';
import { defineTool } from '../../../engine/tools/tool.js';
import type { DocumentIngestion } from '../ingestion.js';

/** Writes the new version of the document's facts, makes it live, then removes the old one. */
export function documentWriteTool({ documents }: { documents: DocumentIngestion }) {
  return defineTool({
    name: 'document_write',
    timeout: 'ingestion',
    description:
      'Writes the document’s facts under the new version’s provenance with their evidence, links its Document node to what ' +
      'it mentions, makes the version live and only then removes the previous version (so its facts never vanish in between).',
    input: z.object({}).strict(),
    output: z.record(z.string(), z.number()),
    run: (_input, { runId, signal, emit }) => documents.write({ runId, signal, emit }),
  });
}
