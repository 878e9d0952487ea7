import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { SchemaCache } from '../../planner/link/schema-cache.js';
import type { GraphStore } from '../../stores/graph/port.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import type { SessionService } from '../chat/service.js';
import type { RunService } from '../runs/service.js';
import { BroadLabels } from '../../ingest/write/broad-labels.js';
import { GraphEntries } from './graph-entries.js';
import { documentNodeKey, documentProvenance, MENTIONS } from '../../ingest/write/graph-names.js';
import { DocumentGraphWriter } from '../../ingest/write/graph-writer.js';
import { GenericNodes } from '../../ingest/write/generic-nodes.js';
import { MentionSupport } from '../../ingest/write/mention-support.js';
import { ValueLinks } from '../../ingest/write/value-links.js';
import { DocumentIngestion } from './ingestion.js';
import { IngestionStore } from './ingestion-store.js';
import { documentRoutes } from './routes.js';
import { DocumentService } from './service.js';
import { DocumentSources } from './sources.js';
import { DocumentStore } from './store.js';
import { documentIngestWorkflow } from './ingest-workflow.js';
import { answerSourcesTool } from './tools/answer-sources.js';
import { documentExtractTool } from './tools/document-extract.js';
import { documentResolveTool } from './tools/document-resolve.js';
import { documentSniffTool } from './tools/document-sniff.js';
import { documentWriteTool } from './tools/document-write.js';
import type { ToolDefinition } from '../../engine/tools/tool.js';
import type { WorkflowDefinition } from '../../engine/workflows/workflow.js';

/** The Documents group, built in one place: its stores, services, the ingestion workflow and its tools, the tool that finds an answer's sources, and its routes. */
export interface DocumentsModule {
  service: DocumentService;
  tools: ToolDefinition[];
  workflows: WorkflowDefinition[];
  /** Its routes, and the sweep of what crashed ingestions left once the service is ready. */
  plugin: FastifyPluginAsync;
}

export function createDocumentsModule(deps: {
  config: Config;
  db: RelationalStore;
  graph: GraphStore;
  schema: SchemaCache;
  sessions: SessionService;
  runs: RunService;
  /** The deployment's synonyms: one for "organization", "person" or "place" names the label text's things of that kind get. */
  synonyms: () => Promise<readonly { word: string; stands_for: string; kind: string }[]>;
  logger: Logger;
}): DocumentsModule {
  const { config, db, graph, schema, logger } = deps;
  const sources = new DocumentSources({ db });
  const documents = new DocumentStore({ db, onLiveChange: () => sources.forget() });
  // Ingestion writes a document's facts in bulk: its statements get the long limits.
  const ingestions = new IngestionStore({ db: db.withStatementTimeout(config.database.longStatementTimeoutMs) });
  const values = new ValueLinks({ graph, ingestions, maxValues: config.documents.valueLinksMax });
  const broadLabels = new BroadLabels({ graph, ttlMs: config.graph.schemaCacheMs, synonyms: deps.synonyms });
  const generic = new GenericNodes({ graph, ingestions, broadLabels });
  const mentions = new MentionSupport({ graph, ingestions, provenanceOf: documentProvenance, documentNodeKey, mentionsType: MENTIONS });
  const writer = new DocumentGraphWriter({ graph, ingestions, schema, values, generic, mentions, batchSize: config.documents.writeBatch });
  const uploadLimits = {
    maxBytes: config.documents.maxBytes,
    maxFiles: config.documents.maxFilesPerUpload,
    storagePerUserBytes: config.documents.storagePerUserBytes,
  };
  const service = new DocumentService({
    db,
    documents,
    ingestions,
    writer,
    entries: new GraphEntries({ db }),
    sessions: deps.sessions,
    runs: deps.runs,
    uploadLimits,
    ingestLimits: config.documents.ingest,
    previewLimits: { maxBytes: config.limits.previewMaxBytes, maxLines: config.limits.previewMaxLines, maxRows: config.limits.previewMaxRows },
    logger,
  });
  const ingestion = new DocumentIngestion({ documents, ingestions, writer, graph, schema, broadLabels, limits: config.documents.ingest, model: config.llm, logger });
  const ingestTools = {
    sniff: documentSniffTool({ documents: ingestion }),
    extract: documentExtractTool({ documents: ingestion }),
    resolve: documentResolveTool({ documents: ingestion }),
    write: documentWriteTool({ documents: ingestion }),
  };
  return {
    service,
    tools: [answerSourcesTool({ sources }), ...Object.values(ingestTools)],
    workflows: [documentIngestWorkflow(ingestTools)],
    plugin: fp(async (app) => {
      await app.register(documentRoutes, { service, limits: uploadLimits });
      const stopFollowing = await sources.follow();
      app.addHook('onClose', stopFollowing);
      // What crashed ingestions and uploads left behind goes once the service is up (not in the way of starting).
      app.addHook('onReady', () => {
        void service.sweep().catch((error: unknown) => logger.warn({ err: error }, 'documents: sweeping abandoned versions failed'));
      });
    }, { name: 'documents' }),
  };
}
