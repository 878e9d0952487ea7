import { convert } from 'html-to-text';
import type { HtmlToTextOptions } from 'html-to-text';
import { IngestRejection } from '../types.js';
import type { ExtractedDocument } from '../types.js';
import { BlockBuilder, paragraphsOf } from './blocks.js';
import { decodeText } from './decode.js';
import type { ParseInput } from './input.js';

/**
 * HTML: the text a reader sees, by html-to-text (scripts, styles, templates and images dropped,
 * link targets left out, headings as written, tables as aligned rows), one block per paragraph.
 * The HTML itself never reaches a block.
 */

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }));

export function parseHtml({ bytes, limits }: ParseInput): ExtractedDocument {
  const html = decodeText(bytes);
  const options: HtmlToTextOptions = {
    wordwrap: false,
    // html-to-text cuts input past 16 MiB by default, writing to stderr: the whole file is read, maxChars cuts the text.
    limits: { maxInputLength: html.length + 1 },
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'template', format: 'skip' },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
      ...HEADINGS,
    ],
  };
  let text: string;
  try {
    text = convert(html, options);
  } catch (error) {
    // html-to-text walks the tree recursively: thousands of nested elements overflow the stack.
    if (error instanceof RangeError) throw new IngestRejection('extracting_text', 'the HTML is nested too deeply to read');
    throw error;
  }
  const builder = new BlockBuilder(limits.maxChars);
  for (const paragraph of paragraphsOf(text)) if (!builder.add(paragraph)) break;
  return builder.finish({ format: 'html' });
}
