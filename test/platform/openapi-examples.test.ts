import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';
import { openApiSchemas } from '../support/openapi.js';
import { auth } from '../support/runs.js';

/**
 * Every operation of the OpenAPI document, executed as Swagger UI's "Try it out" would with
 * its pre-filled examples and an admin's token (admin holds every role): a 2xx or a documented
 * 4xx for that example (a 404 for an id that does not exist, a 409 for a state), never a 400
 * for a shape the example itself got wrong, never a 5xx.
 */
describe('the OpenAPI examples, executed', () => {
  let t: TestApp;
  let document: OpenAPIV3_1.Document;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { DEMO_DATA: 'true' } });
    token = await t.token(['admin']);
    document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  afterAll(() => t.close());

  const { sample } = openApiSchemas(() => document);

  it('answers every operation’s examples with a 2xx or a documented 4xx, never a 400 or a 5xx', async () => {
    const seen: string[] = [];
    for (const [template, item] of Object.entries(document.paths ?? {})) {
      for (const [method, op] of Object.entries(item ?? {}) as [string, OpenAPIV3_1.OperationObject][]) {
        if (!op || typeof op !== 'object' || !('responses' in op)) continue;
        const label = `${method.toUpperCase()} ${template}`;
        const parameters = (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
        // A stream never ends, and an upload is multipart (its own tests send files): the rest are walked.
        if (template.endsWith('/stream') || template.endsWith('/documents/upload')) continue;
        let url = template;
        const query = new URLSearchParams();
        for (const p of parameters) {
          const value = p.example ?? sample(p.schema);
          if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
          else if (p.in === 'query' && (p.required || p.example !== undefined)) query.set(p.name, String(value));
        }
        const body = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.['application/json']?.schema;
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: `${url}${query.size ? `?${query}` : ''}`,
          headers: auth(token),
          ...(body ? { payload: sample(body) as object } : {}),
        });
        seen.push(`${label} ${res.statusCode}`);
        expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        expect(res.statusCode, `${label} rejected its own example: ${res.body.slice(0, 300)}`).not.toBe(400);
        if (res.statusCode >= 400) {
          expect(Object.keys(op.responses ?? {}), `${label} answered an undocumented ${res.statusCode}`).toContain(String(res.statusCode));
          expect(res.headers['content-type']).toContain('application/problem+json');
        }
      }
    }
    expect(seen.length).toBeGreaterThan(35);
  }, 120_000);
});
