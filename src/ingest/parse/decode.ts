import { IngestRejection } from '../types.js';

/** The bytes as UTF-8 text (a leading BOM dropped); anything else is a rejection. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new IngestRejection('extracting_text', 'the file is not UTF-8 text');
  }
}
