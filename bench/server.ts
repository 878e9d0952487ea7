import Fastify from 'fastify';
import { startBenchService } from './bench-service.js';

/**
 * One server for the benchmark, in a process of its own so the load generator does not
 * share its event loop: `bare` is Fastify with one constant route; `app` is the whole
 * service with a route that verifies the JWT and reads one row from the relational store.
 */
const kind = process.argv[2];

async function startBare(): Promise<{ port: number }> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (app.server.address() as { port: number }).port };
}

async function startApp(): Promise<{ port: number; token: string }> {
  const { port, token } = await startBenchService({
    name: 'http',
    env: { RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000' },
    roles: ['user'],
    beforeListen(app) {
      app.get('/api/v1/bench/auth', { config: { roles: ['user'] } }, async (request) => ({ sub: request.principal?.sub }));
      app.get('/api/v1/bench/row', { config: { roles: ['user'] } }, async () => {
        const { rows } = await app.deps.relational.query<{ value: unknown }>(
          `SELECT value FROM service_meta WHERE key = 'schema_created_at'`,
        );
        return { value: rows[0]?.value };
      });
    },
  });
  return { port, token };
}

const started = kind === 'bare' ? await startBare() : await startApp();
process.send?.({ ready: true, ...started });
if (kind === 'bare') {
  // Exit normally on a signal so diagnostics (e.g. --cpu-prof) are written (the service does so itself).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));
}
