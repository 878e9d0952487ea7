import { EngineError, GrafeoEngine, classifyGrafeoError } from './grafeo-engine.js';
import type { ChildMessage, OperationName, ParentMessage } from './grafeo-protocol.js';

/**
 * The Grafeo engine process: forked by grafeo-supervisor.ts with the database file as its
 * argument. It owns the database, answers one message per request, and can be killed at
 * any moment: Grafeo commits through its write-ahead log, so a kill loses no committed
 * write, and the next process reopens the file.
 */

const send = (message: ChildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.connected || !process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!process.send || !file) {
    console.error('grafeo-worker: run me through the graph store (needs an IPC channel and a database path)');
    process.exit(2);
  }
  // The parent is gone (or closed the channel): nothing can use our answers.
  process.on('disconnect', () => process.exit(0));

  let engine: GrafeoEngine;
  try {
    engine = await GrafeoEngine.open(file);
  } catch (error) {
    await send({ type: 'fatal', message: classifyGrafeoError(error).message });
    process.exit(1);
  }

  process.on('message', (raw: ParentMessage) => {
    const { id, op, args } = raw;
    void (async () => {
      try {
        const value = await engine.run(op as OperationName, args as never);
        if (op === 'close') engine.close();
        await send({ type: 'answer', id, ok: true, value });
        if (op === 'close') process.exit(0);
      } catch (error) {
        const e = error instanceof EngineError ? error : classifyGrafeoError(error);
        await send({ type: 'answer', id, ok: false, error: { kind: e.kind, message: e.message } });
      }
    })();
  });
  await send({ type: 'ready' });
}

void main();
