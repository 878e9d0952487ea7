import { contentTypeFor, normalizeRunFilePath } from '../file-paths.js';
import { ProblemError } from '../../../platform/problem.js';
import { fileWrite } from '../../../engine/tools/contracts/files.js';
import { defineTool } from '../../../engine/tools/tool.js';
import type { RunFileStore } from '../file-store.js';

/**
 * Writes one file of the run. The content type always follows the path's extension, so a
 * step cannot label a file as something a browser would run.
 */
export function fileWriteTool({ files }: { files: RunFileStore }) {
  return defineTool({
    ...fileWrite,
    description:
      'Writes (or replaces) a file of the current run at a relative path (folders allowed). Text is UTF-8; binary content ' +
      'is given as base64. The content type follows the extension. Limited by RUN_FILE_MAX_BYTES and RUN_FILES_MAX_PER_RUN.',
    async run({ path, content, encoding }, { runId, node }) {
      let normalized: string;
      try {
        normalized = normalizeRunFilePath(path);
      } catch (error) {
        throw new Error(error instanceof ProblemError ? (error.detail ?? error.title) : String(error));
      }
      const bytes = encoding === 'base64' ? Buffer.from(content, 'base64') : Buffer.from(content, 'utf8');
      const row = await files.write(runId, normalized, contentTypeFor(normalized), bytes, node);
      return { path: row.path, name: row.name, content_type: row.content_type, size: row.size, sha256: row.sha256 };
    },
  });
}
