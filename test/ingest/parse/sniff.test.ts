import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSniffer, sniffBytes } from '../../../src/ingest/sniff.js';
import { docxParts, makeDocx, makePdf, makeZip } from '../fixtures.js';
import type { ZipEntry } from '../fixtures.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** Sniffs the bytes pushed in pieces of `size`, as an upload streams in. */
function sniffInPieces(bytes: Uint8Array, size: number) {
  const sniffer = createSniffer();
  for (let at = 0; at < bytes.length; at += size) sniffer.push(bytes.subarray(at, at + size));
  return sniffer.finish();
}

const format = (text: string) => sniffBytes(utf8(text));

describe('sniffing the format from the bytes', () => {
  it('tells every supported format', async () => {
    expect(sniffBytes(await makePdf(['one page']))).toEqual({ ok: true, format: 'pdf' });
    expect(sniffBytes(await makeDocx(['a paragraph']))).toEqual({ ok: true, format: 'docx' });
    expect(format('{"name": "Alex", "knows": [1, 2]}')).toEqual({ ok: true, format: 'json' });
    expect(format('[1, 2, 3]\n')).toEqual({ ok: true, format: 'json' });
    expect(format('{\n  "@context": "https://schema.org",\n  "@type": "Person"\n}')).toEqual({ ok: true, format: 'jsonld' });
    expect(format('{"a": 1}\n{"a": 2}\n[3]\n')).toEqual({ ok: true, format: 'jsonl' });
    expect(format('<!DOCTYPE html>\n<html><body><p>Hi</p></body></html>')).toEqual({ ok: true, format: 'html' });
    expect(format('<!-- made by hand -->\n<html lang="en"><p>Hi</p></html>')).toEqual({ ok: true, format: 'html' });
    expect(format('name,age,city\nAlex,34,Paris\n"Kim, Bea",28,"New\nYork"\n')).toEqual({ ok: true, format: 'csv' });
    expect(format('name;age\nAlex;34\nBea;28\n')).toEqual({ ok: true, format: 'csv' });
    expect(format('name\tage\tcity\nAlex\t34\tParis\n')).toEqual({ ok: true, format: 'csv' });
    expect(format('---\ntitle: Note\n---\nBody text.\n')).toEqual({ ok: true, format: 'markdown' });
    expect(format('# A heading\n\nSome text.\n')).toEqual({ ok: true, format: 'markdown' });
    expect(format('Met [[Alex Kim]] today.\n')).toEqual({ ok: true, format: 'markdown' });
    expect(format('See [the docs](https://example.org).\n')).toEqual({ ok: true, format: 'markdown' });
    expect(format('Shopping:\n- milk\n- bread\n')).toEqual({ ok: true, format: 'markdown' });
    expect(format('Hello, world.\nHow are you, Sam?\nFine, thanks.\n')).toEqual({ ok: true, format: 'text' });
    expect(format('Just a line of text')).toEqual({ ok: true, format: 'text' });
  });

  it('gives the same answer however the bytes are split', async () => {
    const files = [await makePdf(['x']), await makeDocx(['y']), utf8('{"@context": {}, "é": "ü€𝄞"}'), utf8('a,b,c\n1,2,3\n')];
    for (const bytes of files) {
      const whole = sniffBytes(bytes);
      for (const size of [1, 2, 3, 7, 4096]) expect(sniffInPieces(bytes, size)).toEqual(whole);
    }
  });

  it('allows a UTF-8 BOM', () => {
    expect(sniffBytes(concat(new Uint8Array([0xef, 0xbb, 0xbf]), utf8('{"a": 1}')))).toEqual({ ok: true, format: 'json' });
  });

  it('reads only the head to classify, but checks every byte for text', () => {
    const big = `a,b,c\n${'1,2,3\n'.repeat(30_000)}`; // ~180 KB: classified from its first 64 KiB
    expect(format(big)).toEqual({ ok: true, format: 'csv' });
    const json = `{"@context": "x", "items": [${'1,'.repeat(50_000)}1]}`;
    expect(format(json)).toEqual({ ok: true, format: 'jsonld' });
    const nulAtEnd = concat(utf8('plain text '.repeat(20_000)), new Uint8Array([0]));
    expect(sniffInPieces(nulAtEnd, 1000)).toEqual({ ok: false, reason: 'contains NUL bytes (the first at offset 220000)' });
  });

  it('refuses binary files and text that is not UTF-8', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(sniffBytes(png)).toEqual({ ok: false, reason: 'not UTF-8 text (invalid byte at offset 0)' });
    const random = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256);
    expect(sniffBytes(random).ok).toBe(false);
    expect(sniffBytes(utf8('text with a \0 inside'))).toEqual({ ok: false, reason: 'contains NUL bytes (the first at offset 12)' });
    const latin1 = concat(utf8('caf'), new Uint8Array([0xe9]), utf8(' au lait'));
    expect(sniffBytes(latin1)).toEqual({ ok: false, reason: 'not UTF-8 text (invalid byte at offset 4)' });
    // The bad byte found across a piece boundary, at its offset in the whole file.
    expect(sniffInPieces(concat(utf8('é'.repeat(10)), new Uint8Array([0xc3, 0x28])), 3)).toEqual({ ok: false, reason: 'not UTF-8 text (invalid byte at offset 21)' });
    const cutCharacter = concat(utf8('ends inside '), new Uint8Array([0xe2, 0x82]));
    expect(sniffBytes(cutCharacter)).toEqual({ ok: false, reason: 'not UTF-8 text (it ends in the middle of a character, at offset 12)' });
    const exe = concat(utf8('MZ'), new Uint8Array([0x90, 0, 3, 0]));
    expect(sniffBytes(exe).ok).toBe(false);
    expect(sniffBytes(new Uint8Array(0))).toEqual({ ok: false, reason: 'the file is empty' });
  });

  it('refuses a ZIP archive that is not a Word document', async () => {
    const zip = await makeZip([{ name: 'notes.txt', data: 'hello' }]);
    expect(sniffBytes(zip)).toEqual({ ok: false, reason: 'a ZIP archive that is not a Word document' });
    const spreadsheet = await makeZip([
      {
        name: '[Content_Types].xml',
        data: '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      },
      { name: 'xl/workbook.xml', data: '<workbook/>' },
    ]);
    expect(sniffBytes(spreadsheet)).toEqual({ ok: false, reason: 'a ZIP archive that is not a Word document' });
  });

  it('finds [Content_Types].xml first, last (after large media) or, by the names, in between', async () => {
    const media = (name: string) => ({ name, data: new Uint8Array(randomBytes(400 * 1024)) }); // does not compress
    const [types, rels, document] = docxParts('<w:document/>') as [ZipEntry, ZipEntry, ZipEntry];
    const last = await makeZip([media('word/media/image1.png'), rels, document, types]);
    expect(sniffInPieces(last, 64 * 1024)).toEqual({ ok: true, format: 'docx' });
    const middle = await makeZip([media('word/media/image1.png'), types, media('word/media/image2.png'), rels, document]);
    expect(sniffInPieces(middle, 64 * 1024)).toEqual({ ok: true, format: 'docx' });
    const notWord = await makeZip([media('xl/media/image1.png'), { name: '[Content_Types].xml', data: '<Types/>' }]);
    expect(sniffBytes(notWord)).toEqual({ ok: false, reason: 'a ZIP archive that is not a Word document' });
  });

  it('finds PDF only at offset 0: HTML with a PDF appended is not a PDF', async () => {
    const html = utf8('<!doctype html><html><body><p>Hello</p></body></html>\n');
    // A real PDF has binary bytes (pdf-lib writes a binary comment on line 2): the file is not text at all.
    const withPdf = sniffBytes(concat(html, await makePdf(['hidden'])));
    expect(withPdf.ok).toBe(false);
    expect(withPdf).toMatchObject({ reason: expect.stringMatching(/^not UTF-8 text \(invalid byte at offset \d+\)$/) });
    // A PDF that is all ASCII after HTML: HTML.
    const asciiPdf = utf8('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    expect(sniffBytes(concat(html, asciiPdf))).toEqual({ ok: true, format: 'html' });
    // Text that merely mentions a PDF signature later on is text.
    expect(format('notes\n%PDF-1.7 is how a PDF starts\n')).toEqual({ ok: true, format: 'text' });
  });
});
