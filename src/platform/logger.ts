import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import pino from 'pino';
import type { Config } from '../config.js';

/** Paths never written to a log line, whatever serializer emits them. */
export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'];

/**
 * pino JSON logs; the request id is on every line of a request under `request_id`.
 * Lines go to stdout through a buffered asynchronous writer: a synchronous write per line
 * costs a system call per request on the hot path. pino flushes the buffer at exit.
 */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    stream: stream ?? pino.destination({ dest: 1, sync: false, minLength: 4096 }),
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: 'cqks' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}
