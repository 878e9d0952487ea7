import neo4j from 'neo4j-driver';
import type { Driver } from 'neo4j-driver';
import { ReadRefusal, runRead } from './neo4j-read.js';
import type { ReadReply, ReaderMessage } from './neo4j-read.js';

/**
 * The process that runs the store's read-only queries (neo4j-reader.ts starts it): a driver of
 * its own, so decoding a result (a single record may hold millions of values) never holds the
 * service's event loop, and a heap of its own (GRAPH_READ_MAX_MEMORY_MB), so a result too big
 * for memory ends this process, not the service. It ends with its parent.
 */
let driver: Driver | undefined;
let database: string | undefined;

const reply = (message: ReadReply) => {
  if (process.connected) process.send!(message);
};

process.on('disconnect', () => process.exit(0));
process.on('message', (message: ReaderMessage) => {
  if ('connect' in message) {
    const { uri, user, password } = message.connect;
    database = message.connect.database;
    driver = neo4j.driver(uri, neo4j.auth.basic(user, password), { userAgent: 'cqks-reads', connectionAcquisitionTimeout: 10_000, connectionTimeout: 10_000 });
    return;
  }
  const { id, request } = message;
  runRead(driver!, database, request).then(
    (answer) => reply({ id, ok: true, answer }),
    (error: unknown) => {
      const text = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 500);
      const { code, gqlStatus } = error as { code?: unknown; gqlStatus?: unknown };
      reply(error instanceof ReadRefusal ? { id, ok: false, refusal: error.reason, message: text } : { id, ok: false, code: String(code ?? ''), ...(typeof gqlStatus === 'string' ? { gqlStatus } : {}), message: text });
    },
  );
});
