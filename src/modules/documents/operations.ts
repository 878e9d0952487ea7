import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { ProblemSchema } from '../../platform/schemas.js';
import {
  ApproveBodySchema,
  DocIdParamsSchema,
  DocumentListQuerySchema,
  DocumentPageSchema,
  DocumentPreviewResponseSchema,
  DocumentSchema,
  GraphEntryPageSchema,
  GraphEntryQuerySchema,
  IngestResponseSchema,
  IngestionStatusPageSchema,
  IngestionStatusQuerySchema,
  StatusChangeBodySchema,
  UploadBodySchema,
  UploadResponseSchema,
} from './schemas.js';

/** The OpenAPI description of the documents routes, operation by operation, beside the schemas they name (routes.ts wires them). */

const tags = ['Documents'];

export const uploadDocumentsOperation = {
  operationId: 'uploadDocuments',
  tags,
  summary: 'Upload files for ingestion',
  description:
    'multipart/form-data with one or more file parts (named `files`). Each file is streamed into the store, hashed ' +
    'and counted as it arrives; its type is told from its bytes (plain text, Markdown, CSV, JSON, JSON Lines, JSON-LD, ' +
    'HTML, PDF, DOCX), never from its name or Content-Type. All or nothing: 413 for a file over DOCUMENT_MAX_BYTES, ' +
    'more than DOCUMENT_MAX_FILES_PER_UPLOAD files or past DOCUMENT_STORAGE_PER_USER_BYTES; 415 for an unsupported ' +
    'type; 409 when you already uploaded the same bytes (`existing_doc_id`). Each problem names the file (`file_name`). ' +
    'An edited file: send a text field `replaces` (one of your document ids) before its one file; the document keeps ' +
    'its id, goes back to `uploaded` (an admin approves it again) and its facts stay in the graph until it is ingested again.',
  consumes: ['multipart/form-data'],
  body: UploadBodySchema,
  response: { 201: UploadResponseSchema, 409: ProblemSchema, 413: ProblemSchema, 415: ProblemSchema },
} satisfies FastifySchema;

export const listDocumentsOperation = {
  operationId: 'listDocuments',
  tags,
  summary: 'List documents',
  description:
    'Your documents (admins: everyone’s, or one user’s with `owner`), newest first, with their status and their ' +
    'latest ingestion. Filters: status, ingestion_state, format, q (file name), since, until. Served with and without the trailing slash.',
  querystring: DocumentListQuerySchema,
  response: { 200: DocumentPageSchema },
} satisfies FastifySchema;

/** The same list without the trailing slash, left out of the description. */
export const listDocumentsNoSlashOperation = { ...listDocumentsOperation, operationId: 'listDocumentsNoSlash', hide: true } satisfies FastifySchema;

export const getIngestionStatusOperation = {
  operationId: 'getIngestionStatus',
  tags,
  summary: 'Ingestion status',
  description:
    'The latest ingestion of each visible document, newest document first, with counts per state. `running` only ' +
    'while a worker holds the run (a run whose worker died reads `queued` until another process takes it over, or ' +
    '`failed` once it gave up); `failed` says at which stage, why, and whether trying again can help.',
  querystring: IngestionStatusQuerySchema,
  response: { 200: IngestionStatusPageSchema },
} satisfies FastifySchema;

export const listGraphEntriesOperation = {
  operationId: 'listGraphEntries',
  tags,
  summary: 'Knowledge graph entries',
  description:
    'The nodes and relationships documents put in the graph (their live versions; yours, or every one for admins), ' +
    'ordered by kind and key, each with the documents that support it and where they say so. Filters: doc_id, kind, label, name.',
  querystring: GraphEntryQuerySchema,
  response: { 200: GraphEntryPageSchema, 404: ProblemSchema },
} satisfies FastifySchema;

export const getDocumentOperation = {
  operationId: 'getDocument',
  tags,
  summary: 'A document',
  description: 'Our extension: one document with its status and latest ingestion.',
  params: DocIdParamsSchema,
  response: { 200: DocumentSchema, 404: ProblemSchema },
} satisfies FastifySchema;

export const previewDocumentOperation = {
  operationId: 'previewDocument',
  tags,
  summary: 'Preview a document',
  description:
    'A bounded JSON view of what is extracted from it (never the raw file): text lines with their page numbers, ' +
    'the first CSV rows, or pretty-printed JSON, cut at PREVIEW_MAX_LINES, PREVIEW_MAX_ROWS and PREVIEW_MAX_BYTES. ' +
    'Made once, by the same capped parser as ingestion; a file the parser refuses previews as `none` with the reason.',
  params: DocIdParamsSchema,
  response: { 200: DocumentPreviewResponseSchema, 404: ProblemSchema },
} satisfies FastifySchema;

export const downloadDocumentOperation = {
  operationId: 'downloadDocument',
  tags,
  summary: 'Download the original file',
  description:
    'The bytes as uploaded, as an attachment (`Content-Disposition` with the cleaned file name), with ' +
    '`X-Content-Type-Options: nosniff`, a sandboxing `Content-Security-Policy` and an `ETag` (its SHA-256; `If-None-Match` answers 304).',
  params: DocIdParamsSchema,
  response: {
    200: z.string().describe('The file’s bytes.'),
    304: z.null().describe('Not modified: the `If-None-Match` ETag is current.'),
    404: ProblemSchema,
  },
} satisfies FastifySchema;

export const changeDocumentStatusOperation = {
  operationId: 'changeDocumentStatus',
  tags,
  summary: 'Update the status of a document',
  description:
    'Admins. Moves: uploaded → approved | rejected, approved → rejected, rejected → approved (a reason is required to ' +
    'reject). Any other move is a 409 with `current_status`. Rejecting a document takes its facts out of the graph ' +
    '(and stops an ingestion under way); approving it again lets it be ingested again.',
  params: DocIdParamsSchema,
  body: StatusChangeBodySchema,
  response: { 200: DocumentSchema, 404: ProblemSchema, 409: ProblemSchema },
} satisfies FastifySchema;

export const approveDocumentOperation = {
  operationId: 'approveDocument',
  tags,
  summary: 'Approve a document for ingestion',
  description: 'Admins. The same as `PATCH …/status` to `approved`: from uploaded or rejected; 409 with `current_status` otherwise.',
  params: DocIdParamsSchema,
  body: ApproveBodySchema,
  response: { 200: DocumentSchema, 404: ProblemSchema, 409: ProblemSchema },
} satisfies FastifySchema;

export const ingestDocumentOperation = {
  operationId: 'ingestDocument',
  tags,
  summary: 'Trigger ingestion',
  description:
    'Admins. Queues a durable run of `document_ingest` that writes a new version of the document’s facts (the previous ' +
    'version stays in the graph until the new one is written). Only an approved document, and one ingestion at a time ' +
    '(409 otherwise). Follow it on the returned session’s stream (`ingestion_progress` events) or with ingestion-status; ' +
    'cancel it through its run.',
  params: DocIdParamsSchema,
  response: { 202: IngestResponseSchema, 404: ProblemSchema, 409: ProblemSchema },
} satisfies FastifySchema;

export const deleteDocumentOperation = {
  operationId: 'deleteDocument',
  tags,
  summary: 'Delete a document',
  description:
    'Admins delete any document; its owner may delete it until it has been ingested (409 after). Stops an ingestion under ' +
    'way, removes from the graph exactly what no other document supports (property values too), then the file. ' +
    'Safe to retry: a deletion cut short is finished by the next call.',
  params: DocIdParamsSchema,
  response: { 204: z.null().describe('Deleted.'), 404: ProblemSchema, 409: ProblemSchema },
} satisfies FastifySchema;
