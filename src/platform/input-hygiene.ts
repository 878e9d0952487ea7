import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ProblemError, badRequest } from './problem.js';

/**
 * What no endpoint should ever see, refused in one place before any route runs:
 * - a JSON body nested deeper than `maxDepth` (checked on the raw text before it is parsed, so
 *   a 10,000-deep body never reaches JSON.parse or, later, JSON.stringify's recursion);
 * - a JSON body in a charset other than UTF-8 (it would be read as UTF-8 anyway): 415; bytes
 *   that are not UTF-8: 400;
 * - a NUL character or a lone UTF-16 surrogate in any string or key of the body, the query
 *   string or the path (PostgreSQL refuses both, and no text needs them): 400 naming the field.
 */

export interface InputHygieneOptions {
  /** Deepest nesting of objects and arrays a JSON body may have (REQUEST_MAX_DEPTH). */
  maxDepth: number;
}

/** Depth of the deepest nesting in JSON text, not counting brackets inside strings; stops past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNWANTED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string or key holding a NUL or a lone surrogate, if any. */
export function findUnwantedText(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return UNWANTED.test(value) ? path : undefined;
  if (!value || typeof value !== 'object' || depth > 256) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnwantedText(value[i], `${path}.${i}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    if (UNWANTED.test(key)) return `${path}.${key.replace(UNWANTED, '?')}`;
    const found = findUnwantedText(child, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Refuses bytes that are not UTF-8 (a byte order mark is left for JSON.parse to refuse). */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export const inputHygienePlugin = fp(
  async (app: FastifyInstance, options: InputHygieneOptions) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
      const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
      if (charset && !/^utf-?8$/i.test(charset)) {
        return done(new ProblemError({ status: 415, slug: 'unsupported-media-type', title: 'Unsupported media type', detail: `JSON bodies are read as UTF-8; this one declares charset=${charset}.` }), undefined);
      }
      // Bytes that are not UTF-8 would be read as U+FFFD and stored so, silently.
      let body: string;
      try {
        body = UTF8.decode(bytes as Buffer);
      } catch {
        return done(badRequest('The JSON body is not valid UTF-8.', [{ path: 'body', message: 'must be UTF-8' }]), undefined);
      }
      if (jsonDepthExceeds(body, options.maxDepth)) {
        return done(badRequest(`The JSON body is nested deeper than ${options.maxDepth} levels (REQUEST_MAX_DEPTH).`, [{ path: 'body', message: `nested deeper than ${options.maxDepth} levels` }]), undefined);
      }
      parseJson(request, body, done);
    });
    app.addHook('preValidation', async (request: FastifyRequest) => {
      for (const [part, value] of [['body', request.body], ['querystring', request.query], ['params', request.params]] as const) {
        const path = findUnwantedText(value, part);
        if (path) {
          throw badRequest(`${path} holds a NUL character or a lone UTF-16 surrogate, which no text here may contain.`, [{ path, message: 'must not contain NUL or lone surrogates' }]);
        }
      }
    });
  },
  { name: 'input-hygiene' },
);
