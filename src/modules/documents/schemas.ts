import { z } from 'zod';
import { DocumentPreviewSchema } from '../../ingest/preview-schema.js';
import { DOCUMENT_FORMATS, EXTRACTORS, INGESTION_STAGES } from '../../ingest/types.js';
import { PageQuerySchema, pageOf } from '../../platform/schemas.js';
import { DOCUMENT_STATUSES, INGESTION_STATES } from './store.js';

/** One schema per resource: validation, TypeScript types and the OpenAPI document come from here. */

export const DocumentStatusSchema = z
  .enum(DOCUMENT_STATUSES)
  .describe(
    'uploaded: waits for an admin. approved: may be ingested (as often as asked). rejected: an admin refused it. ' +
      'Admins move a document between approved and rejected in both directions; nothing goes back to uploaded.',
  );

export const IngestionStateSchema = z
  .enum(INGESTION_STATES)
  .describe(
    'not_started: never ingested. queued: waiting for a worker (also while a run whose worker died waits to be taken over). ' +
      'running: a worker holds it now (see `stage` and `progress`). ingested: its facts are in the graph. ' +
      'failed: see `failure`. cancelled: stopped through its run.',
  );

export const DocIdParamsSchema = z.object({ doc_id: z.uuid().describe('The document’s id (a UUID).') });

export const ProgressSchema = z
  .object({
    done: z.number().int(),
    total: z.number().int(),
    unit: z.string().describe('What is counted: bytes, pages, rows, records, chunks, entities, facts.'),
  })
  .meta({ id: 'IngestionProgress' });

export const IngestionSchema = z
  .object({
    state: IngestionStateSchema,
    run_id: z.string().nullable().describe('The run doing (or that did) the latest ingestion; cancel it with `POST /api/v1/runs/{run_id}/cancel`.'),
    session_id: z.string().nullable().describe('The session whose stream carries its `ingestion_progress` and step events.'),
    version: z.number().int().nullable().describe('Each ingestion writes a new version of the document’s facts.'),
    live_version: z.number().int().nullable().describe('The version whose facts the graph holds now (the previous one stays until a new one is written).'),
    stage: z.enum(INGESTION_STAGES).nullable().describe('While running, and where a failed one stopped.'),
    progress: ProgressSchema.nullable(),
    failure: z
      .object({
        stage: z.string().nullable(),
        reason: z.string().describe('What went wrong, for people.'),
        retryable: z.boolean().describe('false when the document itself cannot be ingested as it is (a bad file, a limit): ingesting it again fails the same way.'),
      })
      .nullable(),
    warnings: z.array(z.string()).describe('What was cut or skipped (a limit reached, a model answer dropped).'),
    counts: z.record(z.string(), z.number()).nullable().describe('What the ingestion wrote: entities, relationships, ambiguous, dropped, ….'),
    queued_at: z.string().nullable(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'DocumentIngestion' });

export const DocumentSchema = z
  .object({
    doc_id: z.string(),
    file_name: z.string().describe('The uploaded file’s name, without any path, control or bidirectional-override characters.'),
    format: z.enum(DOCUMENT_FORMATS).describe('Told from the bytes, never from the name or the Content-Type.'),
    content_type: z.string(),
    size: z.number().int().describe('Bytes.'),
    sha256: z.string().describe('Hex SHA-256 of the bytes; the download’s ETag.'),
    owner: z.string().describe('Subject of the user who uploaded it.'),
    status: DocumentStatusSchema,
    revision: z.number().int().describe('1 for the file as first uploaded; one more for each edited file uploaded over it.'),
    status_reason: z.string().nullable(),
    status_changed_by: z.string().nullable(),
    status_changed_at: z.string().nullable(),
    ingestion: IngestionSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Document' });

export const DocumentPageSchema = pageOf(DocumentSchema).meta({ id: 'DocumentPage' });

/** What the multipart body holds, for the OpenAPI document (the parts are read as a stream, not validated against this). */
export const UploadBodySchema = z
  .object({
    files: z
      .array(z.string().meta({ format: 'binary' }))
      .min(1)
      .describe('One part per file, each with its file name; the type is told from the bytes.'),
    replaces: z.uuid().optional().describe('One of your documents this (one) edited file replaces; sent before the file. Empty or absent: a new document.'),
  })
  .meta({ id: 'DocumentUploadForm' });

export const UploadResponseSchema = z
  .object({ items: z.array(DocumentSchema).describe('The stored documents, in the order the files were sent.') })
  .meta({ id: 'DocumentUpload' });

const dateFilter = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

export const DocumentListQuerySchema = PageQuerySchema.extend({
  status: z.enum(DOCUMENT_STATUSES).optional(),
  ingestion_state: z.enum(INGESTION_STATES).optional(),
  format: z.enum(DOCUMENT_FORMATS).optional(),
  q: z.string().min(1).max(200).optional().describe('Text in the file name (case-insensitive).'),
  owner: z.string().min(1).max(200).optional().describe('Admins: only this user’s documents (others always see only their own).'),
  since: dateFilter.optional().describe('Uploaded at or after (ISO 8601).'),
  until: dateFilter.optional().describe('Uploaded before (ISO 8601).'),
});

export const StatusChangeBodySchema = z
  .object({
    status: z.enum(['approved', 'rejected']).describe('The new status; `uploaded` cannot be returned to.'),
    reason: z.string().trim().min(1).max(2000).optional().describe('Why (shown with the document); required to reject.'),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.status === 'rejected' && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'a reason is required to reject' });
  })
  .meta({ id: 'DocumentStatusChange', example: { status: 'rejected', reason: 'Duplicates the 2025 annual report.' } });

export const ApproveBodySchema = z
  .object({ reason: z.string().trim().min(1).max(2000).optional().describe('Why (shown with the document).') })
  .strict()
  .nullish()
  .meta({ id: 'DocumentApproval', description: 'Optional: a body with a reason, or none.' });

export const IngestResponseSchema = z
  .object({
    run_id: z.string().describe('Follow it with `GET /api/v1/runs/{run_id}`; cancel it with `POST /api/v1/runs/{run_id}/cancel`.'),
    session_id: z.string().describe('Its stream (`GET /api/v1/chat/{session_id}/stream`) carries `ingestion_progress` and step events.'),
    version: z.number().int().describe('The version this ingestion writes.'),
  })
  .meta({ id: 'IngestionStarted' });

export const IngestionStatusItemSchema = z
  .object({
    doc_id: z.string(),
    file_name: z.string(),
    status: DocumentStatusSchema,
    ingestion: IngestionSchema,
  })
  .meta({ id: 'DocumentIngestionStatus' });

export const IngestionStatusPageSchema = pageOf(IngestionStatusItemSchema)
  .extend({
    counts: z.record(z.enum(INGESTION_STATES), z.number().int()).describe('How many visible documents are in each ingestion state (all pages).'),
  })
  .meta({ id: 'DocumentIngestionStatusPage' });

export const IngestionStatusQuerySchema = PageQuerySchema.extend({
  state: z.enum(INGESTION_STATES).optional(),
  doc_id: z.uuid().optional(),
});

export const EvidenceSchema = z
  .object({
    doc_id: z.string(),
    version: z.number().int(),
    chunk: z.number().int().describe('The chunk of text (-1 for a structured record).'),
    page: z.number().int().nullable(),
    start: z.number().int().describe('Character offset in the document’s extracted text.'),
    end: z.number().int(),
    snippet: z.string(),
    extractor: z.enum(EXTRACTORS),
    confidence: z.number(),
  })
  .meta({ id: 'Evidence' });

export const GraphEntrySchema = z
  .object({
    kind: z.enum(['node', 'relationship']),
    key: z.string().describe('A node’s key, or `from_key|TYPE|to_key` for a relationship.'),
    label: z.string().describe('The node’s main label, or the relationship’s type.'),
    name: z.string().nullable(),
    from_key: z.string().nullable(),
    to_key: z.string().nullable(),
    properties: z.record(z.string(), z.unknown()).describe('What the documents said of it (the latest version of each).'),
    ambiguous: z.boolean().describe('A mention kept apart because several existing nodes have its name: for curators to settle.'),
    documents: z
      .array(z.object({ doc_id: z.string(), file_name: z.string(), version: z.number().int() }))
      .describe('The documents that support it.'),
    evidence: z.array(EvidenceSchema).describe('Where they say so (the first few).'),
  })
  .meta({ id: 'GraphEntry' });

export const GraphEntryPageSchema = pageOf(GraphEntrySchema).meta({ id: 'GraphEntryPage' });

export const GraphEntryQuerySchema = PageQuerySchema.extend({
  doc_id: z.uuid().optional().describe('Only entries this document supports.'),
  kind: z.enum(['node', 'relationship']).optional(),
  label: z.string().min(1).max(200).optional().describe('A node label or a relationship type.'),
  name: z.string().min(1).max(200).optional().describe('Text in a node’s name (case-insensitive); relationships have none.'),
});

export { DocumentPreviewSchema };

export const DocumentPreviewResponseSchema = z
  .object({
    doc_id: z.string(),
    file_name: z.string(),
    format: z.enum(DOCUMENT_FORMATS),
    size: z.number().int(),
    preview: DocumentPreviewSchema,
  })
  .meta({ id: 'DocumentPreviewResponse' });
