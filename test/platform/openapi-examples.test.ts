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

  const { sample, resolve } = openApiSchemas(() => document);

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
        const media = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.['application/json'];
        // Swagger UI pre-fills the body's own example: without one it would make up `"string"`s and `additionalProp1`s.
        const example = media ? (media.example ?? (resolve(media.schema) as { example?: unknown }).example) : undefined;
        if (media) expect(example, `${label} has no example body`).toBeDefined();
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: `${url}${query.size ? `?${query}` : ''}`,
          headers: auth(token),
          ...(media ? { payload: (example ?? sample(media.schema)) as object } : {}),
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

    // What the examples did: nothing made up was stored, and no template joined the demo's with the same question.
    const db = t.app.deps.relational;
    const placeholder = `'additionalProp|^string$|"string"'`;
    const junk = await db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM queries WHERE question ~ ${placeholder} OR cypher ~ ${placeholder} OR coalesce(template_parameters::text, '') ~ ${placeholder}
                                              OR coalesce(parameters::text, '') ~ ${placeholder})
            + (SELECT count(*) FROM chat_sessions WHERE metadata::text ~ ${placeholder} OR title ~ ${placeholder}) AS n`,
    );
    expect(Number(junk.rows[0]!.n)).toBe(0);
    const templates = await db.query<{ question: string; template_cypher: string; template_parameters: { name: string }[] }>(
      `SELECT question, template_cypher, template_parameters FROM queries WHERE status = 'approved'`,
    );
    const questions = templates.rows.map((r) => r.question);
    expect(questions.length, questions.join('\n')).toBe(new Set(questions).size);
    for (const row of templates.rows) {
      const used = new Set([...row.template_cypher.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
      for (const parameter of row.template_parameters ?? []) expect(used, `${row.question}: $${parameter.name}`).toContain(parameter.name);
    }
  }, 120_000);

  it('refuses an amendment whose values or parameter names do not fit its Cypher, naming them', async () => {
    const pending = (await t.app.inject({ method: 'GET', url: '/api/v1/aim/queries/approved?limit=1', headers: auth(token) })).json() as { items: { id: number }[] };
    const id = pending.items[0]!.id;
    const amend = (body: object) => t.app.inject({ method: 'POST', url: `/api/v1/aim/queries/${id}/amend`, headers: auth(token), payload: body });
    const cypher = "MATCH (c:Company {name: 'Nimbus Labs'})<-[:WORKS_AT]-(p:Person) RETURN p.name AS name ORDER BY name";
    const unusedValues = await amend({ cypher, values: { additionalProp1: 'x', company: 'Nimbus Labs' } });
    expect(unusedValues.statusCode).toBe(400);
    expect(unusedValues.json().detail).toContain('additionalProp1');
    expect(unusedValues.json().detail).toContain('company');
    const extraNames = await amend({ cypher, parameters: ['company', 'ygjVbItf'] });
    expect(extraNames.statusCode).toBe(400);
    expect(extraNames.json().errors[0].path).toBe('body.parameters');
  });
});
