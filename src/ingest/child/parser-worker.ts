import { parentPort, workerData } from 'node:worker_threads';
import { IngestRejection } from '../types.js';
import type { Progress } from '../types.js';
import type { ParserMessage, ParserRequest } from './protocol.js';
import { runParserTask } from './tasks.js';

/**
 * The thread of the parser process that parses (parser-entry.ts starts it): it may be busy for
 * long stretches in a library's synchronous code, while the process's main thread stays free
 * to notice that the parent is gone. It posts progress, then one answer.
 */

/** Least time between two progress messages of the same stage. */
const PROGRESS_INTERVAL_MS = 100;

const post = (message: ParserMessage) => parentPort?.postMessage(message);

/** Progress, at most every PROGRESS_INTERVAL_MS per stage; a new stage and a stage's end always go. */
function progressPoster(): (progress: Progress) => void {
  let last: Progress | undefined;
  let postedAt = 0;
  return (progress) => {
    const now = Date.now();
    const news = !last || last.stage !== progress.stage || progress.done >= progress.total || now - postedAt >= PROGRESS_INTERVAL_MS;
    last = progress;
    if (!news) return;
    postedAt = now;
    post({ type: 'progress', progress: { ...progress } });
  };
}

const { request, bytes } = workerData as { request: ParserRequest; bytes: Uint8Array };
try {
  const value = await runParserTask({ request, bytes, onProgress: progressPoster() });
  post({ type: 'result', value });
} catch (error) {
  if (error instanceof IngestRejection) post({ type: 'rejected', stage: error.stage, message: error.message });
  else post({ type: 'failed', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
}
