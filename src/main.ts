import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './platform/logger.js';
import { startMetricsListener } from './platform/metrics/listener.js';
import { stopWhenNpmGoes } from './platform/parent-watch.js';
import { prepareRelationalStore } from './stores/relational/pglite-cluster.js';

/**
 * Start, listen, and shut down gracefully: on SIGTERM/SIGINT stop accepting, let in-flight
 * requests finish, end open streams, close the stores; give up after SHUTDOWN_GRACE_MS.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  // The embedded database's first creation runs in a worker while the modules below load.
  prepareRelationalStore({ databaseUrl: config.database.url, dataDir: config.dataDir });
  const { buildApp } = await import('./app.js');
  const { openDependencies } = await import('./app/dependencies.js');
  const logger = createLogger(config);
  const deps = await openDependencies(config, {}, logger);
  const app = await buildApp(config, deps, { logger });

  // Apart from the API and before it: a process that serves requests can be watched.
  const metrics = config.metrics
    ? await startMetricsListener({ metrics: app.prometheus.withProcessMetrics(), ...config.metrics, logger: app.log })
    : undefined;

  // Log lines are written asynchronously: write out what is pending, then exit.
  const exit = (code: number) => logger.flush(() => process.exit(code));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const { shutdownDrainMs, shutdownGraceMs } = config.limits;
    app.log.info({ signal, drain_ms: shutdownDrainMs, grace_ms: shutdownGraceMs }, 'shutting down');
    app.startDraining();
    const deadline = setTimeout(() => {
      app.log.error('grace period over; closing remaining connections');
      app.server.closeAllConnections();
      exit(1);
    }, shutdownDrainMs + shutdownGraceMs);
    deadline.unref();
    const drained = new Promise<void>((resolve) => setTimeout(resolve, shutdownDrainMs));
    drained.then(() => app.close()).then(() => metrics?.close()).then(
      () => {
        app.log.info('stopped');
        exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  stopWhenNpmGoes(() => stop('npm gone'));

  const address = await app.listen({ host: config.host, port: config.port });
  const mode = config.auth.issuer ? `OIDC issuer ${config.auth.issuer}` : 'development auth (npm run token)';
  app.log.info(
    {
      relational: deps.relational.engine,
      graph: deps.graph.engine,
      redis: Boolean(deps.redis),
      auth: mode,
      docs: `${address}/docs`,
      ...(metrics ? { metrics: metrics.url } : {}),
    },
    'ready',
  );
  // Read the graph's schema now, in the background: the first question should not pay for it.
  void app.services.schema.warm();
}

main().catch((error: unknown) => {
  process.stderr.write(`failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
