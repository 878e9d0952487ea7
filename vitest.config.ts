import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/support/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Browser tests run on their own (npm run test:browser): they need Chromium.
    exclude: ['test/browser/**', '**/node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    // A worker process runs file after file with the modules it has loaded (each file still makes
    // its own apps, stores and servers): loading the service's modules again for each file cost
    // about a second and a half of CPU per file (the suite in CI: 464-488 s of CPU with isolation,
    // 327-344 s without). No test depends on module state (nothing is mocked, no environment is
    // changed); the whole suite passed with its files in two shuffled orders.
    isolate: false,
    // Much of a test's time is spent waiting on engines in other processes (Neo4j, the parser
    // child, service processes): three files at once keep this two-core machine busier (the
    // suite took 441 s with two, 366 s with three; CPU 167% of 200%).
    maxWorkers: 3,
    // The slowest files first: a long one started last would end the suite alone.
    sequence: { sequencer: SlowestFirst },
    // As many from the start: with isolate false, vitest 3.2 (tinypool) ends the run with "Unhandled
    // Rejection: Terminating worker thread" when it stops a worker idle above minWorkers
    // (vitest-dev/vitest#8133, #8564; seen here with minWorkers 1 on three files).
    minWorkers: 3,
    // Limits on liveness, not on speed (speed is measured by `npm run bench`): on a two-core machine
    // whose other tenants slow it down, the same suite has taken twice its usual CPU time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
