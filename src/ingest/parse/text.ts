import type { ExtractedDocument } from '../types.js';
import { BlockBuilder, paragraphsOf } from './blocks.js';
import { decodeText } from './decode.js';
import type { ParseInput } from './input.js';

/** Plain text: one block per paragraph (paragraphs are separated by blank lines; line breaks inside are kept). */
export function parseText({ bytes, limits }: ParseInput): ExtractedDocument {
  const builder = new BlockBuilder(limits.maxChars);
  for (const paragraph of paragraphsOf(decodeText(bytes))) if (!builder.add(paragraph)) break;
  return builder.finish({ format: 'text' });
}
