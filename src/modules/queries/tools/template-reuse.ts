import { z } from 'zod';
import { defineTool } from '../../../engine/tools/tool.js';
import type { TemplateService } from '../templates.js';

/** Counts one reuse of a template by this session (its counters move; nothing is queued). */
export function templateReuseTool({ templates }: { templates: TemplateService }) {
  return defineTool({
    name: 'template_reuse',
    description: 'Records that a session reused an approved template: its reuse count and last use move.',
    input: z.object({ template_id: z.number().int().positive() }).strict(),
    output: z.object({
      counted: z.boolean().describe('False when the query is no longer an approved template (it was withdrawn meanwhile).'),
      reuse_count: z.number().int().optional(),
    }),
    async run({ template_id }, { sessionId }) {
      const template = await templates.reuse(template_id, sessionId);
      if (!template?.template) return { counted: false };
      return { counted: true, reuse_count: template.template.reuse_count };
    },
  });
}
