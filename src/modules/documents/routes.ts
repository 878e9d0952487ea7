import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  uploadDocumentsOperation,
  listDocumentsOperation,
  listDocumentsNoSlashOperation,
  getIngestionStatusOperation,
  listGraphEntriesOperation,
  getDocumentOperation,
  previewDocumentOperation,
  downloadDocumentOperation,
  changeDocumentStatusOperation,
  approveDocumentOperation,
  ingestDocumentOperation,
  deleteDocumentOperation,
} from './operations.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import { sendDownload } from '../../platform/file-download.js';
import { unsupportedMediaType } from '../../platform/problem.js';
import type { DocumentService } from './service.js';
import type { UploadLimits } from './upload.js';

const users = { roles: ['user' as const] };
const admins = { roles: ['admin' as const] };
const base = '/api/v1/documents';

export const documentRoutes: FastifyPluginAsyncZod<{ service: DocumentService; limits: UploadLimits }> = async (app, { service, limits }) => {
  // Only this group takes multipart bodies; every limit is ours, and a file past its size is an error, not a silent cut.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: limits.maxBytes, files: limits.maxFiles, fields: 20, fieldSize: 64 * 1024, parts: limits.maxFiles + 20, headerPairs: 100 },
  });

  app.post(
    `${base}/upload`,
    {
      config: { ...users, idempotent: true },
      // The parts are read as a stream by the service; the schema only documents them.
      validatorCompiler: () => (value: unknown) => ({ value }),
      schema: uploadDocumentsOperation,
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!request.isMultipart()) throw unsupportedMediaType('Send the files as multipart/form-data, one part per file.');
      const { items, content } = await service.upload(principal, request.parts());
      request.idempotency?.content(content);
      return reply.code(201).send({ items });
    },
  );

  for (const url of [base, `${base}/`]) {
    app.get(
      url,
      {
        config: users,
        schema: url.endsWith('/') ? listDocumentsOperation : listDocumentsNoSlashOperation,
      },
      async (request) => service.list(requirePrincipal(request), request.query),
    );
  }

  app.get(
    `${base}/ingestion-status`,
    { config: users, schema: getIngestionStatusOperation },
    async (request) => service.ingestionStatus(requirePrincipal(request), request.query),
  );

  app.get(
    `${base}/graph`,
    { config: users, schema: listGraphEntriesOperation },
    async (request) => service.graph(requirePrincipal(request), request.query),
  );

  app.get(
    `${base}/:doc_id`,
    { config: users, schema: getDocumentOperation },
    async (request) => service.get(requirePrincipal(request), request.params.doc_id),
  );

  app.get(
    `${base}/:doc_id/preview`,
    { config: users, schema: previewDocumentOperation },
    async (request) => service.preview(requirePrincipal(request), request.params.doc_id),
  );

  app.get(
    `${base}/:doc_id/download`,
    { config: users, schema: downloadDocumentOperation },
    async (request, reply) => {
      const doc = await service.file(requirePrincipal(request), request.params.doc_id);
      return sendDownload(request, reply, { name: doc.file_name, contentType: doc.content_type, size: doc.size, sha256: doc.sha256, chunks: () => service.chunks(doc.id) });
    },
  );

  app.patch(
    `${base}/:doc_id/status`,
    { config: admins, schema: changeDocumentStatusOperation },
    async (request) => service.changeStatus(requirePrincipal(request), request.params.doc_id, request.body),
  );

  app.post(
    `${base}/:doc_id/approve`,
    { config: { ...admins, idempotent: true }, schema: approveDocumentOperation },
    async (request) => service.changeStatus(requirePrincipal(request), request.params.doc_id, { status: 'approved', reason: request.body?.reason }),
  );

  app.post(
    `${base}/:doc_id/ingest`,
    { config: { ...admins, idempotent: true }, schema: ingestDocumentOperation },
    async (request, reply) => reply.code(202).send(await service.ingest(requirePrincipal(request), request.params.doc_id)),
  );

  app.delete(
    `${base}/:doc_id`,
    { config: users, schema: deleteDocumentOperation },
    async (request, reply) => {
      await service.delete(requirePrincipal(request), request.params.doc_id);
      return reply.code(204).send(null);
    },
  );
};
