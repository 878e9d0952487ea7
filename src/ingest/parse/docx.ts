import mammoth from 'mammoth';
import { IngestRejection } from '../types.js';
import type { ExtractedDocument } from '../types.js';
import { checkDocxZip } from '../zip-check.js';
import { BlockBuilder, paragraphsOf } from './blocks.js';
import type { ParseInput } from './input.js';

/**
 * DOCX: its archive is checked first (zip-check.ts: entries, sizes, ratios, what it really
 * inflates to), then mammoth reads the text, one block per paragraph.
 */
export async function parseDocx({ bytes, limits }: ParseInput): Promise<ExtractedDocument> {
  await checkDocxZip({ bytes, limits });
  let text: string;
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    text = result.value;
  } catch {
    throw new IngestRejection('extracting_text', 'the Word document cannot be read');
  }
  const builder = new BlockBuilder(limits.maxChars);
  for (const paragraph of paragraphsOf(text)) if (!builder.add(paragraph)) break;
  return builder.finish({ format: 'docx' });
}
