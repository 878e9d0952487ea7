import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { authConfigResponseSchema } from '../../../src/platform/auth/schemas.js';
import { createAuthenticator, type Authenticator } from '../../../src/platform/auth/verifier.js';
import { ProblemError } from '../../../src/platform/problem.js';
import { decodeToken, forgeToken, startOidcServer, type OidcServer } from '../../support/oidc-server.js';

const AUDIENCE = 'urn:cqks:api';

let idp: OidcServer;
let other: OidcServer;
let dataDir: string;

beforeAll(async () => {
  [idp, other] = await Promise.all([startOidcServer({ audience: AUDIENCE }), startOidcServer({ audience: AUDIENCE })]);
  dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-auth-oidc-'));
});

afterAll(async () => {
  await Promise.all([idp?.close(), other?.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

interface Clock {
  now: () => number;
  advance: (ms: number) => void;
}

function fakeClock(): Clock {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms) => void (offset += ms) };
}

/** A fresh authenticator (own caches) for the real provider, configured from an environment. */
function authenticatorFor(env: Record<string, string> = {}, clock?: Clock): Promise<Authenticator> {
  const config = loadConfig({
    OIDC_ISSUER: idp.issuer,
    OIDC_AUDIENCE: AUDIENCE,
    OIDC_CLIENT_ID: 'cqks-swagger',
    AUTH_CLOCK_TOLERANCE_SECONDS: '5',
    AUTH_JWKS_COOLDOWN_SECONDS: '30',
    DATA_DIR: dataDir,
    ...env,
  });
  return createAuthenticator(config.auth, { dataDir: config.dataDir, now: clock?.now });
}

/** Claims of a genuine token from `idp`, to forge variants of. */
function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return { iss: idp.issuer, aud: AUDIENCE, sub: 'mallory', iat: now, exp: now + 300, roles: ['admin'], ...overrides };
}

const rsHeader = (kid: string = idp.kid) => ({ alg: 'RS256', typ: 'at+jwt', kid });

async function expect401(promise: Promise<unknown>, reason: RegExp): Promise<ProblemError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the token to be refused');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProblemError);
  const problem = error as ProblemError;
  expect(problem.status).toBe(401);
  expect(problem.headers?.['www-authenticate']).toMatch(/^Bearer /);
  expect(problem.detail).toMatch(reason);
  return problem;
}

describe('OIDC verification against a real provider', () => {
  it('accepts a real access token and reads its roles', async () => {
    const auth = await authenticatorFor();
    const token = await idp.getToken({ roles: ['curator', 'admin'] });
    const principal = await auth.verify(token);
    expect(principal.sub).toBe(idp.clientId);
    expect(principal.roles).toEqual(['curator', 'admin']);
    expect(principal.claims.iss).toBe(idp.issuer);
    expect(principal.claims.aud).toBe(AUDIENCE);
    expect(auth.mode).toBe('oidc');
  });

  it('reads roles from a nested claim path, as a space-separated string, ignoring unknown names', async () => {
    const auth = await authenticatorFor({ OIDC_ROLES_CLAIM: 'realm_access.roles' });
    const token = await idp.getToken({ roles: 'offline_access Reviewer superuser', rolesClaim: 'realm_access.roles' });
    const principal = await auth.verify(token);
    expect(principal.roles).toEqual(['reviewer']);
  });

  it('accepts an aud array that contains the audience, and keeps verified claims read-only', async () => {
    const auth = await authenticatorFor();
    const token = forgeToken(rsHeader(), claims({ aud: ['urn:other', AUDIENCE] }), idp.privateKey);
    const principal = await auth.verify(token);
    expect(principal.roles).toEqual(['admin']);
    expect(Object.isFrozen(principal.claims)).toBe(true);
    expect(Object.isFrozen(principal.claims.roles)).toBe(true);
    await expect(auth.verify(token)).resolves.toMatchObject({ claims: { roles: ['admin'] } });
  });

  it('accepts a token without roles as a principal with no roles', async () => {
    const auth = await authenticatorFor();
    const principal = await auth.verify(await idp.getToken());
    expect(principal.roles).toEqual([]);
  });

  it('fetches keys on first sight only (key list + get-jwks), then serves them from memory', async () => {
    const auth = await authenticatorFor();
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => idp.getToken({ roles: ['user'] })));
    const before = idp.counts.jwks;
    await Promise.all(tokens.map((t) => auth.verify(t)));
    expect(idp.counts.jwks - before).toBe(2);
    for (const t of tokens) await auth.verify(t);
    await auth.verify(await idp.getToken({ roles: ['admin'] }));
    expect(idp.counts.jwks - before).toBe(2);
  });

  it('uses discovery once to find the JWKS, and OIDC_JWKS_URI skips discovery', async () => {
    const discoveredBefore = idp.counts.discovery;
    const viaDiscovery = await authenticatorFor();
    await viaDiscovery.verify(await idp.getToken());
    await viaDiscovery.describe();
    await viaDiscovery.describe();
    expect(idp.counts.discovery - discoveredBefore).toBe(1);

    const configured = await authenticatorFor({ OIDC_JWKS_URI: idp.jwksUri });
    const discoveredMid = idp.counts.discovery;
    await configured.verify(await idp.getToken({ roles: ['user'] }));
    expect(idp.counts.discovery).toBe(discoveredMid);
  });

  it('refuses an expired token', async () => {
    const auth = await authenticatorFor();
    const now = Math.floor(Date.now() / 1000);
    const token = forgeToken(rsHeader(), claims({ iat: now - 600, exp: now - 60 }), idp.privateKey);
    await expect401(auth.verify(token), /expired/);
  });

  it('honours the clock tolerance for exp (bounded, in seconds)', async () => {
    const auth = await authenticatorFor();
    const now = Math.floor(Date.now() / 1000);
    const justExpired = forgeToken(rsHeader(), claims({ exp: now - 2 }), idp.privateKey);
    await expect(auth.verify(justExpired)).resolves.toMatchObject({ sub: 'mallory' });
  });

  it('refuses a token that is not valid yet (nbf in the future)', async () => {
    const auth = await authenticatorFor();
    const now = Math.floor(Date.now() / 1000);
    const token = forgeToken(rsHeader(), claims({ nbf: now + 120 }), idp.privateKey);
    await expect401(auth.verify(token), /not valid yet/);
  });

  it('refuses another issuer, without fetching any key', async () => {
    const auth = await authenticatorFor();
    const before = idp.counts.jwks;
    const token = forgeToken(rsHeader(), claims({ iss: 'https://evil.example' }), idp.privateKey);
    await expect401(auth.verify(token), /issuer/);
    expect(idp.counts.jwks).toBe(before);
  });

  it('refuses a real token issued for another audience', async () => {
    const auth = await authenticatorFor();
    const token = await idp.getToken({ audience: 'urn:someone-else', roles: ['admin'] });
    expect(decodeToken(token).payload.aud).toBe('urn:someone-else');
    await expect401(auth.verify(token), /another audience/);
  });

  it('refuses a token without aud, without exp and without sub', async () => {
    const auth = await authenticatorFor();
    const { aud: _aud, ...noAud } = claims();
    const { exp: _exp, ...noExp } = claims();
    const { sub: _sub, ...noSub } = claims();
    await expect401(auth.verify(forgeToken(rsHeader(), noAud, idp.privateKey)), /no aud claim/);
    await expect401(auth.verify(forgeToken(rsHeader(), noExp, idp.privateKey)), /no exp claim/);
    await expect401(auth.verify(forgeToken(rsHeader(), noSub, idp.privateKey)), /no sub claim/);
    await expect401(auth.verify(forgeToken(rsHeader(), claims({ sub: 42 }), idp.privateKey)), /sub/);
  });

  it('refuses alg "none"', async () => {
    const auth = await authenticatorFor();
    const token = forgeToken({ alg: 'none', typ: 'JWT', kid: idp.kid }, claims());
    expect(token.endsWith('.')).toBe(true);
    await expect401(auth.verify(token), /algorithm is not accepted/);
  });

  it('refuses HS256 signed with the public key as the secret', async () => {
    const auth = await authenticatorFor();
    const primary = idp.keys[0]!;
    const pemSecret = forgeToken({ alg: 'HS256', typ: 'JWT', kid: idp.kid }, claims(), primary.publicKeyPem);
    const jwkSecret = forgeToken({ alg: 'HS256', typ: 'JWT', kid: idp.kid }, claims(), JSON.stringify(primary.publicJwk));
    const before = idp.counts.jwks;
    await expect401(auth.verify(pemSecret), /algorithm is not accepted/);
    await expect401(auth.verify(jwkSecret), /algorithm is not accepted/);
    expect(idp.counts.jwks).toBe(before);
  });

  it('refuses a key of the wrong type for the algorithm (ES256 header with the RSA kid)', async () => {
    const auth = await authenticatorFor();
    const token = forgeToken({ alg: 'ES256', kid: idp.kid }, claims(), idp.keys[1]!.privateKey);
    await expect401(auth.verify(token), /unknown kid|does not fit/);
  });

  it('refuses a tampered payload', async () => {
    const auth = await authenticatorFor();
    const token = await idp.getToken({ roles: ['user'] });
    await expect(auth.verify(token)).resolves.toMatchObject({ roles: ['user'] });
    const [header, payload, signature] = token.split('.');
    const claimsSet = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claimsSet, roles: ['admin'] })).toString('base64url')}.${signature}`;
    await expect401(auth.verify(tampered), /signature is invalid/);
  });

  it('refuses garbage and oversized tokens', async () => {
    const auth = await authenticatorFor();
    await expect401(auth.verify('not-a-jwt'), /well-formed/);
    await expect401(auth.verify('a.b.c'), /well-formed/);
    await expect401(auth.verify(`${'a'.repeat(20_000)}.b.c`), /too large/);
    await expect401(auth.verify(forgeToken({ alg: 'RS256', kid: 42 }, claims(), idp.privateKey)), /well-formed/);
  });

  it('refuses a real token of another provider, never contacting that provider', async () => {
    const auth = await authenticatorFor();
    const token = await other.getToken({ roles: ['admin'] });
    expect(decodeToken(token).payload.iss).toBe(other.issuer);
    const before = { ...other.counts };
    await expect401(auth.verify(token), /issuer/);
    expect(other.counts.jwks).toBe(before.jwks);
    expect(other.counts.discovery).toBe(before.discovery);
  });

  it('ignores jku/x5u: our iss, signed by the other provider, its kid and JWKS URL in the header', async () => {
    const auth = await authenticatorFor();
    const otherKey = other.keys[0]!;
    const withOtherKid = forgeToken(
      { alg: 'RS256', kid: otherKey.kid, jku: other.jwksUri, x5u: `${other.issuer}/cert.pem` },
      claims(),
      otherKey.privateKey,
    );
    const withOurKid = forgeToken({ alg: 'RS256', kid: idp.kid, jku: other.jwksUri }, claims(), otherKey.privateKey);
    const otherJwksBefore = other.counts.jwks;
    await expect401(auth.verify(withOtherKid), /unknown kid/);
    await expect401(auth.verify(withOurKid), /signature is invalid/);
    expect(other.counts.jwks).toBe(otherJwksBefore);
  });

  it('refetches the JWKS at most once per cooldown for unknown kids', async () => {
    const clock = fakeClock();
    const auth = await authenticatorFor({ AUTH_JWKS_COOLDOWN_SECONDS: '30' }, clock);
    await auth.verify(await idp.getToken({ roles: ['user'] }));
    const unknown = (i: number) => forgeToken(rsHeader(`made-up-${i}`), claims(), idp.privateKey);

    // The key list was fetched just now: made-up kids cost nothing more during the cooldown.
    let before = idp.counts.jwks;
    for (let i = 0; i < 5; i++) await expect401(auth.verify(unknown(i)), /unknown kid/);
    expect(idp.counts.jwks - before).toBe(0);

    // After the cooldown, many concurrent made-up kids cause exactly one refetch.
    clock.advance(31_000);
    before = idp.counts.jwks;
    const results = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => auth.verify(unknown(100 + i))));
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect(((r as PromiseRejectedResult).reason as ProblemError).detail).toMatch(/unknown kid/);
    }
    for (let i = 200; i < 210; i++) await expect401(auth.verify(unknown(i)), /unknown kid/);
    expect(idp.counts.jwks - before).toBe(1);

    // Published keys keep working throughout, from memory.
    await auth.verify(await idp.getToken({ roles: ['user'] }));
    expect(idp.counts.jwks - before).toBe(1);

    clock.advance(29_000);
    await expect401(auth.verify(unknown(300)), /unknown kid/);
    expect(idp.counts.jwks - before).toBe(1);

    clock.advance(2_000);
    await expect401(auth.verify(unknown(301)), /unknown kid/);
    await expect401(auth.verify(unknown(302)), /unknown kid/);
    expect(idp.counts.jwks - before).toBe(2);
  });

  it('a flood of made-up kids at start-up does not lock out published keys', async () => {
    const auth = await authenticatorFor();
    const junk = forgeToken(rsHeader('junk'), claims(), idp.privateKey);
    await expect401(auth.verify(junk), /unknown kid/);
    await expect(auth.verify(await idp.getToken({ roles: ['user'], key: 0 }))).resolves.toMatchObject({ roles: ['user'] });
    await expect(auth.verify(await idp.getToken({ roles: ['user'], key: 1 }))).resolves.toMatchObject({ roles: ['user'] });
  });

  it('finds a newly used key of the issuer (rotation) with one fetch', async () => {
    const auth = await authenticatorFor();
    await auth.verify(await idp.getToken({ roles: ['user'] }));
    const before = idp.counts.jwks;
    const rotated = await idp.getToken({ roles: ['reviewer'], key: 1 });
    expect(decodeToken(rotated).header).toMatchObject({ alg: 'ES256', kid: idp.keys[1]!.kid });
    await expect(auth.verify(rotated)).resolves.toMatchObject({ roles: ['reviewer'] });
    await auth.verify(await idp.getToken({ roles: ['reviewer'], key: 1 }));
    expect(idp.counts.jwks - before).toBe(1);
  });

  it('refuses a token without kid when the JWKS has several keys, accepts it when there is one', async () => {
    const auth = await authenticatorFor();
    const noKid = forgeToken({ alg: 'RS256', typ: 'JWT' }, claims(), idp.privateKey);
    await expect401(auth.verify(noKid), /no key id/);

    const single = await startOidcServer({ audience: AUDIENCE, secondKey: false });
    try {
      const config = loadConfig({ OIDC_ISSUER: single.issuer, OIDC_AUDIENCE: AUDIENCE, DATA_DIR: dataDir });
      const singleAuth = await createAuthenticator(config.auth, { dataDir });
      const token = forgeToken({ alg: 'RS256' }, claims({ iss: single.issuer }), single.privateKey);
      await expect(singleAuth.verify(token)).resolves.toMatchObject({ sub: 'mallory', roles: ['admin'] });
      await expect(singleAuth.verify(await single.getToken({ roles: ['user'] }))).resolves.toMatchObject({
        roles: ['user'],
      });
    } finally {
      await single.close();
    }
  });

  it('gives up on a JWKS that does not answer within AUTH_JWKS_TIMEOUT_MS', async () => {
    const sockets = new Set<Socket>();
    let hits = 0;
    const hanging = http.createServer(() => {
      hits += 1; // never answers
    });
    hanging.on('connection', (s) => sockets.add(s));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = hanging.address() as AddressInfo;
      const auth = await authenticatorFor({
        OIDC_JWKS_URI: `http://127.0.0.1:${port}/jwks`,
        AUTH_JWKS_TIMEOUT_MS: '200',
      });
      const started = Date.now();
      await expect401(auth.verify(await idp.getToken()), /could not be fetched/);
      expect(Date.now() - started).toBeLessThan(3_000);
      // Within the cooldown the next lookup does not try again.
      await expect401(auth.verify(await idp.getToken({ key: 1 })), /could not be fetched/);
      expect(hits).toBe(1);
    } finally {
      hanging.closeAllConnections();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('describes itself for /auth/config from discovery', async () => {
    const auth = await authenticatorFor({ OIDC_SCOPES: 'openid profile api' });
    const described = await auth.describe();
    expect(authConfigResponseSchema.parse(described)).toEqual(described);
    expect(described).toEqual({
      mode: 'oidc',
      issuer: idp.issuer,
      authorization_endpoint: `${idp.issuer}/auth`,
      token_endpoint: `${idp.issuer}/token`,
      jwks_uri: idp.jwksUri,
      client_id: 'cqks-swagger',
      scopes: ['openid', 'profile', 'api'],
      audience: AUDIENCE,
      pkce: { code_challenge_method: 'S256' },
      roles_claim: 'roles',
      roles: ['user', 'reviewer', 'curator', 'admin'],
      algorithms: ['RS256', 'ES256'],
    });
  });

  it('answers 503 from describe() and 401 from verify() when the issuer is unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const issuer = `http://127.0.0.1:${port}`;
    const config = loadConfig({ OIDC_ISSUER: issuer, OIDC_AUDIENCE: AUDIENCE, DATA_DIR: dataDir });
    const auth = await createAuthenticator(config.auth, { dataDir });
    await expect(auth.describe()).rejects.toMatchObject({ status: 503 });
    const token = forgeToken(rsHeader(), claims({ iss: issuer }), idp.privateKey);
    await expect401(auth.verify(token), /could not be fetched/);
  });
});

/** A JWKS endpoint the test controls: which keys it publishes and whether it fails. */
async function startJwksServer() {
  const state = { keys: [] as object[], failFrom: Number.POSITIVE_INFINITY, hits: 0 };
  const server = http.createServer((_req, res) => {
    state.hits += 1;
    if (state.hits >= state.failFrom) {
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: state.keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: `http://127.0.0.1:${port}/keys/jwks.json`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('key rotation and outages (OIDC_JWKS_URI on a controlled server)', () => {
  const ISSUER = 'https://login.example.test/realms/cqks';

  async function setup(clock?: Clock) {
    const jwks = await startJwksServer();
    const [a, b] = [idp.keys[0]!, other.keys[0]!].map((k, i) => ({
      ...k,
      publicJwk: { ...k.publicJwk, kid: `key-${i}` },
    })) as [OidcServer['keys'][number], OidcServer['keys'][number]];
    const config = loadConfig({
      OIDC_ISSUER: ISSUER,
      OIDC_AUDIENCE: AUDIENCE,
      OIDC_JWKS_URI: jwks.url,
      AUTH_JWKS_COOLDOWN_SECONDS: '30',
      DATA_DIR: dataDir,
    });
    const auth = await createAuthenticator(config.auth, { dataDir, now: clock?.now });
    const token = (key: typeof a) =>
      forgeToken({ alg: 'RS256', kid: key.publicJwk.kid }, claims({ iss: ISSUER, roles: ['user'] }), key.privateKey);
    return { jwks, auth, a, b, token };
  }

  it('accepts a key published after start once the cooldown allows a refetch', async () => {
    const clock = fakeClock();
    const { jwks, auth, a, b, token } = await setup(clock);
    try {
      jwks.state.keys = [a.publicJwk];
      await expect(auth.verify(token(a))).resolves.toMatchObject({ roles: ['user'] });
      expect(jwks.state.hits).toBe(2);

      jwks.state.keys = [a.publicJwk, b.publicJwk];
      await expect401(auth.verify(token(b)), /unknown kid/);
      expect(jwks.state.hits).toBe(2);

      clock.advance(30_000);
      await expect(auth.verify(token(b))).resolves.toMatchObject({ sub: 'mallory' });
      expect(jwks.state.hits).toBe(4);
    } finally {
      await jwks.close();
    }
  });

  it('keeps verifying with the key list it has when get-jwks cannot fetch', async () => {
    const clock = fakeClock();
    const { jwks, auth, a, b, token } = await setup(clock);
    try {
      jwks.state.keys = [a.publicJwk, b.publicJwk];
      jwks.state.failFrom = 2; // the key list is served, everything after fails
      await expect(auth.verify(token(a))).resolves.toMatchObject({ roles: ['user'] });
      expect(jwks.state.hits).toBe(2);
      // Degraded: the other published key is served from the key list, nothing is fetched.
      await expect(auth.verify(token(b))).resolves.toMatchObject({ roles: ['user'] });
      expect(jwks.state.hits).toBe(2);
    } finally {
      await jwks.close();
    }
  });
});
