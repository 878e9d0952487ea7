import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { uniqueName } from '../../support/config.js';
import { upload, uploadOne } from '../../support/documents.js';
import { auth, baseUrl } from '../../support/runs.js';

const NOTE = '---\ntitle: Nimbus Labs\ntype: Organization\n---\n# Nimbus Labs\n\nNimbus Labs is based in [[Lisbon]].\n';
const CSV = 'id,name,type,age\np1,Ada Quill,Person,41\np2,Bo Lindqvist,Person,35\n';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

/** The Documents group's lifecycle over HTTP: upload, reading, the admin's decisions, downloads, previews, deletion. */
describe('documents over HTTP', () => {
  let t: TestApp;
  let user: string;
  let other: string;
  let admin: string;
  const userSub = uniqueName('user');

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...auth(token), ...headers }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startTestApp({ env: { DOCUMENT_MAX_BYTES: '4096', DOCUMENT_MAX_FILES_PER_UPLOAD: '3', DOCUMENT_STORAGE_PER_USER_BYTES: '20000' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.token(['user'], userSub);
    other = await t.token(['user']);
    admin = await t.token(['admin']);
  });
  afterAll(() => t.close());

  it('uploads several files in one request, types them from their bytes, and lists them with and without the trailing slash', async () => {
    const res = await upload(t, user, [
      { fileName: 'nimbus.md', content: NOTE, contentType: 'application/pdf' },
      { fileName: 'people.csv', content: CSV, contentType: 'image/png' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.items.map((d: { format: string }) => d.format)).toEqual(['markdown', 'csv']);
    const [md] = res.body.items;
    expect(md).toMatchObject({ file_name: 'nimbus.md', owner: userSub, status: 'uploaded', size: Buffer.byteLength(NOTE), ingestion: { state: 'not_started', run_id: null } });
    expect(md.sha256).toMatch(/^[0-9a-f]{64}$/);
    for (const url of ['/api/v1/documents', '/api/v1/documents/']) {
      const listed = await call('GET', url, user);
      expect(listed.statusCode, url).toBe(200);
      expect(listed.json().items.map((d: { file_name: string }) => d.file_name)).toEqual(['people.csv', 'nimbus.md']);
    }
    expect((await call('GET', '/api/v1/documents?format=csv', user)).json().items).toHaveLength(1);
    expect((await call('GET', '/api/v1/documents?q=NIMBUS', user)).json().items).toHaveLength(1);
  });

  it('pages with a cursor', async () => {
    const first = await call('GET', '/api/v1/documents?limit=1', user);
    expect(first.json().items).toHaveLength(1);
    const second = await call('GET', `/api/v1/documents?limit=1&cursor=${first.json().next_cursor}`, user);
    expect(second.json().items[0].doc_id).not.toBe(first.json().items[0].doc_id);
    expect((await call('GET', '/api/v1/documents?cursor=nope', user)).statusCode).toBe(400);
  });

  it('refuses what is not a supported document with a 415 naming the file, and keeps nothing of the upload', async () => {
    const before = (await call('GET', '/api/v1/documents', user)).json().items.length;
    const res = await upload(t, user, [
      { fileName: 'fine.txt', content: 'A plain note.\n', contentType: 'text/plain' },
      { fileName: 'photo.txt', content: PNG, contentType: 'text/plain' },
    ]);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ type: 'urn:cqks:problem:unsupported-media-type', file_name: 'photo.txt' });
    expect(res.body.detail).toContain('photo.txt');
    const nul = await upload(t, user, [{ fileName: 'nul.txt', content: 'text with a \u0000 NUL', contentType: 'text/plain' }]);
    expect(nul.status).toBe(415);
    const latin1 = await upload(t, user, [{ fileName: 'latin1.txt', content: Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) }]);
    expect(latin1.status).toBe(415);
    expect((await call('GET', '/api/v1/documents', user)).json().items.length).toBe(before);
  });

  it('answers a JSON body with 415, an empty upload with 400', async () => {
    expect((await call('POST', '/api/v1/documents/upload', user, { files: ['x'] })).statusCode).toBe(415);
    const res = await fetch(`${baseUrl(t)}/api/v1/documents/upload`, {
      method: 'POST',
      headers: { ...auth(user), 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--\r\n',
    });
    expect(res.status).toBe(400);
  });

  it('answers the same bytes uploaded again by the same owner with a 409 naming the existing document; another owner may', async () => {
    const res = await upload(t, user, [{ fileName: 'copy.csv', content: CSV }]);
    expect(res.status).toBe(409);
    expect(res.body.existing_doc_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.detail).toContain('people.csv');
    expect((await upload(t, other, [{ fileName: 'copy.csv', content: CSV }])).status).toBe(201);
  });

  it('refuses a file over DOCUMENT_MAX_BYTES, too many files, and storage past the user’s quota with 413', async () => {
    const big = await upload(t, user, [{ fileName: 'big.txt', content: 'x'.repeat(5000) }]);
    expect(big.status).toBe(413);
    expect(big.body.file_name).toBe('big.txt');
    const many = await upload(t, user, ['a', 'b', 'c', 'd'].map((n) => ({ fileName: `${n}.txt`, content: `note ${n}\n` })));
    expect(many.status).toBe(413);
    const quota = await upload(t, user, Array.from({ length: 3 }, (_, i) => ({ fileName: `q${i}.txt`, content: `${i}`.repeat(4000) })));
    expect(quota.status, JSON.stringify(quota.body)).toBe(201);
    const over = await upload(t, user, Array.from({ length: 3 }, (_, i) => ({ fileName: `r${i}.txt`, content: `${i + 5}`.repeat(4000) })));
    expect(over.status).toBe(413);
    expect(over.body.detail).toContain('DOCUMENT_STORAGE_PER_USER_BYTES');
    for (const doc of quota.body.items) expect((await call('DELETE', `/api/v1/documents/${doc.doc_id}`, user)).statusCode).toBe(204);
  });

  it('never keeps a path, control or bidi characters of a file name, and sends a safe Content-Disposition', async () => {
    const names: [string, string][] = [
      ['../../etc/passwd.txt', 'passwd.txt'],
      ['a\u202Etxt.exe.txt', 'atxt.exe.txt'],
      ['..\\..\\win.txt', 'win.txt'],
      ['tab\there.txt', 'tabhere.txt'],
    ];
    for (const [raw, clean] of names) {
      const id = await uploadOne(t, other, { fileName: raw, content: `note for ${clean}\n` });
      const doc = (await call('GET', `/api/v1/documents/${id}`, other)).json();
      expect(doc.file_name).toBe(clean);
      const res = await call('GET', `/api/v1/documents/${id}/download`, other);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"\r\n]*"/);
      expect(res.headers['content-disposition']).not.toMatch(/[\u202E\r\n\\/]/);
    }
  });

  it('downloads the original bytes with nosniff, a sandboxing CSP and an ETag; If-None-Match answers 304', async () => {
    const id = await uploadOne(t, user, { fileName: 'page.html', content: '<!doctype html><html><body><script>alert(1)</script><p>Hi</p></body></html>' });
    const res = await call('GET', `/api/v1/documents/${id}/download`, user);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<script>');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-disposition']).toContain('attachment');
    const again = await call('GET', `/api/v1/documents/${id}/download`, user, undefined, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const preview = await call('GET', `/api/v1/documents/${id}/preview`, user);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().format).toBe('html');
    expect(JSON.stringify(preview.json().preview)).not.toContain('<script>');
    expect(JSON.stringify(preview.json().preview)).toContain('Hi');
  });

  it('previews CSV rows and pretty JSON', async () => {
    const csv = (await call('GET', '/api/v1/documents?format=csv', user)).json().items[0].doc_id;
    const table = (await call('GET', `/api/v1/documents/${csv}/preview`, user)).json().preview;
    expect(table).toMatchObject({ kind: 'table', columns: ['id', 'name', 'type', 'age'] });
    expect(table.rows[0]).toEqual(['p1', 'Ada Quill', 'Person', 41]);
    expect(table.total_rows).toBe(2);
    const json = await uploadOne(t, user, { fileName: 'x.json', content: '{"id":"a","name":"A","nested":{"n":1}}' });
    const pretty = (await call('GET', `/api/v1/documents/${json}/preview`, user)).json().preview;
    expect(pretty.kind).toBe('json');
    expect(pretty.text).toContain('\n  "name": "A"');
  });

  it('shows a user only their own documents (404 for anyone else’s), admins every one', async () => {
    const mine = (await call('GET', '/api/v1/documents', user)).json().items[0].doc_id;
    for (const url of [`/api/v1/documents/${mine}`, `/api/v1/documents/${mine}/download`, `/api/v1/documents/${mine}/preview`]) {
      expect((await call('GET', url, other)).statusCode, url).toBe(404);
    }
    expect((await call('DELETE', `/api/v1/documents/${mine}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/documents/${mine}`, admin)).statusCode).toBe(200);
    const all = (await call('GET', '/api/v1/documents?limit=100', admin)).json().items;
    expect(new Set(all.map((d: { owner: string }) => d.owner)).size).toBeGreaterThan(1);
    expect((await call('GET', `/api/v1/documents?owner=${userSub}&limit=100`, admin)).json().items.every((d: { owner: string }) => d.owner === userSub)).toBe(true);
  });

  it('lets only admins decide, moving only along documented edges (409 with current_status otherwise)', async () => {
    const id = (await call('GET', '/api/v1/documents?format=markdown', user)).json().items[0].doc_id;
    expect((await call('POST', `/api/v1/documents/${id}/approve`, user)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/v1/documents/${id}/status`, user, { status: 'approved' })).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/documents/${id}/ingest`, user)).statusCode).toBe(403);
    const early = await call('POST', `/api/v1/documents/${id}/ingest`, admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().current_status).toBe('uploaded');
    expect((await call('PATCH', `/api/v1/documents/${id}/status`, admin, { status: 'rejected' })).statusCode).toBe(400);
    const rejected = await call('PATCH', `/api/v1/documents/${id}/status`, admin, { status: 'rejected', reason: 'Not ours' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', status_reason: 'Not ours' });
    const again = await call('PATCH', `/api/v1/documents/${id}/status`, admin, { status: 'rejected', reason: 'Still not' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ current_status: 'rejected' });
    expect((await call('PATCH', `/api/v1/documents/${id}/status`, admin, { status: 'uploaded' })).statusCode).toBe(400);
    expect((await call('POST', `/api/v1/documents/${id}/approve`, admin)).json().status).toBe('approved');
    expect((await call('POST', `/api/v1/documents/${id}/approve`, admin)).statusCode).toBe(409);
    expect((await call('PATCH', `/api/v1/documents/${id}/status`, admin, { status: 'rejected', reason: 'Changed my mind' })).json().status).toBe('rejected');
  });

  it('reports ingestion status with counts per state', async () => {
    const res = await call('GET', '/api/v1/documents/ingestion-status', user);
    expect(res.statusCode).toBe(200);
    expect(res.json().counts.not_started).toBe(res.json().items.length);
    expect(res.json().items[0].ingestion.state).toBe('not_started');
  });

  it('refuses the ingestion workflow through the workflow endpoint: documents are ingested through their own route', async () => {
    const curator = await t.token(['curator']);
    const res = await call('POST', '/api/v1/aim/workflows/execute', curator, { workflow: 'document_ingest', input: {} });
    expect(res.statusCode).toBe(400);
  });

  it('lets an owner delete a document not yet ingested; it is gone for everyone', async () => {
    const id = await uploadOne(t, user, { fileName: 'gone.txt', content: 'to be deleted\n' });
    expect((await call('DELETE', `/api/v1/documents/${id}`, user)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/documents/${id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/documents/${id}`, user)).statusCode).toBe(404);
  });
});
