import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { openDependencies } from '../src/app/dependencies.js';
import { loadConfig } from '../src/config.js';
import type { Config } from '../src/config.js';
import { signDevToken } from '../src/platform/auth/dev-keys.js';
import type { Role } from '../src/platform/auth/roles.js';
import { scratchSchemaEnv } from './scratch-schema.js';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * The whole service for a benchmark, in the (child) process that calls this: a fresh DATA_DIR,
 * a scratch schema when DATABASE_URL is set, and a token of its own. It stops (the app closed,
 * the schema dropped, DATA_DIR removed, then a normal exit, so diagnostics such as --cpu-prof
 * are written) on SIGTERM or SIGINT, or when the bench process that forked it goes away;
 * `stop` does the same without exiting.
 */
export async function startBenchService(options: {
  /** Names the temporary DATA_DIR. */
  name: string;
  /** Settings over the environment's. */
  env: Record<string, string>;
  /** The roles of the token handed back. */
  roles: Role[];
  /** Adds the benchmark's own routes before the service listens. */
  beforeListen?: (app: App) => void;
}): Promise<{ app: App; config: Config; port: number; token: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `cqks-bench-${options.name}-`));
  const scratch = scratchSchemaEnv();
  let app: App | undefined;
  let stopping: Promise<void> | undefined;
  const cleanUp = () =>
    (stopping ??= (async () => {
      await app?.close().catch(() => undefined);
      await scratch.drop().catch((error: unknown) => process.stderr.write(`${options.name} bench: dropping the scratch schema failed: ${String(error)}\n`));
      await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
    })());
  const stop = () => void cleanUp().finally(() => process.exit(0));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, stop);
  process.once('disconnect', stop);

  try {
    const config = loadConfig({ ...process.env, ...scratch.env, DATA_DIR: dataDir, ...options.env });
    app = await buildApp(config, await openDependencies(config));
    options.beforeListen?.(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await signDevToken({ dataDir, audience: config.auth.audience, sub: 'bench', roles: options.roles });
    return { app, config, port: (app.server.address() as { port: number }).port, token, stop: cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
