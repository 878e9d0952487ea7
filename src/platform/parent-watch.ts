/** How often a process started by npm looks whether npm is still there. */
const PARENT_CHECK_MS = 1_000;

/**
 * Calls `onGone` once when the process that started this one is gone, for a process started by
 * an npm script (`npm start`, `npm run neo4j`): a process manager stops the command it started,
 * npm, and npm passes SIGTERM on to its script, but after a SIGKILL (or npm's own crash) the
 * script would go on alone, holding its port. A process started any other way (a container's
 * command, `node dist/main.js`, under nohup) is left alone when its parent goes.
 */
export function stopWhenNpmGoes(onGone: () => void): void {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, PARENT_CHECK_MS);
  timer.unref();
}
