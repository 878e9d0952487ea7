import { isoOrNull } from '../../platform/iso-date.js';
import type { DocumentWithIngestion } from './store.js';

/** A document row as the API shows it (`Document`, `DocumentIngestion`). */

/** Run errors that say a worker or a limit of the service stopped it: trying again can succeed. */
const NOT_RETRYABLE_RUN_ERRORS = new Set(['invalid_input', 'workflow_unavailable']);

export function presentIngestion(doc: DocumentWithIngestion) {
  const state = doc.ingestion_state;
  const running = state === 'running';
  const failure =
    state !== 'failed'
      ? null
      : (doc.failure && { stage: doc.failure.stage ?? doc.stage, reason: doc.failure.reason, retryable: doc.failure.retryable }) ?? {
          stage: doc.stage,
          reason: doc.run_error?.message ?? 'The ingestion failed.',
          retryable: !NOT_RETRYABLE_RUN_ERRORS.has(doc.run_error?.code ?? ''),
        };
  return {
    state,
    run_id: doc.run_id,
    session_id: doc.session_id,
    version: doc.version,
    live_version: doc.live_version,
    stage: running || state === 'failed' ? doc.stage : null,
    progress: running && doc.unit !== null && doc.total !== null ? { done: doc.done ?? 0, total: doc.total, unit: doc.unit } : null,
    failure,
    warnings: doc.warnings ?? [],
    counts: doc.counts,
    queued_at: isoOrNull(doc.run_created_at),
    started_at: isoOrNull(doc.run_started_at),
    finished_at: isoOrNull(doc.run_finished_at),
  };
}

export function presentDocument(doc: DocumentWithIngestion) {
  return {
    doc_id: doc.id,
    file_name: doc.file_name,
    format: doc.format,
    content_type: doc.content_type,
    size: doc.size,
    sha256: doc.sha256,
    owner: doc.owner,
    status: doc.status,
    revision: doc.revision,
    status_reason: doc.status_reason,
    status_changed_by: doc.status_changed_by,
    status_changed_at: isoOrNull(doc.status_changed_at),
    ingestion: presentIngestion(doc),
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}
