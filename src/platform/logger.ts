import type { DestinationStream, Logger } from 'pino';
import pino from 'pino';
import type { Config } from '../config.js';

/** Paths never written to a log line, whatever serializer emits them. */
export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'];

/**
 * The one pino logger of a process: JSON lines, the request id on every line of a request
 * under `request_id`. Lines go to stdout through a buffered asynchronous writer, because a
 * synchronous write per line costs a system call per request on the hot path; pino flushes
 * the buffer at exit.
 */
export function createLogger(config: Config, stream?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'cqks' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    stream ?? pino.destination({ dest: 1, sync: false, minLength: 4096 }),
  );
}
