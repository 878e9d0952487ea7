import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getRunOperation,
  answerRunOperation,
  cancelRunOperation,
  listRunFilesOperation,
  previewRunFileOperation,
  downloadRunFileOperation,
} from './operations.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import { sendDownload } from '../../platform/file-download.js';
import type { RunService } from './service.js';
import { refuseEncodedSeparators } from './file-paths.js';

const users = { roles: ['user' as const] };

export const runRoutes: FastifyPluginAsyncZod<{ service: RunService }> = async (app, { service }) => {
  app.get(
    '/api/v1/runs/:run_id',
    { config: users, schema: getRunOperation },
    async (request) => service.get(requirePrincipal(request), request.params.run_id),
  );

  app.post(
    '/api/v1/runs/:run_id/input',
    { config: users, schema: answerRunOperation },
    async (request) => service.answer(requirePrincipal(request), request.params.run_id, request.body.answer),
  );

  app.post(
    '/api/v1/runs/:run_id/cancel',
    { config: users, schema: cancelRunOperation },
    async (request) => service.cancel(requirePrincipal(request), request.params.run_id),
  );

  app.get(
    '/api/v1/runs/:run_id/files',
    { config: users, schema: listRunFilesOperation },
    async (request) => service.listFiles(requirePrincipal(request), request.params.run_id, request.query),
  );

  app.get(
    '/api/v1/runs/:run_id/preview/*',
    { config: users, schema: previewRunFileOperation },
    async (request) => {
      refuseEncodedSeparators(request.url, 'preview');
      return service.preview(requirePrincipal(request), request.params.run_id, request.params['*']);
    },
  );

  app.get(
    '/api/v1/runs/:run_id/download/*',
    { config: users, schema: downloadRunFileOperation },
    async (request, reply) => {
      refuseEncodedSeparators(request.url, 'download');
      const file = await service.file(requirePrincipal(request), request.params.run_id, request.params['*']);
      return sendDownload(request, reply, { name: file.name, contentType: file.content_type, size: file.size, sha256: file.sha256, chunks: () => service.chunks(file) });
    },
  );
};
