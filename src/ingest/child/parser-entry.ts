import { Worker } from 'node:worker_threads';
import { childModule } from '../../platform/child-modules.js';
import type { ParserMessage, ParserRequest } from './protocol.js';
import { splitResult } from './result-parts.js';

/**
 * The parser process, forked by runner.ts: it takes one request over IPC, reads the document's
 * bytes from stdin to their end, and has a worker thread (parser-worker.ts) parse them with a
 * heap of parserMaxMemoryMb, relaying its progress and answer; then it exits.
 *
 * Why the thread: a library may run synchronously for a long time on a hostile file, and a
 * busy thread cannot notice anything. This thread stays idle, so it exits at once when the
 * parent goes (the IPC channel closes), whatever the parser is doing.
 */

const send = (message: ParserMessage) =>
  new Promise<void>((resolve) => {
    if (!process.connected || !process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** stdin to its end, in memory of its own (transferred to the worker, not copied). */
async function readStdin(): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of process.stdin) {
    parts.push(part as Buffer);
    size += (part as Buffer).length;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts.splice(0)) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/** Runs the request in the worker; resolves with its answer (or why there is none). */
function parseInWorker(request: ParserRequest, bytes: Uint8Array): Promise<ParserMessage> {
  return new Promise((resolve) => {
    let answer: ParserMessage | undefined;
    const worker = new Worker(childModule(import.meta.url, 'parser-worker'), {
      workerData: { request, bytes },
      transferList: [bytes.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: request.limits.parserMaxMemoryMb },
      stdout: false,
      stderr: false,
    });
    worker.on('message', (message: ParserMessage) => {
      if (message.type === 'progress') void send(message);
      else answer ??= message;
    });
    worker.on('error', (error) => {
      const code = (error as { code?: string }).code;
      answer ??= code === 'ERR_WORKER_OUT_OF_MEMORY' ? { type: 'out_of_memory', message: describe(error) } : { type: 'failed', message: describe(error) };
    });
    worker.on('exit', (code) => resolve(answer ?? { type: 'failed', message: `the parser thread exited (code ${code}) without an answer` }));
  });
}

function main(): void {
  if (!process.send) {
    console.error('parser-entry: run me through runInParserProcess (I need an IPC channel)');
    process.exit(2);
  }
  // The parent is gone (or closed the channel): nothing can use our answer.
  process.on('disconnect', () => process.exit(0));
  process.once('message', (request: ParserRequest) => {
    void readStdin()
      .then((bytes) => parseInWorker(request, bytes))
      .catch((error: unknown): ParserMessage => ({ type: 'failed', message: describe(error) }))
      .then(async (message) => {
        if (message.type === 'result') {
          const { rest, parts } = splitResult(message.value);
          for (const part of parts) await send({ type: 'result_part', ...part });
          await send({ type: 'result', value: rest });
        } else await send(message);
        process.exit(0);
      });
  });
}

main();
