import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.js';

/**
 * Serves `GET /metrics` on a listener of its own (METRICS_HOST:METRICS_PORT), never on the API's
 * port: what it shows (queue depths, rejection counts) is for operators, and it has no
 * authentication. Anything else there is a 404.
 */
export async function startMetricsListener(deps: { metrics: Metrics; host: string; port: number; logger: Logger }): Promise<{ url: string; close(): Promise<void> }> {
  const { metrics, logger } = deps;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(request.method === 'HEAD' ? undefined : body),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics: scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be read.\n');
      },
    );
  });
  // A scraper that holds a connection open must not keep the process from stopping.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: deps.host, port: deps.port }, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
