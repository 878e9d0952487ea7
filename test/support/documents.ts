import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp } from './app.js';
import type { TestApp } from './app.js';
import type { StreamClient } from './event-stream.js';
import { RUN_SETTLED, auth, baseUrl, followSession, runEvent } from './runs.js';

/** A file of an upload as a client sends it: its part's file name and Content-Type are whatever the client says. */
export interface UploadPart {
  fileName: string;
  content: string | Uint8Array;
  contentType?: string;
  /** The form field; `files` unless a test says otherwise. */
  field?: string;
}

/** A text field of the form (`replaces`). */
export interface FieldPart {
  field: string;
  value: string;
}

/**
 * A multipart/form-data body written byte for byte (FormData would escape the file names a test
 * wants to send as they are: `../`, CR/LF, bidi characters).
 */
export function multipartBody(parts: readonly (UploadPart | FieldPart)[]): { body: Buffer; contentType: string } {
  const boundary = `----cqks${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`, 'utf8'));
      continue;
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'files'}"; filename="${part.fileName}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
    );
    chunks.push(typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads over real HTTP (the app must listen); answers the status and the parsed body. */
export async function upload(t: TestApp, token: string, parts: readonly (UploadPart | FieldPart)[]): Promise<{ status: number; body: ReturnType<typeof JSON.parse> }> {
  const { body, contentType } = multipartBody(parts);
  const res = await fetch(`${baseUrl(t)}/api/v1/documents/upload`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': contentType },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Uploads one file and answers its document id (the upload must succeed). */
export async function uploadOne(t: TestApp, token: string, part: UploadPart): Promise<string> {
  const res = await upload(t, token, [part]);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.items[0].doc_id as string;
}

/** Approves (if needed) and ingests a document as `admin`, and waits for the run to settle; the stream stays open for the caller. */
export async function ingest(
  t: TestApp,
  admin: string,
  docId: string,
): Promise<{ runId: string; sessionId: string; version: number; settled: string; stream: StreamClient }> {
  const current = await t.app.inject({ method: 'GET', url: `/api/v1/documents/${docId}`, headers: auth(admin) });
  if (current.json().status !== 'approved') {
    const approved = await t.app.inject({ method: 'POST', url: `/api/v1/documents/${docId}/approve`, headers: auth(admin) });
    if (approved.statusCode !== 200) throw new Error(`approve answered ${approved.statusCode}: ${approved.body}`);
  }
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/documents/${docId}/ingest`, headers: auth(admin) });
  if (res.statusCode !== 202) throw new Error(`ingest answered ${res.statusCode}: ${res.body}`);
  const { run_id: runId, session_id: sessionId, version } = res.json();
  const stream = await followSession(t, admin, sessionId);
  const settled = await stream.waitForEvent(runEvent(runId, RUN_SETTLED), 90_000);
  return { runId, sessionId, version, settled: settled.event, stream };
}

/** Every order of `items`. */
export function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/**
 * Uploads and ingests the files named, in that order, each to its end (a run that does not
 * complete throws); returns each document's id with its file name.
 */
export async function ingestFiles(t: TestApp, admin: string, files: Record<string, string>, order: readonly string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const name of order) {
    const id = await uploadOne(t, admin, { fileName: name, content: files[name]! });
    ids.set(id, name);
    const done = await ingest(t, admin, id);
    done.stream.close();
    if (done.settled !== 'run_completed') throw new Error(`${name} in ${order.join(', ')} ended with ${done.settled}`);
  }
  return ids;
}

/** Deletes the documents, each answered 204. */
export async function deleteDocuments(t: TestApp, admin: string, ids: Iterable<string>): Promise<void> {
  for (const id of ids) {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/documents/${id}`, headers: auth(admin) });
    if (res.statusCode !== 204) throw new Error(`deleting ${id} answered ${res.statusCode}: ${res.body}`);
  }
}

/**
 * A service for the ingestion tests of one file, started before its tests and closed after:
 * listening (uploads go over real HTTP), polling for jobs often, reading the graph's schema
 * afresh for every question, with an admin's token.
 */
export function documentsTestApp(): { readonly t: TestApp; readonly admin: string } {
  const state = {} as { t: TestApp; admin: string };
  beforeAll(async () => {
    state.t = await startTestApp({ env: { JOB_POLL_INTERVAL_MS: '100', GRAPH_SCHEMA_CACHE_MS: '0' } });
    await state.t.app.listen({ host: '127.0.0.1', port: 0 });
    state.admin = await state.t.token(['admin']);
  });
  afterAll(() => state.t?.close());
  return state;
}
