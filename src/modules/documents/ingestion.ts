import type { Logger } from 'pino';
import { runInParserProcess } from '../../ingest/child/runner.js';
import type { ParserStats } from '../../ingest/child/runner.js';
import { capEntities } from '../../ingest/extract/index.js';
import { extractWithModel } from '../../ingest/extract/model.js';
import { resolveEntities } from '../../ingest/resolve/index.js';
import { createSniffer } from '../../ingest/sniff.js';
import { IngestRejection } from '../../ingest/types.js';
import type { Chunk, DocumentFacts, EntityFact, IngestLimits, IngestionStage, LoneMention, Progress, RelationFact, Resolution } from '../../ingest/types.js';
import type { ModelSettings } from '../../engine/llm/query-writer.js';
import type { SchemaCache } from '../../planner/link/schema-cache.js';
import type { NodeEventKind } from '../../engine/contracts/event-kinds.js';
import type { GraphStore } from '../../stores/graph/port.js';
import type { BroadLabels } from '../../ingest/write/broad-labels.js';
import type { DocumentGraphWriter } from '../../ingest/write/graph-writer.js';
import type { IngestionRow, IngestionStore } from './ingestion-store.js';
import { ProgressThrottle } from './progress.js';
import type { DocumentRow, DocumentStore } from './store.js';

/**
 * The steps of a document's ingestion, as the `document_ingest` workflow's tools call them.
 * Each step reads what the previous one staged for the run and stages what it made, so a run
 * resumed on another process after a crash starts at the first step without an output. Each
 * is safe to run again: staging is replaced, graph writes are idempotent under the version's
 * own provenance.
 */

/** What a tool call gives a step: its run, its stop signal and the run's event stream. */
export interface StepCall {
  runId: string;
  signal: AbortSignal;
  emit(kind: NodeEventKind, data: Record<string, unknown>): void;
}

/** Progress stored and published at most this often per ingestion. */
export const PROGRESS_INTERVAL_MS = 250;

/** A step that failed for a reason people should read, with whether trying again could help. */
export class IngestionStepError extends Error {
  override name = 'IngestionStepError';
}

export interface IngestionDeps {
  documents: DocumentStore;
  ingestions: IngestionStore;
  writer: DocumentGraphWriter;
  graph: GraphStore;
  schema: SchemaCache;
  /** The labels the deployment writes beside broad ones. */
  broadLabels: Pick<BroadLabels, 'mapping'>;
  limits: IngestLimits;
  model?: ModelSettings;
  logger: Logger;
}

interface Step {
  ingestion: IngestionRow;
  doc: DocumentRow;
  progress: ProgressThrottle;
  /** Runs `work` as stage `stage`: a failure is recorded on the ingestion (stage, reason, retryable). */
  guard<T>(stage: IngestionStage, work: () => Promise<T>): Promise<T>;
}

export class DocumentIngestion {
  constructor(private readonly deps: IngestionDeps) {}

  /** Checks the document may still be ingested and reads its bytes' type again; removes what failed versions left. */
  async sniff(call: StepCall): Promise<{ format: string; size: number; version: number }> {
    return this.step(call, async ({ ingestion, doc, progress, guard }) =>
      guard('sniffing', async () => {
        if (doc.status !== 'approved') throw new IngestRejection('sniffing', `The document is ${doc.status}, not approved; only an approved document is ingested.`);
        const sniffer = createSniffer();
        let done = 0;
        for await (const chunk of this.deps.documents.chunks(doc.id)) {
          if (call.signal.aborted) throw call.signal.reason;
          sniffer.push(chunk);
          done += chunk.length;
          progress.report({ stage: 'sniffing', done, total: doc.size, unit: 'bytes' });
        }
        const sniffed = sniffer.finish();
        if (!sniffed.ok) throw new IngestRejection('sniffing', `The stored file is not a supported document: ${sniffed.reason}.`);
        if (sniffed.format !== doc.format) throw new IngestRejection('sniffing', `The stored file reads as ${sniffed.format}, but was uploaded as ${doc.format}.`);
        await this.deps.writer.removeAbandoned(doc.id);
        return { format: sniffed.format, size: doc.size, version: ingestion.version };
      }),
    );
  }

  /** Text, chunks and facts, in the parser child process; then, with a model, the model's facts per chunk. */
  async extract(call: StepCall): Promise<{ chars: number; pages: number | null; chunks: number; entities: number; relations: number; warnings: string[] }> {
    return this.step(call, async ({ doc, progress, guard }) => {
      let parser: ParserStats | undefined;
      const parsed = await guard('extracting_text', () =>
        runInParserProcess({
          onStats: (stats) => (parser = stats),
          task: 'extract',
          bytes: this.deps.documents.chunks(doc.id),
          limits: this.deps.limits,
          sourceName: doc.file_name,
          signal: call.signal,
          onProgress: (p: Progress) => progress.report(p),
        }),
      );
      let facts: DocumentFacts = parsed.facts;
      const warnings = [...parsed.document.warnings, ...facts.warnings];
      if (this.deps.model && parsed.chunks.length > 0 && isFreeText(doc.format)) {
        // The model adds entities of its own: the cap holds for what it says too.
        facts = capEntities(await guard('extracting_entities', () => this.withModel(parsed.chunks, facts, call, progress)), this.deps.limits.maxEntities);
        warnings.push(...facts.warnings.filter((w) => !warnings.includes(w)));
      }
      await this.deps.ingestions.stage(call.runId, 'entities', facts.entities);
      await this.deps.ingestions.stage(call.runId, 'relations', facts.relations);
      await this.deps.ingestions.addWarnings(call.runId, warnings);
      // What the parser cost, for operators (the write step adds what was written).
      if (parser) await this.deps.ingestions.setCounts(call.runId, { parser_peak_rss_mb: Math.round(parser.peakRssBytes / 2 ** 20), parser_ms: Math.round(parser.elapsedMs) });
      return {
        chars: parsed.document.chars,
        pages: parsed.document.pages ?? null,
        chunks: parsed.chunks.length,
        entities: facts.entities.length,
        relations: facts.relations.length,
        warnings,
      };
    });
  }

  /** Links each entity to the graph: an existing node, a new one, or kept apart as ambiguous. */
  async resolve(call: StepCall): Promise<{ entities: number; existing: number; new: number; ambiguous: number; dropped: number }> {
    return this.step(call, async ({ doc, progress, guard }) =>
      guard('resolving', async () => {
        const facts = await this.stagedFacts(call.runId, 'entities', 'relations');
        const resolved = await resolveEntities({
          facts,
          graph: this.deps.graph,
          documentId: doc.id,
          signal: call.signal,
          onProgress: (p: Progress) => progress.report(p),
          broadLabels: await this.deps.broadLabels.mapping(),
        });
        await this.deps.ingestions.stage(call.runId, 'resolved_entities', resolved.facts.entities);
        await this.deps.ingestions.stage(call.runId, 'resolved_relations', resolved.facts.relations);
        await this.deps.ingestions.stage(call.runId, 'resolutions', resolved.resolutions);
        await this.deps.ingestions.stage(call.runId, 'mentions', resolved.mentions);
        const count = (outcome: Resolution['outcome']) => resolved.resolutions.filter((r) => r.outcome === outcome).length;
        return { entities: resolved.resolutions.length, existing: count('existing'), new: count('new'), ambiguous: count('ambiguous'), dropped: resolved.dropped };
      }),
    );
  }

  /**
   * Writes the version, makes it live, then removes the versions before it. A failure while
   * writing removes what this version wrote; the live version stays as it was.
   */
  async write(call: StepCall): Promise<Record<string, number>> {
    return this.step(call, async ({ ingestion, doc, progress, guard }) =>
      guard('writing', async () => {
        const facts = await this.stagedFacts(call.runId, 'resolved_entities', 'resolved_relations');
        const resolutions = (await this.deps.ingestions.staged<Resolution>(call.runId, 'resolutions')) ?? [];
        const mentions = (await this.deps.ingestions.staged<LoneMention>(call.runId, 'mentions')) ?? [];
        await this.deps.ingestions.setGraphWritten(doc.id, ingestion.version, true);
        let written;
        try {
          written = await this.deps.writer.writeVersion({
            doc: { id: doc.id, fileName: doc.file_name, format: doc.format },
            version: ingestion.version,
            facts,
            resolutions,
            mentions,
            signal: call.signal,
            onProgress: (p) => progress.report(p),
            stillWanted: async () => !(await this.deps.documents.isDeleting(doc.id)),
          });
          // Stopped after the last batch: the version must not go live; nor once its run is not running any more.
          if (call.signal.aborted) throw call.signal.reason;
          if (!(await this.deps.documents.setLiveVersion(doc.id, ingestion.version, { whileRunning: call.runId }))) {
            throw new IngestionStepError('The ingestion was stopped before its version went live.');
          }
        } catch (error) {
          // A failure, or a cancel, removes what this version wrote; a lost lease leaves it to whoever took the run over.
          const cancelled = (await this.deps.ingestions.runStatus(call.runId)) === 'cancelled';
          if (!call.signal.aborted || cancelled) {
            await this.deps.writer.removeVersion(doc.id, ingestion.version, doc.live_version).catch(() => undefined);
          }
          throw error;
        }
        for (const version of await this.deps.ingestions.writtenVersions(doc.id)) {
          if (version === ingestion.version) continue;
          await this.deps.writer.removeVersion(doc.id, version, ingestion.version);
        }
        await this.deps.ingestions.addWarnings(call.runId, written.warnings);
        const counts = { ...written.counts };
        await this.deps.ingestions.setCounts(call.runId, counts, { merge: true });
        await this.deps.ingestions.clearStaging(call.runId);
        return counts;
      }),
    );
  }

  private async withModel(chunks: Chunk[], baseFacts: DocumentFacts, call: StepCall, progress: ProgressThrottle): Promise<DocumentFacts> {
    const { schema } = await this.deps.schema.get();
    return extractWithModel({
      chunks,
      baseFacts,
      schema: { labels: schema.labels.map((l) => l.label), relationshipTypes: schema.relationshipTypes.map((t) => t.type) },
      model: this.deps.model!,
      signal: call.signal,
      onProgress: (p: Progress) => progress.report(p),
      logger: this.deps.logger,
    });
  }

  private async stagedFacts(runId: string, entitiesKind: string, relationsKind: string): Promise<DocumentFacts> {
    const entities = await this.deps.ingestions.staged<EntityFact>(runId, entitiesKind);
    const relations = await this.deps.ingestions.staged<RelationFact>(runId, relationsKind);
    if (!entities || !relations) throw new IngestionStepError(`The ingestion's earlier steps left nothing to read (${entitiesKind}); ingest the document again.`);
    return { entities, relations, warnings: [] };
  }

  /** Loads the run's ingestion and document, and sets up progress and failure recording. */
  private async step<T>(call: StepCall, work: (step: Step) => Promise<T>): Promise<T> {
    const ingestion = await this.deps.ingestions.get(call.runId);
    const doc = ingestion && (await this.deps.documents.get(ingestion.doc_id));
    if (!ingestion || !doc || doc.deleting) throw new IngestionStepError('The document was deleted.');
    const progress = new ProgressThrottle(async (p) => {
      await this.deps.ingestions.report(call.runId, p);
      call.emit('ingestion_progress', { doc_id: doc.id, stage: p.stage, done: p.done, total: p.total, unit: p.unit });
    }, PROGRESS_INTERVAL_MS);
    const guard = async <R>(stage: IngestionStage, inner: () => Promise<R>): Promise<R> => {
      if (progress.stage !== stage) progress.report({ stage, done: 0, total: 0, unit: 'items' });
      try {
        return await inner();
      } catch (error) {
        if (call.signal.aborted) throw error;
        const rejected = error instanceof IngestRejection;
        const reason = error instanceof Error ? error.message : String(error);
        await progress.flush();
        await this.deps.ingestions.setFailure(call.runId, { stage: rejected ? error.stage : (progress.stage ?? stage), reason, retryable: !rejected });
        throw rejected ? new IngestionStepError(reason) : error;
      }
    };
    try {
      return await work({ ingestion, doc, progress, guard });
    } finally {
      await progress.flush();
    }
  }
}

const isFreeText = (format: string) => ['text', 'markdown', 'html', 'pdf', 'docx'].includes(format);
