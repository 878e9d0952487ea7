import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import type { App } from '../../src/app.js';
import { buildApp } from '../../src/app.js';
import { openDependencies } from '../../src/app/dependencies.js';
import { createLogger } from '../../src/platform/logger.js';
import type { Config } from '../../src/config.js';
import type { ToolDefinition } from '../../src/engine/tools/tool.js';
import type { WorkflowDefinition } from '../../src/engine/workflows/workflow.js';
import { signDevToken } from '../../src/platform/auth/dev-keys.js';
import type { Role } from '../../src/platform/auth/roles.js';
import { openTestRelationalStore } from './relational.js';
import { dropSchema, testConfig, uniqueName } from './config.js';

/**
 * A whole app on real engines, isolated per test file: in-memory PGlite by default, a
 * schema of its own on the real PostgreSQL when DATABASE_URL is set, a graph and dev keys
 * in a temporary DATA_DIR, and its own Redis key prefix when REDIS_URL is set.
 */
export interface TestApp {
  app: App;
  config: Config;
  dataDir: string;
  token(roles?: Role[], sub?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string | undefined>;
  /** Registers extra routes (e.g. ones that fail on purpose) before the app is ready. */
  routes?: (app: App) => void | Promise<void>;
  /** Receives the app's log lines (LOG_LEVEL defaults to silent otherwise). */
  logStream?: DestinationStream;
  /** Workflows and tools registered besides the service's own. */
  workflows?: WorkflowDefinition[];
  tools?: ToolDefinition[];
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-test-'));
  const config = testConfig(dataDir, options.env);
  let app: App;
  try {
    // PGlite in memory: as real as on disk, and much faster to start.
    const relational = await openTestRelationalStore(config);
    const logger = createLogger(config, options.logStream);
    app = await buildApp(config, await openDependencies(config, { relational }, logger), {
      logger,
      workflows: options.workflows,
      tools: options.tools,
    });
    await options.routes?.(app);
    await app.ready();
  } catch (error) {
    // Leave nothing behind when the app cannot start (a schema on the real PostgreSQL, files).
    await dropSchema(config).catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    config,
    dataDir,
    token: (roles = ['user'], sub = uniqueName('user')) =>
      signDevToken({ dataDir: config.dataDir, audience: config.auth.audience, sub, roles }),
    async close() {
      await app.close();
      await dropSchema(config);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
