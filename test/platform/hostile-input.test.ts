import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { findUnwantedText, jsonDepthExceeds } from '../../src/platform/input-hygiene.js';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';
import { openApiSchemas } from '../support/openapi.js';
import { auth } from '../support/runs.js';

/**
 * Hostile strings and shapes in every operation's input: a NUL, a lone surrogate, a huge
 * string, 10,000-deep nesting, a body in UTF-16. Each operation with a JSON body or a string
 * parameter gets each of them in each of its string fields (anyOf/oneOf resolved): never a 5xx,
 * every 4xx is problem+json.
 */
describe('hostile input, everywhere', () => {
  let t: TestApp;
  let document: OpenAPIV3_1.Document;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_DATA: 'true', RATE_LIMIT_DEFAULT_PER_MINUTE: '100000', RATE_LIMIT_CHAT_CREATE_PER_MINUTE: '100000', RATE_LIMIT_CHAT_MESSAGE_PER_MINUTE: '100000' } });
    token = await t.token(['admin']);
    document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  afterAll(() => t.close());

  it('finds deep nesting on the raw text, and NUL or lone surrogates anywhere', () => {
    expect(jsonDepthExceeds(`${'['.repeat(65)}${']'.repeat(65)}`, 64)).toBe(true);
    expect(jsonDepthExceeds(`{"a": "${'['.repeat(100)}"}`, 64)).toBe(false); // inside a string
    expect(findUnwantedText({ a: ['ok', 'x\u0000y'] }, 'body')).toBe('body.a.1');
    expect(findUnwantedText({ ['k\ud800']: 1 }, 'body')).toBe('body.k?');
    expect(findUnwantedText({ a: '😀 is a pair' }, 'body')).toBeUndefined();
  });

  const { resolve, sample } = openApiSchemas(() => document);
  /** Every path to a string field of a body schema, with a valid-looking body around it. */
  function stringFields(schema: unknown, path: string[] = [], depth = 0): string[][] {
    const s = resolve(schema);
    if (depth > 4) return [];
    const variants = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
    if (variants.length) return variants.flatMap((v) => stringFields(v, path, depth + 1));
    if (s.type === 'string') return [path];
    if (s.type === 'object' || s.properties) return Object.entries(s.properties ?? {}).flatMap(([k, v]) => stringFields(v, [...path, k], depth + 1));
    if (s.type === 'array') return stringFields(s.items, [...path, '0'], depth + 1);
    return [];
  }
  const setAt = (path: string[], value: unknown): unknown => {
    if (path.length === 0) return value;
    const [head, ...rest] = path as [string, ...string[]];
    return /^\d+$/.test(head) ? [setAt(rest, value)] : { [head]: setAt(rest, value) };
  };

  /** Each hostile value, and how it travels in a query string (a lone surrogate has no UTF-8: its bytes are sent). */
  const HOSTILE: [string, unknown, string][] = [
    ['NUL', 'a\u0000b', 'a%00b'],
    ['lone surrogate', 'x\ud800y', 'x%ED%A0%80y'],
    ['huge string', 'x'.repeat(200_000), 'x'.repeat(1000)],
  ];

  /** Path segments no route expects: no UUID, huge, encoded traversal and controls, numbers out of range. */
  const HOSTILE_SEGMENTS = ['abc', 'x'.repeat(5000), '%2E%2E%2F%2E%2E%2Fetc', '%E2%80%AE%0A', '-1', '99999999999999999999999', '%20'];
  it('never answers a 5xx, and every refusal is problem+json', async () => {
    let sent = 0;
    const deep = `{"a": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    for (const [template, item] of Object.entries(document.paths ?? {})) {
      for (const [method, op] of Object.entries(item ?? {}) as [string, OpenAPIV3_1.OperationObject][]) {
        if (!op || typeof op !== 'object' || !('responses' in op) || template.endsWith('/stream')) continue;
        const url = template.replace(/\{[^}]+\}/g, (m) => (m === '{id}' ? '1' : '0f9a4c3e-7b1d-4e58-9c2a-5d8e6f1a2b3c'));
        const bodySchema = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.['application/json']?.schema;
        const attempts: { url: string; payload?: string; contentType?: string }[] = [];
        for (const [, value, inQuery] of HOSTILE) {
          if (bodySchema) for (const field of stringFields(bodySchema)) attempts.push({ url, payload: JSON.stringify(setAt(field, value)) });
          attempts.push({ url: `${url}?q=${inQuery}&limit=${inQuery}` });
        }
        if (bodySchema) {
          attempts.push({ url, payload: deep });
          attempts.push({ url, payload: Buffer.from(JSON.stringify({ title: 'x' }), 'utf16le').toString('latin1'), contentType: 'application/json; charset=utf-16' });
        }
        // A path segment too: each parameter in turn, the others valid, with the body Swagger UI would pre-fill (so
        // the request gets past body validation to whatever reads the path first).
        if (template.includes('{')) attempts.push({ url: template.replace(/\{[^}]+\}/, '%00') });
        const example = bodySchema ? sample(bodySchema) : undefined;
        (template.match(/\{[^}]+\}/g) ?? []).forEach((_, target) => {
          for (const bad of HOSTILE_SEGMENTS) {
            let k = 0;
            const badUrl = template.replace(/\{[^}]+\}/g, (m) => (k++ === target ? bad : m === '{id}' ? '1' : '0f9a4c3e-7b1d-4e58-9c2a-5d8e6f1a2b3c'));
            attempts.push({ url: badUrl, ...(example !== undefined ? { payload: JSON.stringify(example) } : {}) });
          }
        });
        for (const a of attempts) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'POST',
            url: a.url,
            headers: { ...auth(token), ...(a.payload !== undefined ? { 'content-type': a.contentType ?? 'application/json' } : {}) },
            ...(a.payload !== undefined ? { payload: a.payload } : {}),
          });
          sent++;
          expect(res.statusCode, `${method.toUpperCase()} ${a.url.slice(0, 120)} ${String(a.payload).slice(0, 80)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.headers['content-type'], `${method} ${template}`).toContain('application/problem+json');
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
  }, 180_000);

  it('names the field of a NUL, refuses deep bodies before parsing them, and a non-UTF-8 charset', async () => {
    const nul = await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(token), payload: { title: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual([{ path: 'body.title', message: 'must not contain NUL or lone surrogates' }]);
    const key = await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: auth(token), payload: { metadata: { ['k\u0000']: 1 } } });
    expect(key.statusCode).toBe(400);
    const deep = await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: { ...auth(token), 'content-type': 'application/json' }, payload: `{"metadata": {"a": ${'['.repeat(10_000)}${']'.repeat(10_000)}}}` });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().detail).toMatch(/REQUEST_MAX_DEPTH/);
    const utf16 = await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: { ...auth(token), 'content-type': 'application/json; charset=utf-16' }, payload: '{}' });
    expect(utf16.statusCode).toBe(415);
  });

  it('answers 400, never 500, to a path no UUID, bytes that are not UTF-8, and multipart it cannot read', async () => {
    // The busy check ran before validation and sent "abc" to the store (invalid input syntax for type uuid).
    const path = await t.app.inject({ method: 'POST', url: '/api/v1/chat/abc/message', headers: auth(token), payload: { content: 'hi' } });
    expect(path.statusCode).toBe(400);
    // {"title":"<FF FE>"}: read as U+FFFD and stored so, before.
    const bytes = Buffer.concat([Buffer.from('{"title":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const notUtf8 = await t.app.inject({ method: 'POST', url: '/api/v1/chat', headers: { ...auth(token), 'content-type': 'application/json' }, payload: bytes });
    expect(notUtf8.statusCode).toBe(400);
    expect(notUtf8.json().detail).toMatch(/UTF-8/);
    const part = '--zzz\r\nContent-Disposition: form-data; name="files"; filename="a.csv"\r\n\r\n';
    for (const [contentType, payload] of [
      ['multipart/form-data', 'a,b\n'],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, 'a,b\n'],
      ['multipart/form-data; boundary=zzz', `${part}a,b`],
    ]) {
      const upload = await t.app.inject({ method: 'POST', url: '/api/v1/documents/upload', headers: { ...auth(token), 'content-type': contentType! }, payload });
      expect(upload.statusCode, `${contentType!.slice(0, 40)}: ${upload.body}`).toBe(400);
      expect(upload.headers['content-type']).toMatch(/application\/problem\+json/);
    }
  });
});
