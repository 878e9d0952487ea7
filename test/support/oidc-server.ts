import { createHash, createHmac, generateKeyPairSync, randomBytes, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real OpenID Provider (the `oidc-provider` package) on 127.0.0.1 with an OS-chosen port, for
 * the authentication tests. It issues JWT access tokens through its real token endpoint with the
 * client_credentials grant and a resource indicator (so tokens carry an `aud`), signs them with
 * its own keys, and publishes them at its real `/jwks`, found through its real discovery document.
 *
 * Test hooks (request headers on the token request, read by the provider's configuration):
 * `x-test-roles` (JSON: the roles claim value), `x-test-roles-claim` (dot path to put it at),
 * `x-test-audience`, `x-test-key` (index of the signing key), `x-test-ttl` (seconds).
 */

export interface OidcServerKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: KeyObject;
  /** The public JWK as published in the JWKS. */
  publicJwk: JsonWebKey & { kid: string; alg: string; use: 'sig' };
  /** SPKI PEM of the public key (handy for algorithm-confusion forgeries). */
  publicKeyPem: string;
}

export interface TokenOptions {
  /** The roles claim value: an array, or a space-separated string. Omitted: no roles claim. */
  roles?: string[] | string;
  /** Where to put the roles (a dot path); default `roles`. */
  rolesClaim?: string;
  /** The `aud` of the access token; default the server's audience. */
  audience?: string;
  /** Which of `keys` signs the token; default 0 (RS256). */
  key?: number;
  /** Access token lifetime in seconds; default 300. */
  ttlSeconds?: number;
}

export interface OidcServer {
  issuer: string;
  jwksUri: string;
  discoveryUri: string;
  audience: string;
  clientId: string;
  /** The signing keys; `keys[0]` (RS256) signs access tokens unless asked otherwise. */
  keys: OidcServerKey[];
  /** `keys[0]`'s private key and kid, for forging tokens that are otherwise genuine. */
  privateKey: KeyObject;
  kid: string;
  /** The public JWKS as served. */
  jwks: { keys: JsonWebKey[] };
  /** Requests seen so far, by endpoint. */
  counts: { jwks: number; discovery: number; token: number };
  /** A real access token from the token endpoint. */
  getToken(options?: TokenOptions): Promise<string>;
  close(): Promise<void>;
}

export interface OidcServerOptions {
  /** Default audience of issued tokens; default `urn:cqks:api`. */
  audience?: string;
  /** Publish (and allow signing with) a second key, ES256; default true. */
  secondKey?: boolean;
  /**
   * A login for people: a public client using the authorization code flow with PKCE (S256),
   * and the provider's own login page (user name and password) and consent page. Access tokens
   * carry the user's roles at `rolesClaim` (default `roles`).
   */
  login?: { clientId: string; redirectUris: string[]; users: Record<string, { password: string; roles: string[] }>; rolesClaim?: string };
}

interface KoaLikeContext {
  path: string;
  method: string;
  get(header: string): string;
  request: { body?: Record<string, unknown> };
}

interface ProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  use(middleware: (ctx: KoaLikeContext, next: () => Promise<void>) => Promise<void>): void;
}

type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;

// oidc-provider ships no type declarations; import it untyped and describe the little we use.
const OIDC_PROVIDER_MODULE: string = 'oidc-provider';

const RESOURCE = 'urn:cqks:test-resource';

function thumbprint(jwk: JsonWebKey): string {
  const members =
    jwk.kty === 'RSA' ? { e: jwk.e, kty: jwk.kty, n: jwk.n } : { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}

function makeKey(alg: 'RS256' | 'ES256'): OidcServerKey & { privateJwk: JsonWebKey } {
  const { privateKey, publicKey } =
    alg === 'RS256'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pub = publicKey.export({ format: 'jwk' });
  const kid = `${alg.toLowerCase()}-${thumbprint(pub).slice(0, 12)}`;
  return {
    kid,
    alg,
    privateKey,
    publicJwk: { ...pub, kid, alg, use: 'sig' },
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateJwk: { ...privateKey.export({ format: 'jwk' }), kid, alg, use: 'sig' } as JsonWebKey,
  };
}

/** Puts `value` at a dot path. */
function atPath(path: string, value: unknown): Record<string, unknown> {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, segment) => ({ [segment]: inner }), value) as Record<string, unknown>;
}

/** A minimal in-memory storage adapter (the provider's default one warns on every start). */
function memoryAdapter() {
  const store = new Map<string, Record<string, unknown>>();
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>) {
      store.set(this.key(id), payload);
    }
    async find(id: string) {
      return store.get(this.key(id));
    }
    private findBy(field: 'uid' | 'userCode', value: string) {
      for (const [key, payload] of store) if (key.startsWith(`${this.model}:`) && payload[field] === value) return payload;
      return undefined;
    }
    async findByUserCode(userCode: string) {
      return this.findBy('userCode', userCode);
    }
    async findByUid(uid: string) {
      return this.findBy('uid', uid);
    }
    async consume(id: string) {
      const found = store.get(this.key(id));
      if (found) found.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId() {}
  };
}

export async function startOidcServer(options: OidcServerOptions = {}): Promise<OidcServer> {
  const { default: Provider } = (await import(OIDC_PROVIDER_MODULE)) as { default: ProviderConstructor };
  const audience = options.audience ?? 'urn:cqks:api';
  const login = options.login;
  const generated = [makeKey('RS256'), ...(options.secondKey === false ? [] : [makeKey('ES256')])];
  const keys: OidcServerKey[] = generated.map(({ privateJwk: _unused, ...key }) => key);

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'cqks-test-client';
  const clientSecret = randomBytes(32).toString('base64url');

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      ...(login
        ? [
            {
              client_id: login.clientId,
              grant_types: ['authorization_code'],
              redirect_uris: login.redirectUris,
              response_types: ['code'],
              token_endpoint_auth_method: 'none',
            },
          ]
        : []),
    ],
    pkce: { methods: ['S256'], required: () => true },
    // A browser page at a redirect URI's origin calls the token endpoint itself (as identity providers' "web origins").
    clientBasedCORS: (_ctx: unknown, origin: string, client: { clientId: string }) =>
      client.clientId === login?.clientId && login.redirectUris.some((uri) => new URL(uri).origin === origin),
    findAccount: (_ctx: unknown, id: string) =>
      login?.users[id] ? { accountId: id, claims: () => ({ sub: id }) } : undefined,
    jwks: { keys: generated.map((k) => k.privateJwk) },
    // Lax, not the default None: browsers drop a SameSite=None cookie without Secure, and this provider speaks http.
    cookies: { keys: [randomBytes(16).toString('hex')], long: { httpOnly: true, sameSite: 'lax' } },
    features: {
      // The provider's own login and consent pages (login and password fields), for the browser test.
      devInteractions: { enabled: login !== undefined },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => RESOURCE,
        // An authorization code's token is for the resource the login granted, asked for or not.
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx: KoaLikeContext) => {
          const key = keys[Number(ctx.get('x-test-key') || '0')] ?? keys[0];
          return {
            scope: 'api',
            audience: ctx.get('x-test-audience') || audience,
            accessTokenTTL: Number(ctx.get('x-test-ttl') || '300'),
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: key?.alg, kid: key?.kid } },
          };
        },
      },
    },
    ttl: { ClientCredentials: (_ctx: unknown, token: { resourceServer?: { accessTokenTTL?: number } }) => token.resourceServer?.accessTokenTTL ?? 300 },
    extraTokenClaims: (ctx: KoaLikeContext, token: { accountId?: string }) => {
      const person = token.accountId ? login?.users[token.accountId] : undefined;
      if (person) return atPath(login?.rolesClaim ?? 'roles', person.roles);
      const roles = ctx.get('x-test-roles');
      if (!roles) return undefined;
      return atPath(ctx.get('x-test-roles-claim') || 'roles', JSON.parse(roles));
    },
  });

  const counts = { jwks: 0, discovery: 0, token: 0 };
  provider.use(async (ctx, next) => {
    if (ctx.path === '/jwks') counts.jwks += 1;
    else if (ctx.path === '/.well-known/openid-configuration') counts.discovery += 1;
    else if (ctx.path === '/token') counts.token += 1;
    await next();
  });
  server.on('request', provider.callback());

  const primary = keys[0] as OidcServerKey;

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    discoveryUri: `${issuer}/.well-known/openid-configuration`,
    audience,
    clientId,
    keys,
    privateKey: primary.privateKey,
    kid: primary.kid,
    jwks: { keys: keys.map((k) => k.publicJwk) },
    counts,
    async getToken(tokenOptions: TokenOptions = {}) {
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      };
      if (tokenOptions.roles !== undefined) headers['x-test-roles'] = JSON.stringify(tokenOptions.roles);
      if (tokenOptions.rolesClaim !== undefined) headers['x-test-roles-claim'] = tokenOptions.rolesClaim;
      if (tokenOptions.audience !== undefined) headers['x-test-audience'] = tokenOptions.audience;
      if (tokenOptions.key !== undefined) headers['x-test-key'] = String(tokenOptions.key);
      if (tokenOptions.ttlSeconds !== undefined) headers['x-test-ttl'] = String(tokenOptions.ttlSeconds);
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ grant_type: 'client_credentials', resource: RESOURCE, scope: 'api' }),
      });
      const body = (await response.json()) as { access_token?: string };
      if (!response.ok || typeof body.access_token !== 'string') {
        throw new Error(`token endpoint answered ${response.status}: ${JSON.stringify(body)}`);
      }
      return body.access_token;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Forging tokens for the negative cases

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Signs `header.payload` exactly as given, with node:crypto: RS256/ES256 with a private key,
 * HS256 with a secret (string or buffer), `none` with nothing. No claim is added or checked.
 */
export function forgeToken(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  key?: KeyObject | string | Buffer,
): string {
  const input = `${b64url(header)}.${b64url(payload)}`;
  let signature: Buffer;
  switch (header.alg) {
    case 'none':
      signature = Buffer.alloc(0);
      break;
    case 'HS256':
      signature = createHmac('sha256', key as string | Buffer).update(input).digest();
      break;
    case 'RS256':
      signature = sign('sha256', Buffer.from(input), key as KeyObject);
      break;
    case 'ES256':
      signature = sign('sha256', Buffer.from(input), { key: key as KeyObject, dsaEncoding: 'ieee-p1363' });
      break;
    default:
      throw new Error(`forgeToken: unsupported alg ${String(header.alg)}`);
  }
  return `${input}.${signature.toString('base64url')}`;
}

/** Splits a compact JWS into its decoded header and payload (no verification). */
export function decodeToken(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header = '', payload = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
  };
}
