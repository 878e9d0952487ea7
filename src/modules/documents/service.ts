import type { Multipart } from '@fastify/multipart';
import type { Logger } from 'pino';
import { runInParserProcess } from '../../ingest/child/runner.js';
import { IngestRejection } from '../../ingest/types.js';
import type { IngestLimits } from '../../ingest/types.js';
import { hasRole } from '../../platform/auth/roles.js';
import type { Principal } from '../../platform/auth/roles.js';
import { decodeCursor, keysetPage } from '../../platform/pagination.js';
import { conflict, notFound } from '../../platform/problem.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import type { SessionService } from '../chat/service.js';
import type { PreviewLimits } from '../runs/preview.js';
import type { RunService } from '../runs/service.js';
import type { GraphEntries } from './graph-entries.js';
import type { DocumentGraphWriter } from '../../ingest/write/graph-writer.js';
import type { IngestionStore } from './ingestion-store.js';
import { presentDocument, presentIngestion } from './present.js';
import type { DocumentStatus, DocumentStore, DocumentWithIngestion, IngestionState } from './store.js';
import { INGESTION_STATES } from './store.js';
import { receiveUpload } from './upload.js';
import type { UploadLimits } from './upload.js';

/**
 * Documents: upload, reading, the admin's decisions, ingestion and deletion. Users see their own
 * documents, admins every one; anyone else's document is a 404. The rules of each move are here;
 * SQL is in the stores, graph writing in DocumentGraphWriter.
 */

/** The moves `PATCH …/status` and approve may make: uploaded → approved | rejected, and back between those two. */
const STATUS_EDGES: Record<DocumentStatus, readonly DocumentStatus[]> = {
  uploaded: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

/** Uploads whose process died midway are removed after this long. */
const STALE_UPLOAD_MS = 60 * 60_000;

export interface DocumentServiceDeps {
  db: RelationalStore;
  documents: DocumentStore;
  ingestions: IngestionStore;
  writer: DocumentGraphWriter;
  entries: GraphEntries;
  sessions: SessionService;
  runs: RunService;
  uploadLimits: UploadLimits;
  ingestLimits: IngestLimits;
  previewLimits: PreviewLimits;
  logger: Logger;
}

export class DocumentService {
  constructor(private readonly deps: DocumentServiceDeps) {}

  /** The documents stored, and what the body held (for Idempotency-Key retries). */
  async upload(principal: Principal, parts: AsyncIterable<Multipart>) {
    const { files: stored, content } = await receiveUpload({
      parts,
      owner: principal.sub,
      store: this.deps.documents,
      limits: this.deps.uploadLimits,
      // Only the owner edits a document (an admin uploads their own).
      replaceable: async (docId) => {
        const doc = await this.visible(principal, docId);
        if (doc.owner !== principal.sub) throw notFound(`No document ${docId}`);
        if (doc.ingestion_state === 'queued' || doc.ingestion_state === 'running') {
          throw conflict(`Document ${docId} is being ingested; replace it once that ends.`, { current_status: doc.status, ingestion_state: doc.ingestion_state });
        }
        return { id: doc.id, sha256: doc.sha256 };
      },
    });
    const items = [];
    for (const file of stored) items.push(presentDocument((await this.deps.documents.get(file.id))!));
    return { items, content };
  }

  async list(
    principal: Principal,
    query: { limit: number; cursor?: string; status?: DocumentStatus; ingestion_state?: IngestionState; format?: string; q?: string; owner?: string; since?: Date; until?: Date },
  ) {
    const rows = await this.listRows(principal, query);
    const { page, next_cursor } = keysetPage(rows, query.limit, (r) => [r.created_at.toISOString(), r.id]);
    return { items: page.map(presentDocument), next_cursor };
  }

  async ingestionStatus(principal: Principal, query: { limit: number; cursor?: string; state?: IngestionState; doc_id?: string }) {
    const rows = query.doc_id
      ? [await this.visible(principal, query.doc_id)].filter((d) => !query.state || d.ingestion_state === query.state)
      : await this.listRows(principal, { limit: query.limit, cursor: query.cursor, ingestion_state: query.state });
    const { page, next_cursor } = keysetPage(rows, query.limit, (r) => [r.created_at.toISOString(), r.id]);
    const counts = Object.fromEntries(INGESTION_STATES.map((s) => [s, 0])) as Record<IngestionState, number>;
    for (const row of await this.deps.documents.ingestionCounts(this.ownerFilter(principal))) counts[row.state] = row.n;
    return {
      items: page.map((d) => ({ doc_id: d.id, file_name: d.file_name, status: d.status, ingestion: presentIngestion(d) })),
      next_cursor,
      counts,
    };
  }

  async get(principal: Principal, id: string) {
    return presentDocument(await this.visible(principal, id));
  }

  /** The stored file of a visible document (for its download). */
  async file(principal: Principal, id: string) {
    return this.visible(principal, id);
  }

  chunks(id: string): AsyncGenerator<Uint8Array> {
    return this.deps.documents.chunks(id);
  }

  /** A bounded view of what the parser extracts, made once (in the capped child process) and kept. */
  async preview(principal: Principal, id: string) {
    const doc = await this.visible(principal, id);
    let preview = await this.deps.documents.preview(id);
    if (!preview) {
      try {
        preview = await runInParserProcess({
          task: 'preview',
          bytes: this.deps.documents.chunks(id),
          limits: this.deps.ingestLimits,
          format: doc.format,
          previewLimits: this.deps.previewLimits,
        });
      } catch (error) {
        // A file the parser refuses previews as `none` with the reason; anything else is not the file's fault.
        if (!(error instanceof IngestRejection)) throw error;
        preview = { kind: 'none', format: doc.format, reason: error.message, warnings: [] };
      }
      await this.deps.documents.savePreview(id, preview);
    }
    return { doc_id: doc.id, file_name: doc.file_name, format: doc.format, size: doc.size, preview };
  }

  async changeStatus(principal: Principal, id: string, change: { status: 'approved' | 'rejected'; reason?: string }) {
    const doc = await this.visible(principal, id);
    await this.deps.db.transaction(async (tx) => {
      const current = await this.deps.documents.getForUpdate(tx, id);
      if (!current || current.deleting) throw notFound(`No document ${id}`);
      if (!STATUS_EDGES[current.status].includes(change.status)) {
        throw conflict(`A document that is ${current.status} cannot become ${change.status}.`, {
          current_status: current.status,
          allowed: STATUS_EDGES[current.status],
        });
      }
      await this.deps.documents.setStatus(tx, id, { status: change.status, by: principal.sub, reason: change.reason ?? null });
    });
    // A rejected document's knowledge leaves the graph (its file stays, and can be approved again).
    if (change.status === 'rejected') await this.removeFromGraph(principal, doc);
    return this.get(principal, id);
  }

  /** 202: the run that ingests it, on a session of the admin's whose stream shows its progress. */
  async ingest(principal: Principal, id: string) {
    await this.visible(principal, id);
    await this.sweep(id);
    const started = await this.deps.db.transaction(async (tx) => {
      const current = await this.deps.documents.getForUpdate(tx, id);
      if (!current || current.deleting) throw notFound(`No document ${id}`);
      if (current.status !== 'approved') {
        throw conflict(`Only an approved document is ingested; this one is ${current.status}.`, { current_status: current.status });
      }
      const active = await this.deps.ingestions.active(tx, id);
      if (active) throw conflict(`Document ${id} is being ingested already (run ${active.run_id}).`, { current_status: current.status, run_id: active.run_id });
      const version = await this.deps.ingestions.nextVersion(tx, id);
      const session = await this.deps.sessions.createIn(tx, principal.sub, { title: `Ingestion of ${current.file_name}`, metadata: { doc_id: id, version } });
      const run = await this.deps.runs.start(tx, { sessionId: session.id, owner: principal.sub, workflow: 'document_ingest', input: { doc_id: id, version } });
      if (!run) throw new Error('an ingestion run could not be queued in the session just created');
      await this.deps.ingestions.create(tx, { runId: run.id, docId: id, version, requestedBy: principal.sub });
      return { run_id: run.id, session_id: session.id, version };
    });
    return started;
  }

  /**
   * Deletes a document: cancels its ingestion, removes what only it supports from the graph,
   * then the document. Safe to retry: a deletion cut short is found and finished.
   */
  async delete(principal: Principal, id: string) {
    const doc = await this.visible(principal, id, { deleting: true });
    if (!hasRole(principal, 'admin') && (doc.live_version !== null || doc.ingestion_state === 'running' || doc.ingestion_state === 'queued')) {
      throw conflict('Your document has been ingested (or is being ingested); only an admin may delete it now.', {
        current_status: doc.status,
        ingestion_state: doc.ingestion_state,
      });
    }
    await this.deps.db.transaction(async (tx) => {
      if (await this.deps.documents.getForUpdate(tx, id)) await this.deps.documents.markDeleting(tx, id);
    });
    await this.removeFromGraph(principal, doc);
    await this.deps.documents.remove(id);
  }

  async graph(principal: Principal, query: { limit: number; cursor?: string; doc_id?: string; kind?: 'node' | 'relationship'; label?: string; name?: string }) {
    if (query.doc_id) await this.visible(principal, query.doc_id);
    const after = query.cursor ? decodeCursor(query.cursor, ['string', 'string']).map(String) : undefined;
    const entries = await this.deps.entries.page({
      owner: this.ownerFilter(principal),
      docId: query.doc_id,
      kind: query.kind,
      label: query.label,
      name: query.name,
      after: after && { kind: after[0]!, key: after[1]! },
      limit: query.limit + 1,
    });
    const { page, next_cursor } = keysetPage(entries, query.limit, (e) => [e.kind, e.key]);
    return { items: page, next_cursor };
  }

  /** Removes what failed or cancelled ingestions left in the graph, and uploads a crashed process left (at start, and before an ingestion). */
  async sweep(docId?: string): Promise<void> {
    await this.deps.writer.removeAbandoned(docId);
    if (!docId) await this.deps.documents.discardStaleUploads(STALE_UPLOAD_MS);
  }

  private async removeFromGraph(principal: Principal, doc: DocumentWithIngestion): Promise<void> {
    const active = await this.deps.ingestions.active(this.deps.db, doc.id);
    if (active) await this.deps.runs.cancel(principal, active.run_id).catch(() => undefined);
    for (const version of await this.deps.ingestions.writtenVersions(doc.id)) {
      await this.deps.writer.removeVersion(doc.id, version, null);
    }
    await this.deps.documents.setLiveVersion(doc.id, null);
  }

  private listRows(principal: Principal, query: Parameters<DocumentService['list']>[1]) {
    const after = query.cursor ? decodeCursor(query.cursor, ['string', 'string']).map(String) : undefined;
    return this.deps.documents.list({
      owner: hasRole(principal, 'admin') ? query.owner : principal.sub,
      status: query.status,
      ingestionState: query.ingestion_state,
      format: query.format,
      q: query.q,
      since: query.since,
      until: query.until,
      after: after && { createdAt: after[0]!, id: after[1]! },
      limit: query.limit + 1,
    });
  }

  private ownerFilter(principal: Principal): string | undefined {
    return hasRole(principal, 'admin') ? undefined : principal.sub;
  }

  /** The document if the caller may see it (its owner or an admin); 404 otherwise, and while it is being deleted. */
  private async visible(principal: Principal, id: string, options: { deleting?: boolean } = {}): Promise<DocumentWithIngestion> {
    const doc = await this.deps.documents.get(id);
    if (!doc || (doc.deleting && !options.deleting) || (doc.owner !== principal.sub && !hasRole(principal, 'admin'))) {
      throw notFound(`No document ${id}`);
    }
    return doc;
  }
}
