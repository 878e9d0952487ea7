import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseDocument } from '../../../src/ingest/parse/index.js';
import { previewOf } from '../../../src/ingest/preview.js';
import { DocumentPreviewSchema } from '../../../src/ingest/preview-schema.js';
import type { DocumentFormat } from '../../../src/ingest/types.js';
import { limits, makePdf } from '../fixtures.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const parse = async (format: DocumentFormat, bytes: Uint8Array | string) =>
  parseDocument({ bytes: typeof bytes === 'string' ? utf8(bytes) : bytes, format, limits: limits() });
const bounds = { maxLines: 100, maxRows: 100, maxBytes: 10_000 };

describe('document previews', () => {
  it('shows extracted text as lines, never the HTML', async () => {
    const preview = previewOf(await parse('html', '<html><body><h1>Title</h1><p>One <script>x()</script><b>bold</b></p></body></html>'), bounds);
    expect(preview).toEqual({ kind: 'text', lines: [{ text: 'Title' }, { text: '' }, { text: 'One bold' }], truncated: false, format: 'html', warnings: [] });
    expect(DocumentPreviewSchema.parse(preview)).toEqual(preview);
  });

  it('gives PDF lines their page, and stops at maxLines or maxBytes', async () => {
    const doc = await parse('pdf', await makePdf(['one\ntwo', 'three']));
    expect(previewOf(doc, bounds)).toEqual({
      kind: 'text',
      lines: [{ text: 'one', page: 1 }, { text: 'two', page: 1 }, { text: '', page: 2 }, { text: 'three', page: 2 }],
      truncated: false,
      format: 'pdf',
      pages: 2,
      warnings: [],
    });
    expect(previewOf(doc, { ...bounds, maxLines: 2 })).toMatchObject({ lines: [{ text: 'one' }, { text: 'two' }], truncated: true });
    expect(previewOf(doc, { ...bounds, maxBytes: 6 })).toMatchObject({ lines: [{ text: 'one' }, { text: 't' }], truncated: true });
  });

  it('shows a CSV as a table of typed cells', async () => {
    const doc = await parse('csv', 'name,age,member\nAlex,34,true\nBea,,false\nCy,5,true\n');
    const preview = previewOf(doc, { ...bounds, maxRows: 2 });
    expect(preview).toEqual({
      kind: 'table',
      columns: ['name', 'age', 'member'],
      rows: [
        ['Alex', 34, true],
        ['Bea', null, false],
      ],
      total_rows: 3,
      truncated: true,
      format: 'csv',
      warnings: [],
    });
    expect(DocumentPreviewSchema.parse(preview)).toEqual(preview);
  });

  it('pretty-prints JSON, cut at maxBytes on a character boundary', async () => {
    const doc = await parse('json', '{"name":"Zoë","n":[1,2]}');
    expect(previewOf(doc, bounds)).toEqual({ kind: 'json', text: JSON.stringify({ name: 'Zoë', n: [1, 2] }, null, 2), truncated: false, format: 'json', warnings: [] });
    const cut = previewOf(doc, { ...bounds, maxBytes: 16 }); // '{\n  "name": "Zo' is 15 bytes, 'ë' takes two
    expect(cut).toMatchObject({ kind: 'json', text: '{\n  "name": "Zo', truncated: true });
    const lines = previewOf(await parse('jsonl', '{"a":1}\n{"a":2}\n'), bounds);
    expect(lines).toMatchObject({ kind: 'json', text: JSON.stringify([{ a: 1 }, { a: 2 }], null, 2) });
  });

  it('publishes a named, described schema for OpenAPI', () => {
    const json = z.toJSONSchema(DocumentPreviewSchema) as { $ref?: string; $defs?: Record<string, { description?: string; oneOf?: unknown[] }> };
    expect(json.$ref).toBe('#/$defs/DocumentPreview');
    expect(json.$defs?.['DocumentPreview']?.description).toMatch(/bounded view/);
    expect(json.$defs?.['DocumentPreview']?.oneOf).toHaveLength(4);
    expect(z.globalRegistry.get(DocumentPreviewSchema)).toMatchObject({ id: 'DocumentPreview' });
    const none = { kind: 'none', reason: 'the file is not a readable PDF', format: 'pdf', warnings: [] };
    expect(DocumentPreviewSchema.parse(none)).toEqual(none);
  });
});
