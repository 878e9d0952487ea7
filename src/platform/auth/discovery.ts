import { errorSummary, fetchJson, silentLogger, type AuthLogger } from './keys.js';

/** The parts of an OpenID Provider's metadata the service uses. */
export interface OidcMetadata {
  issuer: string;
  jwks_uri: string;
  authorization_endpoint: string | null;
  token_endpoint: string | null;
}

const trimSlash = (value: string) => value.replace(/\/+$/, '');

const httpUrl = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/**
 * The configured issuer's `/.well-known/openid-configuration`, fetched once and kept. A failed
 * fetch is remembered for `retryAfterMs`, so an unreachable provider is not asked again on every
 * request. The document must name the configured issuer (OpenID Connect Discovery §4.3).
 */
export class OidcDiscovery {
  private metadata: OidcMetadata | undefined;
  private inflight: Promise<OidcMetadata> | undefined;
  private failure: { error: Error; at: number } | undefined;

  constructor(
    private readonly issuer: string,
    private readonly options: { timeoutMs: number; retryAfterMs: number; logger?: AuthLogger; now?: () => number },
  ) {}

  get url(): string {
    return `${trimSlash(this.issuer)}/.well-known/openid-configuration`;
  }

  get(): Promise<OidcMetadata> {
    if (this.metadata) return Promise.resolve(this.metadata);
    if (this.inflight) return this.inflight;
    const now = (this.options.now ?? Date.now)();
    if (this.failure && now - this.failure.at < this.options.retryAfterMs) return Promise.reject(this.failure.error);
    this.inflight = this.fetch()
      .then((metadata) => {
        this.metadata = metadata;
        this.failure = undefined;
        return metadata;
      })
      .catch((error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        this.failure = { error: failure, at: now };
        (this.options.logger ?? silentLogger).warn(
          { url: this.url, err: errorSummary(failure) },
          'auth: OpenID discovery failed',
        );
        throw failure;
      })
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }

  private async fetch(): Promise<OidcMetadata> {
    const document = await fetchJson(this.url, this.options.timeoutMs);
    if (document === null || typeof document !== 'object' || Array.isArray(document)) {
      throw new Error('discovery document is not a JSON object');
    }
    const body = document as Record<string, unknown>;
    if (typeof body.issuer !== 'string' || trimSlash(body.issuer) !== trimSlash(this.issuer)) {
      throw new Error('discovery document names another issuer');
    }
    const jwksUri = httpUrl(body.jwks_uri);
    if (!jwksUri) throw new Error('discovery document has no usable jwks_uri');
    return {
      issuer: body.issuer,
      jwks_uri: jwksUri,
      authorization_endpoint: httpUrl(body.authorization_endpoint),
      token_endpoint: httpUrl(body.token_endpoint),
    };
  }
}
