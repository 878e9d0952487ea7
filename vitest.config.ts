import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Browser tests run on their own (npm run test:browser): they need Chromium.
    exclude: ['test/browser/**', '**/node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    // Much of a test's time is spent waiting on engines in other processes (Neo4j, the parser
    // child, service processes): three files at once keep this two-core machine busier (the
    // suite took 441 s with two, 366 s with three; CPU 167% of 200%).
    maxWorkers: 3,
    minWorkers: 1,
    // Limits on liveness, not on speed (speed is measured by `npm run bench`): on a two-core machine
    // whose other tenants slow it down, the same suite has taken twice its usual CPU time.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
