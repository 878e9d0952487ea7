import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../../src/config.js';
import { signDevToken } from '../../../src/platform/auth/dev-keys.js';
import { authPlugin, requireRole } from '../../../src/platform/auth/plugin.js';
import type { Role } from '../../../src/platform/auth/roles.js';
import { createAuthenticator, type Authenticator } from '../../../src/platform/auth/verifier.js';
import { errorsPlugin } from '../../../src/platform/errors.js';
import { startOidcServer, type OidcServer } from '../../support/oidc-server.js';

let dataDir: string;
let config: Config;
let authenticator: Authenticator;
let app: FastifyInstance;

/** The app the way the service builds it: errors first (with its not-found handler), then auth. */
async function buildTestApp(auth: Authenticator): Promise<FastifyInstance> {
  const instance = Fastify();
  await instance.register(errorsPlugin);
  await instance.register(authPlugin, { authenticator: auth });
  instance.get('/public', { config: { public: true } }, async (request) => ({ principal: request.principal }));
  instance.get('/me', async (request) => ({ sub: request.principal?.sub, roles: request.principal?.roles }));
  instance.get('/review', { config: { roles: ['reviewer'] } }, async () => ({ ok: true }));
  instance.get('/curate', { config: { roles: ['curator'] } }, async () => ({ ok: true }));
  instance.get('/admin', { config: { roles: ['admin'] } }, async () => ({ ok: true }));
  instance.get('/review-or-admin', { config: { roles: ['reviewer', 'admin'] } }, async () => ({ ok: true }));
  instance.get('/docs', async () => 'docs');
  instance.get('/docs/static/*', async () => 'asset');
  instance.get('/documents', async () => ({ ok: true }));
  instance.get('/per-resource', async (request) => ({ sub: requireRole(request, 'curator').sub }));
  instance.get('/public-but-checks', { config: { public: true } }, async (request) => {
    requireRole(request, 'user');
    return { ok: true };
  });
  await instance.ready();
  return instance;
}

const token = (roles: Role[], sub = 'alice') => signDevToken({ dataDir, auth: config.auth, sub, roles });
const bearer = async (roles: Role[], sub?: string) => ({ authorization: `Bearer ${await token(roles, sub)}` });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-auth-plugin-'));
  config = loadConfig({ DATA_DIR: dataDir });
  authenticator = await createAuthenticator(config.auth, { dataDir });
  app = await buildTestApp(authenticator);
});

afterAll(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('authPlugin', () => {
  it('answers 401 problem+json with WWW-Authenticate: Bearer when the token is missing', async () => {
    const res = await app.inject({ method: 'GET', url: '/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 401, type: 'urn:cqks:problem:unauthorized', instance: '/me' });
  });

  it('answers 401 invalid_request for a malformed Authorization header', async () => {
    for (const authorization of ['Basic YWxpY2U6c2VjcmV0', 'Bearer', 'Bearer a b', 'Bearer\ttoken']) {
      const res = await app.inject({ method: 'GET', url: '/me', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer error="invalid_request"/);
    }
  });

  it('answers 401 invalid_token with the reason for a bad token', async () => {
    const res = await app.inject({ method: 'GET', url: '/me', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    expect(res.json().detail).toMatch(/well-formed/);

    const expired = await signDevToken({ dataDir, auth: config.auth, sub: 'bob', roles: ['admin'], ttlSeconds: 1 });
    const [h, , sig] = expired.split('.');
    const res2 = await app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${h}.e30.${sig}` } });
    expect(res2.statusCode).toBe(401);
  });

  it('sets request.principal from a valid token (scheme is case-insensitive)', async () => {
    const t = await token(['curator'], 'carol');
    const res = await app.inject({ method: 'GET', url: '/me', headers: { authorization: `bearer ${t}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sub: 'carol', roles: ['curator'] });
  });

  it('lets public routes through without a token, with no principal', async () => {
    const res = await app.inject({ method: 'GET', url: '/public' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ principal: null });
    // requireRole inside a public route still refuses an anonymous caller.
    const res2 = await app.inject({ method: 'GET', url: '/public-but-checks' });
    expect(res2.statusCode).toBe(401);
  });

  it('treats routes under /docs as public, matching the route pattern, not the raw URL', async () => {
    expect((await app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/docs/static/swagger-ui.css' })).statusCode).toBe(200);
    // Not a prefix match on characters: /documents is protected.
    expect((await app.inject({ method: 'GET', url: '/documents' })).statusCode).toBe(401);
    // Unknown paths under /docs hit the not-found handler, which needs a token.
    expect((await app.inject({ method: 'GET', url: '/docs-private' })).statusCode).toBe(401);
  });

  it('needs a token on unknown routes too: 401 without, 404 with', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/no/such/route' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    const known = await app.inject({ method: 'GET', url: '/no/such/route', headers: await bearer(['user']) });
    expect(known.statusCode).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/me', payload: {} });
    expect(post.statusCode).toBe(401);
  });

  it('protects HEAD as well as GET', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/me' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'HEAD', url: '/me', headers: await bearer(['user']) })).statusCode).toBe(200);
  });

  it('enforces config.roles with the role hierarchy (403 when missing)', async () => {
    const cases: Array<[Role[], string, number]> = [
      [[], '/me', 200],
      [[], '/review', 403],
      [['user'], '/review', 403],
      [['reviewer'], '/review', 200],
      [['reviewer'], '/curate', 403],
      [['curator'], '/review', 200],
      [['curator'], '/curate', 200],
      [['curator'], '/admin', 403],
      [['admin'], '/review', 200],
      [['admin'], '/curate', 200],
      [['admin'], '/admin', 200],
      [['user', 'curator'], '/curate', 200],
      [['user'], '/review-or-admin', 403],
      [['reviewer'], '/review-or-admin', 200],
    ];
    for (const [roles, url, status] of cases) {
      const res = await app.inject({ method: 'GET', url, headers: await bearer(roles) });
      expect(res.statusCode, `${roles.join(',') || '(none)'} → ${url}`).toBe(status);
      if (status === 403) {
        expect(res.json()).toMatchObject({ status: 403, type: 'urn:cqks:problem:forbidden' });
        expect(res.json().detail).toMatch(/role/);
      }
    }
  });

  it('requireRole decides per resource inside a handler', async () => {
    expect((await app.inject({ method: 'GET', url: '/per-resource', headers: await bearer(['reviewer']) })).statusCode).toBe(403);
    const res = await app.inject({ method: 'GET', url: '/per-resource', headers: await bearer(['admin'], 'dana') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sub: 'dana' });
  });

  it('refuses unknown role names in route config when the route is added', async () => {
    const instance = Fastify();
    await instance.register(authPlugin, { authenticator });
    expect(() =>
      instance.get('/x', { config: { roles: ['superuser' as Role] } }, async () => 'x'),
    ).toThrow(/config\.roles/);
    await instance.close();
  });

  it('accepts publicPathPrefixes and isPublicRequest', async () => {
    const instance = Fastify();
    await instance.register(errorsPlugin);
    await instance.register(authPlugin, {
      authenticator,
      publicPathPrefixes: ['/status/'],
      isPublicRequest: (request) => request.method === 'OPTIONS',
    });
    instance.get('/status/live', async () => 'ok');
    instance.get('/docs', async () => 'docs');
    instance.options('/anything', async () => '');
    await instance.ready();
    expect((await instance.inject({ method: 'GET', url: '/status/live' })).statusCode).toBe(200);
    expect((await instance.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(401);
    expect((await instance.inject({ method: 'OPTIONS', url: '/anything' })).statusCode).toBe(200);
    await instance.close();
  });
});

describe('authPlugin with a real OpenID provider', () => {
  let idp: OidcServer;
  let oidcApp: FastifyInstance;

  beforeAll(async () => {
    idp = await startOidcServer({ audience: 'urn:cqks:api' });
    const oidcConfig = loadConfig({ OIDC_ISSUER: idp.issuer, OIDC_AUDIENCE: 'urn:cqks:api', DATA_DIR: dataDir });
    oidcApp = await buildTestApp(await createAuthenticator(oidcConfig.auth, { dataDir }));
  });

  afterAll(async () => {
    await oidcApp?.close();
    await idp?.close();
  });

  it('accepts the provider tokens and applies their roles', async () => {
    const curator = { authorization: `Bearer ${await idp.getToken({ roles: ['curator'] })}` };
    expect((await oidcApp.inject({ method: 'GET', url: '/me', headers: curator })).json()).toEqual({
      sub: idp.clientId,
      roles: ['curator'],
    });
    expect((await oidcApp.inject({ method: 'GET', url: '/review', headers: curator })).statusCode).toBe(200);
    expect((await oidcApp.inject({ method: 'GET', url: '/admin', headers: curator })).statusCode).toBe(403);
  });

  it('refuses development tokens in OIDC mode', async () => {
    const dev = await signDevToken({ dataDir, sub: 'eve', roles: ['admin'] });
    const res = await oidcApp.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${dev}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/issuer/);
  });
});
