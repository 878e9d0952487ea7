import neo4j from 'neo4j-driver';
import { jsonSize } from './json-size.js';
import { mapNeo4jValue } from './neo4j-mapping.js';
import type { JsonValue } from './port.js';

/**
 * One read-only query in a READ session and transaction (rolled back, never committed), as
 * the read process (neo4j-read-worker.ts) runs it: an EXPLAIN first when asked (Neo4j's own
 * classification must be `r`), then the rows, cut while streaming at maxRows (records are
 * pulled in batches of at most maxRows+1 and the stream is cancelled one row past the limit)
 * and at maxBytes of JSON. The transaction carries the time limit, so the server stops too.
 * Errors are thrown as they come (the caller maps them), or as a ReadRefusal.
 */
export interface ReadRequest {
  statement: string;
  params: Record<string, JsonValue>;
  timeoutMs: number;
  maxRows: number;
  /** 0: no limit. */
  maxBytes: number;
  /** Run an EXPLAIN first (a statement not yet known to be read-only). */
  checkPlan: boolean;
  /** Only the EXPLAIN (validate). */
  planOnly?: boolean;
}

export interface ReadAnswer {
  columns: string[];
  rows: Record<string, JsonValue>[];
  truncated: boolean;
}

/** The driver surface a read needs; the real driver satisfies it, tests may give a stand-in. */
export interface ReadDriver {
  session(config: { defaultAccessMode: 'READ'; database?: string; fetchSize?: number }): {
    beginTransaction(config?: { timeout?: number; metadata?: Record<string, unknown> }): {
      run(query: string, parameters?: Record<string, unknown>): AsyncIterable<{ keys: PropertyKey[]; get(key: PropertyKey): unknown }> & {
        keys(): Promise<PropertyKey[]>;
        summary(): Promise<{ queryType?: string }>;
      };
      rollback(): Promise<void>;
      isOpen(): boolean;
    };
    close(): Promise<void>;
  };
}

/**
 * A read stopped on this side, not by the server: not read-only, a result past maxBytes, past
 * its deadline (the process reading it was stopped), or past the read process's memory.
 */
export class ReadRefusal extends Error {
  constructor(
    readonly reason: 'not-read-only' | 'result-too-large' | 'timed-out' | 'out-of-memory',
    message: string,
  ) {
    super(message);
    this.name = 'ReadRefusal';
  }
}

/** What the store sends its read process: the connection first, then reads. */
export interface ReadCall {
  id: number;
  request: ReadRequest;
}
export type ReaderMessage = { connect: { uri: string; user: string; password: string; database?: string } } | ReadCall;
export type ReadReply =
  | { id: number; ok: true; answer: ReadAnswer }
  | { id: number; ok: false; refusal?: ReadRefusal['reason']; code?: string; gqlStatus?: string; message: string };

const MAX_FETCH = 1_000;

/** Integral numbers go to Neo4j as integers (the driver sends every JS number as a float otherwise). */
export function toNeo4jParams(value: JsonValue): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? neo4j.int(value) : value;
  if (Array.isArray(value)) return value.map(toNeo4jParams);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = toNeo4jParams(v);
    return out;
  }
  return value;
}

/**
 * `graceMs`: past the request's limit plus this, the read gives up on its own (closing its
 * session) with ReadRefusal('timed-out'), for a server that does not answer at all. The read
 * process leaves it out: its supervisor stops the whole process instead, which also stops a decode.
 */
export async function runRead(driver: ReadDriver, database: string | undefined, request: ReadRequest, graceMs?: number): Promise<ReadAnswer> {
  const fetchSize = request.planOnly ? 1 : Math.min(request.maxRows + 1, MAX_FETCH);
  const session = driver.session({ defaultAccessMode: 'READ', database, fetchSize });
  if (graceMs === undefined) return inSession(session, request);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void session.close().catch(() => undefined);
      reject(new ReadRefusal('timed-out', `no answer within ${request.timeoutMs} ms`));
    }, request.timeoutMs + graceMs);
  });
  try {
    return await Promise.race([inSession(session, request), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function inSession(session: ReturnType<ReadDriver['session']>, request: ReadRequest): Promise<ReadAnswer> {
  try {
    const tx = session.beginTransaction({ timeout: request.timeoutMs, metadata: { app: 'cqks', access: 'read-only' } });
    try {
      const params = toNeo4jParams(request.params) as Record<string, unknown>;
      if (request.checkPlan || request.planOnly) {
        const summary = await tx.run(`EXPLAIN ${request.statement}`, params).summary();
        if (summary.queryType !== 'r') throw new ReadRefusal('not-read-only', `Neo4j classifies the query as '${summary.queryType ?? 'unknown'}', not read-only ('r')`);
      }
      if (request.planOnly) return { columns: [], rows: [], truncated: false };
      const result = tx.run(request.statement, params);
      const rows: Record<string, JsonValue>[] = [];
      let columns: string[] | null = null;
      let truncated = false;
      let bytes = 0;
      for await (const record of result) {
        columns ??= record.keys.map(String);
        if (rows.length === request.maxRows) {
          truncated = true; // leaving the loop cancels the stream: nothing past this row is pulled
          break;
        }
        const row: Record<string, JsonValue> = {};
        for (const key of columns) row[key] = mapNeo4jValue(record.get(key));
        bytes += jsonSize(row);
        if (request.maxBytes > 0 && bytes > request.maxBytes) throw new ReadRefusal('result-too-large', `more than ${request.maxBytes} bytes`);
        rows.push(row);
      }
      columns ??= (await result.keys()).map(String);
      return { columns, rows, truncated };
    } finally {
      if (tx.isOpen()) await tx.rollback().catch(() => undefined);
    }
  } finally {
    await session.close().catch(() => undefined);
  }
}
