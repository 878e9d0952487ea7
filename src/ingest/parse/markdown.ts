import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { frontmatter } from 'micromark-extension-frontmatter';
import { parse as parseYaml } from 'yaml';
import { IngestRejection } from '../types.js';
import type { ExtractedDocument, IngestLimits, WikiLink } from '../types.js';
import { BlockBuilder } from './blocks.js';
import { decodeText } from './decode.js';
import type { ParseInput } from './input.js';

/**
 * Markdown: one block per paragraph, heading, list item's paragraph or code block, as text
 * without the marks (link and emphasis text kept, raw HTML dropped). The YAML front matter is
 * read with at most yamlMaxAliases aliases (an alias bomb is a rejection; YAML that does not
 * parse is skipped with a warning). The title is the first heading, else the front matter's
 * `title`. Wiki links `[[target|alias]]` are found in the blocks' text, so their offsets point
 * into the full text where `[[` is.
 */

/** The few fields of mdast nodes read here (structural, so no dependency on @types/mdast). */
interface MdNode {
  type: string;
  value?: string;
  alt?: string | null;
  children?: MdNode[];
}

const WIKI_LINK = /\[\[([^[\]|\n]+)(?:\|([^[\]\n]+))?\]\]/g;

export function parseMarkdown({ bytes, limits }: ParseInput): ExtractedDocument {
  let tree: MdNode;
  try {
    tree = fromMarkdown(decodeText(bytes), { extensions: [frontmatter(['yaml'])], mdastExtensions: [frontmatterFromMarkdown(['yaml'])] });
  } catch (error) {
    if (error instanceof IngestRejection) throw error;
    throw new IngestRejection('extracting_text', 'the Markdown could not be read (nested too deeply?)');
  }
  const builder = new BlockBuilder(limits.maxChars);
  let frontMatter: Record<string, unknown> | null = null;
  let title: string | null = null;
  const links: WikiLink[] = [];

  // Depth first, in document order, without recursion (nesting depth is the file's to choose).
  const stack: MdNode[] = [tree];
  while (stack.length > 0 && !builder.isFull) {
    const node = stack.pop() as MdNode;
    switch (node.type) {
      case 'root':
      case 'blockquote':
      case 'list':
      case 'listItem':
        pushChildren(stack, node);
        break;
      case 'yaml':
        frontMatter = readFrontMatter(node.value ?? '', limits, builder);
        break;
      case 'heading':
      case 'paragraph': {
        const text = inlineText(node).trim();
        if (node.type === 'heading' && title === null && text.length > 0) title = text;
        const before = builder.blocks.length;
        builder.add(text);
        const block = builder.blocks.length > before ? builder.blocks.at(-1) : undefined;
        if (block) {
          for (const match of block.text.matchAll(WIKI_LINK)) {
            const target = (match[1] as string).trim();
            const alias = match[2]?.trim();
            links.push(alias ? { target, alias, offset: block.offset + match.index } : { target, offset: block.offset + match.index });
          }
        }
        break;
      }
      case 'code':
        builder.add(node.value ?? '');
        break;
      default:
        break; // raw HTML, rules, definitions: not text
    }
  }
  if (title === null && typeof frontMatter?.['title'] === 'string') title = frontMatter['title'];
  return builder.finish({ format: 'markdown', markdown: { frontMatter, title, links } });
}

function readFrontMatter(source: string, limits: IngestLimits, builder: BlockBuilder): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = parseYaml(source, { maxAliasCount: limits.yamlMaxAliases });
  } catch (error) {
    if (error instanceof ReferenceError && /excessive alias/i.test(error.message)) {
      throw new IngestRejection('extracting_text', `the YAML front matter uses more than ${limits.yamlMaxAliases} aliases (INGEST_YAML_MAX_ALIASES)`);
    }
    builder.warn('The front matter is not valid YAML; it was skipped.');
    return null;
  }
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    builder.warn('The front matter is not a YAML mapping (key: value); it was skipped.');
    return null;
  }
  return value as Record<string, unknown>;
}

/** The text of a paragraph or heading: text, code spans, link and emphasis text, image alt text; line breaks as '\n'. */
function inlineText(node: MdNode): string {
  let text = '';
  const stack: MdNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as MdNode;
    if (current.type === 'text' || current.type === 'inlineCode') text += current.value ?? '';
    else if (current.type === 'break') text += '\n';
    else if (current.type === 'image' || current.type === 'imageReference') text += current.alt ?? '';
    else if (current.type !== 'html') pushChildren(stack, current);
  }
  return text;
}

/** Children pushed last-first, so they pop in document order. */
function pushChildren(stack: MdNode[], node: MdNode): void {
  const children = node.children ?? [];
  for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as MdNode);
}
