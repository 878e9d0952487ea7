import type { DocumentFacts, ExtractedDocument } from '../types.js';
import { linkTypeOf } from './text-patterns.js';
import { baseName, displayName, labelOf, normalizeName, propertyNameOf, relationshipTypeOf, slug } from '../names.js';
import { FactsBuilder, propertyValue, snippetOf } from './facts-builder.js';

/**
 * A Markdown note's own facts: its front matter describes one node (named by `title`/`name`,
 * its first heading or the file's name; labelled by `type`/`label`; keyed by `id`/`key`; other
 * fields typed properties, `aliases` its other names), and each `[[link]]` is a relationship
 * from it to the node the link names: in the body, `LINKS_TO` (or what `link_type` in the front
 * matter says); in a front-matter field (`home_port: "[[Narvik]]"`, or a list of links), a
 * relationship named after the field (`HOME_PORT`), the field keeping the names without their
 * brackets. The body's free text is read by the text extractor as well.
 */

const RESERVED = new Set(['title', 'name', 'type', 'label', 'id', 'key', 'aliases', 'alias', 'link_type']);
const WIKI_LINK = /\[\[([^[\]|\n]+)(?:\|([^[\]\n]+))?\]\]/g;

/** The targets of the wiki-links in a front-matter value (a string, or a list of strings), in order. */
function linkTargets(value: unknown): string[] {
  const texts = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
  return texts.flatMap((t) => [...t.matchAll(WIKI_LINK)].map((m) => m[1]!.split('#')[0]!.trim()).filter((target) => target !== ''));
}

/** A front-matter value with each wiki-link written as the name it shows (its alias, else its target). */
function withoutBrackets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBrackets);
  return typeof value === 'string' ? value.replace(WIKI_LINK, (_, target: string, alias?: string) => (alias ?? target).trim()) : value;
}

export function extractMarkdown(options: { document: ExtractedDocument; sourceName?: string }): DocumentFacts {
  const { document } = options;
  const builder = new FactsBuilder();
  const markdown = document.markdown;
  if (!markdown) return builder.finish();
  const fm = markdown.frontMatter ?? {};
  const full = document.blocks.map((b) => b.text).join('\n');
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined);

  const name = str(fm.title) ?? str(fm.name) ?? markdown.title ?? (options.sourceName ? baseName(options.sourceName) : undefined);
  const hasFacts = markdown.frontMatter !== null || markdown.links.length > 0;
  if (!name || !hasFacts) return builder.finish();
  const label = labelOf(str(fm.type) ?? str(fm.label) ?? '') ?? 'Thing';
  const id = str(fm.id) ?? str(fm.key);
  const properties: Record<string, ReturnType<typeof propertyValue>> = {};
  const fieldLinks: { type: string; target: string }[] = [];
  for (const [field, value] of Object.entries(fm)) {
    if (RESERVED.has(field.toLowerCase())) continue;
    const prop = propertyNameOf(field);
    const typed = propertyValue(withoutBrackets(value));
    if (prop && typed !== undefined) properties[prop] = typed;
    const type = linkTypeOf(field);
    if (type) for (const target of linkTargets(value)) fieldLinks.push({ type, target });
  }
  const aliasValue = fm.aliases ?? fm.alias;
  const aliases = (Array.isArray(aliasValue) ? aliasValue : [aliasValue]).filter((a): a is string => typeof a === 'string' && a.trim() !== '');
  const self = `md:${normalizeName(name)}`;
  const firstBlock = document.blocks[0];
  builder.entity({
    ref: self,
    labels: [label],
    name: displayName(name),
    key: id ? `${slug(label)}:${id}` : undefined,
    aliases: aliases.length ? aliases : undefined,
    properties: Object.fromEntries(Object.entries(properties).filter(([, v]) => v !== undefined)) as Record<string, never>,
    mentions: 1,
    evidence: [
      {
        chunk: -1,
        start: firstBlock?.offset ?? 0,
        end: (firstBlock?.offset ?? 0) + (firstBlock?.text.length ?? 0),
        snippet: markdown.frontMatter ? `front matter: ${JSON.stringify(markdown.frontMatter)}`.slice(0, 200) : snippetOf(full, 0, 0),
        extractor: 'markdown',
        confidence: 1,
      },
    ],
  });
  const frontMatterEvidence = {
    chunk: -1,
    start: firstBlock?.offset ?? 0,
    end: (firstBlock?.offset ?? 0) + (firstBlock?.text.length ?? 0),
    snippet: `front matter: ${JSON.stringify(markdown.frontMatter)}`.slice(0, 200),
    extractor: 'markdown' as const,
    confidence: 1,
  };
  for (const { type, target } of fieldLinks) {
    const shown = displayName(target);
    if (normalizeName(shown) === normalizeName(name)) continue;
    const ref = `md:${normalizeName(shown)}`;
    builder.entity({ ref, labels: ['Thing'], name: shown, properties: {}, mentions: 1, reference: true, evidence: [frontMatterEvidence] });
    builder.relation(self, type, ref, frontMatterEvidence);
  }
  const type = relationshipTypeOf(str(fm.link_type) ?? '') ?? 'LINKS_TO';
  for (const link of markdown.links) {
    const target = displayName(link.target.split('#')[0] ?? link.target);
    if (!target || normalizeName(target) === normalizeName(name)) continue;
    const evidence = {
      chunk: -1,
      start: link.offset,
      end: link.offset + link.target.length + 4,
      snippet: snippetOf(full, link.offset, link.offset + link.target.length + 4),
      extractor: 'markdown' as const,
      confidence: 1,
    };
    const ref = `md:${normalizeName(target)}`;
    builder.entity({ ref, labels: ['Thing'], name: target, properties: {}, mentions: 1, reference: true, evidence: [evidence] });
    builder.relation(self, type, ref, evidence);
  }
  return builder.finish();
}
