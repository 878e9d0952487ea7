import type { DestinationStream, Logger } from 'pino';
import pino from 'pino';
import type { Config } from '../config.js';

/** Paths never written to a log line, whatever serializer emits them. */
export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'];

/**
 * The one pino logger of a process: JSON lines, the request id on every line of a request
 * under `request_id`. Lines go to stdout through a buffered asynchronous writer, because a
 * synchronous write per line costs a system call per request on the hot path; pino flushes
 * what is pending before the process exits (see main.ts).
 */
export function createLogger(config: Config, stream?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'cqks' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    // Asynchronous, but written as soon as possible: lines only batch up while a write is in flight.
    stream ?? pino.destination({ dest: 1, sync: false }),
  );
}
