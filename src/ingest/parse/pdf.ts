import { getDocumentProxy } from 'unpdf';
import { IngestRejection } from '../types.js';
import type { ExtractedDocument } from '../types.js';
import { BlockBuilder } from './blocks.js';
import type { ParseInput } from './input.js';

/**
 * PDF: the text of each page (pdf.js through unpdf), one block per page with its number. The
 * page count is checked before any page is read: more than pdfMaxPages is a rejection. pdf.js
 * runs without eval, font faces, system fonts or any fetch (it gets the bytes, no URL, no font
 * or CMap location), and quietly: its warnings about odd files are not ours to print.
 */

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

const reject = (reason: string) => new IngestRejection('extracting_text', reason);

export async function parsePdf({ bytes, limits, onProgress }: ParseInput): Promise<ExtractedDocument> {
  const pdf = await open(bytes);
  try {
    const pages = pdf.numPages;
    if (pages > limits.pdfMaxPages) throw reject(`the PDF has ${pages} pages, more than ${limits.pdfMaxPages} (INGEST_PDF_MAX_PAGES)`);
    const builder = new BlockBuilder(limits.maxChars);
    for (let number = 1; number <= pages && !builder.isFull; number++) {
      builder.add(await pageText(pdf, number), number);
      onProgress?.(number, pages, 'pages');
    }
    if (builder.blocks.length === 0 && pages > 0) builder.warn('The PDF has no text layer (scanned pages?): no text was found.');
    return builder.finish({ format: 'pdf', pages });
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

async function open(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // pdf.js refuses a Buffer: give it a plain Uint8Array view of the same memory.
    return await getDocumentProxy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      useWorkerFetch: false,
      isOffscreenCanvasSupported: false,
      enableXfa: false,
      disableAutoFetch: true,
      disableStream: true,
      disableRange: true,
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch (error) {
    const name = (error as { name?: string } | undefined)?.name;
    if (name === 'PasswordException') throw reject('the PDF is protected by a password');
    throw reject('the file is not a readable PDF');
  }
}

/** A page's text: pdf.js's text items with their line ends, spaces collapsed, lines trimmed. */
async function pageText(pdf: PdfDocument, number: number): Promise<string> {
  let raw = '';
  try {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if ('str' in item) raw += item.str + (item.hasEOL ? '\n' : '');
    }
    page.cleanup();
  } catch {
    throw reject(`page ${number} of the PDF cannot be read`);
  }
  return raw
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
