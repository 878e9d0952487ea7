import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

// The OpenID provider of the tests checks the Node release it runs on at import and warns
// "Unsupported runtime" when it is older than it supports: the version we pin must support ours.
describe('the OpenID provider of the tests', () => {
  it('supports the Node release the suite runs on (no "Unsupported runtime" warning)', async () => {
    const { stdout, stderr } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      "await import('oidc-provider'); console.log('loaded');",
    ]);
    expect(stdout.trim()).toBe('loaded');
    expect(stderr).not.toMatch(/unsupported runtime/i);
  });
});
