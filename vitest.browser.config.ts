import { defineConfig } from 'vitest/config';

/** The browser tests (`npm run test:browser`): Debian's Chromium through playwright-core, one file at a time. */
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    minWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
