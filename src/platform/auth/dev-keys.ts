import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  randomUUID,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createSigner } from 'fast-jwt';
import { loadConfig, type Config } from '../../config.js';
import { silentLogger, type AuthLogger, type JwtAlgorithm } from './keys.js';
import { claimAtPath } from './roles.js';

/**
 * Development mode (no `OIDC_ISSUER`): the service is its own token issuer.
 *
 * - Issuer: `urn:cqks:dev` (`DEV_ISSUER`); audience: the configured `OIDC_AUDIENCE`.
 * - Key: one key pair per algorithm in `<DATA_DIR>/keys/dev-signing-<alg>.pem` (PKCS#8 private
 *   key, mode 0600, directory 0700), created on first use. ES256 is used when allowed by
 *   `AUTH_ALGORITHMS`, else RS256, else the first allowed algorithm.
 * - `kid`: the RFC 7638 thumbprint of the public key, so it is stable for as long as the file is.
 * - Two processes starting at once: each writes its key to a private temp file and hard-links it
 *   into place; `link` fails when the name exists, and the loser reads the winner's key. A
 *   reader therefore never sees a half-written file, and everyone ends up with the same key.
 */
export const DEV_ISSUER = 'urn:cqks:dev';

export interface DevSigningKey {
  alg: JwtAlgorithm;
  kid: string;
  /** Where the private key lives. */
  file: string;
  privateKey: KeyObject;
  /** The public half as a JWK with `kid`, `alg` and `use` (what a JWKS would publish). */
  publicJwk: JsonWebKey & { kid: string; alg: JwtAlgorithm; use: 'sig' };
}

const generateKeyPairAsync = promisify(generateKeyPair);

/** Which algorithm the development key uses, given the allowed list. */
export function pickDevAlgorithm(algorithms: readonly JwtAlgorithm[]): JwtAlgorithm {
  if (algorithms.includes('ES256')) return 'ES256';
  if (algorithms.includes('RS256')) return 'RS256';
  const first = algorithms[0];
  if (!first) throw new Error('AUTH_ALGORITHMS is empty: no algorithm to sign development tokens with');
  return first;
}

async function generatePrivateKeyPem(alg: JwtAlgorithm): Promise<string> {
  let pair: { privateKey: KeyObject };
  if (alg.startsWith('ES')) {
    const namedCurve = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' }[alg as 'ES256' | 'ES384' | 'ES512'];
    pair = await generateKeyPairAsync('ec', { namedCurve });
  } else if (alg === 'EdDSA') {
    pair = await generateKeyPairAsync('ed25519', {});
  } else {
    pair = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  }
  return pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** RFC 7638 JWK thumbprint (SHA-256, base64url) over the required public members. */
export function jwkThumbprint(jwk: JsonWebKey): string {
  let members: Record<string, unknown>;
  if (jwk.kty === 'RSA') members = { e: jwk.e, kty: jwk.kty, n: jwk.n };
  else if (jwk.kty === 'EC') members = { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y };
  else if (jwk.kty === 'OKP') members = { crv: jwk.crv, kty: jwk.kty, x: jwk.x };
  else throw new Error(`unsupported key type ${String(jwk.kty)}`);
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}

const isErrno = (error: unknown, ...codes: string[]) =>
  error instanceof Error && codes.includes((error as NodeJS.ErrnoException).code ?? '');

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return undefined;
    throw error;
  }
}

/** Creates the key file unless it exists; returns the PEM that is in the file afterwards. */
async function createKeyFile(file: string, alg: JwtAlgorithm): Promise<string> {
  const pem = await generatePrivateKeyPem(alg);
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temp, pem, { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, file);
    return pem;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return readFile(file, 'utf8');
    // File systems without hard links: exclusive create (a concurrent reader could then, in
    // theory, see a partial file; loadDevSigningKey retries a parse failure once).
    try {
      await writeFile(file, pem, { mode: 0o600, flag: 'wx' });
      return pem;
    } catch (fallbackError) {
      if (isErrno(fallbackError, 'EEXIST')) return readFile(file, 'utf8');
      throw fallbackError;
    }
  } finally {
    await unlink(temp).catch(() => {});
  }
}

function keyFitsAlgorithm(key: KeyObject, alg: JwtAlgorithm): boolean {
  const type = key.asymmetricKeyType;
  if (alg.startsWith('RS') || alg.startsWith('PS')) return type === 'rsa';
  if (alg === 'EdDSA') return type === 'ed25519';
  const curve = { ES256: 'prime256v1', ES384: 'secp384r1', ES512: 'secp521r1' }[alg as 'ES256' | 'ES384' | 'ES512'];
  return type === 'ec' && key.asymmetricKeyDetails?.namedCurve === curve;
}

/**
 * Loads the development signing key from `<dataDir>/keys/`, creating it on first use.
 * Safe to call from several processes at once.
 */
export async function loadDevSigningKey(
  dataDir: string,
  algorithms: readonly JwtAlgorithm[],
  logger: AuthLogger = silentLogger,
): Promise<DevSigningKey> {
  const alg = pickDevAlgorithm(algorithms);
  const dir = path.join(dataDir, 'keys');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `dev-signing-${alg.toLowerCase()}.pem`);

  let pem = await readIfExists(file);
  if (pem === undefined) {
    pem = await createKeyFile(file, alg);
    logger.info({ file, alg }, 'auth: created the development signing key');
  }

  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    // A concurrent writer on a file system without hard links may not have finished: read again.
    try {
      privateKey = createPrivateKey(await readFile(file, 'utf8'));
    } catch {
      throw new Error(`The development signing key ${file} is not a readable PEM private key; delete it to create a new one`);
    }
  }
  if (!keyFitsAlgorithm(privateKey, alg)) {
    throw new Error(`The development signing key ${file} is not a ${alg} key; delete it to create a new one`);
  }

  if (process.platform !== 'win32') {
    const { mode } = await stat(file);
    if ((mode & 0o077) !== 0) {
      logger.warn({ file }, 'auth: the development signing key was readable by others; restricting it to 0600');
      await chmod(file, 0o600);
    }
  }

  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const kid = jwkThumbprint(jwk);
  return { alg, kid, file, privateKey, publicJwk: { ...jwk, kid, alg, use: 'sig' } };
}

export interface DevTokenRequest {
  /** The DATA_DIR holding `keys/` (`config.dataDir`). */
  dataDir: string;
  sub: string;
  /** Role names, written as an array at the roles claim path. */
  roles: readonly string[];
  /** Lifetime; default `auth.devTokenTtlSeconds` (3600). */
  ttlSeconds?: number;
  /**
   * `config.auth`: supplies audience, roles claim, algorithms and default lifetime, and makes
   * the call fail in OIDC mode. Without it the configuration defaults are used.
   */
  auth?: Config['auth'];
  /** Overrides `auth.audience`. */
  audience?: string;
  /** Overrides `auth.rolesClaim`. */
  rolesClaim?: string;
  /** Overrides `auth.algorithms` (they pick the key: ES256 when allowed, else RS256, ...). */
  algorithms?: readonly JwtAlgorithm[];
  /** Further claims (cannot override iss, aud, sub, iat, nbf, exp, jti). */
  extraClaims?: Record<string, unknown>;
}

const MAX_DEV_TTL_SECONDS = 30 * 24 * 3600;

let defaultAuth: Config['auth'] | undefined;
/** The auth settings an empty environment gives (the documented defaults). */
const authDefaults = () => (defaultAuth ??= loadConfig({}).auth);

/**
 * Signs a development token the development-mode authenticator accepts:
 * `{iss: DEV_ISSUER, aud, sub, iat, nbf, exp, jti, <rolesClaim>: roles}`, header `{alg, typ: 'JWT', kid}`.
 * Call it with the same `dataDir` and settings as the service.
 */
export async function signDevToken(request: DevTokenRequest): Promise<string> {
  const auth = request.auth ?? authDefaults();
  if (auth.issuer !== undefined) {
    throw new Error('Development tokens are only accepted in development mode: unset OIDC_ISSUER to use them');
  }
  const sub = request.sub.trim();
  if (sub.length === 0 || sub.length > 255) throw new Error('sub must be 1 to 255 characters');
  const ttl = request.ttlSeconds ?? auth.devTokenTtlSeconds;
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > MAX_DEV_TTL_SECONDS) {
    throw new Error(`ttlSeconds must be an integer from 1 to ${MAX_DEV_TTL_SECONDS}`);
  }

  const key = await loadDevSigningKey(request.dataDir, request.algorithms ?? auth.algorithms);
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    ...request.extraClaims,
    ...claimAtPath(request.rolesClaim ?? auth.rolesClaim, [...request.roles]),
    iss: DEV_ISSUER,
    aud: request.audience ?? auth.audience,
    sub,
    iat: now,
    nbf: now,
    exp: now + ttl,
    jti: randomUUID(),
  };
  const privatePem = key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const sign = createSigner({ key: privatePem, algorithm: key.alg, kid: key.kid });
  return sign(payload);
}
