import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi } from '../../scripts/openapi.js';
import type { TestApp } from '../support/app.js';
import { startTestApp } from '../support/app.js';

const PUBLIC = ['/health', '/health/ready', '/auth/config', '/docs', '/redoc', '/openapi.json'];

describe('OpenAPI and documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(PUBLIC)('%s needs no token', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
  });

  it('serves an OpenAPI 3.1 document where every operation has an id, a tag and its error responses', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.Problem).toBeDefined();
    const operations = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(
      ([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(0);
    for (const { path, op } of operations) {
      expect(op.operationId, path).toEqual(expect.any(String));
      expect((op.tags as string[]).length, path).toBeGreaterThan(0);
      const responses = op.responses as Record<string, { content?: Record<string, unknown> }>;
      expect(responses['500']?.content?.['application/problem+json'], path).toBeDefined();
      const isPublic = PUBLIC.includes(path);
      expect(op.security, path).toEqual(isPublic ? [] : [{ bearerAuth: [] }]);
      if (!isPublic) expect(Object.keys(responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
    }
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves Swagger UI with its assets, and ReDoc from the npm package (no CDN)', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    const initializer = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    const redoc = await t.app.inject({ method: 'GET', url: '/redoc' });
    expect(redoc.body).toContain('redoc/redoc.standalone.js');
    expect(redoc.body).not.toMatch(/https?:\/\//);
    const bundle = await t.app.inject({ method: 'GET', url: '/redoc/redoc.standalone.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.body.length).toBeGreaterThan(100_000);
  });

  it('the checked-in openapi/openapi.json is what the code generates', async () => {
    const checkedIn = await readFile(new URL('../../openapi/openapi.json', import.meta.url), 'utf8');
    expect(checkedIn).toBe(await generateOpenApi());
  });
});
