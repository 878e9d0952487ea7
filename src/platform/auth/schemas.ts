import { z } from 'zod';
import { ROLES } from './roles.js';

/** The response of the public `GET /auth/config` (from `Authenticator.describe()`). */

const roleSchema = z.enum(ROLES);

export const oidcAuthConfigSchema = z
  .object({
    mode: z.literal('oidc'),
    issuer: z.string().describe('The only token issuer the service accepts.'),
    authorization_endpoint: z.string().nullable().describe("From the issuer's discovery document."),
    token_endpoint: z.string().nullable().describe("From the issuer's discovery document."),
    jwks_uri: z.string().describe('Where the signing keys are fetched (OIDC_JWKS_URI or discovery).'),
    client_id: z.string().nullable().describe('OIDC_CLIENT_ID: the public client for frontends and Swagger UI.'),
    scopes: z.array(z.string()).describe('OIDC_SCOPES to request.'),
    audience: z.string().describe('The audience (`aud`) access tokens must carry.'),
    pkce: z.object({ code_challenge_method: z.literal('S256') }),
    roles_claim: z.string().describe('The claim (a dot path) the roles are read from.'),
    roles: z.array(roleSchema).describe('Role names the service understands, lowest first.'),
    algorithms: z.array(z.string()).describe('Accepted signing algorithms.'),
  })
  .describe('OIDC mode: get an access token from the issuer (authorization code with PKCE).');

export const developmentAuthConfigSchema = z
  .object({
    mode: z.literal('development'),
    issuer: z.string().describe('urn:cqks:dev: tokens signed by the service itself.'),
    audience: z.string(),
    roles_claim: z.string(),
    roles: z.array(roleSchema),
    algorithms: z.array(z.string()),
    kid: z.string().describe('Key id of the development signing key.'),
    token_command: z.string().describe('Prints a development token for a subject and roles.'),
  })
  .describe('Development mode (OIDC_ISSUER unset): tokens come from the token command.');

export const authConfigResponseSchema = z
  .discriminatedUnion('mode', [oidcAuthConfigSchema, developmentAuthConfigSchema])
  .describe('How to obtain a bearer token for this service.');

export type OidcAuthConfig = z.infer<typeof oidcAuthConfigSchema>;
export type DevelopmentAuthConfig = z.infer<typeof developmentAuthConfigSchema>;
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

/** The same schema under the name the `/auth/config` route uses. */
export const AuthConfigSchema = authConfigResponseSchema;
