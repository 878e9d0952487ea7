import { z } from 'zod';
import type { ToolContract } from '../../engine/tools/tool.js';
import { defineWorkflow } from '../../engine/workflows/workflow.js';
import type { WorkflowNode } from '../../engine/workflows/workflow.js';

/** The ingestion's tools, as the documents module built them. */
export interface IngestTools {
  sniff: ToolContract;
  extract: ToolContract;
  resolve: ToolContract;
  write: ToolContract;
}

/** A step that calls its one tool and keeps what it says (the tools stage and resume the work themselves). */
const step = (id: string, description: string, handle: ToolContract): WorkflowNode => ({
  id,
  description,
  tools: [handle],
  run: async ({ tool }) => ({ output: IngestStepOutput.parse(await tool(handle, {})) }),
});
const IngestStepOutput = z.record(z.string(), z.unknown());

/**
 * A document's ingestion: started by `POST /api/v1/documents/{doc_id}/ingest` (admins), not
 * through the workflow endpoint, since its version and its document's state are set up with
 * it. Every step is safe to run again after a takeover; the stage and progress of each show
 * on the session's stream as `ingestion_progress`.
 */
export const documentIngestWorkflow = (tools: IngestTools) =>
  defineWorkflow({
  id: 'document_ingest',
  name: 'Document ingestion',
  description:
    'Started by POST /api/v1/documents/{doc_id}/ingest. Turns an approved document into graph nodes and relationships with their evidence: sniff, extract (text, chunks, ' +
    'facts), resolve (link to existing nodes), write (a new version, then the old one removed).',
  version: '1',
  internal: true,
  input: z.object({ doc_id: z.uuid(), version: z.number().int().positive() }).strict(),
  nodes: [
    step('sniff', 'Checks the document and its bytes’ type.', tools.sniff),
    step('extract', 'Text, chunks and facts, in a capped child process.', tools.extract),
    step('resolve', 'Links entities to the graph.', tools.resolve),
    step('write', 'Writes the version and retires the previous one.', tools.write),
  ],
  output(outputs) {
    return { ...outputs.sniff, extracted: outputs.extract ?? {}, resolved: outputs.resolve ?? {}, written: outputs.write ?? {} };
  },
});
