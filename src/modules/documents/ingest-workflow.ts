import { z } from 'zod';
import { defineWorkflow } from '../../engine/workflows/workflow.js';

/**
 * A document's ingestion: started by `POST /api/v1/documents/{doc_id}/ingest` (admins), not
 * through the workflow endpoint, since its version and its document's state are set up with
 * it. Every step is safe to run again after a takeover; the stage and progress of each show
 * on the session's stream as `ingestion_progress`.
 */
export const documentIngestWorkflow = defineWorkflow({
  id: 'document_ingest',
  name: 'Document ingestion',
  description:
    'Started by POST /api/v1/documents/{doc_id}/ingest. Turns an approved document into graph nodes and relationships with their evidence: sniff, extract (text, chunks, ' +
    'facts), resolve (link to existing nodes), write (a new version, then the old one removed).',
  version: '1',
  internal: true,
  input: z.object({ doc_id: z.uuid(), version: z.number().int().positive() }).strict(),
  nodes: [
    { id: 'sniff', description: 'Checks the document and its bytes’ type.', tools: ['document_sniff'], run: async ({ tool }) => ({ output: await tool('document_sniff', {}) }) },
    { id: 'extract', description: 'Text, chunks and facts, in a capped child process.', tools: ['document_extract'], run: async ({ tool }) => ({ output: await tool('document_extract', {}) }) },
    { id: 'resolve', description: 'Links entities to the graph.', tools: ['document_resolve'], run: async ({ tool }) => ({ output: await tool('document_resolve', {}) }) },
    { id: 'write', description: 'Writes the version and retires the previous one.', tools: ['document_write'], run: async ({ tool }) => ({ output: await tool('document_write', {}) }) },
  ],
  output(outputs) {
    return { ...outputs.sniff, extracted: outputs.extract ?? {}, resolved: outputs.resolve ?? {}, written: outputs.write ?? {} };
  },
});
