import type { PGlite } from '@electric-sql/pglite';

/** What PGlite's node-postgres adapter (`createPgConfig`) uses of the engine. */
export type ProtocolEngine = Pick<PGlite, 'waitReady' | 'execProtocolStream'>;

/**
 * Frontend messages that end a batch: Sync, Flush, a simple Query, Terminate and the copy
 * messages. The others (Parse, Bind, Describe, Execute, Close) only queue work the server does
 * at the next of these, so they wait for it here too.
 */
const ENDS_BATCH = new Set(['S', 'H', 'Q', 'X', 'd', 'c', 'f'].map((c) => c.charCodeAt(0)));

/**
 * PGlite's node-postgres adapter hands each message of a statement to the engine on its own
 * (Bind, Describe, Execute, Sync: four entries into WebAssembly, four file-system syncs and four
 * parses of the results), where a server gets them in one write. This engine keeps a
 * statement's messages until the one that ends it and runs them in one call: the same messages
 * in the same order, answered in the same order, so node-postgres cannot tell. A prepared
 * statement costs a quarter to two fifths less (measured: a one-row SELECT 0.13 ms against
 * 0.22, a one-row INSERT 0.26 against 0.34).
 *
 * The adapter sends one message at a time and waits for each call's answer before the next,
 * so what is kept belongs to the statement under way.
 */
export function batchingEngine(db: PGlite): ProtocolEngine {
  let kept: Uint8Array[] = [];
  return {
    get waitReady() {
      return db.waitReady;
    },
    async execProtocolStream(message, options) {
      if (!ENDS_BATCH.has(message[0]!)) {
        kept.push(message);
        return [];
      }
      const batch = kept.length === 0 ? message : Buffer.concat([...kept, message]);
      kept = [];
      return db.execProtocolStream(batch, options);
    },
  };
}
