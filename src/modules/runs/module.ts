import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Engine } from '../../engine/engine.js';
import type { RelationalStore } from '../../stores/relational/index.js';
import type { SessionService } from '../chat/service.js';
import type { SessionStore } from '../chat/store.js';
import { RunFileStore } from './file-store.js';
import { runRoutes } from './routes.js';
import { RunService } from './service.js';
import { fileWriteTool } from './tools/file-write.js';

/** Runs as the API shows them, built in one place: the service (start, read, answer, cancel), the files runs keep and the tool that writes them, and the routes. */
export function createRunsModule(deps: {
  config: Pick<Config, 'limits'>;
  db: RelationalStore;
  engine: Pick<Engine, 'runs' | 'queue' | 'events' | 'workflows'>;
  sessions: SessionStore;
  sessionService: SessionService;
}) {
  const { limits } = deps.config;
  const files = new RunFileStore({ db: deps.db, limits: { maxBytes: limits.runFileMaxBytes, maxPerRun: limits.runFilesMaxPerRun } });
  const service = new RunService({
    db: deps.db,
    runs: deps.engine.runs,
    files,
    queue: deps.engine.queue,
    events: deps.engine.events,
    sessions: deps.sessions,
    sessionService: deps.sessionService,
    workflows: deps.engine.workflows,
    previewLimits: { maxBytes: limits.previewMaxBytes, maxLines: limits.previewMaxLines, maxRows: limits.previewMaxRows },
  });
  return {
    service,
    files,
    tools: [fileWriteTool({ files })],
    plugin: fp(async (app) => app.register(runRoutes, { service }), { name: 'runs' }),
  };
}
