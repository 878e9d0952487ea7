import { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends stored bytes as a download, the same way for run files and documents: an attachment
 * with its (already safe) name, `nosniff`, a sandboxing CSP (nothing of it runs as a page of
 * ours, even opened inline), and its SHA-256 as the `ETag` (`If-None-Match` answers 304).
 */

export interface StoredFile {
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  chunks(): AsyncIterable<Uint8Array>;
}

const etagOf = (sha256: string) => `"${sha256}"`;

/** `If-None-Match` may list several tags, weak ones, or `*`. */
const matchesEtag = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);

export function sendDownload(request: FastifyRequest, reply: FastifyReply, file: StoredFile): FastifyReply {
  const etag = etagOf(file.sha256);
  reply
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.name, { type: 'attachment' }))
    .header('content-length', file.size)
    .send(Readable.from(file.chunks()));
}
