import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { startTestApp } from '../../support/app.js';
import { ingest, upload, uploadOne } from '../../support/documents.js';
import { auth } from '../../support/runs.js';
import { makeDocx, makePdf, makeZipBomb } from '../../ingest/fixtures.js';

/**
 * Hostile files through the whole service: each is a clean 4xx at upload or a failed ingestion
 * with its stage and reason, and the service keeps answering (and ingesting) meanwhile.
 */
describe('hostile documents', () => {
  let t: TestApp;
  let user: string;
  let admin: string;

  const call = (method: 'GET' | 'POST', url: string, token: string) => t.app.inject({ method, url, headers: auth(token) });

  async function ingestionOf(docId: string) {
    return (await call('GET', `/api/v1/documents/${docId}`, admin)).json().ingestion as {
      state: string;
      stage: string | null;
      failure: { stage: string; reason: string; retryable: boolean } | null;
    };
  }

  async function failsToIngest(docId: string) {
    const done = await ingest(t, admin, docId);
    done.stream.close();
    expect(done.settled).toBe('run_failed');
    const ingestion = await ingestionOf(docId);
    expect(ingestion.state).toBe('failed');
    expect(ingestion.failure?.retryable).toBe(false);
    // The reason is for people: no stack, no internals.
    expect(ingestion.failure?.reason).not.toMatch(/at .*\.ts:\d+|Error:|undefined/);
    expect((await call('GET', '/health/ready', user)).statusCode).toBe(200);
    return ingestion.failure!;
  }

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        JOB_POLL_INTERVAL_MS: '100',
        INGEST_CSV_MAX_ROWS: '50',
        INGEST_PDF_MAX_PAGES: '3',
        INGEST_JSON_MAX_DEPTH: '64',
        INGEST_ZIP_MAX_INFLATED_BYTES: String(16 * 1024 * 1024),
        INGEST_PARSER_MAX_MEMORY_MB: '256',
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    user = await t.token(['user']);
    admin = await t.token(['admin']);
  });
  afterAll(() => t.close());

  it('a DOCX zip bomb fails its own ingestion at the zip check', async () => {
    const id = await uploadOne(t, user, { fileName: 'bomb.docx', content: await makeZipBomb() });
    const failure = await failsToIngest(id);
    expect(failure.stage).toBe('extracting_text');
    expect(failure.reason).toMatch(/inflate|zip|compress/i);
  });

  it('an invalid PDF and a PDF over the page cap fail with their reason', async () => {
    const broken = await uploadOne(t, user, { fileName: 'broken.pdf', content: '%PDF-1.7\nthis is not a PDF at all\n' });
    expect((await failsToIngest(broken)).stage).toBe('extracting_text');
    const long = await uploadOne(t, user, { fileName: 'long.pdf', content: await makePdf(['one', 'two', 'three', 'four', 'five']) });
    expect((await failsToIngest(long)).reason).toMatch(/page/i);
  });

  it('a CSV over the row cap and 10,000-deep JSON fail with their reason', async () => {
    const csv = await uploadOne(t, user, { fileName: 'rows.csv', content: ['id,name', ...Array.from({ length: 60 }, (_, i) => `${i},Row ${i}`)].join('\n') });
    expect((await failsToIngest(csv)).reason).toMatch(/row/i);
    const deep = await uploadOne(t, user, { fileName: 'deep.json', content: '['.repeat(10_000) + ']'.repeat(10_000) });
    expect((await failsToIngest(deep)).reason).toMatch(/deep|depth|nest/i);
  });

  it('an HTML file with a PDF appended is never read as a PDF', async () => {
    const pdf = Buffer.from(await makePdf(['hidden']));
    const res = await upload(t, user, [{ fileName: 'page.pdf', content: Buffer.concat([Buffer.from('<!doctype html><html><body><p>Hello</p></body></html>\n'), pdf]), contentType: 'application/pdf' }]);
    if (res.status === 201) expect(res.body.items[0].format).toBe('html');
    else expect(res.status).toBe(415);
  });

  it('file names with NUL, CR/LF and bidi characters, and a wrong Content-Type, are a clean answer', async () => {
    for (const fileName of ['a\u0000b.txt', 'line\r\nbreak.txt', '\u202Egnp.txt', '../../../x.txt']) {
      const res = await upload(t, user, [{ fileName, content: `text for ${JSON.stringify(fileName)}\n`, contentType: 'image/png' }]);
      expect([201, 400], `${JSON.stringify(fileName)}: ${res.status}`).toContain(res.status);
      if (res.status === 201) expect(res.body.items[0].file_name).not.toMatch(/[\p{Cc}\u202e/\\]/u);
    }
  });

  it('after all that, a good DOCX ingests', async () => {
    const id = await uploadOne(t, user, { fileName: 'good.docx', content: await makeDocx(['Maren Holt founded Keldan Foundry.', 'Maren Holt lives in Tromsø.']) });
    const done = await ingest(t, admin, id);
    done.stream.close();
    expect(done.settled).toBe('run_completed');
    expect((await ingestionOf(id)).state).toBe('ingested');
  });
});
