import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** Paths never written to a log line, whatever serializer emits them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'res.headers["set-cookie"]',
];

/** pino JSON logs; the request id is on every line of a request under `request_id`. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: 'cqks' },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}
