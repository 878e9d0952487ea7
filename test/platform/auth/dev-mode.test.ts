import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { DEV_ISSUER, loadDevSigningKey, signDevToken } from '../../../src/platform/auth/dev-keys.js';
import { authConfigResponseSchema } from '../../../src/platform/auth/schemas.js';
import { createAuthenticator } from '../../../src/platform/auth/verifier.js';
import { ProblemError } from '../../../src/platform/problem.js';
import { decodeToken, forgeToken } from '../../support/oidc-server.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-auth-dev-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const devConfig = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

async function refusal(promise: Promise<unknown>): Promise<ProblemError> {
  const error = await promise.then(
    () => new Error('expected a refusal'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProblemError);
  expect((error as ProblemError).status).toBe(401);
  return error as ProblemError;
}

describe('development mode', () => {
  it('creates the key pair once in <dataDir>/keys (0600) and reuses it', async () => {
    const config = devConfig();
    const first = await createAuthenticator(config.auth, { dataDir: config.dataDir });
    const files = await readdir(path.join(dataDir, 'keys'));
    expect(files).toEqual(['dev-signing-es256.pem']);
    const keyFile = path.join(dataDir, 'keys', 'dev-signing-es256.pem');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dataDir, 'keys'))).mode & 0o077).toBe(0);
    const mtime = (await stat(keyFile)).mtimeMs;

    const second = await createAuthenticator(config.auth, { dataDir: config.dataDir });
    const [a, b] = [await first.describe(), await second.describe()];
    expect(a.mode === 'development' && b.mode === 'development').toBe(true);
    if (a.mode !== 'development' || b.mode !== 'development') return;
    expect(b.kid).toBe(a.kid);
    expect((await stat(keyFile)).mtimeMs).toBe(mtime);

    // A token signed for one authenticator verifies with the other.
    const token = await signDevToken({ dataDir, auth: config.auth, sub: 'alice', roles: ['reviewer'] });
    expect(decodeToken(token).header).toMatchObject({ alg: 'ES256', kid: a.kid });
    await expect(second.verify(token)).resolves.toMatchObject({ sub: 'alice', roles: ['reviewer'] });
  });

  it('is safe when several loaders create the key at once', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadDevSigningKey(dataDir, ['ES256'])));
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
    expect(await readdir(path.join(dataDir, 'keys'))).toEqual(['dev-signing-es256.pem']);
  });

  it('restricts a key file that others can read', async () => {
    const key = await loadDevSigningKey(dataDir, ['ES256']);
    const { chmod } = await import('node:fs/promises');
    await chmod(key.file, 0o644);
    const again = await loadDevSigningKey(dataDir, ['ES256']);
    expect(again.kid).toBe(key.kid);
    expect((await stat(key.file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a key file that is not a key, saying what to do', async () => {
    await loadDevSigningKey(dataDir, ['ES256']);
    await writeFile(path.join(dataDir, 'keys', 'dev-signing-es256.pem'), 'garbage');
    await expect(loadDevSigningKey(dataDir, ['ES256'])).rejects.toThrow(/delete it/);
  });

  it('uses an RS256 key when ES256 is not allowed', async () => {
    const config = devConfig({ AUTH_ALGORITHMS: 'RS256' });
    const auth = await createAuthenticator(config.auth, { dataDir });
    const token = await signDevToken({ dataDir, auth: config.auth, sub: 'rsa-user', roles: ['user'] });
    expect(decodeToken(token).header.alg).toBe('RS256');
    await expect(auth.verify(token)).resolves.toMatchObject({ sub: 'rsa-user' });
    expect(await readdir(path.join(dataDir, 'keys'))).toEqual(['dev-signing-rs256.pem']);
  });

  it('signDevToken tokens carry the documented claims and verify', async () => {
    const config = devConfig();
    const auth = await createAuthenticator(config.auth, { dataDir });
    const token = await signDevToken({ dataDir, auth: config.auth, sub: 'bob', roles: ['curator', 'admin'], ttlSeconds: 120 });
    const { payload } = decodeToken(token);
    expect(payload).toMatchObject({ iss: DEV_ISSUER, aud: 'cqks-api', sub: 'bob', roles: ['curator', 'admin'] });
    expect((payload.exp as number) - (payload.iat as number)).toBe(120);
    expect(typeof payload.jti).toBe('string');
    const principal = await auth.verify(token);
    expect(principal).toMatchObject({ sub: 'bob', roles: ['curator', 'admin'] });
    expect(principal.claims.iss).toBe(DEV_ISSUER);
  });

  it('puts roles at the configured claim path (e.g. realm_access.roles)', async () => {
    const config = devConfig({ OIDC_ROLES_CLAIM: 'realm_access.roles' });
    const auth = await createAuthenticator(config.auth, { dataDir });
    const token = await signDevToken({ dataDir, auth: config.auth, sub: 'kc', roles: ['reviewer'] });
    expect(decodeToken(token).payload.realm_access).toEqual({ roles: ['reviewer'] });
    await expect(auth.verify(token)).resolves.toMatchObject({ roles: ['reviewer'] });
  });

  it('works without a config object (defaults), as other tests and the bench call it', async () => {
    const auth = await createAuthenticator(devConfig().auth, { dataDir });
    const token = await signDevToken({ dataDir, audience: 'cqks-api', sub: 'bench', roles: ['user'] });
    await expect(auth.verify(token)).resolves.toMatchObject({ sub: 'bench', roles: ['user'] });
  });

  it('verifies through the same checks as OIDC mode', async () => {
    const config = devConfig();
    const auth = await createAuthenticator(config.auth, { dataDir });
    const key = await loadDevSigningKey(dataDir, config.auth.algorithms);
    const now = Math.floor(Date.now() / 1000);
    const base = { iss: DEV_ISSUER, aud: 'cqks-api', sub: 'x', iat: now, exp: now + 60, roles: ['admin'] };
    const es = (payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'ES256', kid: key.kid }) =>
      forgeToken(header, payload, key.privateKey);

    await expect(auth.verify(es(base))).resolves.toMatchObject({ roles: ['admin'] });
    // One key in the local JWKS: a token without kid is accepted, like with a one-key issuer.
    await expect(auth.verify(es(base, { alg: 'ES256' }))).resolves.toMatchObject({ sub: 'x' });

    expect((await refusal(auth.verify(es({ ...base, exp: now - 120 })))).detail).toMatch(/expired/);
    expect((await refusal(auth.verify(es({ ...base, nbf: now + 120 })))).detail).toMatch(/not valid yet/);
    expect((await refusal(auth.verify(es({ ...base, aud: 'other' })))).detail).toMatch(/audience/);
    expect((await refusal(auth.verify(es({ ...base, iss: 'urn:someone' })))).detail).toMatch(/issuer/);
    expect((await refusal(auth.verify(es(base, { alg: 'ES256', kid: 'other' })))).detail).toMatch(/unknown kid/);
    expect((await refusal(auth.verify(forgeToken({ alg: 'none' }, base)))).detail).toMatch(/algorithm/);
    const publicPem = key.publicJwk;
    expect(
      (await refusal(auth.verify(forgeToken({ alg: 'HS256', kid: key.kid }, base, JSON.stringify(publicPem))))).detail,
    ).toMatch(/algorithm/);
  });

  it('refuses tokens signed with another data directory key', async () => {
    const config = devConfig();
    const auth = await createAuthenticator(config.auth, { dataDir });
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'cqks-auth-dev-other-'));
    try {
      const foreign = await signDevToken({ dataDir: elsewhere, auth: config.auth, sub: 'eve', roles: ['admin'] });
      expect((await refusal(auth.verify(foreign))).detail).toMatch(/unknown kid/);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('refuses to sign development tokens in OIDC mode', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, OIDC_ISSUER: 'https://login.example.test' });
    await expect(signDevToken({ dataDir, auth: config.auth, sub: 'x', roles: [] })).rejects.toThrow(/OIDC_ISSUER/);
  });

  it('describes itself for /auth/config', async () => {
    const config = devConfig();
    const auth = await createAuthenticator(config.auth, { dataDir });
    const described = await auth.describe();
    expect(authConfigResponseSchema.parse(described)).toEqual(described);
    expect(described).toMatchObject({
      mode: 'development',
      issuer: DEV_ISSUER,
      audience: 'cqks-api',
      roles_claim: 'roles',
      algorithms: ['ES256'],
      token_command: 'npm run token -- --sub <name> --roles <roles>',
    });
  });
});
