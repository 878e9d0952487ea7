import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { tidyForReaders } from './openapi-examples.js';
import { IdempotencyHeadersSchema } from './idempotency/schemas.js';
import { ProblemSchema } from './schemas.js';

/**
 * OpenAPI 3.1 from the routes' zod schemas, Swagger UI at /docs and ReDoc at /redoc.
 * Every route gets its standard error responses and security requirement here, so route
 * files declare only what is particular to them.
 */

export interface OAuthFlowSettings {
  authorizationUrl: string;
  tokenUrl: string;
  clientId?: string;
  scopes: string[];
}

export interface OpenApiOptions {
  version: string;
  /** When set, the document and Swagger UI offer an OAuth2 authorization-code/PKCE login. */
  oauth?: OAuthFlowSettings;
  /** Where tokens come from: an identity provider (OIDC_ISSUER) or, in development, the service itself. */
  authMode: 'oidc' | 'development';
}

/** How to get a bearer token, as Swagger UI's Authorize dialog says it: what applies in the running mode only. */
function bearerHelp(options: OpenApiOptions): string {
  const paste = 'Paste the token alone, without "Bearer".';
  if (options.authMode === 'development') {
    return `Development mode (no OIDC_ISSUER): the service signs its own tokens. Get one with \`npm run token -- --sub alice --roles user\` (roles: user, reviewer, curator, admin). ${paste}`;
  }
  return `A JWT (access token) from the identity provider this service trusts (OIDC_ISSUER).${options.oauth ? ' Log in with the oauth2 scheme below, or paste' : ' Paste'} a token you got from it. ${paste}`;
}

/**
 * Swagger UI shows a client_secret field for every authorization-code flow; a PKCE login is a
 * public client with no secret, so the field is hidden rather than left to be filled in.
 */
const PUBLIC_CLIENT_CSS = '.auth-container .wrapper:has(> label[for^="client_secret_"]) { display: none; }';

/** ReDoc's side menu shows its maker's logo from a CDN: the service serves a mark of its own there instead, so the page fetches nothing from outside. */
const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const REDOC_LOCAL_LOGO = 'redoc/logo-mini.svg';

export const TAGS = [
  { name: 'Health', description: 'Liveness and readiness probes (public).' },
  { name: 'Auth', description: 'What a client needs to log in (public).' },
  { name: 'Chat', description: 'Chat sessions, messages and their live progress.' },
  { name: 'Query curation', description: 'Queries awaiting approval, templates and test-cypher.' },
  { name: 'Review', description: 'Review items raised by chats.' },
  { name: 'Workflows', description: 'Workflows built from registered tools.' },
  { name: 'Documents', description: 'Upload, approval and ingestion of documents.' },
  { name: 'Tools', description: 'Registered tools.' },
  { name: 'Runs and files', description: 'Runs of workflows and the files each one keeps.' },
] as const;

const STATUS_TEXT: Record<string, string> = {
  '400': 'Invalid input: the body, query string or path is not valid.',
  '401': 'Missing or invalid bearer token (`WWW-Authenticate: Bearer`).',
  '403': 'The token lacks the role this operation needs.',
  '404': 'No such resource, or not one you may see.',
  '409': 'The resource’s current state does not allow this change.',
  '413': 'The request body is larger than allowed.',
  '415': 'The request’s content type is not supported.',
  '422': 'The query is not read-only, does not parse, or exceeded its time limit.',
  '429': 'Rate limited; see `Retry-After` and the `x-ratelimit-*` headers.',
  '500': 'Unexpected server error; quote the request id.',
  '503': 'A dependency is unavailable, or the service is shutting down.',
};

type RouteSchema = NonNullable<RouteOptions['schema']> & {
  hide?: boolean;
  security?: Record<string, string[]>[];
};

/** Adds the responses and security every route shares, before the route is compiled. */
export function decorateRouteSchema(route: RouteOptions, oauth: boolean): void {
  const schema = (route.schema ?? {}) as RouteSchema;
  if (schema.hide) return;
  const isPublic = route.config?.public === true;
  const response = { ...((schema.response as Record<string, unknown>) ?? {}) };
  const add = (status: number) => {
    response[status] ??= ProblemSchema;
  };
  if (schema.body || schema.querystring || schema.params) add(400);
  if (!isPublic) {
    add(401);
    add(403);
    add(429);
  }
  if (schema.body) {
    add(413);
    add(415);
  }
  if (route.config?.idempotent) {
    schema.headers ??= IdempotencyHeadersSchema;
    add(409);
    add(422);
  }
  add(500);
  schema.response = response;
  schema.security ??= isPublic ? [] : [{ bearerAuth: [] }, ...(oauth ? [{ oauth2: [] }] : [])];
  route.schema = schema;
}

/**
 * Fastify spells a path tail as `*`; the interface calls it `{path}` (run files). The
 * document uses the interface's name for both the template and the parameter.
 */
function nameWildcardPaths(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const [url, item] of Object.entries(document.paths ?? {})) {
    if (!url.endsWith('/{*}') || !item) {
      paths[url] = item;
      continue;
    }
    for (const operation of Object.values(item)) {
      const parameters = (operation as OpenAPIV3_1.OperationObject).parameters as OpenAPIV3_1.ParameterObject[] | undefined;
      for (const parameter of parameters ?? []) if (parameter.name === '*') parameter.name = 'path';
    }
    paths[`${url.slice(0, -'{*}'.length)}{path}`] = item;
  }
  return { ...document, paths };
}

/** Errors are problem+json with a shared schema and one text per status. */
function publishErrorResponses(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {})) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const responses = (operation as OpenAPIV3_1.OperationObject).responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) {
          const success = response as OpenAPIV3_1.ResponseObject;
          if (success.description === 'Default Response') success.description = 'Success.';
          continue;
        }
        responses[status] = {
          description: STATUS_TEXT[status] ?? (response as OpenAPIV3_1.ResponseObject).description,
          content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
        };
      }
    }
  }
  return document;
}

const require = createRequire(import.meta.url);
const REDOC_BUNDLE = require.resolve('redoc/bundles/redoc.standalone.js');

/** A plain mark in place of ReDoc's logo (the page credits ReDoc in text beside it). */
const REDOC_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#32329f"/></svg>';

const REDOC_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Conversational Query and Knowledge Service — API reference</title>
    <style>body { margin: 0; padding: 0; }</style>
  </head>
  <body>
    <redoc spec-url="openapi.json"></redoc>
    <script src="redoc/redoc.standalone.js"></script>
  </body>
</html>
`;

export const openApiPlugin = fp(
  async (app: FastifyInstance, options: OpenApiOptions) => {
    const oauth = options.oauth;
    app.addHook('onRoute', (route) => decorateRouteSchema(route, oauth !== undefined));

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Conversational Query and Knowledge Service',
          version: options.version,
          description: [
            'Ask questions in plain language; the service answers with read-only Cypher over a knowledge graph.',
            '',
            'Conventions: every error is RFC 9457 `application/problem+json`; lists take `limit` (1..100, default 20)',
            'and an opaque `cursor` and answer `{items, next_cursor}`; every route except the public ones needs',
            '`Authorization: Bearer <JWT>` and answers 401 without it and 403 without the role it names.',
          ].join('\n'),
        },
        tags: [...TAGS],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: bearerHelp(options),
            },
            ...(oauth
              ? {
                  oauth2: {
                    type: 'oauth2',
                    description: 'Log in at the configured identity provider: authorization code with PKCE, as a public client (client_id only, no secret).',
                    flows: {
                      authorizationCode: {
                        authorizationUrl: oauth.authorizationUrl,
                        tokenUrl: oauth.tokenUrl,
                        scopes: Object.fromEntries(oauth.scopes.map((s) => [s, s])),
                      },
                    },
                  },
                }
              : {}),
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (input) =>
        tidyForReaders(nameWildcardPaths(publishErrorResponses(jsonSchemaTransformObject(input) as OpenAPIV3_1.Document))),
    });

    await app.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: { persistAuthorization: true, displayOperationId: true, tryItOutEnabled: true, validatorUrl: null },
      ...(oauth
        ? {
            theme: { css: [{ filename: 'public-client.css', content: PUBLIC_CLIENT_CSS }] },
            initOAuth: {
              clientId: oauth.clientId ?? '',
              scopes: oauth.scopes,
              usePkceWithAuthorizationCodeGrant: true,
            },
          }
        : {}),
    });

    const publicRoute = { config: { public: true, rateLimit: false }, schema: { hide: true } } as const;
    app.get('/openapi.json', publicRoute, async () => app.swagger());
    app.get('/redoc', publicRoute, async (_request, reply) => reply.type('text/html; charset=utf-8').send(REDOC_PAGE));
    app.get(`/${REDOC_LOCAL_LOGO}`, publicRoute, async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(REDOC_LOGO_SVG),
    );
    // The page's links are relative to /redoc: its trailing-slash form is sent there.
    app.get('/redoc/', publicRoute, async (_request, reply) => reply.redirect('/redoc', 301));
    // Read on first use: most processes never serve it, and it is a megabyte.
    let bundle: Promise<Buffer> | undefined;
    app.get('/redoc/redoc.standalone.js', publicRoute, async (_request, reply) => {
      bundle ??= readFile(REDOC_BUNDLE, 'utf8').then((code) => Buffer.from(code.replaceAll(REDOC_CDN_LOGO, REDOC_LOCAL_LOGO)));
      return reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(await bundle);
    });
  },
  { name: 'openapi' },
);
