import { startVitest } from 'vitest/node';

/**
 * `npm run fuzz [-- --requests N --seed S]`: the hostile-request fuzz of the test suite
 * (test/platform/fuzz.test.ts) at full size, 10,000 requests by default, over real HTTP against
 * a service on the embedded stores (or DATABASE_URL / REDIS_URL when set). Prints a line with
 * the statuses it got; fails on any 5xx, dropped connection or refusal that is not problem+json.
 */
const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
process.env.FUZZ_REQUESTS = arg('requests') ?? '10000';
if (arg('seed')) process.env.FUZZ_SEED = arg('seed');
const vitest = await startVitest('test', ['test/platform/fuzz.test.ts'], { run: true, watch: false });
await vitest?.close();
process.exit(process.exitCode ?? (vitest?.state.getCountOfFailedTests() ? 1 : 0));
