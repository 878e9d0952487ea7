import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendProblem } from './errors.js';

/**
 * What graceful shutdown needs inside the app: a draining flag that makes readiness answer
 * 503 (so a load balancer stops sending traffic while requests still get served), a hook
 * that turns away requests slipping in once closing has begun, and a registry of open
 * streams that are ended before the server closes (an open stream would otherwise keep
 * `close()` waiting forever).
 */

export interface ClosableStream {
  end(): void;
}

export class StreamRegistry {
  private readonly open = new Set<ClosableStream>();

  add(stream: ClosableStream): () => void {
    this.open.add(stream);
    return () => this.open.delete(stream);
  }

  get size(): number {
    return this.open.size;
  }

  endAll(): void {
    for (const stream of this.open) stream.end();
    this.open.clear();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    streams: StreamRegistry;
    /** True from the shutdown signal on: readiness answers 503. */
    isShuttingDown(): boolean;
    /** Marks the start of shutdown; requests are still served until close() is called. */
    startDraining(): void;
  }
}

export const shutdownPlugin = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    let closing = false;
    app.decorate('streams', new StreamRegistry());
    app.decorate('isShuttingDown', () => draining || closing);
    app.decorate('startDraining', () => {
      draining = true;
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (!closing) return done();
      reply.header('connection', 'close');
      sendProblem(request, reply, {
        slug: 'shutting-down',
        title: 'Service unavailable',
        status: 503,
        detail: 'The service is shutting down; retry on another instance',
      });
    });
    app.addHook('preClose', async () => {
      closing = true;
      app.streams.endAll();
    });
  },
  { name: 'shutdown' },
);
