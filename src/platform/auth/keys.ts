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
  /** Minimum time between two fetches of the key set (`AUTH_JWKS_COOLDOWN_SECONDS`). */
  cooldownMs: number;
  /** Upper bound for one JWKS fetch (`AUTH_JWKS_TIMEOUT_MS`). */
  timeoutMs: number;
  /** How long fetched keys are used before they are fetched again (default 10 minutes). */
  keyTtlMs?: number;
  logger?: AuthLogger;
  now?: () => number;
}

interface JwksClient {
  getJwks: buildGetJwks.GetJwks;
  domain: string;
  jwksUri: string;
}

interface KeySetSnapshot {
  keys: unknown[];
  kids: Set<string>;
  fetchedAt: number;
}

/**
 * The configured issuer's keys.
 *
 * - Keys are fetched with get-jwks, constructed with `issuersWhitelist` = the configured issuer
 *   (more precisely the configured JWKS location, see `splitJwksUri`) and asked only with the
 *   `domain` from configuration. Hot path: a kid get-jwks holds in its cache (`keyTtlMs`) is
 *   answered from memory, no network, no queue.
 * - get-jwks answers "which key has this kid" by fetching the whole JWKS on every cache miss;
 *   it cannot tell a kid the issuer does not publish from one it has not fetched yet, and it
 *   has no cooldown. So this class also keeps a snapshot of the whole key set (the list of
 *   published kids), fetched directly, **at most once per `cooldownMs`** whatever the reason
 *   (first use, expiry after `keyTtlMs`, a kid not in the snapshot, a failed fetch). get-jwks is
 *   only asked for kids the snapshot lists. Hence a flood of made-up kids costs at most one
 *   JWKS fetch per cooldown, and it can never block tokens signed with published keys.
 *   A kid first seen less than `cooldownMs` after the last snapshot (a key used before it was
 *   published) is refused until the cooldown ends.
 * - Every cache miss goes through one serial queue, so concurrent misses cannot multiply fetches.
 * - Fetches are bounded by `timeoutMs`. When the issuer is unreachable, the keys already fetched
 *   (get-jwks' stale copy, else the snapshot) keep working, and nothing is fetched again before
 *   the cooldown ends.
 * - A token without kid is verified with the set's only key, and refused when it has several.
 */
export class RemoteJwksSource implements KeySource {
  private client: JwksClient | undefined;
  private readonly queue = new SerialQueue();
  private snapshot: KeySetSnapshot | undefined;
  /** No key set fetch before this time (epoch ms). */
  private nextSnapshotAt = Number.NEGATIVE_INFINITY;
  /** After a failed fetch: serve known keys from memory, fetch nothing, until this time. */
  private degradedUntil = Number.NEGATIVE_INFINITY;
  private readonly keyTtlMs: number;
  private readonly logger: AuthLogger;
  private readonly now: () => number;

  constructor(private readonly options: RemoteJwksOptions) {
    this.keyTtlMs = options.keyTtlMs ?? 10 * 60_000;
    this.logger = options.logger ?? silentLogger;
    this.now = options.now ?? Date.now;
  }

  async resolve(request: KeyRequest): Promise<string> {
    const client = await this.getClient();
    if (request.kid !== undefined && this.isCached(client, request.alg, request.kid)) {
      return jwkToPem(await this.getJwk(client, request.alg, request.kid), request.alg);
    }
    return this.queue.run(() => this.resolveSlowly(client, request));
  }

  private async resolveSlowly(client: JwksClient, request: KeyRequest): Promise<string> {
    const { alg, kid } = request;
    // A lookup queued before this one may have fetched the very key.
    if (kid !== undefined && this.isCached(client, alg, kid)) {
      return jwkToPem(await this.getJwk(client, alg, kid), alg);
    }

    const snapshot = await this.currentSnapshot(client, kid);
    if (kid === undefined) return jwkToPem(selectFromKeySet(snapshot.keys, request), alg);
    if (!snapshot.kids.has(kid)) {
      this.logger.info({ kid }, 'auth: token kid is not in the issuer JWKS');
      throw keyError('unknown-kid');
    }

    // The issuer publishes this kid: get-jwks fetches and caches it (unless the issuer is
    // failing right now, in which case the snapshot's copy is used).
    if (this.now() >= this.degradedUntil) {
      const cacheKey = client.getJwks.generateCacheKey(alg, kid, client.domain);
      try {
        const jwk = await this.getJwk(client, alg, kid);
        if (client.getJwks.cache.get(cacheKey) === undefined) this.degrade(client, 'get-jwks served a stale key');
        return jwkToPem(jwk, alg);
      } catch (error) {
        if (error instanceof KeyResolutionError) throw error;
        this.degrade(client, errorSummary(error));
      }
    }
    return jwkToPem(selectFromKeySet(snapshot.keys, request), alg);
  }

  private isCached(client: JwksClient, alg: string, kid: string): boolean {
    return client.getJwks.cache.get(client.getJwks.generateCacheKey(alg, kid, client.domain)) !== undefined;
  }

  private getJwk(client: JwksClient, alg: string, kid: string): Promise<Jwk> {
    const lookup = client.getJwks.getJwk({ domain: client.domain, alg, kid });
    return withTimeout(lookup, this.options.timeoutMs, 'JWKS fetch') as Promise<Jwk>;
  }

  private degrade(client: JwksClient, why: string): void {
    this.degradedUntil = this.now() + this.options.cooldownMs;
    this.logger.warn({ jwksUri: client.jwksUri, err: why }, 'auth: JWKS fetch failed; using the keys already fetched');
  }

  /**
   * The key set snapshot, fetched again when it is missing, older than `keyTtlMs`, or does not
   * list the wanted kid — but never twice within `cooldownMs`.
   */
  private async currentSnapshot(client: JwksClient, kid: string | undefined): Promise<KeySetSnapshot> {
    const now = this.now();
    const current = this.snapshot;
    const stale = current === undefined || now - current.fetchedAt >= this.keyTtlMs;
    const missesKid = kid !== undefined && current !== undefined && !current.kids.has(kid);
    if ((stale || missesKid) && now >= this.nextSnapshotAt) {
      this.nextSnapshotAt = now + this.options.cooldownMs;
      try {
        const document = await fetchJson(client.jwksUri, this.options.timeoutMs);
        const keys = isObject(document) && Array.isArray(document.keys) ? (document.keys as unknown[]) : [];
        const kids = new Set(keys.flatMap((k) => (isObject(k) && typeof k.kid === 'string' ? [k.kid] : [])));
        this.snapshot = { keys, kids, fetchedAt: now };
        this.logger.debug({ jwksUri: client.jwksUri, keys: keys.length }, 'auth: fetched the issuer JWKS');
      } catch (error) {
        this.degrade(client, errorSummary(error));
      }
    }
    if (!this.snapshot) throw keyError('unavailable');
    return this.snapshot;
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
}

export function errorSummary(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.name}: ${error.message}${cause}`;
  }
  return String(error);
}
