import { createVerifier, TokenError, type Algorithm } from 'fast-jwt';
import type { Config } from '../../config.js';
import { ProblemError, serviceUnavailable, unauthorized } from '../problem.js';
import { DEV_ISSUER, loadDevSigningKey } from './dev-keys.js';
import { OidcDiscovery } from './discovery.js';
import {
  KeyResolutionError,
  LocalJwksSource,
  RemoteJwksSource,
  silentLogger,
  type AuthLogger,
  type JwtAlgorithm,
  type KeySource,
} from './keys.js';
import { ROLES, rolesFromClaims, type Principal } from './roles.js';
import type { AuthConfigResponse } from './schemas.js';

export type AuthConfig = Config['auth'];

export interface Authenticator {
  readonly mode: 'oidc' | 'development';
  /** The only issuer whose tokens are accepted (`urn:cqks:dev` in development). */
  readonly issuer: string;
  readonly audience: string;
  /** Verifies a compact JWS; throws `unauthorized(reason)` (a 401 ProblemError) on any failure. */
  verify(token: string): Promise<Principal>;
  /** The public `/auth/config` document. OIDC mode may throw a 503 ProblemError when discovery fails. */
  describe(): Promise<AuthConfigResponse>;
}

export interface AuthenticatorOptions {
  /** `config.dataDir`: development keys live in `<dataDir>/keys/`. */
  dataDir: string;
  logger?: AuthLogger;
  /** Clock for the JWKS cooldown (tests). Token times are checked against the real clock. */
  now?: () => number;
}

export const TOKEN_COMMAND = 'npm run token -- --sub <name> --roles <roles>';

/** Largest bearer token accepted before any parsing. */
export const MAX_TOKEN_LENGTH = 16 * 1024;

const REQUIRED_CLAIMS = ['iss', 'aud', 'exp', 'sub'];
const MAX_SUB_LENGTH = 255;

/**
 * Builds the authenticator for the configuration: OIDC (`auth.issuer` set) or development.
 * Both verify with the same fast-jwt verifier; only the key source differs.
 */
export async function createAuthenticator(auth: AuthConfig, options: AuthenticatorOptions): Promise<Authenticator> {
  const logger = options.logger ?? silentLogger;
  const algorithms = safeAlgorithms(auth.algorithms);

  if (auth.issuer === undefined) {
    const key = await loadDevSigningKey(options.dataDir, algorithms, logger);
    const verify = buildVerify({
      issuer: DEV_ISSUER,
      audience: auth.audience,
      algorithms,
      clockToleranceSeconds: auth.clockToleranceSeconds,
      rolesClaim: auth.rolesClaim,
      keySource: new LocalJwksSource([key.publicJwk]),
      logger,
    });
    logger.info({ issuer: DEV_ISSUER, kid: key.kid, alg: key.alg }, 'auth: development mode (own key pair)');
    return {
      mode: 'development',
      issuer: DEV_ISSUER,
      audience: auth.audience,
      verify,
      describe: async () => ({
        mode: 'development',
        issuer: DEV_ISSUER,
        audience: auth.audience,
        roles_claim: auth.rolesClaim,
        roles: [...ROLES],
        algorithms: [key.alg],
        kid: key.kid,
        token_command: TOKEN_COMMAND,
      }),
    };
  }

  const issuer = auth.issuer;
  const now = options.now ?? Date.now;
  const cooldownMs = auth.jwksCooldownSeconds * 1000;
  const discovery = new OidcDiscovery(issuer, { timeoutMs: auth.jwksTimeoutMs, retryAfterMs: cooldownMs, logger, now });
  const configuredJwksUri = auth.jwksUri;
  const keySource = new RemoteJwksSource({
    issuer,
    locateJwks: async () => configuredJwksUri ?? (await discovery.get()).jwks_uri,
    cooldownMs,
    timeoutMs: auth.jwksTimeoutMs,
    logger,
    now,
  });
  const verify = buildVerify({
    issuer,
    audience: auth.audience,
    algorithms,
    clockToleranceSeconds: auth.clockToleranceSeconds,
    rolesClaim: auth.rolesClaim,
    keySource,
    logger,
  });
  logger.info({ issuer, audience: auth.audience, jwksUri: configuredJwksUri ?? '(discovery)' }, 'auth: OIDC mode');
  return {
    mode: 'oidc',
    issuer,
    audience: auth.audience,
    verify,
    describe: async () => {
      let metadata;
      try {
        metadata = await discovery.get();
      } catch {
        throw serviceUnavailable("The identity provider's discovery document could not be fetched; try again later.");
      }
      return {
        mode: 'oidc',
        issuer,
        authorization_endpoint: metadata.authorization_endpoint,
        token_endpoint: metadata.token_endpoint,
        jwks_uri: configuredJwksUri ?? metadata.jwks_uri,
        client_id: auth.clientId ?? null,
        scopes: [...auth.scopes],
        audience: auth.audience,
        pkce: { code_challenge_method: 'S256' },
        roles_claim: auth.rolesClaim,
        roles: [...ROLES],
        algorithms: [...algorithms],
      };
    },
  };
}

/** The allow-list, without `none` or HS* whatever the configuration says. */
function safeAlgorithms(configured: readonly string[]): JwtAlgorithm[] {
  const allowed = configured.filter((a) => a !== 'none' && !/^HS/i.test(a)) as JwtAlgorithm[];
  if (allowed.length === 0) throw new Error('AUTH_ALGORITHMS allows no asymmetric algorithm');
  return [...new Set(allowed)];
}

interface VerifyOptions {
  issuer: string;
  audience: string;
  algorithms: JwtAlgorithm[];
  clockToleranceSeconds: number;
  rolesClaim: string;
  keySource: KeySource;
  logger: AuthLogger;
}

/** Deterministic failures may be cached against the same token; the rest never are. */
const CACHEABLE_ERRORS = new Set<string>([
  TokenError.codes.invalidSignature,
  TokenError.codes.invalidAlgorithm,
  TokenError.codes.expired,
  TokenError.codes.missingRequiredClaim,
  TokenError.codes.invalidClaimValue,
  TokenError.codes.invalidClaimType,
  TokenError.codes.missingSignature,
  TokenError.codes.invalidCritHeader,
]);

/** The one verification path, shared by both modes. */
function buildVerify(options: VerifyOptions): (token: string) => Promise<Principal> {
  const { issuer, audience, algorithms, rolesClaim, keySource, logger } = options;
  const toleranceMs = Math.min(Math.max(options.clockToleranceSeconds, 0), 300) * 1000;
  const acceptedAlgorithms = new Set<string>(algorithms);

  const verifier = createVerifier({
    algorithms: algorithms as Algorithm[],
    allowedIss: issuer,
    allowedAud: audience,
    requiredClaims: REQUIRED_CLAIMS,
    clockTolerance: toleranceMs,
    // Verified tokens are remembered (keyed by a hash of the whole token) until they expire or
    // for 5 minutes: the hot path is one hash and one map lookup.
    cache: 5000,
    cacheTTL: 5 * 60_000,
    // fast-jwt keeps an error until now + clockTolerance + errorCacheTTL.
    errorCacheTTL: (error: TokenError) => (CACHEABLE_ERRORS.has(error.code) ? 60_000 : -toleranceMs - 1),
    key: async ({ header, payload }: { header: Record<string, unknown>; payload: unknown }) => {
      // Cheap refusals first, so foreign tokens never cause a key lookup.
      if (typeof header.alg !== 'string' || !acceptedAlgorithms.has(header.alg)) {
        throw new TokenError(TokenError.codes.invalidAlgorithm, 'algorithm not accepted');
      }
      const iss = (payload as Record<string, unknown>).iss;
      if (typeof iss !== 'string' || iss !== issuer) {
        throw new TokenError(TokenError.codes.invalidClaimValue, 'The iss claim value is not allowed.');
      }
      const kid = header.kid;
      if (kid !== undefined && (typeof kid !== 'string' || kid.length === 0 || kid.length > 256)) {
        throw new TokenError(TokenError.codes.malformed, 'invalid kid header');
      }
      // jku, x5u, jwk and x5c are deliberately ignored: keys come from configuration only.
      return keySource.resolve({ alg: header.alg as JwtAlgorithm, kid });
    },
  });

  return async (token: string): Promise<Principal> => {
    if (typeof token !== 'string' || token.length === 0) throw unauthorized('No bearer token was given.');
    if (token.length > MAX_TOKEN_LENGTH) throw unauthorized('The bearer token is too large.');
    let payload: unknown;
    try {
      payload = await verifier(token);
    } catch (error) {
      const reason = describeFailure(error, algorithms);
      logger.debug({ reason, code: (error as { code?: unknown }).code }, 'auth: token refused');
      throw unauthorized(reason);
    }
    // fast-jwt resolves with the payload object; anything else is refused outright.
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload) || payload instanceof Error) {
      throw unauthorized('The token could not be verified.');
    }
    // The payload object is shared with fast-jwt's cache: make sure no handler can change it.
    const claims = deepFreeze(payload as Record<string, unknown>);
    const sub = claims.sub;
    if (typeof sub !== 'string' || sub.length === 0 || sub.length > MAX_SUB_LENGTH) {
      throw unauthorized('The token sub claim must be a non-empty string.');
    }
    return { sub, roles: rolesFromClaims(claims, rolesClaim), claims };
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const CLAIM_IN_MESSAGE = /\b(iss|aud|sub|exp|nbf|iat|jti|nonce)\b/;

/** A helpful reason for a 401 that names the failed check but never echoes token content or keys. */
export function describeFailure(error: unknown, algorithms: readonly string[]): string {
  if (error instanceof ProblemError) return error.detail ?? error.title;
  if (!(error instanceof TokenError)) return 'The token could not be verified.';
  const { codes } = TokenError;
  const claim = CLAIM_IN_MESSAGE.exec(error.message)?.[1];
  switch (error.code) {
    case codes.expired:
      return 'The token has expired.';
    case codes.inactive:
      return 'The token is not valid yet (its nbf time is in the future).';
    case codes.invalidAlgorithm:
      return `The token's signing algorithm is not accepted (accepted: ${algorithms.join(', ')}).`;
    case codes.invalidSignature:
    case codes.verifyError:
      return 'The token signature is invalid.';
    case codes.missingSignature:
      return 'The token is not signed.';
    case codes.missingRequiredClaim:
      return claim ? `The token has no ${claim} claim.` : 'The token lacks a required claim.';
    case codes.invalidClaimValue:
    case codes.invalidClaimType:
      if (claim === 'aud') return 'The token was issued for another audience.';
      if (claim === 'iss') return 'The token was not issued by the configured issuer.';
      return claim ? `The token ${claim} claim is invalid.` : 'The token has an invalid claim.';
    case codes.malformed:
    case codes.invalidPayload:
    case codes.invalidType:
      return 'The bearer token is not a well-formed JWT.';
    case codes.invalidCritHeader:
      return 'The token uses an unsupported critical header.';
    case codes.invalidKey:
      return "The issuer's key does not fit the token's algorithm.";
    case codes.keyFetchingError: {
      const original = (error as { originalError?: unknown }).originalError;
      if (original instanceof KeyResolutionError) return original.message;
      return "The issuer's signing keys could not be fetched; try again later.";
    }
    default:
      return 'The token could not be verified.';
  }
}
