import { createHash } from 'node:crypto';
import type { Queryable, RelationalStore } from '../../stores/relational/index.js';

/**
 * SQL for a run's files. Bytes live in `run_file_chunks` so that any process can serve any
 * file, and so a download or a preview reads only the chunks it sends.
 */

/** Bytes per stored chunk: small enough to stream, large enough to keep row counts low. */
export const RUN_FILE_CHUNK_BYTES = 256 * 1024;

export interface RunFileRow {
  run_id: string;
  path: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  node: string | null;
  created_at: Date;
}

export interface RunFileLimits {
  maxBytes: number;
  maxPerRun: number;
}

/** A write refused by a limit: the tool reports it, the step fails with it. */
export class RunFileLimitError extends Error {
  override name = 'RunFileLimitError';
}

const toRow = (row: RunFileRow): RunFileRow => ({ ...row, size: Number(row.size) });

export class RunFileStore {
  constructor(private readonly deps: { db: RelationalStore; limits: RunFileLimits }) {}

  /**
   * Writes (or replaces) a file: a step that runs again after a crash writes the same path
   * again, so writing is idempotent per path. `path` must already be normalized.
   */
  async write(runId: string, path: string, contentType: string, bytes: Uint8Array, node: string | null): Promise<RunFileRow> {
    if (bytes.length > this.deps.limits.maxBytes) {
      throw new RunFileLimitError(`file ${path} is ${bytes.length} bytes; RUN_FILE_MAX_BYTES allows ${this.deps.limits.maxBytes}`);
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return this.deps.db.transaction(async (tx) => {
      // The run row serializes writers of one run, so the count check cannot be raced.
      await tx.query('SELECT 1 FROM runs WHERE id = $1 FOR UPDATE', [runId]);
      const { rows: counted } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM run_files WHERE run_id = $1 AND path <> $2',
        [runId, path],
      );
      if ((counted[0]?.n ?? 0) >= this.deps.limits.maxPerRun) {
        throw new RunFileLimitError(`run ${runId} already has ${this.deps.limits.maxPerRun} files (RUN_FILES_MAX_PER_RUN)`);
      }
      await tx.query('DELETE FROM run_files WHERE run_id = $1 AND path = $2', [runId, path]);
      const { rows } = await tx.query<RunFileRow>(
        `INSERT INTO run_files (run_id, path, name, content_type, size, sha256, node)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
        [runId, path, path.slice(path.lastIndexOf('/') + 1), contentType, bytes.length, sha256, node],
      );
      await this.writeChunks(tx, runId, path, bytes);
      return toRow(rows[0]!);
    });
  }

  private async writeChunks(tx: Queryable, runId: string, path: string, bytes: Uint8Array): Promise<void> {
    for (let seq = 0, at = 0; at < bytes.length || seq === 0; seq++, at += RUN_FILE_CHUNK_BYTES) {
      await tx.query('INSERT INTO run_file_chunks (run_id, path, seq, data) VALUES ($1, $2, $3, $4)', [
        runId,
        path,
        seq,
        bytes.subarray(at, at + RUN_FILE_CHUNK_BYTES),
      ]);
    }
  }

  /** Path order; keyset after `afterPath`. */
  async list(runId: string, limit: number, afterPath?: string): Promise<RunFileRow[]> {
    const { rows } = await this.deps.db.query<RunFileRow>(
      `SELECT * FROM run_files WHERE run_id = $1 AND ($2::text IS NULL OR path > $2) ORDER BY path LIMIT $3`,
      [runId, afterPath ?? null, limit],
    );
    return rows.map(toRow);
  }

  async get(runId: string, path: string): Promise<RunFileRow | undefined> {
    const { rows } = await this.deps.db.query<RunFileRow>('SELECT * FROM run_files WHERE run_id = $1 AND path = $2', [runId, path]);
    return rows[0] && toRow(rows[0]);
  }

  /** The file's bytes, one chunk at a time. */
  async *chunks(runId: string, path: string): AsyncGenerator<Uint8Array> {
    for (let seq = 0; ; seq++) {
      const { rows } = await this.deps.db.query<{ data: Uint8Array }>(
        'SELECT data FROM run_file_chunks WHERE run_id = $1 AND path = $2 AND seq = $3',
        [runId, path, seq],
      );
      if (!rows[0]) return;
      yield rows[0].data;
    }
  }

  /** At most the first `maxBytes` bytes (reads only the chunks they are in). */
  async prefix(runId: string, path: string, maxBytes: number): Promise<Uint8Array> {
    const { rows } = await this.deps.db.query<{ data: Uint8Array }>(
      'SELECT data FROM run_file_chunks WHERE run_id = $1 AND path = $2 AND seq < $3 ORDER BY seq',
      [runId, path, Math.ceil(maxBytes / RUN_FILE_CHUNK_BYTES)],
    );
    const joined = Buffer.concat(rows.map((r) => r.data));
    return new Uint8Array(joined.buffer, joined.byteOffset, Math.min(joined.length, maxBytes));
  }
}
