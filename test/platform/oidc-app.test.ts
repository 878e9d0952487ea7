import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';
import type { OidcServer } from '../support/oidc-server.js';
import { startOidcServer } from '../support/oidc-server.js';

/** The whole service behind a real OpenID provider on loopback, as in production. */
describe('service with an OpenID provider', () => {
  let idp: OidcServer;
  let t: TestApp;

  beforeAll(async () => {
    idp = await startOidcServer();
    t = await startTestApp({
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_AUDIENCE: idp.audience,
        OIDC_CLIENT_ID: 'swagger-ui',
        OIDC_SCOPES: 'openid profile',
      },
      routes: (app) => {
        app.get('/api/v1/test/whoami', { config: { roles: ['curator'] } }, async (request) => ({
          sub: request.principal?.sub,
          roles: request.principal?.roles,
        }));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('accepts a real token from the provider and enforces its roles', async () => {
    const curator = await idp.getToken({ roles: ['curator'] });
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/test/whoami', headers: { authorization: `Bearer ${curator}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().roles).toContain('curator');
    const user = await idp.getToken({ roles: ['user'] });
    const denied = await t.app.inject({ method: 'GET', url: '/api/v1/test/whoami', headers: { authorization: `Bearer ${user}` } });
    expect(denied.statusCode).toBe(403);
  });

  it('publishes the login settings from discovery at /auth/config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mode: 'oidc',
      issuer: idp.issuer,
      authorization_endpoint: expect.stringContaining(new URL(idp.issuer).host),
      token_endpoint: expect.stringContaining(new URL(idp.issuer).host),
      client_id: 'swagger-ui',
      scopes: ['openid', 'profile'],
      audience: idp.audience,
      pkce: { code_challenge_method: 'S256' },
    });
  });

  it('offers an OAuth2 authorization-code/PKCE login in the OpenAPI document and Swagger UI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const flow = doc.components.securitySchemes.oauth2.flows.authorizationCode;
    const config = (await t.app.inject({ method: 'GET', url: '/auth/config' })).json();
    expect(flow.authorizationUrl).toBe(config.authorization_endpoint);
    expect(flow.tokenUrl).toBe(config.token_endpoint);
    expect(doc.paths['/auth/config'].get.security).toEqual([]);
    const initializer = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('usePkceWithAuthorizationCodeGrant');
    expect(initializer.body).toContain('swagger-ui');
  });
});
