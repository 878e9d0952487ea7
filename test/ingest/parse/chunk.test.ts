import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src/ingest/chunk.js';
import { parseDocument } from '../../../src/ingest/parse/index.js';
import type { ExtractedDocument, TextBlock } from '../../../src/ingest/types.js';
import { limits, makePdf } from '../fixtures.js';

/** A document of the given blocks, offsets computed as the parsers do. */
function docOf(blocks: { text: string; page?: number }[]): ExtractedDocument {
  let offset = 0;
  const placed: TextBlock[] = blocks.map((block) => {
    const placedBlock = { ...block, offset };
    offset += block.text.length + 1;
    return placedBlock;
  });
  return { format: 'text', blocks: placed, chars: Math.max(0, offset - 1), warnings: [] };
}

const fullText = (doc: ExtractedDocument) => doc.blocks.map((b) => b.text).join('\n');

describe('chunking', () => {
  it('keeps a short document whole', () => {
    const doc = docOf([{ text: 'One short paragraph.' }, { text: 'Another.' }]);
    expect(chunkDocument(doc, { chunkChars: 200, chunkOverlap: 40 })).toEqual([{ index: 0, text: 'One short paragraph.\nAnother.', start: 0, end: 29 }]);
  });

  it('cuts at sentence ends, with overlap, offsets into the full text', () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} tells of Alex Kim.`).join(' ');
    const doc = docOf([{ text: sentences }]);
    const chunks = chunkDocument(doc, { chunkChars: 200, chunkOverlap: 40 });
    const full = fullText(doc);
    expect(chunks.length).toBeGreaterThan(5);
    chunks.forEach((chunk, i) => {
      expect(chunk.index).toBe(i);
      expect(chunk.text.length).toBeLessThanOrEqual(200);
      expect(full.slice(chunk.start, chunk.end)).toBe(chunk.text);
      if (i < chunks.length - 1) expect(chunk.text).toMatch(/\.$/); // ends a sentence
      if (i > 0) {
        expect(chunk.start).toBeLessThan(chunks[i - 1]!.end); // overlaps the one before
        expect(chunk.start).toBeGreaterThan(chunks[i - 1]!.start);
        expect(full[chunk.start - 1]).toMatch(/\s/); // starts at a word
      }
    });
    expect(chunks.at(-1)!.end).toBe(full.length);
  });

  it('prefers paragraph boundaries, and cuts a text without any boundary where it must', () => {
    const doc = docOf([{ text: 'a'.repeat(120) }, { text: 'b'.repeat(120) }, { text: 'c'.repeat(500) }]);
    const chunks = chunkDocument(doc, { chunkChars: 200, chunkOverlap: 0 });
    expect(chunks.map((c) => c.text)).toEqual(['a'.repeat(120), 'b'.repeat(120), 'c'.repeat(200), 'c'.repeat(200), 'c'.repeat(100)]);
    const full = fullText(doc);
    for (const chunk of chunks) expect(full.slice(chunk.start, chunk.end)).toBe(chunk.text);
  });

  it('never splits a surrogate pair', () => {
    const doc = docOf([{ text: '𝄞'.repeat(300) }]);
    const chunks = chunkDocument(doc, { chunkChars: 101, chunkOverlap: 11 });
    for (const chunk of chunks) {
      expect(chunk.text.length % 2).toBe(0);
      expect(chunk.start % 2).toBe(0);
    }
    expect(chunks.at(-1)!.end).toBe(600);
  });

  it('gives each chunk the page of its first character', async () => {
    const pages = ['First page. '.repeat(20), 'Second page. '.repeat(20), 'Third page. '.repeat(20)];
    const doc = await parseDocument({ bytes: await makePdf(pages.map((p) => p.replace(/(.{60})/g, '$1\n'))), format: 'pdf', limits: limits() });
    const chunks = chunkDocument(doc, { chunkChars: 150, chunkOverlap: 30 });
    for (const chunk of chunks) {
      const block = [...doc.blocks].reverse().find((b) => b.offset <= chunk.start)!;
      expect(chunk.page).toBe(block.page);
    }
    expect(new Set(chunks.map((c) => c.page))).toEqual(new Set([1, 2, 3]));
  });

  it('makes no chunk of an empty document', () => {
    expect(chunkDocument(docOf([]), { chunkChars: 100, chunkOverlap: 10 })).toEqual([]);
  });
});
