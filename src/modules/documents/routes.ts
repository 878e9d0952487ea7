import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listDocumentsOperation,
  listDocumentsNoSlashOperation,
  getIngestionStatusOperation,
  listGraphEntriesOperation,
} from './operations.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import type { DocumentService } from './service.js';
import type { UploadLimits } from './upload.js';
import { documentUploadRoutes } from './upload-routes.js';
import { oneDocumentRoutes } from './document-routes.js';

const users = { roles: ['user' as const] };
const base = '/api/v1/documents';

export const documentRoutes: FastifyPluginAsyncZod<{ service: DocumentService; limits: UploadLimits }> = async (app, { service, limits }) => {
  await app.register(documentUploadRoutes, { service, limits, url: `${base}/upload` });

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

  await app.register(oneDocumentRoutes, { service, base });
};
