import { createHash, randomUUID } from 'node:crypto';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { createSniffer } from '../../ingest/sniff.js';
import { FORMAT_MEDIA_TYPES } from '../../ingest/types.js';
import { PartsFingerprint } from '../../platform/idempotency/parts-fingerprint.js';
import { badRequest, conflict, payloadTooLarge, unsupportedMediaType } from '../../platform/problem.js';
import { safeFileName } from './file-name.js';
import { DOCUMENT_CHUNK_BYTES } from './store.js';
import type { DocumentStore } from './store.js';

/**
 * Receives an upload's files one after the other, each streamed into the relational store in
 * chunks as it arrives: hashed (SHA-256), counted and sniffed on the way, never held whole in
 * memory, never stored under the client's name. An upload is all or nothing: any refused file
 * (too large, not a supported type, a duplicate) removes what the request stored and names
 * the file in the problem. A text field `replaces` (before the file) uploads an edited file
 * over one of the caller's documents instead of a new one.
 */

export interface UploadLimits {
  maxBytes: number;
  maxFiles: number;
  storagePerUserBytes: number;
}

export interface UploadedFile {
  id: string;
  fileName: string;
}


/** @fastify/multipart's own limit errors, as the problems this endpoint documents. */
function multipartProblem(error: unknown, fileName: string | undefined, limits: UploadLimits): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(`${fileName ?? 'A file'} is larger than DOCUMENT_MAX_BYTES (${limits.maxBytes} bytes).`, { file_name: fileName });
    case 'FST_FILES_LIMIT':
      return payloadTooLarge(`At most ${limits.maxFiles} files per upload (DOCUMENT_MAX_FILES_PER_UPLOAD).`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge('The upload has too many parts.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_NO_FORM_DATA':
      return unsupportedMediaType('Send the files as multipart/form-data.');
    // A file part cut short: the body ended (or the client left) before the part's boundary.
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return badRequest('The multipart body ended before its parts did.', [{ path: 'body', message: 'must be well-formed multipart/form-data' }]);
    default:
      // The multipart parser's own refusals of a body it cannot read are the client's: no boundary,
      // a boundary too long, a body cut short.
      if (error instanceof Error && UNREADABLE_MULTIPART.test(error.message)) {
        return badRequest(`The multipart body cannot be read: ${error.message}.`, [{ path: 'body', message: 'must be well-formed multipart/form-data' }]);
      }
      return error;
  }
}

/** What @fastify/busboy says of a multipart body it cannot read. */
const UNREADABLE_MULTIPART = /^(Multipart: Boundary not found|Boundary required|The needle cannot|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function receiveUpload(options: {
  parts: AsyncIterable<Multipart>;
  owner: string;
  store: DocumentStore;
  limits: UploadLimits;
  /** The caller's document an edited file may replace (404 otherwise); its sha256. */
  replaceable(docId: string): Promise<{ id: string; sha256: string }>;
}): Promise<{ files: UploadedFile[]; /** What the body held (`PartsFingerprint`), for Idempotency-Key retries. */ content: string }> {
  const { parts, owner, store, limits } = options;
  const stored: UploadedFile[] = [];
  /** New documents this request made (not one it replaced): what a refusal removes. */
  const created: string[] = [];
  let current: string | undefined;
  let replaces: { id: string; sha256: string } | undefined;
  const content = new PartsFingerprint();
  try {
    let used = await store.usage(owner);
    for await (const part of parts) {
      if (part.type === 'field') {
        content.field(part.fieldname, String(part.value));
        if (part.fieldname !== 'replaces') continue;
        const value = String(part.value).trim();
        // A form's empty field (Swagger UI sends `replaces=` when it is cleared): no replacement.
        if (value === '') continue;
        if (!UUID.test(value) || stored.length > 0) {
          throw badRequest('`replaces` must be a document id, sent before the one file that replaces it.', [{ path: 'body.replaces', message: 'invalid' }]);
        }
        replaces = await options.replaceable(value);
        continue;
      }
      if (replaces && stored.length > 0) throw badRequest('An upload that replaces a document carries one file.', [{ path: 'body.files', message: 'one file' }]);
      current = safeFileName(part.filename);
      const file = await receiveFile({ part, fileName: current, owner, store, limits, used, replaces });
      content.file(part.fieldname, part.filename, file.sha256);
      stored.push(file.uploaded);
      if (!replaces) created.push(file.uploaded.id);
      used += file.size;
      current = undefined;
    }
    if (stored.length === 0) {
      throw badRequest('The upload has no file: send one or more parts named `files` with a file name.', [
        { path: 'body.files', message: 'required' },
      ]);
    }
    return { files: stored, content: content.digest() };
  } catch (error) {
    await store.discard(created);
    throw multipartProblem(error, current, limits);
  }
}

async function receiveFile(options: {
  part: MultipartFile;
  fileName: string;
  owner: string;
  store: DocumentStore;
  limits: UploadLimits;
  used: number;
  replaces?: { id: string; sha256: string };
}): Promise<{ uploaded: UploadedFile; size: number; sha256: string }> {
  const { part, fileName, owner, store, limits, used, replaces } = options;
  const id = randomUUID();
  await store.begin({ id, owner, fileName });
  try {
    const hash = createHash('sha256');
    const sniffer = createSniffer();
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      await store.appendChunk(id, seq++, Buffer.concat(pending, pendingBytes));
      pending = [];
      pendingBytes = 0;
    };
    for await (const data of part.file as AsyncIterable<Buffer>) {
      size += data.length;
      if (used + size > limits.storagePerUserBytes) {
        throw payloadTooLarge(
          `${fileName} would take your stored documents past DOCUMENT_STORAGE_PER_USER_BYTES (${limits.storagePerUserBytes} bytes); ` +
            'delete some first.',
          { file_name: fileName },
        );
      }
      hash.update(data);
      sniffer.push(data);
      pending.push(data);
      pendingBytes += data.length;
      while (pendingBytes >= DOCUMENT_CHUNK_BYTES) {
        const joined = Buffer.concat(pending, pendingBytes);
        await store.appendChunk(id, seq++, joined.subarray(0, DOCUMENT_CHUNK_BYTES));
        pending = [joined.subarray(DOCUMENT_CHUNK_BYTES)];
        pendingBytes = pending[0]!.length;
      }
    }
    if (part.file.truncated) throw multipartProblem({ code: 'FST_REQ_FILE_TOO_LARGE' }, fileName, limits);
    if (size === 0) throw unsupportedMediaType(`${fileName} is empty.`, { file_name: fileName });
    if (pendingBytes > 0) await flush();
    const sniffed = sniffer.finish();
    if (!sniffed.ok) {
      throw unsupportedMediaType(
        `${fileName} is not a supported document: ${sniffed.reason}. Supported: plain text, Markdown, CSV, JSON, JSON Lines, ` +
          'JSON-LD, HTML, PDF and DOCX, told apart by their content (not their name or Content-Type).',
        { file_name: fileName },
      );
    }
    const sha256 = hash.digest('hex');
    const duplicate = async () => {
      const existing = await store.findBySha256(owner, sha256);
      return conflict(`${fileName} has the same content as your document ${existing?.file_name ?? ''} (${existing?.id ?? 'uploaded meanwhile'}).`, {
        file_name: fileName,
        existing_doc_id: existing?.id,
      });
    };
    if (await store.findBySha256(owner, sha256)) throw await duplicate();
    const file = { fileName, format: sniffed.format, contentType: FORMAT_MEDIA_TYPES[sniffed.format], size, sha256 };
    const completed = replaces ? await store.replace(replaces.id, id, file) : await store.complete(id, file);
    if (!completed) throw await duplicate();
    return { uploaded: { id: replaces?.id ?? id, fileName }, size, sha256 };
  } catch (error) {
    // Unread bytes of this part must be drained, or the request never ends.
    part.file.resume();
    await store.discard([id], { uploadingOnly: true });
    throw error;
  }
}
