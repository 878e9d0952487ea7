import { Readable } from 'node:stream';
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ZipFile } from 'yazl';
import type { IngestLimits } from '../../src/ingest/types.js';

/**
 * Real files for ingestion tests, made by the libraries that write them (pdf-lib, docx, yazl):
 * nothing is mocked, every parser reads bytes a real writer produced.
 */

/** Limits small enough for tests to hit, large enough for the fixtures here. */
export const TEST_LIMITS: IngestLimits = {
  pdfMaxPages: 20,
  maxChars: 1_000_000,
  csvMaxRows: 1000,
  jsonMaxDepth: 64,
  yamlMaxAliases: 10,
  zipMaxEntries: 100,
  zipMaxInflatedBytes: 20 * 1024 * 1024,
  zipMaxRatio: 200,
  parserTimeoutMs: 20_000,
  parserMaxMemoryMb: 128,
  chunkChars: 200,
  chunkOverlap: 40,
  maxEntities: 1000,
};

export const limits = (overrides: Partial<IngestLimits> = {}): IngestLimits => ({ ...TEST_LIMITS, ...overrides });

/** A PDF with one page per string (Helvetica, one line of text each; '\n' starts another line). */
export async function makePdf(pages: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([400, 400]);
    text.split('\n').forEach((line, i) => page.drawText(line, { x: 20, y: 360 - i * 16, size: 12, font }));
  }
  return pdf.save();
}

/** A DOCX with one paragraph per string. */
export async function makeDocx(paragraphs: string[]): Promise<Uint8Array> {
  const doc = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] });
  return new Uint8Array(await Packer.toBuffer(doc));
}

export interface ZipEntry {
  name: string;
  data: string | Uint8Array | (() => Readable);
}

/** A ZIP archive of the given entries (a function gives a stream, compressed as it is read). */
export async function makeZip(entries: ZipEntry[]): Promise<Uint8Array> {
  const zip = new ZipFile();
  for (const { name, data } of entries) {
    if (typeof data === 'function') zip.addReadStream(data(), name, { compressionLevel: 9 });
    else zip.addBuffer(Buffer.from(data), name, { compressionLevel: 9 });
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream as Readable) parts.push(part as Buffer);
  return new Uint8Array(Buffer.concat(parts));
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';

const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

const DOCUMENT_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>';
const DOCUMENT_CLOSE = '</w:t></w:r></w:p></w:body></w:document>';

/** The parts of a minimal DOCX around a word/document.xml given as entries (for odd archives). */
export const docxParts = (document: ZipEntry['data']): ZipEntry[] => [
  { name: '[Content_Types].xml', data: CONTENT_TYPES },
  { name: '_rels/.rels', data: RELS },
  { name: 'word/document.xml', data: document },
];

/**
 * A small DOCX whose word/document.xml inflates to `inflatedBytes` (default 256 MiB): one
 * paragraph of spaces, streamed through the compressor so the test never holds it either.
 */
export function makeZipBomb(options: { inflatedBytes?: number } = {}): Promise<Uint8Array> {
  const total = options.inflatedBytes ?? 256 * 1024 * 1024;
  const block = Buffer.alloc(1024 * 1024, 0x20);
  async function* spaces() {
    yield Buffer.from(DOCUMENT_OPEN);
    for (let left = total; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
    yield Buffer.from(DOCUMENT_CLOSE);
  }
  return makeZip(docxParts(() => Readable.from(spaces())));
}

/** Bytes of an async iterable's worth of chunks, as the database hands a stored file over. */
export async function* chunksOf(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * The archive with `name`'s inflated size in the central directory set to `declared` (a lie
 * readers that trust declarations fall for). The local header is left as the writer made it.
 */
export function withDeclaredSize(zip: Uint8Array, name: string, declared: number): Uint8Array {
  const bytes = Buffer.from(zip);
  const fileName = Buffer.from(name);
  for (let at = bytes.indexOf(fileName); at !== -1; at = bytes.indexOf(fileName, at + 1)) {
    const header = at - 46; // central directory header: fixed part, then the name
    if (header >= 0 && bytes.readUInt32LE(header) === 0x02014b50 && bytes.readUInt16LE(header + 28) === fileName.length) {
      bytes.writeUInt32LE(declared, header + 24);
      return new Uint8Array(bytes);
    }
  }
  throw new Error(`${name} is not in the archive's central directory`);
}
