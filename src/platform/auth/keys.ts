import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import buildGetJwks from 'get-jwks';
import type { Config } from '../../config.js';

/**
 * Where the verifier's public keys come from. Both modes go through the same `KeySource`
 * interface and the same JWK checks:
 *
 * - `LocalJwksSource` (development): a fixed, in-memory JWKS (the service's own key pair).
 * - `RemoteJwksSource` (production): the configured issuer's JWKS, fetched with `get-jwks`,
 *   cached, with a cooldown on refetches for unknown key ids and a bounded fetch time.
 *
 * Nothing here ever reads a URL from a token: `iss`, `jku`, `x5u`, `jwk` and `x5c` headers
 * play no part in finding a key.
 */

export type JwtAlgorithm = Config['auth']['algorithms'][number];

/** What a key lookup needs from the (not yet verified) token header. */
export interface KeyRequest {
  alg: JwtAlgorithm;
  /** Absent when the token has no `kid` header. */
  kid?: string;
}

export interface KeySource {
  /** The SPKI PEM of the public key that must verify a token with this header. */
  resolve(request: KeyRequest): Promise<string>;
}

export type KeyFailure = 'unknown-kid' | 'no-kid' | 'key-mismatch' | 'unavailable';

/** A key lookup failed. `message` is safe to show to the caller (no URLs, no key material). */
export class KeyResolutionError extends Error {
  constructor(
    readonly reason: KeyFailure,
    message: string,
  ) {
    super(message);
    this.name = 'KeyResolutionError';
  }
}

const MESSAGES: Record<KeyFailure, string> = {
  'unknown-kid': 'The token was signed with a key the issuer does not publish (unknown kid).',
  'no-kid': 'The token has no key id (kid) and the issuer publishes more than one key.',
  'key-mismatch': "The issuer's key for this kid does not fit the token's algorithm.",
  unavailable: "The issuer's signing keys could not be fetched; try again later.",
};

const keyError = (reason: KeyFailure) => new KeyResolutionError(reason, MESSAGES[reason]);

/** A minimal pino-compatible logger. */
export interface AuthLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export const silentLogger: AuthLogger = { debug() {}, info() {}, warn() {} };

// ---------------------------------------------------------------------------------------------
// JWK checks shared by both sources

type Jwk = JsonWebKey & { kid?: unknown; alg?: unknown; use?: unknown; key_ops?: unknown };

const EC_CURVES: Partial<Record<JwtAlgorithm, string>> = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' };
const MIN_RSA_BITS = 2048;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** True when this JWK may verify a signature made with `alg` (type, curve, `alg`, `use`, `key_ops`). */
export function jwkFitsAlgorithm(jwk: Jwk, alg: JwtAlgorithm): boolean {
  if (jwk.use !== undefined && jwk.use !== 'sig') return false;
  if (jwk.key_ops !== undefined && !(Array.isArray(jwk.key_ops) && jwk.key_ops.includes('verify'))) return false;
  if (jwk.alg !== undefined && jwk.alg !== alg) return false;
  if (alg.startsWith('RS') || alg.startsWith('PS')) return jwk.kty === 'RSA';
  if (alg.startsWith('ES')) return jwk.kty === 'EC' && jwk.crv === EC_CURVES[alg];
  if (alg === 'EdDSA') return jwk.kty === 'OKP' && (jwk.crv === 'Ed25519' || jwk.crv === 'Ed448');
  return false;
}

const pemCache = new WeakMap<object, string>();

/** Converts a JWK that fits `alg` to SPKI PEM (cached per JWK object); throws `key-mismatch` otherwise. */
export function jwkToPem(jwk: Jwk, alg: JwtAlgorithm): string {
  if (!jwkFitsAlgorithm(jwk, alg)) throw keyError('key-mismatch');
  const cached = pemCache.get(jwk);
  if (cached !== undefined) return cached;
  let key: KeyObject;
  try {
    // Only the public members are passed on, so a JWKS that (wrongly) carries `d` changes nothing.
    const { kty, n, e, crv, x, y } = jwk;
    key = createPublicKey({ key: { kty, n, e, crv, x, y } as JsonWebKey, format: 'jwk' });
  } catch {
    throw keyError('key-mismatch');
  }
  if (key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_RSA_BITS) {
    throw keyError('key-mismatch');
  }
  const pem = key.export({ type: 'spki', format: 'pem' }).toString();
  pemCache.set(jwk, pem);
  return pem;
}

/**
 * Picks the key for a token from a whole key set: by `kid` when the token has one, else the
 * set's only key (a token without `kid` is refused when the set holds several keys).
 */
export function selectFromKeySet(keys: readonly unknown[], request: KeyRequest): Jwk {
  const jwks = keys.filter(isObject) as Jwk[];
  if (request.kid === undefined) {
    const [only] = jwks;
    if (jwks.length !== 1 || only === undefined) throw keyError('no-kid');
    return only;
  }
  const candidates = jwks.filter((k) => k.kid === request.kid);
  if (candidates.length === 0) throw keyError('unknown-kid');
  return candidates.find((k) => jwkFitsAlgorithm(k, request.alg)) ?? (candidates[0] as Jwk);
}

// ---------------------------------------------------------------------------------------------
// Development: a local JWKS

/** A fixed key set held in memory (the development key pair). */
export class LocalJwksSource implements KeySource {
  constructor(private readonly keys: readonly Jwk[]) {}

  async resolve(request: KeyRequest): Promise<string> {
    return jwkToPem(selectFromKeySet(this.keys, request), request.alg);
  }
}

// ---------------------------------------------------------------------------------------------
// Small HTTP helpers

const MAX_DOCUMENT_BYTES = 1024 * 1024;

/** GET a JSON document with a hard time limit and a size limit. Errors never carry the body. */
export async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`GET ${url} answered ${response.status}`);
  }
  const length = Number(response.headers.get('content-length') ?? '0');
  if (length > MAX_DOCUMENT_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`GET ${url}: document too large`);
  }
  const text = await response.text();
  if (text.length > MAX_DOCUMENT_BYTES) throw new Error(`GET ${url}: document too large`);
  return JSON.parse(text) as unknown;
}

/** Settles like `promise`, or rejects after `ms` (the promise itself keeps running). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs tasks one at a time, in call order. */
class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * Splits a JWKS URL into the `domain` and `jwksPath` that get-jwks joins back together
 * (`domain` always ends with `/`). When the JWKS lives under the issuer, the domain IS the
 * issuer, so get-jwks' `issuersWhitelist` is exactly the configured issuer.
 */
export function splitJwksUri(issuer: string, jwksUri: string): { domain: string; jwksPath: string } {
  const base = `${issuer.replace(/\/+$/, '')}/`;
  if (jwksUri.startsWith(base) && jwksUri.length > base.length) {
    return { domain: base, jwksPath: jwksUri.slice(base.length) };
  }
  const url = new URL(jwksUri);
  const cut = url.pathname.lastIndexOf('/') + 1;
  return { domain: `${url.origin}${url.pathname.slice(0, cut)}`, jwksPath: `${url.pathname.slice(cut)}${url.search}` };
}

// ---------------------------------------------------------------------------------------------
// Production: the issuer's JWKS through get-jwks

export interface RemoteJwksOptions {
  /** The configured issuer (never a token's `iss`). */
  issuer: string;
  /** Resolves the JWKS URL: `OIDC_JWKS_URI`, else the issuer's discovery document. */
  locateJwks: () => Promise<string>;
  /** Minimum time between two JWKS fetches that did not yield the wanted key. */
  cooldownMs: number;
  /** Upper bound for one JWKS fetch. */
  timeoutMs: number;
  /** How long a fetched key is used before it is fetched again (default 10 minutes). */
  keyTtlMs?: number;
  logger?: AuthLogger;
  now?: () => number;
}

interface JwksClient {
  getJwks: buildGetJwks.GetJwks;
  domain: string;
  jwksUri: string;
}

/**
 * The issuer's keys, fetched with get-jwks (constructed with `issuersWhitelist` = the
 * configured issuer and `domain` taken from configuration only).
 *
 * Hot path: a kid get-jwks has cached (for `keyTtlMs`) is answered from memory, no network.
 *
 * Cooldown: get-jwks fetches the JWKS on every cache miss, so a stream of tokens with made-up
 * kids would be a stream of fetches. Here every cache miss goes through one serial queue, and
 * a fetch that does not yield the wanted key (unknown kid, network error, timeout, or get-jwks
 * falling back to a stale copy) closes the network for `cooldownMs`: until then further misses
 * are answered from get-jwks' stale cache when it still holds the key, and refused otherwise.
 * So unknown kids cost at most one JWKS fetch per cooldown, however many arrive and however
 * concurrently. A new kid the issuer really publishes (key rotation) is fetched on first sight
 * unless an unknown-kid fetch happened within the cooldown, in which case it waits for the
 * cooldown to end.
 */
export class RemoteJwksSource implements KeySource {
  private client: JwksClient | undefined;
  private readonly queue = new SerialQueue();
  /** Until when cache misses may not fetch (epoch ms). */
  private closedUntil = Number.NEGATIVE_INFINITY;
  /** For tokens without kid: the whole key set, fetched directly (get-jwks only answers by kid). */
  private keySet: { keys: unknown[]; fetchedAt: number } | undefined;
  private readonly keyTtlMs: number;
  private readonly logger: AuthLogger;
  private readonly now: () => number;

  constructor(private readonly options: RemoteJwksOptions) {
    this.keyTtlMs = options.keyTtlMs ?? 10 * 60_000;
    this.logger = options.logger ?? silentLogger;
    this.now = options.now ?? Date.now;
  }

  async resolve(request: KeyRequest): Promise<string> {
    if (request.kid === undefined) return this.resolveWithoutKid(request);
    const client = await this.getClient();
    const lookup = { domain: client.domain, alg: request.alg, kid: request.kid };
    const cacheKey = client.getJwks.generateCacheKey(request.alg, request.kid, client.domain);

    if (client.getJwks.cache.has(cacheKey)) {
      return jwkToPem(await this.getJwk(client, lookup), request.alg);
    }

    return this.queue.run(async () => {
      // Another queued lookup may have fetched this very key meanwhile.
      if (client.getJwks.cache.has(cacheKey)) return jwkToPem(await this.getJwk(client, lookup), request.alg);

      const startedAt = this.now();
      if (startedAt < this.closedUntil) {
        const stale = client.getJwks.staleCache.get(cacheKey) as Jwk | Promise<Jwk> | undefined;
        if (stale !== undefined) return jwkToPem(await stale, request.alg);
        this.logger.debug({ kid: request.kid }, 'auth: key id not cached and JWKS refetch is cooling down');
        throw keyError('unknown-kid');
      }

      try {
        const jwk = await this.getJwk(client, lookup);
        if (!client.getJwks.cache.has(cacheKey)) {
          // get-jwks answered from its stale copy: the fetch failed.
          this.closedUntil = startedAt + this.options.cooldownMs;
          this.logger.warn({ jwksUri: client.jwksUri }, 'auth: JWKS fetch failed, using the previously fetched key');
        }
        return jwkToPem(jwk, request.alg);
      } catch (error) {
        if (error instanceof KeyResolutionError) throw error;
        this.closedUntil = startedAt + this.options.cooldownMs;
        if ((error as { code?: unknown }).code === 'JWK_NOT_FOUND') {
          this.logger.info(
            { kid: request.kid, cooldownMs: this.options.cooldownMs },
            'auth: token kid not in the issuer JWKS; refetch cooling down',
          );
          throw keyError('unknown-kid');
        }
        this.logger.warn({ jwksUri: client.jwksUri, err: errorSummary(error) }, 'auth: JWKS fetch failed');
        throw keyError('unavailable');
      }
    });
  }

  private getJwk(client: JwksClient, lookup: { domain: string; alg: string; kid: string }): Promise<Jwk> {
    return withTimeout(client.getJwks.getJwk(lookup), this.options.timeoutMs, 'JWKS fetch') as Promise<Jwk>;
  }

  private async getClient(): Promise<JwksClient> {
    if (this.client) return this.client;
    let jwksUri: string;
    try {
      jwksUri = await this.options.locateJwks();
    } catch (error) {
      this.logger.warn({ err: errorSummary(error) }, 'auth: cannot locate the issuer JWKS');
      throw keyError('unavailable');
    }
    if (this.client) return this.client;
    const { domain, jwksPath } = splitJwksUri(this.options.issuer, jwksUri);
    const getJwks = buildGetJwks({
      issuersWhitelist: [domain],
      providerDiscovery: false,
      jwksPath,
      ttl: this.keyTtlMs,
      max: 100,
      fetchOptions: { headers: { accept: 'application/json' } },
    });
    this.client = { getJwks, domain, jwksUri };
    this.logger.debug({ jwksUri }, 'auth: using issuer JWKS');
    return this.client;
  }

  private async resolveWithoutKid(request: KeyRequest): Promise<string> {
    const fresh = this.keySet && this.now() - this.keySet.fetchedAt < this.keyTtlMs ? this.keySet : undefined;
    if (fresh) return jwkToPem(selectFromKeySet(fresh.keys, request), request.alg);
    const client = await this.getClient();
    return this.queue.run(async () => {
      const startedAt = this.now();
      if (this.keySet && startedAt - this.keySet.fetchedAt < this.keyTtlMs) {
        return jwkToPem(selectFromKeySet(this.keySet.keys, request), request.alg);
      }
      if (startedAt >= this.closedUntil) {
        try {
          const document = await fetchJson(client.jwksUri, this.options.timeoutMs);
          const keys = isObject(document) && Array.isArray(document.keys) ? document.keys : [];
          this.keySet = { keys, fetchedAt: startedAt };
        } catch (error) {
          this.closedUntil = startedAt + this.options.cooldownMs;
          this.logger.warn({ jwksUri: client.jwksUri, err: errorSummary(error) }, 'auth: JWKS fetch failed');
        }
      }
      if (!this.keySet) throw keyError('unavailable');
      return jwkToPem(selectFromKeySet(this.keySet.keys, request), request.alg);
    });
  }
}

export function errorSummary(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.name}: ${error.message}${cause}`;
  }
  return String(error);
}
