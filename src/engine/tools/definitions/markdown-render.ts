import { z } from 'zod';
import { renderMarkdown } from '../../render/markdown.js';
import { defineTool } from '../tool.js';

const Table = z.object({ columns: z.array(z.string()).max(50), rows: z.array(z.array(z.unknown())).max(1000) });

export default defineTool({
  name: 'markdown_render',
  readOnly: true,
  description:
    'Writes a Markdown document from a title and sections (paragraphs, bullet lists, tables, images of run files). ' +
    'Text from data is escaped, so it cannot add links, HTML or structure of its own.',
  input: z
    .object({
      title: z.string().min(1).max(300),
      intro: z.array(z.string()).max(50).optional(),
      sections: z
        .array(
          z.object({
            heading: z.string().min(1).max(300),
            paragraphs: z.array(z.string()).max(50).optional(),
            bullets: z.array(z.string()).max(500).optional(),
            table: Table.optional(),
            image: z.object({ alt: z.string().max(300), path: z.string().max(512) }).optional(),
          }),
        )
        .max(100),
    })
    .strict(),
  output: z.object({ markdown: z.string() }),
  async run(doc) {
    return { markdown: renderMarkdown(doc) };
  },
});
