import neo4j from 'neo4j-driver';
import { parentPort, workerData } from 'node:worker_threads';
import { ReadRefusal, runRead } from './neo4j-read.js';
import type { ReadCall, ReadReply } from './neo4j-read.js';

/**
 * The thread that runs the store's read-only queries (neo4j-reader.ts starts it): a driver of
 * its own, so decoding a result (a single record may hold millions of values) never holds the
 * service's event loop, and a heap of its own (GRAPH_READ_MAX_MEMORY_MB), so a result too big
 * for memory ends this thread, not the process.
 */
const { uri, user, password, database } = workerData as { uri: string; user: string; password: string; database?: string };
const driver = neo4j.driver(uri, neo4j.auth.basic(user, password), { userAgent: 'cqks-reads', connectionAcquisitionTimeout: 10_000, connectionTimeout: 10_000 });

parentPort!.on('message', ({ id, request }: ReadCall) => {
  runRead(driver, database, request).then(
    (answer) => parentPort!.postMessage({ id, ok: true, answer } satisfies ReadReply),
    (error: unknown) => {
      const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 500);
      const reply: ReadReply =
        error instanceof ReadRefusal ? { id, ok: false, refusal: error.reason, message } : { id, ok: false, code: String((error as { code?: unknown }).code ?? ''), message };
      parentPort!.postMessage(reply);
    },
  );
});
