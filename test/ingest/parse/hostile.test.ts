import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/ingest/parse/index.js';
import type { DocumentFormat } from '../../../src/ingest/types.js';
import { checkDocxZip } from '../../../src/ingest/zip-check.js';
import { docxParts, limits, makeDocx, makePdf, makeZip, makeZipBomb, withDeclaredSize } from '../fixtures.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const parse = (format: DocumentFormat, bytes: Uint8Array | string, overrides = {}) =>
  parseDocument({ bytes: typeof bytes === 'string' ? utf8(bytes) : bytes, format, limits: limits(overrides) });
const rejection = (message: string | RegExp) => ({ name: 'IngestRejection', stage: 'extracting_text', message: typeof message === 'string' ? message : expect.stringMatching(message) });

describe('hostile and broken documents', () => {
  it('a DOCX zip bomb is refused by the zip check for what it declares', async () => {
    const bomb = await makeZipBomb(); // 256 MiB of spaces in ~260 KB
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(parse('docx', bomb)).rejects.toMatchObject(rejection('the DOCX would inflate to more than 20 MB (INGEST_ZIP_MAX_INFLATED_BYTES)'));
    await expect(parse('docx', bomb, { zipMaxInflatedBytes: 2 ** 32 })).rejects.toMatchObject(
      rejection(/^word\/document\.xml in the DOCX inflates \d+ times its size, more than 200 \(INGEST_ZIP_MAX_RATIO\)$/),
    );
  });

  it('a zip bomb that lies about its sizes is stopped while it inflates', async () => {
    const bomb = await makeZipBomb({ inflatedBytes: 64 * 1024 * 1024 });
    const liar = withDeclaredSize(bomb, 'word/document.xml', 1000);
    await expect(checkDocxZip({ bytes: liar, limits: limits() })).rejects.toMatchObject(
      rejection(/^(word\/document\.xml in the DOCX is damaged or does not match its declared size|the DOCX inflates to more than 20 MB \(INGEST_ZIP_MAX_INFLATED_BYTES\))$/),
    );
  });

  it('the zip check counts entries and wants a Word document inside', async () => {
    const docx = await makeDocx(['fine']);
    await expect(checkDocxZip({ bytes: docx, limits: limits() })).resolves.toBeUndefined();
    await expect(parse('docx', docx, { zipMaxEntries: 3 })).rejects.toMatchObject(rejection(/^the DOCX has \d+ files inside, more than 3 \(INGEST_ZIP_MAX_ENTRIES\)$/));
    const noDocument = await makeZip(docxParts('<w:document/>').filter((part) => part.name !== 'word/document.xml'));
    await expect(parse('docx', noDocument)).rejects.toMatchObject(rejection('the DOCX has no word/document.xml: it is not a Word document'));
    await expect(parse('docx', utf8('not a zip at all'))).rejects.toMatchObject(rejection('the DOCX is not a readable ZIP archive'));
    const withoutTypes = await makeZip(docxParts('<w:document/>').filter((part) => part.name !== '[Content_Types].xml'));
    await expect(parse('docx', withoutTypes)).rejects.toMatchObject(rejection('a ZIP archive that is not a Word document'));
  });

  it('an invalid PDF and a PDF over the page cap are rejected in plain words', async () => {
    await expect(parse('pdf', '%PDF-1.7\nthis is not really a PDF')).rejects.toMatchObject(rejection('the file is not a readable PDF'));
    const pdf = await makePdf(['a', 'b', 'c']);
    await expect(parse('pdf', pdf.subarray(0, 200))).rejects.toMatchObject(rejection('the file is not a readable PDF'));
    await expect(parse('pdf', pdf, { pdfMaxPages: 2 })).rejects.toMatchObject(rejection('the PDF has 3 pages, more than 2 (INGEST_PDF_MAX_PAGES)'));
  });

  it('a CSV over the row cap, and JSON Lines over the record cap, are rejected', async () => {
    const csv = `id,name\n${Array.from({ length: 11 }, (_, i) => `${i},n${i}`).join('\n')}\n`;
    await expect(parse('csv', csv, { csvMaxRows: 10 })).rejects.toMatchObject(rejection('the CSV has more than 10 data rows (INGEST_CSV_MAX_ROWS)'));
    await expect(parse('csv', csv, { csvMaxRows: 11 })).resolves.toMatchObject({ table: { rows: expect.any(Array) } });
    const jsonl = Array.from({ length: 11 }, (_, i) => JSON.stringify({ i })).join('\n');
    await expect(parse('jsonl', jsonl, { csvMaxRows: 10 })).rejects.toMatchObject(rejection('the JSON Lines file has more than 10 records (INGEST_CSV_MAX_ROWS)'));
  });

  it('JSON nested 10,000 deep is rejected before it is parsed', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const started = Date.now();
    await expect(parse('json', deep)).rejects.toMatchObject(rejection('the JSON nests deeper than 64 levels (INGEST_JSON_MAX_DEPTH)'));
    await expect(parse('jsonld', `{"@context": {}, "a": ${'{"b":'.repeat(10_000)}1${'}'.repeat(10_000)}}`)).rejects.toMatchObject(
      rejection('the JSON nests deeper than 64 levels (INGEST_JSON_MAX_DEPTH)'),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    // Brackets inside strings do not count.
    await expect(parse('json', JSON.stringify({ text: '['.repeat(1000) }))).resolves.toMatchObject({ format: 'json' });
  });

  it('YAML front matter with an alias bomb is rejected', async () => {
    const laughs = [
      '---',
      'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
      'f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]',
      '---',
      'Body.',
    ].join('\n');
    await expect(parse('markdown', laughs)).rejects.toMatchObject(rejection('the YAML front matter uses more than 10 aliases (INGEST_YAML_MAX_ALIASES)'));
    const fewAliases = '---\nbase: &base {x: 1}\none: *base\ntwo: *base\n---\nBody.\n';
    await expect(parse('markdown', fewAliases)).resolves.toMatchObject({ markdown: { frontMatter: { one: { x: 1 }, two: { x: 1 } } } });
  });

  it('HTML nested too deeply to walk is rejected, not a crash', async () => {
    await expect(parse('html', `${'<div>'.repeat(20_000)}x`)).rejects.toMatchObject(rejection('the HTML is nested too deeply to read'));
  });

  it('bytes that are not UTF-8 are rejected by the text parsers', async () => {
    for (const format of ['text', 'markdown', 'csv', 'json', 'html'] as const) {
      await expect(parse(format, new Uint8Array([0x61, 0xff, 0x62]))).rejects.toMatchObject(rejection('the file is not UTF-8 text'));
    }
  });
});
