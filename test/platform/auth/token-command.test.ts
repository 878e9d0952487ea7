import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTokenCommand } from '../../../scripts/token.js';
import { loadConfig } from '../../../src/config.js';
import { createAuthenticator } from '../../../src/platform/auth/verifier.js';
import { decodeToken } from '../../support/oidc-server.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-auth-token-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The environment of a developer's shell: development mode, our DATA_DIR. */
function devEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra };
  for (const name of ['OIDC_ISSUER', 'OIDC_JWKS_URI', 'OIDC_ROLES_CLAIM', 'OIDC_AUDIENCE', 'AUTH_ALGORITHMS']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

const lastLine = (stdout: string) => stdout.trimEnd().split('\n').at(-1) ?? '';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) }, out, err };
}

describe('npm run token', () => {
  it('prints the token alone on the last line of stdout, and the service accepts it', async () => {
    const { stdout, stderr } = await run(
      'npx',
      ['tsx', 'scripts/token.ts', '--sub', 'alice', '--roles', 'curator,admin', '--ttl', '600'],
      { cwd: root, env: devEnv(), timeout: 60_000 },
    );
    const token = lastLine(stdout);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stderr).toMatch(/sub=alice/);
    expect(decodeToken(token).payload).toMatchObject({ sub: 'alice', roles: ['curator', 'admin'] });
    const { exp, iat } = decodeToken(token).payload as { exp: number; iat: number };
    expect(exp - iat).toBe(600);

    const config = loadConfig({ DATA_DIR: dataDir });
    const auth = await createAuthenticator(config.auth, { dataDir: config.dataDir });
    await expect(auth.verify(token)).resolves.toMatchObject({ sub: 'alice', roles: ['curator', 'admin'] });
  });

  it('works through npm run (whose banner precedes the token)', async () => {
    const { stdout } = await run('npm', ['run', 'token', '--', '--sub', 'bob', '--roles', 'reviewer'], {
      cwd: root,
      env: devEnv(),
      timeout: 60_000,
    });
    const token = lastLine(stdout);
    const config = loadConfig({ DATA_DIR: dataDir });
    const auth = await createAuthenticator(config.auth, { dataDir });
    await expect(auth.verify(token)).resolves.toMatchObject({ sub: 'bob', roles: ['reviewer'] });
  });

  it('two commands started at once on a fresh DATA_DIR share one key', async () => {
    const fresh = await mkdtemp(path.join(tmpdir(), 'cqks-auth-token-race-'));
    try {
      const env = { ...devEnv(), DATA_DIR: fresh };
      const results = await Promise.all(
        ['p1', 'p2', 'p3'].map((sub) =>
          run('npx', ['tsx', 'scripts/token.ts', '--sub', sub], { cwd: root, env, timeout: 60_000 }),
        ),
      );
      const tokens = results.map((r) => lastLine(r.stdout));
      expect(new Set(tokens.map((t) => decodeToken(t).header.kid)).size).toBe(1);
      expect(await readdir(path.join(fresh, 'keys'))).toEqual(['dev-signing-es256.pem']);
      const auth = await createAuthenticator(loadConfig({ DATA_DIR: fresh }).auth, { dataDir: fresh });
      for (const t of tokens) await expect(auth.verify(t)).resolves.toMatchObject({ roles: ['user'] });
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });

  it('refuses when OIDC_ISSUER is set', async () => {
    const { io, out, err } = capture();
    const code = await runTokenCommand(['--sub', 'alice'], devEnv({ OIDC_ISSUER: 'https://login.example.test' }), io);
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err.join('\n')).toMatch(/OIDC_ISSUER is set/);
  });

  it('checks its arguments', async () => {
    const noSub = capture();
    expect(await runTokenCommand([], devEnv(), noSub.io)).toBe(2);
    expect(noSub.err.join('\n')).toMatch(/--sub is required/);

    const badRole = capture();
    expect(await runTokenCommand(['--sub', 'a', '--roles', 'curator,superuser'], devEnv(), badRole.io)).toBe(2);
    expect(badRole.err.join('\n')).toMatch(/Unknown role\(s\): superuser/);

    const badTtl = capture();
    expect(await runTokenCommand(['--sub', 'a', '--ttl', '1.5'], devEnv(), badTtl.io)).toBe(2);

    const unknownFlag = capture();
    expect(await runTokenCommand(['--sub', 'a', '--admin'], devEnv(), unknownFlag.io)).toBe(2);
    expect(unknownFlag.out).toEqual([]);
  });

  it('accepts repeated --roles and defaults to the user role', async () => {
    const repeated = capture();
    expect(await runTokenCommand(['--sub', 'a', '--roles', 'reviewer', '--roles', 'admin'], devEnv(), repeated.io)).toBe(0);
    expect(decodeToken(repeated.out.at(-1)!).payload.roles).toEqual(['reviewer', 'admin']);

    const defaults = capture();
    expect(await runTokenCommand(['--sub', 'a'], devEnv(), defaults.io)).toBe(0);
    expect(decodeToken(defaults.out.at(-1)!).payload.roles).toEqual(['user']);
    expect(defaults.out).toHaveLength(1);
  });
});
