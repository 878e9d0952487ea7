import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import { openApiSchemas } from '../openapi.js';
import { hostileMultipart } from './multipart.js';

/**
 * Hostile HTTP requests drawn from the service's own OpenAPI document: every operation, with
 * path parameters that are real ids, random UUIDs or junk; query parameters valid, hostile or
 * unknown; JSON bodies from the schema's sample with fields replaced by random JSON, or junk
 * bytes, deep nesting, huge strings, invalid UTF-8; tokens valid, junk or missing; odd headers;
 * and multipart uploads that break the format (see multipart.ts). Raw bytes, so nothing is
 * cleaned up by a client on the way.
 */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: [string, string][];
  body: Buffer;
  /** Which operation, for reports. */
  operation: string;
}

/** Ids of things that exist, so some requests reach past the 404s. */
export interface FuzzTargets {
  tokens: string[];
  ids: string[];
}

const HOSTILE_SEGMENTS = ['abc', '%00', '..', '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', '%E2%80%AE', '%ED%A0%80', '-1', '1e309', '99999999999999999999999', '%20', '%FF%FE', 'x'.repeat(4000)];
const HOSTILE_TEXT = ['', ' ', 'a\u0000b', 'x\ud800y', '\u202e', '%', "' OR 1=1 --", '${7*7}', '<script>', 'null', '-1', '1e309', 'NaN', '0x10', 'x'.repeat(20_000)];

/** Percent-encodes the UTF-8 bytes of `s` (a lone surrogate goes as U+FFFD; its raw bytes are among the hostile segments). */
const percent = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

const segment = (targets: FuzzTargets) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...targets.ids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(percent) },
  );

const text = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'binary', maxLength: 60 }), fc.integer().map(String));

/** A JSON value that breaks a field: another type, a hostile string, a big or odd number, a nest. */
const jsonJunk = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(...HOSTILE_TEXT),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1.5, 1e308, -0),
  fc.array(fc.constant('x'.repeat(1000)), { maxLength: 50 }),
);

function setPath(target: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const base = target && typeof target === 'object' ? (Array.isArray(target) ? [...target] : { ...(target as object) }) : {};
  (base as Record<string, unknown>)[head] = setPath((base as Record<string, unknown>)[head], rest, value);
  return base;
}

/** The body of a JSON operation, as bytes. */
function jsonBody(example: unknown, fields: string[][]): fc.Arbitrary<Buffer> {
  const mutated = fc.tuple(fc.constantFrom(...(fields.length ? fields : [[]])), jsonJunk).map(([path, junk]) => JSON.stringify(setPath(example, path, junk)));
  const extra = fc.tuple(fc.string({ maxLength: 20 }), jsonJunk).map(([k, v]) => JSON.stringify({ ...(example as object), [k]: v }));
  return fc.oneof(
    // Valid often enough to get past validation to what reads the path, the store and the graph.
    { weight: 5, arbitrary: fc.constant(JSON.stringify(example)).map((s) => Buffer.from(s)) },
    { weight: 5, arbitrary: mutated.map((s) => Buffer.from(s)) },
    { weight: 1, arbitrary: extra.map((s) => Buffer.from(s)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)) },
    { weight: 1, arbitrary: fc.integer({ min: 70, max: 20_000 }).map((n) => Buffer.from(`{"a":${'['.repeat(n)}${']'.repeat(n)}}`)) },
    { weight: 1, arbitrary: fc.constant(Buffer.concat([Buffer.from('{"content":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')])) },
    { weight: 1, arbitrary: fc.constant(Buffer.from(JSON.stringify(example)).subarray(0, 5)) },
  );
}

export function fuzzRequests(document: OpenAPIV3_1.Document, targets: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const { resolve, sample } = openApiSchemas(() => document);
  const stringFields = (schema: unknown, path: string[] = [], depth = 0): string[][] => {
    const s = resolve(schema);
    if (depth > 4) return [];
    const variants = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
    if (variants.length) return variants.flatMap((v) => stringFields(v, path, depth + 1));
    if (s.type === 'object' || s.properties) return [path, ...Object.entries(s.properties ?? {}).flatMap(([k, v]) => stringFields(v, [...path, k], depth + 1))];
    return [path];
  };

  const token = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...targets.tokens).map((t) => `Bearer ${t}`) },
    { weight: 1, arbitrary: fc.constantFrom('', 'Bearer', 'Bearer x.y.z', 'Basic YTpi', `Bearer ${'a'.repeat(5000)}`, 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.') },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }).map((s) => `Bearer ${s.replace(/[^\x21-\x7e]/g, '')}`) },
  );
  const extraHeaders = fc.array(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom<[string, string]>(['accept', 'application/x-ndjson'], ['accept', '*/*'], ['accept-encoding', 'gzip, br'], ['last-event-id', 'abc'], ['last-event-id', '99999999999999999999']) },
      { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 40 }).map((v): [string, string] => ['idempotency-key', v.replace(/[\r\n]/g, '')]) },
      { weight: 3, arbitrary: fc.uuid().map((v): [string, string] => ['idempotency-key', v]) },
      { weight: 1, arbitrary: fc.integer({ min: 1000, max: 40_000 }).map((n): [string, string] => ['x-fuzz', 'y'.repeat(n)]) },
      { weight: 1, arbitrary: fc.constantFrom<[string, string]>(['x-forwarded-for', '1.2.3.4, ::1'], ['content-encoding', 'gzip'], ['transfer-encoding', 'chunked']) },
    ),
    { maxLength: 2 },
  );

  // The upload weighs as much as ten other operations: its format has the most ways to break.
  const operations: { weight: number; arbitrary: fc.Arbitrary<FuzzRequest> }[] = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {}) as [string, OpenAPIV3_1.OperationObject][]) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const queryNames = (op.parameters ?? []).map((p) => p as OpenAPIV3_1.ParameterObject).filter((p) => p.in === 'query').map((p) => p.name);
      const content = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content ?? {};
      const jsonSchema = content['application/json']?.schema;
      const multipart = 'multipart/form-data' in content;
      const example = jsonSchema ? sample(jsonSchema) : undefined;
      const body: fc.Arbitrary<{ bytes: Buffer; type?: string }> = multipart
        ? hostileMultipart()
        : jsonSchema
          ? fc.tuple(jsonBody(example, stringFields(jsonSchema)), fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/json; charset=utf-16', 'multipart/form-data; boundary=x'))
              .map(([bytes, type]) => ({ bytes, type }))
          : fc.oneof({ weight: 5, arbitrary: fc.constant({ bytes: Buffer.alloc(0) }) }, { weight: 1, arbitrary: fc.constant({ bytes: Buffer.from('{"x":1}'), type: 'application/json' }) });
      const query = fc.array(fc.tuple(fc.constantFrom(...queryNames, 'zzz'), text), { maxLength: queryNames.length ? 4 : 1 });
      operations.push({
        weight: multipart ? 10 : 1,
        arbitrary: fc
          .record({ ids: fc.array(segment(targets), { minLength: names.length, maxLength: names.length }), query, token, extra: extraHeaders, body })
          .map(({ ids, query: pairs, token: auth, extra, body: b }) => {
            let i = 0;
            const path = template.replace(/\{[^}]+\}/g, () => ids[i++]!) + (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${percent(v)}`).join('&')}` : '');
            const headers: [string, string][] = [...(auth ? [['authorization', auth] as [string, string]] : []), ...extra];
            if (b.type) headers.push(['content-type', b.type]);
            return { method: method.toUpperCase(), path, headers, body: b.bytes, operation: `${method.toUpperCase()} ${template}` };
          }),
      });
    }
  }
  // Routes the document does not have, and methods a route does not take.
  operations.push({
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom('GET', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'), fc.constantFrom('/api/v1/nope', '/api/v1/chat', '/api/v2', '/%00', '/docs/../../etc/passwd', '/api/v1/documents/upload')).map(([method, path]) => ({
      method,
      path,
      headers: [['authorization', `Bearer ${targets.tokens[0]!}`]],
      body: Buffer.alloc(0),
      operation: `${method} (no such route)`,
    })),
  });
  return fc.oneof(...operations);
}
