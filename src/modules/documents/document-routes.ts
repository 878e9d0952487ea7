import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import type { DocumentService } from './service.js';

const users = { roles: ['user' as const] };
const admins = { roles: ['admin' as const] };

/** The routes of one document (`/documents/:doc_id…`): read it, preview and download it, change its status, ingest and delete it. */
export const oneDocumentRoutes: FastifyPluginAsyncZod<{ service: DocumentService; base: string }> = async (app, { service, base }) => {
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
