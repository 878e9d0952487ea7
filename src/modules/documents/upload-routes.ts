import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadDocumentsOperation } from './operations.js';
import { requirePrincipal } from '../../platform/auth/plugin.js';
import { unsupportedMediaType } from '../../platform/problem.js';
import type { DocumentService } from './service.js';
import type { UploadLimits } from './upload.js';

/** POST /documents/upload: the one route that takes multipart bodies, in a plugin of its own so no other route does. */
export const documentUploadRoutes: FastifyPluginAsyncZod<{ service: DocumentService; limits: UploadLimits; url: string }> = async (app, { service, limits, url }) => {
  // Every limit is ours, and a file past its size is an error, not a silent cut.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: limits.maxBytes, files: limits.maxFiles, fields: 20, fieldSize: 64 * 1024, parts: limits.maxFiles + 20, headerPairs: 100 },
  });

  app.post(
    url,
    {
      config: { roles: ['user'], idempotent: true },
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
};
