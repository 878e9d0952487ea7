import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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

/**
 * Where the worker's module is and how to start it. From TypeScript sources the thread must
 * register tsx itself: tsx's `--import` hook registers on the main thread only (Node 20 does
 * not pass module hooks on to workers).
 */
function workerModule(): { target: string | URL; eval: boolean } {
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  const file = path.join(path.dirname(here), `parser-worker${ext}`);
  if (ext !== '.ts') return { target: file, eval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(file).href)}); });`;
  return { target: code, eval: true };
}

/** Runs the request in the worker; resolves with its answer (or why there is none). */
function parseInWorker(request: ParserRequest, bytes: Uint8Array): Promise<ParserMessage> {
  const entry = workerModule();
  return new Promise((resolve) => {
    let answer: ParserMessage | undefined;
    const worker = new Worker(entry.target, {
      eval: entry.eval,
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
