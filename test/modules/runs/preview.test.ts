import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREVIEW_LIMITS,
  PreviewSchema,
  buildPreview,
  type Preview,
  type PreviewLimits,
} from '../../../src/modules/runs/preview.js';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const limits = (overrides: Partial<PreviewLimits> = {}): PreviewLimits => ({ ...DEFAULT_PREVIEW_LIMITS, ...overrides });

/** Every preview goes through the schema, exactly as the route's response serializer would. */
const preview = (path: string, contentType: string, bytes: Uint8Array | string, overrides: Partial<PreviewLimits> = {}): Preview => {
  const result = buildPreview({ path, contentType, bytes: typeof bytes === 'string' ? utf8(bytes) : bytes }, limits(overrides));
  expect(PreviewSchema.parse(result)).toEqual(result);
  expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  return result;
};

// A 1×1 PNG (signature, IHDR, IDAT, IEND).
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG = new Uint8Array(Buffer.from(PNG_BASE64, 'base64'));

const SAFE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>';

describe('buildPreview: text', () => {
  it('returns short text whole', () => {
    expect(preview('notes.txt', 'text/plain; charset=utf-8', 'one\ntwo\n')).toEqual({
      kind: 'text',
      text: 'one\ntwo\n',
      truncated: false,
      lines: 2,
    });
  });

  it('cuts at maxLines', () => {
    const result = preview('report.md', 'text/markdown; charset=utf-8', 'l1\nl2\nl3\nl4', { maxLines: 2 });
    expect(result).toEqual({ kind: 'text', text: 'l1\nl2\n', truncated: true, lines: 2 });
  });

  it('does not mark exactly maxLines lines as truncated', () => {
    expect(preview('a.txt', 'text/plain', 'l1\r\nl2\r\n', { maxLines: 2 })).toEqual({
      kind: 'text',
      text: 'l1\r\nl2\r\n',
      truncated: false,
      lines: 2,
    });
  });

  it('cuts at maxBytes without splitting a character', () => {
    // "é" is 2 bytes: 5 bytes hold "ab" + "é" + half of the next "é".
    const result = preview('a.txt', 'text/plain', 'abéé', { maxBytes: 5 });
    expect(result).toEqual({ kind: 'text', text: 'abé', truncated: true, lines: 1 });
    expect(preview('a.txt', 'text/plain', 'abcdef', { maxBytes: 3 })).toMatchObject({ text: 'abc', truncated: true });
  });

  it('previews .md stored as octet-stream by its extension', () => {
    expect(preview('report.md', 'application/octet-stream', '# Title')).toMatchObject({ kind: 'text', text: '# Title' });
  });

  it('treats HTML as text, not markup', () => {
    expect(preview('page.html', 'text/html', '<script>alert(1)</script>')).toMatchObject({
      kind: 'text',
      text: '<script>alert(1)</script>',
    });
  });

  it('handles an empty file', () => {
    expect(preview('empty.txt', 'text/plain', '')).toEqual({ kind: 'text', text: '', truncated: false, lines: 0 });
  });
});

describe('buildPreview: binary', () => {
  it('refuses bytes with NUL', () => {
    expect(preview('a.txt', 'text/plain', new Uint8Array([0x61, 0x00, 0x62]))).toMatchObject({ kind: 'none' });
  });

  it('refuses invalid UTF-8', () => {
    expect(preview('a.txt', 'text/plain', new Uint8Array([0x61, 0xc3, 0x28, 0x62]))).toMatchObject({ kind: 'none' });
    expect(preview('a.csv', 'text/csv', new Uint8Array([0xff, 0xfe, 0x61]))).toMatchObject({ kind: 'none' });
    expect(preview('a.json', 'application/json', new Uint8Array([0x7b, 0x80, 0x7d]))).toMatchObject({ kind: 'none' });
  });

  it('gives no preview for PDF, octet-stream and unknown types', () => {
    expect(preview('a.pdf', 'application/pdf', '%PDF-1.7')).toMatchObject({ kind: 'none' });
    expect(preview('blob', 'application/octet-stream', new Uint8Array([1, 2, 3]))).toMatchObject({ kind: 'none' });
    expect(preview('a.zip', 'application/zip', new Uint8Array([0x50, 0x4b]))).toMatchObject({ kind: 'none' });
  });
});

describe('buildPreview: CSV', () => {
  it('parses quotes, escaped quotes, commas and newlines inside quotes, CRLF', () => {
    const csv = 'name,quote,n\r\n"Smith, J.","He said ""hi""\r\nand left",1\r\nplain,,2\r\n';
    expect(preview('data/rows.csv', 'text/csv; charset=utf-8', csv)).toEqual({
      kind: 'csv',
      columns: ['name', 'quote', 'n'],
      rows: [
        ['Smith, J.', 'He said "hi"\r\nand left', '1'],
        ['plain', '', '2'],
      ],
      truncated: false,
    });
  });

  it('accepts LF, a last line without a break, blank lines and ragged rows', () => {
    expect(preview('a.csv', 'text/csv', 'a,b\n\n1\n2,3,4')).toEqual({
      kind: 'csv',
      columns: ['a', 'b'],
      rows: [['1'], ['2', '3', '4']],
      truncated: false,
    });
  });

  it('keeps a trailing empty field and an empty quoted field', () => {
    expect(preview('a.csv', 'text/csv', 'a,b\n"",x\ny,\n')).toMatchObject({ rows: [['', 'x'], ['y', '']] });
  });

  it('stops at maxRows', () => {
    const csv = ['h', ...Array.from({ length: 10 }, (_, i) => `r${i}`)].join('\n');
    expect(preview('a.csv', 'text/csv', csv, { maxRows: 3 })).toEqual({
      kind: 'csv',
      columns: ['h'],
      rows: [['r0'], ['r1'], ['r2']],
      truncated: true,
    });
    expect(preview('a.csv', 'text/csv', 'h\nr0\nr1\n\n', { maxRows: 2 })).toMatchObject({ truncated: false });
  });

  it('drops the record cut by maxBytes and says so', () => {
    const result = preview('a.csv', 'text/csv', 'h1,h2\nabc,def\nghi,jkl\n', { maxBytes: 17 });
    expect(result).toEqual({ kind: 'csv', columns: ['h1', 'h2'], rows: [['abc', 'def']], truncated: true });
    const quoted = preview('a.csv', 'text/csv', 'h\n"long\nquoted"\n', { maxBytes: 8 });
    expect(quoted).toEqual({ kind: 'csv', columns: ['h'], rows: [], truncated: true });
  });

  it('falls back to text for an unterminated quote', () => {
    expect(preview('a.csv', 'text/csv', 'a,b\n"oops,1\n')).toMatchObject({ kind: 'text', text: 'a,b\n"oops,1\n' });
  });

  it('handles an empty CSV', () => {
    expect(preview('a.csv', 'text/csv', '')).toEqual({ kind: 'csv', columns: [], rows: [], truncated: false });
  });
});

describe('buildPreview: JSON', () => {
  it('pretty-prints valid JSON', () => {
    expect(preview('out.json', 'application/json', '{"a":[1,2],"b":{"c":null}}')).toEqual({
      kind: 'json',
      text: '{\n  "a": [\n    1,\n    2\n  ],\n  "b": {\n    "c": null\n  }\n}',
      truncated: false,
    });
  });

  it('falls back to text for invalid JSON', () => {
    expect(preview('out.json', 'application/json', '{"a": 1,')).toEqual({
      kind: 'text',
      text: '{"a": 1,',
      truncated: false,
      lines: 1,
    });
  });

  it('cuts pretty text beyond maxBytes', () => {
    const raw = JSON.stringify(Array.from({ length: 20 }, (_, i) => i));
    const result = preview('out.json', 'application/json', raw, { maxBytes: raw.length + 10 });
    expect(result.kind).toBe('json');
    if (result.kind === 'json') {
      expect(result.truncated).toBe(true);
      expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(raw.length + 10);
      expect(JSON.stringify(JSON.parse(raw), null, 2).startsWith(result.text)).toBe(true);
    }
  });

  it('previews a JSON file larger than maxBytes as cut text', () => {
    expect(preview('out.json', 'application/json', '{"key": "value"}', { maxBytes: 6 })).toMatchObject({
      kind: 'text',
      text: '{"key"',
      truncated: true,
    });
  });

  it('accepts +json types', () => {
    expect(preview('x', 'application/ld+json', '[]')).toMatchObject({ kind: 'json', text: '[]' });
  });
});

describe('buildPreview: images', () => {
  it('inlines a small PNG as a data URL', () => {
    expect(preview('chart.png', 'image/png', PNG)).toEqual({
      kind: 'image',
      data_url: `data:image/png;base64,${PNG_BASE64}`,
      truncated: false,
    });
  });

  it('refuses an image larger than maxBytes', () => {
    expect(preview('chart.png', 'image/png', PNG, { maxBytes: PNG.length - 1 })).toMatchObject({ kind: 'none' });
  });

  it('refuses bytes that are not what the content type claims', () => {
    expect(preview('chart.png', 'image/png', '<html>')).toMatchObject({ kind: 'none' });
    expect(preview('a.jpg', 'image/jpeg', PNG)).toMatchObject({ kind: 'none' });
  });

  it('recognizes JPEG, GIF and WebP signatures', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    const gif = utf8('GIF89a\u0001\u0000');
    const webp = new Uint8Array([...utf8('RIFF'), 4, 0, 0, 0, ...utf8('WEBPVP8 ')]);
    expect(preview('a.jpg', 'image/jpeg', jpeg)).toMatchObject({ kind: 'image' });
    expect(preview('a.gif', 'image/gif', gif)).toMatchObject({ kind: 'image', data_url: expect.stringMatching(/^data:image\/gif;base64,R0lG/) });
    expect(preview('a.webp', 'image/webp', webp)).toMatchObject({ kind: 'image' });
  });

  it('inlines a safe SVG', () => {
    expect(preview('charts/2024 q1.svg', 'image/svg+xml', SAFE_SVG)).toEqual({
      kind: 'image',
      data_url: `data:image/svg+xml;base64,${Buffer.from(SAFE_SVG).toString('base64')}`,
      truncated: false,
    });
  });

  it.each([
    ['script element', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['SCRIPT upper case', '<svg><SCRIPT src="x.js"/></svg>'],
    ['onload handler', '<svg onload="alert(1)"></svg>'],
    ['onclick with spaces', '<svg><rect onclick = "x()"/></svg>'],
    ['javascript: link', '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>'],
    ['javascript: with a tab', '<svg><a href="java\tscript:alert(1)"/></svg>'],
    ['character reference obfuscation', '<svg><a href="&#106;avascript:alert(1)"/></svg>'],
    ['foreignObject', '<svg><foreignObject><iframe src="x"/></foreignObject></svg>'],
    ['entity declaration', '<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>'],
    ['not an SVG at all', '<html><body>hi</body></html>'],
  ])('refuses an SVG with %s', (_name, svg) => {
    expect(preview('a.svg', 'image/svg+xml', svg)).toMatchObject({ kind: 'none' });
  });

  it('refuses an SVG larger than maxBytes', () => {
    expect(preview('a.svg', 'image/svg+xml', SAFE_SVG, { maxBytes: 20 })).toMatchObject({ kind: 'none' });
  });
});

describe('PreviewSchema', () => {
  it('rejects shapes buildPreview never returns', () => {
    expect(() => PreviewSchema.parse({ kind: 'image', data_url: 'javascript:alert(1)', truncated: false })).toThrow();
    expect(() => PreviewSchema.parse({ kind: 'text', text: 'x', truncated: false })).toThrow();
    expect(() => PreviewSchema.parse({ kind: 'video' })).toThrow();
  });

  it('carries its OpenAPI id', () => {
    expect(PreviewSchema.meta()).toMatchObject({ id: 'RunFilePreview' });
  });
});
